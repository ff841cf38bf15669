// What the signed-in member may do in the current club, as the server tells it (ClubMembership.permissions, the
// role's row of docs/permissions.md's matrix, and athleteGroupIds for a coach). Every screen asks useAccess(), by
// permission, never by role name: a control a permission does not allow is left out or read-only. The server
// refuses anyway. accessOf is pure (unit-tested in tests/client/access.test.ts); the hook is in use-access.ts.
import type { PersonKindKey } from '../../../schema/constants';
import type { Permission } from '../../../schema/permissions';

export interface Access {
  /** Whether the member holds `permission` in the current club (nothing without a club). */
  can(permission: Permission): boolean;
  /** Whether any of `permissions` is held. */
  canAny(permissions: readonly Permission[]): boolean;
  /**
   * Whether the member may register a new person of `kind`: writing that kind is not enough for a coach, who edits the
   * athletes of their groups and registers nobody (the new person would be in none of their groups).
   */
  canRegister(kind: PersonKindKey): boolean;
  /**
   * Whether a post targeting these groups may be edited or archived: with feed.write, and for a coach only a post
   * whose targets are all groups they coach (never a club-wide one).
   */
  canChangePost(targetGroupIds: readonly string[]): boolean;
  /** A coach's athlete groups; null when the member sees the whole club. */
  athleteGroupIds: readonly string[] | null;
}

/** The part of a session membership this needs. */
export interface MembershipRights {
  permissions: readonly string[];
  athleteGroupIds?: readonly string[] | null;
}

export function accessOf(membership: MembershipRights | null | undefined): Access {
  const held = new Set(membership?.permissions ?? []);
  const groups = membership?.athleteGroupIds ?? null;
  const can = (permission: Permission) => held.has(permission);
  return {
    can,
    canAny: (permissions) => permissions.some(can),
    canRegister: (kind) => can(`people.${kind}.write`) && groups === null,
    canChangePost: (targets) => can('feed.write') && (groups === null || (targets.length > 0 && targets.every((id) => groups.includes(id)))),
    athleteGroupIds: groups,
  };
}

/** What the health fields of a person are for the member: not shown, shown read-only, or editable. */
export type HealthAccess = 'hidden' | 'read' | 'write';

export function healthAccessOf(access: Access): HealthAccess {
  if (!access.can('health.read')) return 'hidden';
  return access.can('health.write') ? 'write' : 'read';
}

