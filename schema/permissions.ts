// The names of the club permissions, with what each allows: the vocabulary both sides share. The server decides
// who holds which (server/access/permissions.ts, the role table) and tells the client the current member's
// (`ClubMembership.permissions`); the client shows only what they allow (features/accounts/permissions.ts).
import { PERSON_KINDS, type PersonKindKey } from './constants';

export type PeopleAction = 'read' | 'write' | 'archive';
const PEOPLE_ACTIONS: Record<PeopleAction, string> = { read: 'see', write: 'create and edit', archive: 'archive' };

export type PeoplePermission = `people.${PersonKindKey}.${PeopleAction}`;

export const peoplePermissions = (actions: readonly PeopleAction[], kinds: readonly PersonKindKey[] = PERSON_KINDS) =>
  kinds.flatMap((kind) => actions.map((action): PeoplePermission => `people.${kind}.${action}`));

/** Every permission but the people ones, with what it allows (the first column of docs/permissions.md's matrix). */
const OTHER_PERMISSIONS = {
  'health.read': 'read health data: medical certificate fields and files, allergies, intolerances, athlete condition, health card',
  'health.write': 'change health data',
  'groups.read': 'see groups and categories',
  'groups.write': 'create, edit and archive groups and categories; assign people to them',
  'members.read': 'see the membership register (libro soci), renewals and cards (tessere)',
  'members.write': 'admit members and record their exits, renew memberships, record cards, prepare seasons',
  'families.read': "see minors' guardians (genitori, tutori) with their contacts and choices",
  'families.write': 'add, edit and remove guardians of minors',
  'consents.read': 'see who gave which privacy consent, and who lacks one',
  'consents.write': 'record and withdraw privacy consents',
  'registrations.manage': 'build online registration forms and share their links; approve, send back or reject what families submit (creating people, guardians, memberships and certificates)',
  'fees.read': "see fee plans, charges, payments, balances and receipts (what each person and family owes and paid)",
  'fees.write': 'create and assign fee plans, record payments, refunds and corrections, issue and cancel receipts',
  'calendar.read': "see the club's calendar: events, their days, venues and closures; make a private calendar feed of a group or a person",
  'calendar.write': 'create, change and cancel events (a coach only those of the groups they coach)',
  'venues.write': "manage the club's venues and closures",
  'callups.override': 'call up an athlete the checks block (certificate, membership, card), with the reason, logged',
  'channels.read': "read the groups' channels (a coach only those of the groups they coach)",
  'channels.write': "write in the groups' channels, with attachments",
  'channels.moderate': "hide and restore messages in the groups' channels; choose whether the families may write there",
  'feed.read': 'read the feed',
  'feed.write': 'publish, edit and archive posts',
  'import.run': 'import people from a file',
  'export.run': 'export lists',
  'club.read': "see the club's profile and dashboard",
  'club.write': "edit the club's profile, logo and settings",
  'club.archive': 'archive the club',
  'club.transfer': 'transfer ownership of the club to another collaborator',
  'collaborators.manage': 'invite collaborators, change their roles, remove them',
  'affiliations.manage': 'affiliate the club to federations and leagues: approve, choose what they may read, narrow or revoke it',
  'accessLog.read': 'read and export the access log',
} as const satisfies Record<string, string>;

export type Permission = PeoplePermission | keyof typeof OTHER_PERMISSIONS;

export const PERMISSIONS: Record<Permission, string> = {
  ...(Object.fromEntries(peoplePermissions(['read', 'write', 'archive']).map((p) => [p, describePeople(p)])) as Record<PeoplePermission, string>),
  ...OTHER_PERMISSIONS,
};

function describePeople(permission: PeoplePermission): string {
  const [, kind, action] = permission.split('.') as [string, PersonKindKey, PeopleAction];
  return `${PEOPLE_ACTIONS[action]} ${kind} records`;
}

export const isPermission = (name: string): name is Permission => Object.hasOwn(PERMISSIONS, name);
