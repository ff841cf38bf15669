// GraphQL face of groups and categories (a category is a group of type athlete) and of group membership.
// Thin adapters: every rule lives in the services, which the legacy routes call too.
import { GROUP_ORDERS, PAGE_SIZE } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { LIST_OFFSET_DESCRIPTION, withListOffset } from '../../graphql/list-offset';
import { MAX_PAGE_SIZE, PersonKindEnum } from '../../graphql/enums';
import { plannedSelection } from '../../graphql/selection';
import { ConflictError, ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { archiveGroup } from './archive-group.service';
import { assignToGroup, unassignFromGroup } from './group-membership.service';
import { assignPeopleToGroup, unassignPeopleFromGroup } from './bulk-membership.service';
import { BulkPeoplePayload } from '../../graphql/bulk-payload';
import { ACTIVE_MEMBER } from './groups.policy';
import { findGroupsPage, groupListWhere, groupLookupWhere } from './list-groups.service';
import { saveGroup } from './save-group.service';
import { clubDb } from '../../access/request-db';

builder.prismaObject('Group', {
  description: 'A group or, with type athlete, a category.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    type: t.expose('type', { type: PersonKindEnum }),
    isHidden: t.exposeBoolean('isHidden'),
    isActive: t.exposeBoolean('isActive'),
    ageMin: t.exposeInt('ageMin', { nullable: true, description: "A category's age band, lower end: the age reached on the club's reference day of the season (categorySettings)." }),
    ageMax: t.exposeInt('ageMax', { nullable: true, description: 'Upper end of the band ("Under 10" is 9). The groups list orders categories youngest first by it (orderBy AGE).' }),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    // A COUNT joined into the list's own query: a page of groups costs the same number of statements at any size.
    memberCount: t.relationCount('members', { description: 'Active people in the group.', where: ACTIVE_MEMBER }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const SaveGroupInput = builder.inputType('SaveGroupInput', {
  description: 'Fields are optional in the schema so that missing ones come back as ValidationError with Italian messages.',
  fields: (t) => ({
    id: t.id({ description: 'Set to update.' }),
    name: t.string(),
    type: t.field({ type: PersonKindEnum }),
    isHidden: t.boolean(),
    isActive: t.boolean(),
  }),
});

const SaveGroupPayload = builder.objectRef<{ message: string; groupId: string }>('SaveGroupPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: "Italian success message (e.g. 'Nuovo gruppo salvato correttamente')." }),
    group: t.prismaField({
      type: 'Group',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).group.findUniqueOrThrow({ ...query, where: { id: payload.groupId } }),
    }),
  }),
});

const GroupOrderEnum = builder.enumType('GroupOrder', {
  description:
    'The order of a groups list: NAME (the default), TYPE (the kinds\' order: athlete, coach, manager, staff, member, voluntary; names A-Z within a type), MEMBERS (memberCount; names A-Z between equal counts), CREATED, AGE (categories youngest first: by the age band\'s upper end, then its lower one; groups without a band after them, by name); _DESC reverses. Ties end on the id.',
  values: GROUP_ORDERS,
});

builder.queryFields((t) => ({
  groups: t.prismaConnection(
    {
      type: 'Group',
      cursor: 'id',
      defaultSize: PAGE_SIZE,
      maxSize: MAX_PAGE_SIZE,
      description: 'Groups (and categories: types [athlete]) of the current club, by name unless `orderBy` says otherwise (AGE: categories youngest first, by their age band).',
      args: {
        types: t.arg({ type: [PersonKindEnum] }),
        search: t.arg.string({ description: 'Every word must occur in the name; accents and case ignored.' }),
        archived: t.arg.boolean({ defaultValue: false, description: 'true lists the archive.' }),
        orderBy: t.arg({ type: GroupOrderEnum, defaultValue: 'NAME' }),
        offset: t.arg.int({ description: LIST_OFFSET_DESCRIPTION }),
      },
      resolve: (query, _root, args, ctx) => findGroupsPage(ctx, args, withListOffset({ ...query }, args)),
      totalCount: async (_connection, args, ctx) => clubDb(ctx).group.count({ where: await groupListWhere(ctx, args) }),
    },
    { name: 'GroupConnection' },
    { name: 'GroupEdge' },
  ),
  group: t.prismaField({
    type: 'Group',
    nullable: true,
    description: 'A group of the current club (null when unknown or of another club).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, { id }, ctx) => clubDb(ctx).group.findFirst({ ...query, where: groupLookupWhere(ctx, id) }),
  }),
}));

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  saveGroup: t.field({
    type: SaveGroupPayload,
    description: 'Creates (no id) or updates a group. A category is a group with type athlete.',
    args: { input: t.arg({ type: SaveGroupInput, required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { group, message } = await saveGroup(ctx, input);
      return { message, groupId: group.id };
    },
  }),
  archiveGroup: t.prismaField({
    type: 'Group',
    description: 'One way: the group leaves the lists and takes no new members.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: async (query, _root, { id }, ctx) => {
      const selection = plannedSelection(query);
      const group = await archiveGroup(ctx, id);
      return clubDb(ctx).group.findUniqueOrThrow({ ...selection, where: { id: group.id } });
    },
  }),
  assignToGroup: t.prismaField({
    type: 'PersonRole',
    args: { groupId: t.arg.id({ required: true }), roleId: t.arg.id({ required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: async (query, _root, args, ctx) => {
      const selection = plannedSelection(query);
      const role = await assignToGroup(ctx, args);
      return clubDb(ctx).personRole.findUniqueOrThrow({ ...selection, where: { id: role.id } });
    },
  }),
  unassignFromGroup: t.prismaField({
    type: 'PersonRole',
    args: { groupId: t.arg.id({ required: true }), roleId: t.arg.id({ required: true }) },
    errors: { types: [ConflictError, ...refusals] },
    resolve: async (query, _root, args, ctx) => {
      const selection = plannedSelection(query);
      const role = await unassignFromGroup(ctx, args);
      return clubDb(ctx).personRole.findUniqueOrThrow({ ...selection, where: { id: role.id } });
    },
  }),
  assignPeopleToGroup: t.field({
    type: BulkPeoplePayload,
    description: 'Assigns every role of the selection (1 to 500 ids) to the group in one transaction, or none: an unknown id, another club\'s, an archived role or one of another kind than the group refuses the whole call. Already a member is not an error (not counted in changed).',
    args: { groupId: t.arg.id({ required: true }), roleIds: t.arg.idList({ required: true }) },
    errors: { types: [ValidationError, ConflictError, ...refusals] },
    resolve: (_root, args, ctx) => assignPeopleToGroup(ctx, args),
  }),
  unassignPeopleFromGroup: t.field({
    type: BulkPeoplePayload,
    description: 'Removes every role of the selection (1 to 500 ids) from the group in one transaction, or none. Not a member is not an error (not counted in changed).',
    args: { groupId: t.arg.id({ required: true }), roleIds: t.arg.idList({ required: true }) },
    errors: { types: [ValidationError, ...refusals] },
    resolve: (_root, args, ctx) => unassignPeopleFromGroup(ctx, args),
  }),
}));
