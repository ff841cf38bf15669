// Groups, categories and membership through GraphQL on the real app: the contract's operations, their typed
// errors, lists (order, filters, search, paging, totalCount, memberCount) and refusal of another club's users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { RequestContext } from '../../../server/context';
import { archiveGroup } from '../../../server/modules/groups/archive-group.service';
import { assignToGroup } from '../../../server/modules/groups/group-membership.service';
import { createClub, type TestClub } from '../../support/factories';
import { gql } from '../../support/http';
import { clubContext, createGroup, createRole, registrySnapshot } from '../../support/registry-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

const SAVE = /* GraphQL */ `
  mutation SaveGroup($input: SaveGroupInput!) {
    saveGroup(input: $input) {
      __typename
      ... on MutationSaveGroupSuccess { data { message group { id name type isHidden isActive archivedAt memberCount } } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
      ... on ConflictError { fields { field message } }
    }
  }`;
const ARCHIVE = /* GraphQL */ `
  mutation ArchiveGroup($id: ID!) {
    archiveGroup(id: $id) { __typename ... on MutationArchiveGroupSuccess { data { id isActive archivedAt } } ... on BaseError { code message } }
  }`;
const ASSIGN = /* GraphQL */ `
  mutation Assign($groupId: ID!, $roleId: ID!) {
    assignToGroup(groupId: $groupId, roleId: $roleId) {
      __typename
      ... on MutationAssignToGroupSuccess { data { id kind groups { id name } } }
      ... on BaseError { code message }
    }
  }`;
const UNASSIGN = /* GraphQL */ `
  mutation Unassign($groupId: ID!, $roleId: ID!) {
    unassignFromGroup(groupId: $groupId, roleId: $roleId) {
      __typename
      ... on MutationUnassignFromGroupSuccess { data { id groups { id } } }
      ... on BaseError { code message }
    }
  }`;
const LIST = /* GraphQL */ `
  query Groups($types: [PersonKind!], $search: String, $archived: Boolean, $first: Int, $after: String) {
    groups(types: $types, search: $search, archived: $archived, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { cursor node { id name type memberCount } }
    }
  }`;
const ONE = /* GraphQL */ `query Group($id: ID!) { group(id: $id) { id name type memberCount archivedAt } }`;

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

const names = (res: { body: { data?: any } }) => res.body.data.groups.edges.map((e: any) => e.node.name);

describe('saveGroup', () => {
  it('creates a group and a category with the spec messages', async () => {
    const group = (await gql(t.app, SAVE, { input: { name: 'Allenatori prima squadra', type: 'coach' } }, creds)).body.data!.saveGroup;
    expect(group).toEqual({
      __typename: 'MutationSaveGroupSuccess',
      data: {
        message: MSG.groupCreated,
        group: { id: expect.any(String), name: 'Allenatori prima squadra', type: 'coach', isHidden: false, isActive: true, archivedAt: null, memberCount: 0 },
      },
    });
    const category = (await gql(t.app, SAVE, { input: { name: 'Under 8', type: 'athlete' } }, creds)).body.data!.saveGroup;
    expect(category.data).toMatchObject({ message: MSG.categoryCreated, group: { type: 'athlete' } });
  });

  it('answers ValidationError with the spec messages per field', async () => {
    const res = (await gql(t.app, SAVE, { input: { name: ' ' } }, creds)).body.data!.saveGroup;
    expect(res).toEqual({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      message: MSG.invalidFields,
      fields: [
        { field: 'name', message: MSG.groupNameRequired },
        { field: 'type', message: MSG.groupTypeRequired },
      ],
    });
  });

  it('answers ConflictError for a taken name, and updates with an id', async () => {
    const first = (await gql(t.app, SAVE, { input: { name: 'Dirigenza', type: 'manager' } }, creds)).body.data!.saveGroup.data.group;
    const taken = (await gql(t.app, SAVE, { input: { name: 'dirigenza', type: 'manager' } }, creds)).body.data!.saveGroup;
    expect(taken).toEqual({ __typename: 'ConflictError', code: 'CONFLICT', message: MSG.groupNameTaken, fields: [{ field: 'name', message: MSG.groupNameTaken }] });
    const updated = (await gql(t.app, SAVE, { input: { id: first.id, name: 'Consiglio direttivo', type: 'manager', isHidden: true } }, creds)).body.data!.saveGroup;
    expect(updated.data).toMatchObject({ message: MSG.changesSaved, group: { id: first.id, name: 'Consiglio direttivo', isHidden: true } });
  });

  it('answers UnauthenticatedError without a session and ForbiddenError without a club', async () => {
    const input = { name: 'X', type: 'coach' };
    expect((await gql(t.app, SAVE, { input })).body.data!.saveGroup).toMatchObject({ __typename: 'UnauthenticatedError', code: 'UNAUTHENTICATED' });
    expect((await gql(t.app, SAVE, { input }, { token: club.token })).body.data!.saveGroup).toMatchObject({ __typename: 'ForbiddenError', code: 'FORBIDDEN' });
  });
});

