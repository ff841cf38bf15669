// A client may select nothing but __typename from a mutation's result (e.g. to learn success or failure):
// every prisma-backed result must still answer, not fail on an empty Prisma selection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/http';
import { createClubWithContext, createGroup, createPost, createRole } from '../support/registry-factories';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('mutations answered with only __typename selected', () => {
  it('archive, assign and unassign succeed and report their success type', async () => {
    const { club, ctx } = await createClubWithContext(t.deps);
    const creds = { token: club.token, club: club.clubToken };
    const group = await createGroup(ctx, { name: 'Under 10' });
    const roleId = await createRole(ctx, 'athlete');
    const otherRole = await createRole(ctx, 'athlete', { firstname: 'Luca' });
    const spareGroup = await createGroup(ctx, { name: 'Under 12' });
    const post = await createPost(ctx);

    const calls: Array<[string, string, Record<string, unknown>]> = [
      ['assignToGroup', 'mutation($g: ID!, $r: ID!) { assignToGroup(groupId: $g, roleId: $r) { __typename ... on MutationAssignToGroupSuccess { data { __typename } } } }', { g: group.id, r: roleId }],
      ['unassignFromGroup', 'mutation($g: ID!, $r: ID!) { unassignFromGroup(groupId: $g, roleId: $r) { __typename ... on MutationUnassignFromGroupSuccess { data { __typename } } } }', { g: group.id, r: roleId }],
      ['archivePerson', 'mutation($id: ID!) { archivePerson(id: $id) { __typename ... on MutationArchivePersonSuccess { data { __typename } } } }', { id: otherRole }],
      ['archiveGroup', 'mutation($id: ID!) { archiveGroup(id: $id) { __typename ... on MutationArchiveGroupSuccess { data { __typename } } } }', { id: spareGroup.id }],
      ['archivePost', 'mutation($id: ID!) { archivePost(id: $id) { __typename ... on MutationArchivePostSuccess { data { __typename } } } }', { id: post.id }],
      ['saveGroup', 'mutation { saveGroup(input: {name: "Staff gara", type: staff}) { __typename ... on MutationSaveGroupSuccess { data { group { __typename } } } } }', {}],
    ];
    for (const [field, query, variables] of calls) {
      const res = await gql(t.app, query, variables, creds);
      expect(res.body.errors, field).toBeUndefined();
      expect(res.body.data?.[field].__typename, field).toMatch(/Success$/);
    }
  });

  it('also when `data` is not selected at all (found by the GraphQL fuzz)', async () => {
    const { club, ctx } = await createClubWithContext(t.deps);
    const creds = { token: club.token, club: club.clubToken };
    const group = await createGroup(ctx, { name: 'Under 14' });
    const roleId = await createRole(ctx, 'athlete');
    const post = await createPost(ctx);
    const calls: Array<[string, string, Record<string, unknown>]> = [
      ['assignToGroup', 'mutation($g: ID!, $r: ID!) { assignToGroup(groupId: $g, roleId: $r) { __typename } }', { g: group.id, r: roleId }],
      ['unassignFromGroup', 'mutation($g: ID!, $r: ID!) { unassignFromGroup(groupId: $g, roleId: $r) { __typename } }', { g: group.id, r: roleId }],
      ['archivePerson', 'mutation($id: ID!) { archivePerson(id: $id) { __typename } }', { id: roleId }],
      ['archiveGroup', 'mutation($id: ID!) { archiveGroup(id: $id) { __typename } }', { id: group.id }],
      ['archivePost', 'mutation($id: ID!) { archivePost(id: $id) { __typename } }', { id: post.id }],
    ];
    for (const [field, query, variables] of calls) {
      const res = await gql(t.app, query, variables, creds);
      expect(res.body.errors, field).toBeUndefined();
      expect(res.body.data?.[field].__typename, field).toMatch(/Success$/);
    }
  });
});
