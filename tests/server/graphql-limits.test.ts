// GraphQL query limits (server/graphql/limits.ts): every document the admin client sends passes them with room to
// spare; the audit's abusive queries are refused with Italian 400s over a real socket while /healthz keeps
// answering; introspection needs a session; no error suggests names.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildClientSchema,
  getIntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  print,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as generated from '../../client/src/gql/graphql';
import { MSG } from '../../schema/messages';
import { CONNECTION_MAX_SIZE, QUERY_LIMITS, useQueryLimits, type QueryMeasure } from '../../server/graphql/limits';
import { schema } from '../../server/graphql/schema';
import { createClub, type TestClub } from '../support/factories';
import { clubContext, createPerson } from '../support/people-factories';
import { startTestApp, type TestApp } from '../support/test-app';

// --- every document of the client ------------------------------------------------------------------------------

/** The operations codegen generated from client/src (fragments come inside them), and the e2e tests' own. */
function clientDocuments(): Array<{ name: string; source: string; operation: OperationDefinitionNode }> {
  const docs = Object.entries(generated)
    .filter(([name, value]) => name.endsWith('Document') && typeof value === 'object' && (value as DocumentNode).kind === Kind.DOCUMENT)
    .map(([name, value]) => ({ name, source: print(value as DocumentNode) }));
  const e2eDir = path.resolve(import.meta.dirname, '../e2e');
  for (const file of readdirSync(e2eDir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(e2eDir, file), 'utf8');
    for (const [i, match] of [...text.matchAll(/gql\(\w+,\s*`([^`]+)`/g)].entries()) docs.push({ name: `e2e/${file}#${i + 1}`, source: match[1] });
  }
  // Each text once: Yoga caches a document's parse and validation, so a second copy (two e2e files creating groups the
  // same way) would only meet the cost rule, and look unmeasured.
  const seen = new Set<string>();
  return docs
    .filter((doc) => !seen.has(doc.source) && Boolean(seen.add(doc.source)))
    .map((doc) => ({
      ...doc,
      operation: parse(doc.source).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!,
    }));
}

/** A value for each variable: the largest page for first/last (the costliest request), else any valid value. */
function worstCaseVariables(operation: OperationDefinitionNode): Record<string, unknown> {
  const sample = (type: GraphQLInputType, name: string): unknown => {
    if (isNonNullType(type)) return sample(type.ofType, name);
    // A list of files (`[Upload!]`) is valid empty: its files would travel in a multipart request, not as JSON.
    if (isListType(type)) return isNonNullType(type.ofType) && (type.ofType.ofType as { name?: string }).name === 'Upload' ? [] : [sample(type.ofType, name)];
    // (a variable names an enum value by its GraphQL name, which may differ from its internal value)
    if (isEnumType(type)) return type.getValues()[0].name;
    if (isInputObjectType(type)) {
      const required = Object.values(type.getFields()).filter((f) => isNonNullType(f.type));
      return Object.fromEntries(required.map((f) => [f.name, sample(f.type, f.name)]));
    }
    if (type.name === 'Upload') return null;
    if (type.name === 'Int') return name === 'first' || name === 'last' ? CONNECTION_MAX_SIZE : 1;
    if (type.name === 'Boolean') return true;
    if (type.name === 'ID') return '00000000-0000-4000-8000-000000000000';
    return 'x';
  };
  return Object.fromEntries(
    (operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, sample(typeFromAST(schema, v.type as never) as GraphQLInputType, v.variable.name.value)]),
  );
}

const stopBeforeResolvers: Plugin = { onExecute: ({ setExecuteFn }) => setExecuteFn(() => ({ data: null })) };

describe('the admin client within the limits', () => {
  // The same plugins as the server, on a Yoga that stops before running resolvers: only the limits answer.
  let measure: QueryMeasure = {};
  const checker = createYoga({
    schema,
    logging: false,
    maskedErrors: false,
    plugins: [
      ...useQueryLimits({ signedIn: () => false, onMeasure: (m) => Object.assign(measure, m) }),
      stopBeforeResolvers,
    ],
  });

  it('every client and e2e document passes, measured with the largest page sizes', async () => {
    const docs = clientDocuments();
    expect(docs.length).toBeGreaterThan(30);
    const worst: Required<QueryMeasure> = { tokens: 0, depth: 0, aliases: 0, directives: 0, cost: 0 };
    const worstName: Record<string, string> = {};
    for (const doc of docs) {
      measure = {};
      const res = await checker.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: doc.source, variables: worstCaseVariables(doc.operation) }),
      });
      const body = await res.json();
      expect({ doc: doc.name, status: res.status, errors: body.errors }).toEqual({ doc: doc.name, status: 200, errors: undefined });
      // Every check ran (a document the cost rule could not measure would pass unseen).
      expect(Object.keys(measure).sort(), doc.name).toEqual(['aliases', 'cost', 'depth', 'directives', 'tokens']);
      for (const key of Object.keys(worst) as Array<keyof QueryMeasure>) {
        if (measure[key]! > worst[key]) [worst[key], worstName[key]] = [measure[key]!, doc.name];
      }
    }
    console.info(`client documents: ${docs.length}; largest ${JSON.stringify(worst)} in ${JSON.stringify(worstName)}; limits ${JSON.stringify(QUERY_LIMITS)}`);
    // Room to grow: the client's largest document is at most half of the size and cost limits.
    for (const key of ['tokens', 'cost'] as const) expect(worst[key], key).toBeLessThanOrEqual(QUERY_LIMITS[key] / 2);
  });
});

