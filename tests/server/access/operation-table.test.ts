// The operation table is enforced, not only documented (issue 34 point 1): GraphQL applies it in one plugin over
// the root fields (server/graphql/access-plugin.ts) and the REST router reads it (server/compat/router.ts tableRoutes).
// A root field or a route without an entry stops the schema, and so the app, from being built; a rule naming no
// field does too. Shown here on a throwaway builder and route list, so the app's own schema is not touched; then
// a rule's own-membership exception (removeCollaborator: leaving needs no permission) on the real app.
import SchemaBuilder from '@pothos/core';
import { graphql } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { OperationRule } from '../../../server/access/operation-rules';
import type { RequestContext } from '../../../server/context';
import OperationAccessPlugin from '../../../server/graphql/access-plugin';
import { tableRoutes } from '../../../server/compat/router';
import { ok } from '../../../server/compat/envelope';
import { addCollaborator, createClub } from '../../support/factories';
import { gql } from '../../support/http';
import { as } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';

function throwawayBuilder(rules: Record<string, OperationRule>) {
  // Only this plugin: the options' type also asks for the app's other plugins' (prisma), loaded by the imports.
  const builder = new SchemaBuilder<{ Context: RequestContext }>({ plugins: [OperationAccessPlugin], operationRules: rules } as never);
  const calls: string[] = [];
  builder.queryType({
    fields: (t) => ({
      open: t.string({ resolve: () => (calls.push('open'), 'aperto') }),
      records: t.string({ resolve: () => (calls.push('records'), 'dati') }),
    }),
  });
  return { builder, calls };
}

const RULES: Record<string, OperationRule> = {
  'Query.open': { who: 'anyone' },
  'Query.records': { who: 'member', permission: 'groups.read' },
};

describe('a GraphQL operation without a table entry', () => {
  it('fails the build: toSchema() throws, naming the field and the table', () => {
    const { builder } = throwawayBuilder({ 'Query.open': { who: 'anyone' } });
    expect(() => builder.toSchema()).toThrow(/Query\.records has no entry in the operation table \(server\/access\/operation-rules\.ts/);
  });

  it('and a rule for a field the schema does not have fails it too', () => {
    const { builder } = throwawayBuilder({ ...RULES, 'Mutation.gone': { who: 'account' } });
    expect(() => builder.toSchema()).toThrow(/names fields the schema does not have: Mutation\.gone/);
  });

  it('with every entry the schema builds, and the rule runs before the resolver', async () => {
    const { builder, calls } = throwawayBuilder(RULES);
    const schema = builder.toSchema();
    const anonymous = { viewer: null } as unknown as RequestContext;
    const answer = await graphql({ schema, source: '{ open records }', contextValue: anonymous });
    expect(answer.data).toEqual({ open: 'aperto', records: null });
    expect(answer.errors?.map((e) => e.message)).toEqual([MSG.notAuthenticated]);
    expect(calls).toEqual(['open']);

    const reader = { viewer: { accountId: 'a', sessionId: 's', membership: { id: 'm', clubId: 'c', role: 'lettura', token: 't' } } } as unknown as RequestContext;
    const allowed = await graphql({ schema, source: '{ records }', contextValue: reader });
    expect(allowed).toEqual({ data: { records: 'dati' } });

    const noClub = { viewer: { accountId: 'a', sessionId: 's', membership: null } } as unknown as RequestContext;
    expect((await graphql({ schema, source: '{ records }', contextValue: noClub })).errors?.[0].message).toBe(MSG.clubHeaderMissing);
  });
});

describe('a legacy REST route without a table entry', () => {
  const route = { path: '/nuova/rotta', handler: async () => ok({}) };

  it('fails the route table (and so the app) at start', () => {
    expect(() => tableRoutes([route], {})).toThrow(/\/api\/nuova\/rotta has no entry in the operation table/);
  });

  it("takes its rule, and the credentials it needs, from the table", () => {
    expect(tableRoutes([route], { '/nuova/rotta': { who: 'anyone' } })[0]).toMatchObject({ rule: { who: 'anyone' }, access: 'public' });
    expect(tableRoutes([route], { '/nuova/rotta': { who: 'member', permission: 'feed.read' } })[0].access).toBe('club');
    expect(tableRoutes([route], { '/nuova/rotta': { who: 'account' } })[0].access).toBe('session');
  });
});

describe("a rule's own-membership exception, applied by the plugin on the real schema", () => {
  const REMOVE = `mutation($id: ID!) { removeCollaborator(id: $id) { __typename ... on BaseError { message } } }`;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('removeCollaborator: a lettura may remove only their own membership (leave), not another one', async () => {
    const owner = await createClub(t.deps);
    const reader = await addCollaborator(t.deps, owner, 'lettura');
    const secretary = await addCollaborator(t.deps, owner, 'segreteria');
    const membershipOf = async (who: { accountId: string }) =>
      (await t.deps.systemDb.membership.findFirstOrThrow({ where: { accountId: who.accountId, clubId: owner.clubId } })).id;

    const other = await gql(t.app, REMOVE, { id: await membershipOf(secretary) }, as(reader));
    expect(other.body.data.removeCollaborator).toEqual({ __typename: 'ForbiddenError', message: MSG.permissionDenied });

    const own = await gql(t.app, REMOVE, { id: await membershipOf(reader) }, as(reader));
    expect(own.body.data.removeCollaborator.__typename).toBe('MutationRemoveCollaboratorSuccess');
    expect(await t.deps.systemDb.membership.count({ where: { accountId: reader.accountId, clubId: owner.clubId } })).toBe(0);
  });
});
