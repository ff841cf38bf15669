// Who may do what: one table per kind of role, as data. A club membership's role (owner … lettura) holds club
// permissions; an organisation's staff role (admin, reader) holds organisation permissions. The operation table
// (operation-rules.ts) and the services ask through authorize.ts; docs/permissions.md's matrices are printed from
// these tables (scripts/print-permissions.ts). The club permission names (schema/permissions.ts) are stable strings
// shared with the client.
import { PERMISSIONS, peoplePermissions, type Permission } from '../../schema/permissions';

export const CLUB_ROLES = ['owner', 'admin', 'segreteria', 'tesoriere', 'allenatore', 'lettura'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/** Italian names of the roles, for the screens and docs/permissions.md. */
export const CLUB_ROLE_LABELS: Record<ClubRole, string> = {
  owner: 'Titolare',
  admin: 'Amministratore',
  segreteria: 'Segreteria',
  tesoriere: 'Tesoriere',
  allenatore: 'Allenatore',
  lettura: 'Sola lettura',
};

export { PERMISSIONS, type PeoplePermission, type Permission } from '../../schema/permissions';

const ALL = Object.keys(PERMISSIONS) as Permission[];
const READS: Permission[] = [...peoplePermissions(['read']), 'groups.read', 'members.read', 'families.read', 'consents.read', 'feed.read', 'calendar.read', 'club.read'];

/**
 * The table. Money (fees.*) is for the owner, the admin, the secretary and the treasurer: coaches and read-only
 * members see none. `allenatore` is further limited to the athletes of the groups assigned to them (and posts only to those
 * groups): that narrowing is a scope, applied in the data access, not a permission.
 */
export const ROLE_PERMISSIONS: Record<ClubRole, ReadonlySet<Permission>> = {
  owner: new Set(ALL),
  admin: new Set(ALL.filter((p) => p !== 'club.archive' && p !== 'club.transfer')),
  segreteria: new Set([
    ...peoplePermissions(['read', 'write', 'archive']),
    'health.read',
    'health.write',
    'groups.read',
    'groups.write',
    'members.read',
    'members.write',
    'families.read',
    'families.write',
    'consents.read',
    'consents.write',
    'registrations.manage',
    'fees.read',
    'fees.write',
    'calendar.read',
    'calendar.write',
    'venues.write',
    'callups.override',
    'channels.read',
    'channels.write',
    'channels.moderate',
    'feed.read',
    'feed.write',
    'import.run',
    'export.run',
    'club.read',
  ]),
  // The club's money (issue 37): who owes and paid what, and the people it needs to know for it; no health data.
  tesoriere: new Set([...peoplePermissions(['read']), 'groups.read', 'members.read', 'families.read', 'fees.read', 'fees.write', 'feed.read', 'calendar.read', 'export.run', 'club.read']),
  allenatore: new Set([
    ...peoplePermissions(['read', 'write'], ['athlete']),
    ...peoplePermissions(['read'], ['coach', 'manager', 'staff']),
    'health.read',
    'groups.read',
    'feed.read',
    'feed.write',
    // Events of the groups they coach only (events.service.ts).
    'calendar.read',
    'calendar.write',
    // The channels of the groups they coach only (channel-seats.ts).
    'channels.read',
    'channels.write',
    'channels.moderate',
    'club.read',
  ]),
  // Not the groups' channels: a conversation of the staff with the families, not club data to audit.
  lettura: new Set(READS),
};

export const roleAllows = (role: ClubRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].has(permission);

/** An organisation's staff roles (prisma enum OrganisationRole): federations', committees' and leagues' people. */
export const ORGANISATION_ROLES = ['admin', 'reader'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

/** What an organisation's staff may do in its portal (/organizzazione), by permission. */
export const ORGANISATION_PERMISSIONS = {
  'organisation.read': "see the organisation's affiliated clubs, requests and applications, API usage, webhooks and staff",
  'organisation.manage':
    'ask clubs to affiliate, accept applications, end affiliations; see, create and revoke API keys; create and disable webhooks; invite, change and remove staff',
} as const;
export type OrganisationPermission = keyof typeof ORGANISATION_PERMISSIONS;

/** The organisation table: an admin manages, a reader only reads. */
export const ORGANISATION_ROLE_PERMISSIONS: Record<OrganisationRole, ReadonlySet<OrganisationPermission>> = {
  admin: new Set(['organisation.read', 'organisation.manage']),
  reader: new Set(['organisation.read']),
};

export const organisationRoleAllows = (role: OrganisationRole, permission: OrganisationPermission): boolean =>
  ORGANISATION_ROLE_PERMISSIONS[role].has(permission);

/**
 * Members and guardians in the personal area (issue 36 point 5): an account reaches the people linked to it
 * (Person.accountId, set only by the person-link invitation) and the minors those people are guardians of. What it
 * may do with each person depends on its relation to them:
 *   titolare  the person themselves, of age;
 *   minore    the person themselves, under 18 (from 14 the law lets them answer some consents, not much more);
 *   genitore  a guardian of the person, while the person is a minor (at 18 the guardian's reach ends).
 */
export const FAMILY_RELATIONS = ['titolare', 'minore', 'genitore'] as const;
export type FamilyRelation = (typeof FAMILY_RELATIONS)[number];

export const FAMILY_RELATION_LABELS: Record<FamilyRelation, string> = {
  titolare: 'La persona stessa (maggiorenne)',
  minore: 'La persona stessa (minorenne)',
  genitore: 'Genitore o tutore',
};

export const FAMILY_PERMISSIONS = {
  'family.read': "see the person's data, memberships and cards, certificates, the documents the club shares, consents, and who at the club can see the data",
  'family.contacts.write': 'change e-mail, phone and address at once',
  'family.changes.request': 'ask the club to change name, tax code or birth data (applied when the club approves)',
  'family.certificates.submit': 'upload a new medical certificate (part of the history when the club approves)',
  'family.consents.withdraw': 'withdraw a consent, only one the relation may answer for (docs/api/families.md)',
  'family.export': 'download all the data about the person (GDPR articles 15 and 20: JSON and PDF)',
  'family.callups.answer': "see the person's call-ups and answer them (yes, no, maybe with a note)",
  'family.channels': "read and write in the channels of the person's groups (a minor: only while a guardian of theirs can see the channel too)",
} as const;
export type FamilyPermission = keyof typeof FAMILY_PERMISSIONS;

const ALL_FAMILY = Object.keys(FAMILY_PERMISSIONS) as FamilyPermission[];

/** The family table: a minor reads, exports and answers for themselves where the law lets them; the rest is the guardians'. */
export const FAMILY_RELATION_PERMISSIONS: Record<FamilyRelation, ReadonlySet<FamilyPermission>> = {
  titolare: new Set(ALL_FAMILY),
  // A minor answers their own call-ups too: whether they will be at the match is theirs to say as much as a parent's.
  minore: new Set(['family.read', 'family.consents.withdraw', 'family.export', 'family.callups.answer', 'family.channels']),
  genitore: new Set(ALL_FAMILY),
};

export const familyRelationAllows = (relation: FamilyRelation, permission: FamilyPermission): boolean =>
  FAMILY_RELATION_PERMISSIONS[relation].has(permission);