describe('groups and group', () => {
  let c: RequestContext;
  let cc: { token: string; club: string };
  beforeAll(async () => {
    const other = await createClub(t.deps);
    c = await clubContext(t.deps, other);
    cc = { token: other.token, club: other.clubToken };
    for (const name of ['Under 14', 'Under 12 Nicolò', 'Senior', 'Pulcini', 'Esordienti', 'Giovanissimi', 'Allievi', 'Juniores', 'Amatori', 'Veterani']) {
      await createGroup(c, { name, type: 'athlete' });
    }
    await createGroup(c, { name: 'Staff sanitario', type: 'staff' });
    await archiveGroup(c, (await createGroup(c, { name: 'Under 10 vecchia', type: 'athlete' })).id);
  });

  it('lists by name, filters by type, and pages with cursors and totalCount', async () => {
    const first = await gql(t.app, LIST, { types: ['athlete'], first: 4 }, cc);
    expect(first.body.data.groups.totalCount).toBe(10);
    expect(names(first)).toEqual(['Allievi', 'Amatori', 'Esordienti', 'Giovanissimi']);
    expect(first.body.data.groups.pageInfo.hasNextPage).toBe(true);
    const second = await gql(t.app, LIST, { types: ['athlete'], first: 4, after: first.body.data.groups.pageInfo.endCursor }, cc);
    expect(names(second)).toEqual(['Juniores', 'Pulcini', 'Senior', 'Under 12 Nicolò']);
    const all = await gql(t.app, LIST, {}, cc);
    expect(all.body.data.groups.totalCount).toBe(11);
    expect(names(all)).toHaveLength(8); // PAGE_SIZE when `first` is not given
    expect(names(await gql(t.app, LIST, { types: ['staff'] }, cc))).toEqual(['Staff sanitario']);
  });

  it('search ignores accents and case and needs every word; archived lists the archive', async () => {
    expect(names(await gql(t.app, LIST, { search: 'UNDER nicolo' }, cc))).toEqual(['Under 12 Nicolò']);
    const under = await gql(t.app, LIST, { search: 'under' }, cc);
    expect(names(under)).toEqual(['Under 12 Nicolò', 'Under 14']);
    expect(under.body.data.groups.totalCount).toBe(2);
    const archive = await gql(t.app, LIST, { archived: true }, cc);
    expect(names(archive)).toEqual(['Under 10 vecchia']);
  });

  it('memberCount counts the members whose role is not archived', async () => {
    const group = await createGroup(c, { name: 'Conteggio', type: 'coach' });
    const roles = [await createRole(c, 'coach'), await createRole(c, 'coach'), await createRole(c, 'coach')];
    for (const roleId of roles) await assignToGroup(c, { groupId: group.id, roleId });
    await t.deps.systemDb.personRole.update({ where: { id: roles[2] }, data: { archivedAt: new Date(), isActive: false } });
    expect((await gql(t.app, ONE, { id: group.id }, cc)).body.data.group).toMatchObject({ name: 'Conteggio', memberCount: 2 });
    expect((await gql(t.app, LIST, { types: ['coach'] }, cc)).body.data.groups.edges[0].node.memberCount).toBe(2);
  });

  it('a page costs the same number of database operations at any size (no query per group)', async () => {
    const original = t.deps.systemDb;
    let operations = 0;
    t.deps.systemDb = original.$extends({
      query: { $allOperations: ({ args, query }) => ((operations += 1), query(args)) },
    }) as unknown as typeof original;
    try {
      const count = async (first: number) => {
        operations = 0;
        const res = await gql(t.app, LIST, { first }, cc);
        expect(res.body.data.groups.edges).toHaveLength(first);
        return operations;
      };
      const small = await count(2);
      expect(small).toBeGreaterThan(0);
      expect(await count(8)).toBe(small);
    } finally {
      t.deps.systemDb = original;
    }
  });

  it('group(id) answers the club group, archived included; null for unknown or malformed ids', async () => {
    const archived = (await gql(t.app, LIST, { archived: true }, cc)).body.data.groups.edges[0].node;
    expect((await gql(t.app, ONE, { id: archived.id }, cc)).body.data.group).toMatchObject({ name: 'Under 10 vecchia', archivedAt: expect.any(String) });
    expect((await gql(t.app, ONE, { id: '00000000-0000-4000-8000-000000000000' }, cc)).body.data.group).toBeNull();
    expect((await gql(t.app, ONE, { id: 'non-un-id' }, cc)).body.data.group).toBeNull();
  });

  it('queries need a session and a club', async () => {
    expect((await gql(t.app, LIST, {})).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gql(t.app, ONE, { id: 'x' }, { token: club.token })).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('archiveGroup, assignToGroup, unassignFromGroup', () => {
  it('archives one way and then refuses new members', async () => {
    const group = await createGroup(ctx, { name: 'Volontari festa', type: 'voluntary' });
    const roleId = await createRole(ctx, 'voluntary');
    const archived = (await gql(t.app, ARCHIVE, { id: group.id }, creds)).body.data!.archiveGroup;
    expect(archived).toEqual({ __typename: 'MutationArchiveGroupSuccess', data: { id: group.id, isActive: false, archivedAt: expect.any(String) } });
    const assign = (await gql(t.app, ASSIGN, { groupId: group.id, roleId }, creds)).body.data!.assignToGroup;
    expect(assign).toEqual({ __typename: 'ConflictError', code: 'CONFLICT', message: MSG.groupArchivedNotAssignable });
  });

  it('assigns and unassigns, answering the role with its active groups; repeats are conflicts', async () => {
    const group = await createGroup(ctx, { name: 'Soci fondatori', type: 'member' });
    const roleId = await createRole(ctx, 'member');
    const assigned = (await gql(t.app, ASSIGN, { groupId: group.id, roleId }, creds)).body.data!.assignToGroup;
    expect(assigned).toEqual({ __typename: 'MutationAssignToGroupSuccess', data: { id: roleId, kind: 'member', groups: [{ id: group.id, name: 'Soci fondatori' }] } });
    expect((await gql(t.app, ASSIGN, { groupId: group.id, roleId }, creds)).body.data!.assignToGroup).toEqual({
      __typename: 'ConflictError',
      code: 'CONFLICT',
      message: MSG.alreadyAssigned,
    });
    expect((await gql(t.app, UNASSIGN, { groupId: group.id, roleId }, creds)).body.data!.unassignFromGroup).toEqual({
      __typename: 'MutationUnassignFromGroupSuccess',
      data: { id: roleId, groups: [] },
    });
    expect((await gql(t.app, UNASSIGN, { groupId: group.id, roleId }, creds)).body.data!.unassignFromGroup).toEqual({
      __typename: 'ConflictError',
      code: 'CONFLICT',
      message: MSG.notAssigned,
    });
    expect((await gql(t.app, ASSIGN, { groupId: group.id, roleId }, creds)).body.data!.assignToGroup.__typename).toBe('MutationAssignToGroupSuccess');
  });

  it('refuses an archived person and a group of another kind', async () => {
    const group = await createGroup(ctx, { name: 'Staff campo', type: 'staff' });
    const archivedRole = await createRole(ctx, 'staff', { archived: true });
    const coach = await createRole(ctx, 'coach');
    expect((await gql(t.app, ASSIGN, { groupId: group.id, roleId: archivedRole }, creds)).body.data!.assignToGroup).toMatchObject({
      __typename: 'ConflictError',
      message: MSG.archivedNotAssignable,
    });
    expect((await gql(t.app, ASSIGN, { groupId: group.id, roleId: coach }, creds)).body.data!.assignToGroup).toMatchObject({
      __typename: 'ConflictError',
      message: MSG.groupKindMismatch,
    });
  });
});

describe('a user of another club', () => {
  it('gets NotFound or null or nothing for every group operation, and changes nothing', async () => {
    const mine = await createGroup(ctx, { name: 'Segreto di club', type: 'athlete' });
    const myRole = await createRole(ctx, 'athlete');
    await assignToGroup(ctx, { groupId: mine.id, roleId: myRole });
    const intruder = await createClub(t.deps);
    const ic = await clubContext(t.deps, intruder);
    const theirs = { as: { token: intruder.token, club: intruder.clubToken } };
    const theirGroup = await createGroup(ic, { name: 'Intrusi', type: 'athlete' });
    const theirRole = await createRole(ic, 'athlete');
    const before = await registrySnapshot(t.deps);

    expect((await gql(t.app, ONE, { id: mine.id }, theirs.as)).body.data.group).toBeNull();
    const list = await gql(t.app, LIST, { search: 'segreto' }, theirs.as);
    expect(list.body.data.groups).toMatchObject({ totalCount: 0, edges: [] });
    const notFound = { code: 'NOT_FOUND', message: MSG.notFound };
    expect((await gql(t.app, SAVE, { input: { id: mine.id, name: 'Preso', type: 'athlete' } }, theirs.as)).body.data!.saveGroup).toEqual({ __typename: 'NotFoundError', ...notFound });
    expect((await gql(t.app, ARCHIVE, { id: mine.id }, theirs.as)).body.data!.archiveGroup).toEqual({ __typename: 'NotFoundError', ...notFound });
    for (const [query, field] of [[ASSIGN, 'assignToGroup'], [UNASSIGN, 'unassignFromGroup']] as const) {
      for (const vars of [
        { groupId: mine.id, roleId: myRole },
        { groupId: mine.id, roleId: theirRole }, // their role into my group
        { groupId: theirGroup.id, roleId: myRole }, // my role into their group
      ]) {
        expect((await gql(t.app, query, vars, theirs.as)).body.data![field]).toEqual({ __typename: 'NotFoundError', ...notFound });
      }
    }
    // nor can I put my role into their group, or theirs into mine
    expect((await gql(t.app, ASSIGN, { groupId: theirGroup.id, roleId: myRole }, creds)).body.data!.assignToGroup.__typename).toBe('NotFoundError');
    expect((await gql(t.app, ASSIGN, { groupId: mine.id, roleId: theirRole }, creds)).body.data!.assignToGroup.__typename).toBe('NotFoundError');
    expect(await registrySnapshot(t.deps)).toEqual(before);
  });
});
