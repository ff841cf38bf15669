// The feed through GraphQL on the real app: savePost, archivePost, posts (order, filters, search, paging,
// target groups without a query per post), post(id), and refusal of another club's users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroup, createPost, registrySnapshot } from '../../support/registry-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const SAVE = /* GraphQL */ `
  mutation SavePost($input: SavePostInput!) {
    savePost(input: $input) {
      __typename
      ... on MutationSavePostSuccess { data { message post { id title caption priority isActive archivedAt groups { id name type } } } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
    }
  }`;
const ARCHIVE = /* GraphQL */ `
  mutation ArchivePost($id: ID!) {
    archivePost(id: $id) { __typename ... on MutationArchivePostSuccess { data { id isActive archivedAt } } ... on BaseError { code message } }
  }`;
const LIST = /* GraphQL */ `
  query Posts($search: String, $priority: Int, $groupId: ID, $orderBy: PostOrder, $archived: Boolean, $first: Int, $after: String) {
    posts(search: $search, priority: $priority, groupId: $groupId, orderBy: $orderBy, archived: $archived, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id title priority groups { name memberCount } } }
    }
  }`;
const ONE = /* GraphQL */ `query Post($id: ID!) { post(id: $id) { id title groups { id } } }`;

let t: TestApp;
let club: TestClub;
let ctx: RequestContext;
let creds: { token: string; club: string };
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  ctx = await clubContext(t.deps, club);
  creds = { token: club.token, club: club.clubToken };
});
afterAll(() => t.close());

const titles = (res: { body: { data?: any } }) => res.body.data.posts.edges.map((e: any) => e.node.title);

describe('savePost and archivePost', () => {
  it('creates with the spec message and answers the target groups', async () => {
    const group = await createGroup(ctx, { name: 'Prima squadra', type: 'athlete' });
    const res = (await gql(t.app, SAVE, { input: { title: 'Trasferta', caption: 'Partenza alle 7', priority: 1, groupIds: [group.id] } }, creds)).body.data!.savePost;
    expect(res).toEqual({
      __typename: 'MutationSavePostSuccess',
      data: {
        message: MSG.postCreated,
        post: {
          id: expect.any(String),
          title: 'Trasferta',
          caption: 'Partenza alle 7',
          priority: 1,
          isActive: true,
          archivedAt: null,
          groups: [{ id: group.id, name: 'Prima squadra', type: 'athlete' }],
        },
      },
    });
    // an update keeps what it does not send (priority, targets); an empty list sent clears the targets
    const updated = (await gql(t.app, SAVE, { input: { id: res.data.post.id, title: 'Trasferta annullata', caption: 'Si resta a casa' } }, creds)).body.data!.savePost;
    expect(updated.data).toMatchObject({ message: MSG.changesSaved, post: { title: 'Trasferta annullata', priority: 1, groups: [{ id: group.id }] } });
    const cleared = (await gql(t.app, SAVE, { input: { id: res.data.post.id, priority: 0, groupIds: [] } }, creds)).body.data!.savePost;
    expect(cleared.data).toMatchObject({ post: { title: 'Trasferta annullata', priority: 0, groups: [] } });
  });

  it('answers ValidationError with the spec messages', async () => {
    const res = (await gql(t.app, SAVE, { input: { title: '', priority: 9, groupIds: ['00000000-0000-4000-8000-000000000000'] } }, creds)).body.data!.savePost;
    expect(res).toEqual({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      message: MSG.invalidFields,
      fields: [
        { field: 'title', message: MSG.postTitleRequired },
        { field: 'caption', message: MSG.postCaptionRequired },
        { field: 'priority', message: MSG.priorityInvalid },
      ],
    });
    const badGroup = (await gql(t.app, SAVE, { input: { title: 'a', caption: 'b', groupIds: ['00000000-0000-4000-8000-000000000000'] } }, creds)).body.data!.savePost;
    expect(badGroup).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'groupIds', message: MSG.idInvalid }] });
  });

  it('archives one way; an archived post is read-only', async () => {
    const post = await createPost(ctx, { title: 'Vecchio' });
    const res = (await gql(t.app, ARCHIVE, { id: post.id }, creds)).body.data!.archivePost;
    expect(res).toEqual({ __typename: 'MutationArchivePostSuccess', data: { id: post.id, isActive: false, archivedAt: expect.any(String) } });
    const edit = (await gql(t.app, SAVE, { input: { id: post.id, title: 'Nuovo', caption: 'x' } }, creds)).body.data!.savePost;
    expect(edit).toMatchObject({ __typename: 'ValidationError', message: MSG.archivedReadOnly });
  });

  it('needs a session and a club', async () => {
    const input = { title: 'a', caption: 'b' };
    expect((await gql(t.app, SAVE, { input })).body.data!.savePost.__typename).toBe('UnauthenticatedError');
    expect((await gql(t.app, SAVE, { input }, { token: club.token })).body.data!.savePost.__typename).toBe('ForbiddenError');
    expect((await gql(t.app, ARCHIVE, { id: 'x' }, { token: club.token })).body.data!.archivePost.__typename).toBe('ForbiddenError');
    expect((await gql(t.app, LIST, {})).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('posts and post', () => {
  let c: RequestContext;
  let cc: { token: string; club: string };
  let groupId: string;
  beforeAll(async () => {
    const other = await createClub(t.deps);
    c = await clubContext(t.deps, other);
    cc = { token: other.token, club: other.clubToken };
    groupId = (await createGroup(c, { name: 'Under 16', type: 'athlete' })).id;
    const extra = (await createGroup(c, { name: 'Allenatori', type: 'coach' })).id;
    for (let i = 1; i <= 10; i++) {
      const post = await createPost(c, {
        title: `Avviso ${i}`,
        caption: i === 3 ? 'Riunione in città' : 'Comunicazione',
        priority: i % 3,
        groupIds: i % 2 ? [groupId, extra] : [],
      });
      await t.deps.systemDb.post.update({ where: { id: post.id }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 9, i)) } });
    }
  });

  it('newest first, 8 per page by default, cursor paging and totalCount', async () => {
    const first = await gql(t.app, LIST, {}, cc);
    expect(first.body.data.posts.totalCount).toBe(10);
    expect(titles(first)).toEqual(['Avviso 10', 'Avviso 9', 'Avviso 8', 'Avviso 7', 'Avviso 6', 'Avviso 5', 'Avviso 4', 'Avviso 3']);
    const next = await gql(t.app, LIST, { after: first.body.data.posts.pageInfo.endCursor }, cc);
    expect(titles(next)).toEqual(['Avviso 2', 'Avviso 1']);
    expect(next.body.data.posts.pageInfo.hasNextPage).toBe(false);
  });

  it('orders by OLDEST and PRIORITY (priority desc, then newest), also across pages', async () => {
    expect(titles(await gql(t.app, LIST, { orderBy: 'OLDEST', first: 3 }, cc))).toEqual(['Avviso 1', 'Avviso 2', 'Avviso 3']);
    const p1 = await gql(t.app, LIST, { orderBy: 'PRIORITY', first: 4 }, cc);
    expect(titles(p1)).toEqual(['Avviso 8', 'Avviso 5', 'Avviso 2', 'Avviso 10']);
    const p2 = await gql(t.app, LIST, { orderBy: 'PRIORITY', first: 4, after: p1.body.data.posts.pageInfo.endCursor }, cc);
    expect(titles(p2)).toEqual(['Avviso 7', 'Avviso 4', 'Avviso 1', 'Avviso 9']);
  });

  it('filters by priority, group and search (accents ignored, every word)', async () => {
    expect(titles(await gql(t.app, LIST, { priority: 2 }, cc))).toEqual(['Avviso 8', 'Avviso 5', 'Avviso 2']);
    const inGroup = await gql(t.app, LIST, { groupId, first: 20 }, cc);
    expect(titles(inGroup)).toEqual(['Avviso 9', 'Avviso 7', 'Avviso 5', 'Avviso 3', 'Avviso 1']);
    expect(inGroup.body.data.posts.totalCount).toBe(5);
    expect(inGroup.body.data.posts.edges[0].node.groups).toEqual([{ name: 'Allenatori', memberCount: 0 }, { name: 'Under 16', memberCount: 0 }]);
    expect(titles(await gql(t.app, LIST, { search: 'riunione CITTA' }, cc))).toEqual(['Avviso 3']);
    expect(titles(await gql(t.app, LIST, { search: 'riunione avviso 4' }, cc))).toEqual([]);
    expect((await gql(t.app, LIST, { priority: 7 }, cc)).body.errors?.[0]).toMatchObject({ message: MSG.invalidFields, extensions: { code: 'VALIDATION' } });
  });

  it('loads target groups with the page, not one query per post', async () => {
    const original = t.deps.systemDb;
    let operations = 0;
    t.deps.systemDb = original.$extends({
      query: { $allOperations: ({ args, query }) => ((operations += 1), query(args)) },
    }) as unknown as typeof original;
    try {
      const count = async (first: number) => {
        operations = 0;
        const res = await gql(t.app, LIST, { first }, cc);
        expect(res.body.data.posts.edges).toHaveLength(first);
        return operations;
      };
      const small = await count(2);
      expect(small).toBeGreaterThan(0);
      expect(await count(10)).toBe(small);
    } finally {
      t.deps.systemDb = original;
    }
  });

  it('post(id) answers the club post; null for unknown or malformed ids', async () => {
    const any = (await gql(t.app, LIST, { first: 1 }, cc)).body.data.posts.edges[0].node;
    expect((await gql(t.app, ONE, { id: any.id }, cc)).body.data.post).toMatchObject({ id: any.id, title: any.title });
    expect((await gql(t.app, ONE, { id: '00000000-0000-4000-8000-000000000000' }, cc)).body.data.post).toBeNull();
    expect((await gql(t.app, ONE, { id: 'x' }, cc)).body.data.post).toBeNull();
  });
});

describe('a user of another club', () => {
  it('gets NotFound or null or nothing for every post operation, and changes nothing', async () => {
    const group = await createGroup(ctx, { name: 'Riservato', type: 'athlete' });
    const mine = await createPost(ctx, { title: 'Segretissimo', caption: 'Solo per noi', groupIds: [group.id] });
    const intruder = await createClub(t.deps);
    const as = { token: intruder.token, club: intruder.clubToken };
    const before = await registrySnapshot(t.deps);

    expect((await gql(t.app, ONE, { id: mine.id }, as)).body.data.post).toBeNull();
    expect((await gql(t.app, LIST, { search: 'segretissimo' }, as)).body.data.posts).toMatchObject({ totalCount: 0, edges: [] });
    expect((await gql(t.app, LIST, { groupId: group.id }, as)).body.data.posts).toMatchObject({ totalCount: 0, edges: [] });
    const notFound = { __typename: 'NotFoundError', code: 'NOT_FOUND', message: MSG.notFound };
    expect((await gql(t.app, SAVE, { input: { id: mine.id, title: 'Preso', caption: 'x' } }, as)).body.data!.savePost).toEqual(notFound);
    expect((await gql(t.app, ARCHIVE, { id: mine.id }, as)).body.data!.archivePost).toEqual(notFound);
    // addressing their new post to my group is refused like an unknown group
    const target = (await gql(t.app, SAVE, { input: { title: 'Ciao', caption: 'x', groupIds: [group.id] } }, as)).body.data!.savePost;
    expect(target).toMatchObject({ __typename: 'ValidationError', fields: [{ field: 'groupIds', message: MSG.idInvalid }] });
    expect(await registrySnapshot(t.deps)).toEqual(before);
  });
});
