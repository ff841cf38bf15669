// Who may do what in a club: one table, as data. The services ask `authorize(actor, permission)` (authorize.ts);
// docs/permissions.md's matrix is printed from this table (scripts/print-permissions.ts); a test keeps the two equal.
// Roles are a club membership's; the permission names (schema/permissions.ts) are stable strings shared with the client.
import { PERMISSIONS, peoplePermissions, type Permission } from '../../schema/permissions';

export const CLUB_ROLES = ['owner', 'admin', 'segreteria', 'allenatore', 'lettura'] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

/** Italian names of the roles, for the screens and docs/permissions.md. */
export const CLUB_ROLE_LABELS: Record<ClubRole, string> = {
  owner: 'Titolare',
  admin: 'Amministratore',
  segreteria: 'Segreteria',
  allenatore: 'Allenatore',
  lettura: 'Sola lettura',
};

export { PERMISSIONS, type PeoplePermission, type Permission } from '../../schema/permissions';

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
