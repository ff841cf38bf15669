// Legacy REST of groups and categories (spec §7): /api/group/{save,load,by-type,assign,unassign,archive}.
// Maps the legacy names to the services and their results into the envelope; no rule is decided here.
import { MSG } from '../../../schema/messages';
import { ok } from '../../compat/envelope';
import type { LegacyBody, LegacyRoute } from '../../compat/router';
import type { PersonRole } from '../../generated/prisma/client.js';
import type { RequestContext } from '../../context';
import { PEOPLE_KINDS } from '../people/people.kinds';
import { archiveGroup } from './archive-group.service';
import { activeGroupsOf, assignToGroup, unassignFromGroup, type MembershipChange } from './group-membership.service';
import { presentPage, withLegacyFields } from '../../compat/legacy-helpers';
import { presentGroup } from './groups.present';
import { listGroupsPage, listSelectableGroups } from './list-groups.service';
import { saveGroup } from './save-group.service';
import { clubDb } from '../../access/request-db';

/** The legacy form sends the type as type_group_id, type_group or type (a key such as 'coach', or {layout}). */
function legacyGroupType(body: LegacyBody): unknown {
  const value = body.type_group_id ?? body.type_group ?? body.type;
  return value && typeof value === 'object' ? ((value as Record<string, unknown>).layout ?? (value as Record<string, unknown>).key) : value;
}

/** A person's row after a membership change: {id, groups: [{id, name, pivot: {group_id, <kind>_id}}]}. */
async function presentRoleGroups(ctx: RequestContext, role: PersonRole) {
  const pivotKey = PEOPLE_KINDS[role.kind].pivotKey;
  const groups = await activeGroupsOf(clubDb(ctx), role.id);
  return { id: role.id, groups: groups.map((g) => ({ id: g.id, name: g.name, pivot: { group_id: g.id, [pivotKey]: role.id } })) };
}

const membershipChange = (body: LegacyBody): MembershipChange => ({ groupId: body.group_id, roleId: body.ref_id, kind: body.type });
const MEMBERSHIP_FIELDS = { roleId: 'ref_id', kind: 'type' };

export const groupsLegacyRoutes: LegacyRoute[] = [
  {
    path: '/group/save',
    handler: async (ctx, body) => {
      const { group, message } = await saveGroup(ctx, {
        id: body.id,
        name: body.name,
        type: legacyGroupType(body),
        isHidden: body.is_hidden,
        isActive: body.is_active,
      });
      return ok(presentGroup(group), message);
    },
  },
  {
    path: '/group/load',
    handler: async (ctx, body) => {
      const type = legacyGroupType(body);
      const { rows, total, page } = await withLegacyFields({ types: 'type' }, () =>
        listGroupsPage(ctx, { types: type === undefined || type === null || type === '' ? undefined : [type], search: body.search }, body.page),
      );
      return ok(presentPage(rows.map(presentGroup), total, page));
    },
  },
  {
    path: '/group/by-type',
    handler: async (ctx, body) => {
      const groups = await withLegacyFields({ types: 'type' }, () => listSelectableGroups(ctx, [legacyGroupType(body)]));
      return ok(groups.map(presentGroup));
    },
  },
  {
    path: '/group/assign',
    handler: async (ctx, body) => {
      const role = await withLegacyFields(MEMBERSHIP_FIELDS, () => assignToGroup(ctx, membershipChange(body)));
      return ok(await presentRoleGroups(ctx, role), MSG.assigned);
    },
  },
  {
    path: '/group/unassign',
    handler: async (ctx, body) => {
      const role = await withLegacyFields(MEMBERSHIP_FIELDS, () => unassignFromGroup(ctx, membershipChange(body)));
      return ok(await presentRoleGroups(ctx, role), MSG.unassigned);
    },
  },
  {
    path: '/group/archive',
    handler: async (ctx, body) => ok(presentGroup(await archiveGroup(ctx, body.id)), MSG.archived),
  },
];
