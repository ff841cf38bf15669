// Who may do what in a club: one table, as data. The services ask `authorize(actor, permission)` (authorize.ts);
// the README's matrix is printed from this table (scripts/print-permissions.ts) and a test keeps the two equal.
// Roles are a club membership's; the permission names are stable strings shared with the client.
import { PERSON_KINDS, type PersonKindKey } from '../../schema/constants';

export const CLUB_ROLES = ['owner', 'admin', 'segreteria', 'allenatore', 'lettura'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/** Italian names of the roles, for the screens and the README. */
export const CLUB_ROLE_LABELS: Record<ClubRole, string> = {
  owner: 'Titolare',
  admin: 'Amministratore',
  segreteria: 'Segreteria',
  allenatore: 'Allenatore',
  lettura: 'Sola lettura',
};

type PeopleAction = 'read' | 'write' | 'archive';
const PEOPLE_ACTIONS: Record<PeopleAction, string> = { read: 'see', write: 'create and edit', archive: 'archive' };

export type PeoplePermission = `people.${PersonKindKey}.${PeopleAction}`;

const peoplePermissions = (actions: readonly PeopleAction[], kinds: readonly PersonKindKey[] = PERSON_KINDS) =>
  kinds.flatMap((kind) => actions.map((action) => `people.${kind}.${action}` as PeoplePermission));

/** Every permission but the people ones, with what it allows (the README matrix's first column). */
const OTHER_PERMISSIONS = {
  'health.read': 'read health data: medical certificate fields and files, allergies, intolerances, athlete condition, health card',
  'health.write': 'change health data',
  'groups.read': 'see groups and categories',
  'groups.write': 'create, edit and archive groups and categories; assign people to them',
  'feed.read': 'read the feed',
  'feed.write': 'publish, edit and archive posts',
  'import.run': 'import people from a file',
  'export.run': 'export lists',
  'club.read': "see the club's profile and dashboard",
  'club.write': "edit the club's profile, logo and settings",
  'club.archive': 'archive the club',
  'club.transfer': 'transfer ownership of the club to another collaborator',
  'collaborators.manage': 'invite collaborators, change their roles, remove them',
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

const ALL = Object.keys(PERMISSIONS) as Permission[];
const READS: Permission[] = [...peoplePermissions(['read']), 'groups.read', 'feed.read', 'club.read'];

/**
 * The table. `allenatore` is further limited to the athletes of the groups assigned to them (and posts only to those
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
    'feed.read',
    'feed.write',
    'import.run',
    'export.run',
    'club.read',
  ]),
  allenatore: new Set([
    ...peoplePermissions(['read', 'write'], ['athlete']),
    ...peoplePermissions(['read'], ['coach', 'manager', 'staff']),
    'health.read',
    'groups.read',
    'feed.read',
    'feed.write',
    'club.read',
  ]),
  lettura: new Set(READS),
};

export const roleAllows = (role: ClubRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].has(permission);
