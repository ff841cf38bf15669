// GraphQL face of the club feed. Thin adapters over the post services, which the legacy routes call too.
import { PAGE_SIZE } from '../../../schema/constants';
import { builder } from '../../graphql/builder';
import { LIST_OFFSET_DESCRIPTION, withListOffset } from '../../graphql/list-offset';
import { plannedSelection } from '../../graphql/selection';
import { ForbiddenError, NotFoundError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { archivePost } from './archive-post.service';
import { postListQuery, postLookupWhere } from './list-posts.service';
import { savePost } from './save-post.service';
import { MAX_PAGE_SIZE, PostOrderEnum, RecentPeriodEnum } from '../../graphql/enums';
import { GroupRef } from '../../graphql/model-refs';
import { clubDb } from '../../access/request-db';

builder.prismaObject('Post', {
  description: 'A notice of the club feed. priority: 0 none, 1 Importante, 2 Urgente.',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('title'),
    caption: t.exposeString('caption'),
    priority: t.exposeInt('priority'),
    isActive: t.exposeBoolean('isActive'),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    // Through the PostGroup join rows, planned into the post's own query: no statement per post.
    groups: t.field({
      type: [GroupRef],
      description: 'Target groups, by name.',
      select: (_args, _ctx, nestedSelection) => ({
        groups: { orderBy: [{ group: { name: 'asc' } }, { groupId: 'asc' }], select: { group: nestedSelection(true) } },
      }),
      resolve: (post) => post.groups.map(({ group }) => group),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

const SavePostInput = builder.inputType('SavePostInput', {
  description: 'Fields are optional in the schema so that missing ones come back as ValidationError with Italian messages.',
  fields: (t) => ({
    id: t.id({ description: 'Set to update.' }),
    title: t.string(),
    caption: t.string(),
    priority: t.int({ description: '0 none, 1 Importante, 2 Urgente.' }),
    groupIds: t.idList({ description: 'Target groups (replaces the current ones).' }),
    isActive: t.boolean(),
  }),
});

const SavePostPayload = builder.objectRef<{ message: string; postId: string }>('SavePostPayload').implement({
  fields: (t) => ({
    message: t.exposeString('message', { description: "Italian success message (e.g. 'Nuovo post salvato correttamente')." }),
    post: t.prismaField({
      type: 'Post',
      resolve: (query, payload, _args, ctx) => clubDb(ctx).post.findUniqueOrThrow({ ...query, where: { id: payload.postId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  posts: t.prismaConnection(
    {
      type: 'Post',
      cursor: 'id',
      defaultSize: PAGE_SIZE,
      maxSize: MAX_PAGE_SIZE,
      description: 'Feed posts; search matches title and caption (every word, accents ignored).',
      args: {
        search: t.arg.string(),
        priority: t.arg.int(),
        groupId: t.arg.id({ description: 'Posts addressed to this group.' }),
        orderBy: t.arg({ type: PostOrderEnum, defaultValue: 'NEWEST' }),
        archived: t.arg.boolean({ defaultValue: false, description: 'true lists the archive.' }),
        createdWithin: t.arg({ type: RecentPeriodEnum, description: 'Only posts created today / this week (club time zone).' }),
        offset: t.arg.int({ description: LIST_OFFSET_DESCRIPTION }),
      },
      resolve: (query, _root, args, ctx) => {
        const selection = withListOffset({ ...query }, args);
        const { where, orderBy } = postListQuery(ctx, args);
        return clubDb(ctx).post.findMany({ ...selection, where, orderBy });
      },
      totalCount: (_connection, args, ctx) => clubDb(ctx).post.count({ where: postListQuery(ctx, args).where }),
    },
    { name: 'PostConnection' },
    { name: 'PostEdge' },
  ),
  post: t.prismaField({
    type: 'Post',
    nullable: true,
    description: 'A post of the current club (null when unknown or of another club).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, { id }, ctx) => clubDb(ctx).post.findFirst({ ...query, where: postLookupWhere(ctx, id) }),
  }),
}));

const refusals = [NotFoundError, ForbiddenError, UnauthenticatedError];

builder.mutationFields((t) => ({
  savePost: t.field({
    type: SavePostPayload,
    description: 'Creates (no id) or updates a post.',
    args: { input: t.arg({ type: SavePostInput, required: true }) },
    errors: { types: [ValidationError, ...refusals] },
    resolve: async (_root, { input }, ctx) => {
      const { post, message } = await savePost(ctx, input);
      return { message, postId: post.id };
    },
  }),
  archivePost: t.prismaField({
    type: 'Post',
    description: 'One way: the post leaves the feed.',
    args: { id: t.arg.id({ required: true }) },
    errors: { types: refusals },
    resolve: async (query, _root, { id }, ctx) => {
      const selection = plannedSelection(query);
      const post = await archivePost(ctx, id);
      return clubDb(ctx).post.findUniqueOrThrow({ ...selection, where: { id: post.id } });
    },
  }),
}));