// --- abusive requests over a real socket ----------------------------------------------------------------------

let t: TestApp;
let club: TestClub;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  // People holding several roles, so role.person.roles really multiplies.
  const ctx = await clubContext(t.deps, club);
  for (let i = 0; i < 4; i++) {
    const first = await createPerson(ctx, 'athlete');
    for (const kind of ['coach', 'member'] as const) await createPerson(ctx, kind, { profile: { taxIdCode: first.taxIdCode } });
  }
});
afterAll(() => t?.close());

type Body = { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

async function post(query: string, signedIn = true, variables?: Record<string, unknown>) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signedIn) Object.assign(headers, { authorization: `Bearer ${club.token}`, 'x-club': club.clubToken });
  const res = await fetch(`${base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: (await res.json()) as Body };
}

/** person { roles { ... } } nested `levels` times under a role of the list. */
function roleCycle(levels: number, first = 100) {
  let inner = 'id';
  for (let i = 0; i < levels; i++) inner = `person { roles { ${inner} } }`;
  return `{ people(kind: athlete, first: ${first}) { edges { node { ${inner} } } } }`;
}
const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
const PEOPLE_PAGE = 'people(kind: athlete, first: 100) { edges { node { id person { firstname lastname roles { id groups { name } } } } } }';

const ABUSIVE: Array<{ name: string; query: string; code: string; signedIn?: boolean }> = [
  { name: "the audit's 8-level role.person.roles cycle", query: roleCycle(8), code: 'QUERY_TOO_DEEP' },
  { name: 'the cycle 4 levels deep (within the depth limit)', query: roleCycle(4), code: 'QUERY_TOO_COMPLEX' },
  { name: '1,000 aliases of the people list', query: aliases(1000, PEOPLE_PAGE), code: 'QUERY_TOO_LONG' },
  { name: '50,000 aliases', query: aliases(50_000, '__typename'), code: 'QUERY_TOO_LONG', signedIn: false },
  { name: '90,000 tokens', query: `{ ${'__typename '.repeat(90_000)}}`, code: 'QUERY_TOO_LONG', signedIn: false },
  { name: '16 aliases', query: aliases(QUERY_LIMITS.aliases + 1, 'people(kind: athlete) { totalCount }'), code: 'QUERY_TOO_MANY_ALIASES' },
  { name: '5 full pages of 100 people with their roles and groups', query: aliases(5, PEOPLE_PAGE), code: 'QUERY_TOO_COMPLEX' },
  { name: '21 directives', query: `{ ${Array.from({ length: 21 }, () => 'me @include(if: true) { id }').join(' ')} }`, code: 'QUERY_TOO_MANY_DIRECTIVES' },
];

describe('abusive queries', () => {
  it.each(ABUSIVE)('$name: refused with an Italian 400 ($code)', async ({ query, code, signedIn }) => {
    expect(Buffer.byteLength(JSON.stringify({ query }))).toBeLessThan(1024 * 1024); // under JSON_BODY_LIMIT: the limits answer, not the body size
    const res = await post(query, signedIn ?? true);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors![0].extensions?.code).toBe(code);
    expect(res.body.errors![0].message).toMatch(/^Richiesta /);
  });

  it('a refusal names the limit and, for the cost, the cost asked', async () => {
    const res = await post(roleCycle(4));
    expect(res.body.errors![0].message).toBe(MSG.queryTooComplex(res.body.errors![0].extensions!.cost as number, QUERY_LIMITS.cost));
    expect(res.body.errors![0].extensions!.cost).toBeGreaterThan(QUERY_LIMITS.cost);
    expect((await post(roleCycle(8))).body.errors![0].message).toBe(MSG.queryTooDeep(QUERY_LIMITS.depth));
  });

  it('the cost follows the page asked for: the same cycle on a page of 1 is answered', async () => {
    const res = await post(roleCycle(3, 1));
    expect(res.status).toBe(200);
    expect(res.body.data.people.edges[0].node.person.roles).toHaveLength(3);
    const viaVariable = await post(
      'query($n: Int) { people(kind: athlete, first: $n) { edges { node { person { roles { person { roles { person { roles { id } } } } } } } } } }',
      true,
      { n: 100 },
    );
    expect(viaVariable.body.errors?.[0].extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('while all of them arrive at once, /healthz keeps answering', async () => {
    const latencies: number[] = [];
    let pending = true;
    const started = performance.now();
    const attacks = Promise.all(ABUSIVE.flatMap((a) => [post(a.query, a.signedIn ?? true), post(a.query, a.signedIn ?? true)])).finally(() => {
      pending = false;
    });
    do {
      const t0 = performance.now();
      const res = await fetch(`${base}/healthz`);
      latencies.push(performance.now() - t0);
      expect(res.status).toBe(200);
    } while (pending);
    const answers = await attacks;
    const elapsed = performance.now() - started;
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const worst = Math.max(...latencies);
    console.info(`${answers.length} abusive requests refused in ${elapsed.toFixed(0)} ms; /healthz answered ${latencies.length} times, slowest ${worst.toFixed(0)} ms`);
    // A sanity bound only (machines here are shared); speed targets belong in bench/.
    expect(worst).toBeLessThan(1000);
  });
});

// --- introspection and suggestions ------------------------------------------------------------------------------

describe('introspection', () => {
  it('is refused without a session, __schema and __type alike', async () => {
    for (const query of ['{ __schema { types { name } } }', '{ __type(name: "Query") { fields { name } } }', getIntrospectionQuery()]) {
      const res = await post(query, false);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ message: MSG.introspectionSignedInOnly, extensions: { code: 'INTROSPECTION_DISABLED' } }]);
    }
  });

  it('__typename stays available to everyone (clients ask it with every object)', async () => {
    expect((await post('{ __typename }', false)).body).toEqual({ data: { __typename: 'Query' } });
  });

  it("a signed-in session gets the full schema, as any GraphQL client's introspection asks it", async () => {
    const res = await post(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, inputValueDeprecation: true }), true);
    expect(res.status).toBe(200);
    const client = buildClientSchema(res.body.data);
    expect(Object.keys(client.getQueryType()!.getFields())).toContain('people');
  });
});

describe('field suggestions', () => {
  it.each([
    ['an unknown field', '{ mee { id } }', 'Cannot query field "mee" on type "Query".'],
    ['an unknown argument', '{ people(kind: athlete, frist: 2) { totalCount } }', 'Unknown argument "frist" on field "Query.people".'],
    ['an unknown enum value', '{ people(kind: athlet) { totalCount } }', 'Value "athlet" does not exist in "PersonKind" enum.'],
  ])('%s: no "Did you mean", signed in or not', async (_name, query, message) => {
    for (const signedIn of [false, true]) {
      const res = await post(query, signedIn);
      expect(res.body.errors?.[0].message).toBe(message);
    }
  });

  it('nor in a variable of the wrong value', async () => {
    const res = await post('query($k: PersonKind!) { people(kind: $k) { totalCount } }', true, { k: 'athlet' });
    expect(res.body.errors?.[0].message).toBe('Variable "$k" got invalid value "athlet"; Value "athlet" does not exist in "PersonKind" enum.');
  });
});
