// The sweep (issue 11 point 8): every GraphQL root field of the printed schema and every legacy REST route of the
// route table is called as each role, anonymously and without a club, and the answers are compared with the
// documented rules (server/access/operation-rules.ts, printed in docs/permissions.md). Then a member of another club
// calls every operation that takes an id with the ids of this club's records: nothing of this club may show in an
// answer, no such call may succeed, and this club's rows must be byte-for-byte the same afterwards.
// A new operation without a rule, or a service that forgets its gate, fails here.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_KINDS, type PersonKindKey } from '../../../schema/constants';
import { MSG } from '../../../schema/messages';
import { FAMILY_MSG } from '../../../schema/messages-family';
import { can } from '../../../server/access/authorize';
import { GRAPHQL_RULES, operationRulesMarkdown, resolvePermission, REST_RULES, type OperationRule } from '../../../server/access/operation-rules';
import { LEGACY_ROUTES } from '../../../server/compat/routes';
import { storeFile } from '../../../server/modules/files/files.service';
import { gql, rest, type Credentials } from '../../support/http';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { as, clubWithEveryRole, freshCredentials, TEST_ACTORS, type ClubWithRoles, type TestActor } from '../../support/roles';
import { startTestApp, type TestApp } from '../../support/test-app';
import { pdf } from '../files/fixtures';
import { ORGANISATION_SCOPES } from '../../../schema/organisation-scopes';
import { ORGANISATION_REFUSAL } from '../../../schema/organisation-refusals';
import { createClub } from '../../support/factories';
import { affiliate, keyOf, organisationOf } from '../../support/organisation-factories';
import { randomToken } from '../../../server/lib/tokens';

const schema = buildSchema(readFileSync(path.resolve(import.meta.dirname, '../../../schema/schema.graphql'), 'utf8'));
const ROOT_FIELDS = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
  Object.values(type.getFields()).map((field) => ({ key: `${type.name}.${field.name}`, operation: type.name === 'Query' ? 'query' : 'mutation', field })),
);
type RootField = (typeof ROOT_FIELDS)[number];
const ROUTES = LEGACY_ROUTES;

/** Refusals by the gate (no session, no club, role, operators): any other answer means the call got past it. */
const GATE_REFUSALS = new Set<string>([
  MSG.notAuthenticated,
  MSG.clubHeaderMissing,
  MSG.clubForbidden,
  MSG.permissionDenied,
  MSG.operatorsOnly,
  MSG.apiKeyRequired,
  FAMILY_MSG.familyNoAccess,
  FAMILY_MSG.familyGuardianOnly,
  ...Object.values(ORGANISATION_REFUSAL),
]);

// ---- calls generated from the schema ----

/** A value of `type` that parses (an unknown uuid for ids, the first value of an enum, only required input fields). */
function sample(type: GraphQLInputType, idValue: () => string): unknown {
  if (isNonNullType(type)) return sample(type.ofType, idValue);
  if (isListType(type)) return [sample(type.ofType, idValue)];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type) || getNamedType(f.type).name === 'ID')
        .map((f) => [f.name, sample(f.type, idValue)]),
    );
  }
  switch (type.name) {
    case 'ID':
      return idValue();
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'DateTime':
      return new Date().toISOString();
    case 'Upload':
      return null;
    default:
      return 'x';
  }
}

/** A selection of `type` to `depth` levels: scalars, nested objects, connections' nodes, union members. */
function selection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (isUnionType(named)) {
    return `{ __typename ${named.getTypes().map((member) => `... on ${member.name} ${selection(member, depth)}`).join(' ')} }`;
  }
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const fields = Object.values(named.getFields())
    .filter((f) => !f.args.some((a) => isNonNullType(a.type)))
    .flatMap((f) => {
      const inner = getNamedType(f.type);
      if (isScalarType(inner) || isEnumType(inner)) return [f.name];
      if (depth <= 1) return [];
      return [`${f.name} ${selection(f.type, depth - 1)}`];
    });
  return `{ __typename ${fields.join(' ')} }`;
}

function document({ operation, field }: RootField, depth: number) {
  const variables = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${operation}${variables ? `(${variables})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selection(field.type, depth)} }`;
}

function variables(field: GraphQLField<unknown, unknown>, idValue: () => string, kind?: PersonKindKey) {
  const values: Record<string, unknown> = {};
  for (const arg of field.args) {
    // Required arguments, and every id: the calls must name records.
    if (isNonNullType(arg.type) || getNamedType(arg.type).name === 'ID') values[arg.name] = sample(arg.type, idValue);
  }
  if (kind) {
    if ('kind' in values) values.kind = kind;
    if (values.input && typeof values.input === 'object' && 'kind' in values.input) (values.input as Record<string, unknown>).kind = kind;
  }
  return values;
}

const takesKind = (rule: OperationRule) => rule.who === 'member' && rule.permission?.includes('{kind}');

// ---- what the answer means ----

type Outcome = 'refused' | 'passed';

function graphqlOutcome(body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> }, name: string): Outcome {
  const error = body.errors?.[0];
  if (error) return GATE_REFUSALS.has(error.message) ? 'refused' : 'passed';
  const value = body.data?.[name] as { __typename?: string; message?: string } | null | undefined;
  return value?.message && GATE_REFUSALS.has(value.message) && /^(Forbidden|Unauthenticated)Error$/.test(value.__typename ?? '') ? 'refused' : 'passed';
}

const restOutcome = (answer: { statusCode: number; body: { message: string } }): Outcome =>
  (answer.statusCode === 401 || answer.statusCode === 403) && GATE_REFUSALS.has(answer.body.message) ? 'refused' : 'passed';

/** What the rule says `actor` gets. */
function expected(rule: OperationRule, actor: TestActor, kind?: PersonKindKey): Outcome {
  switch (rule.who) {
    case 'anyone':
      return 'passed';
    case 'account':
      return actor === 'anonymous' ? 'refused' : 'passed';
    case 'family':
      // Only the parent's account reaches people of a family (its relations hold every family permission but the
      // minor's own): the staff's accounts are linked to no person.
      return actor === 'family' ? 'passed' : 'refused';
    case 'operator':
      return 'refused'; // nobody in the fixture is an operator (leads tests cover operators)
    case 'apiKey':
      return 'refused'; // no session is a key (the key's own sweep is below)
    case 'staff':
      // Nobody in the fixture is staff of an organisation (the portal's tests cover staff): an organisation named by
      // its id refuses every account; a record named by an unknown id answers NotFound to every account alike.
      if (actor === 'anonymous') return 'refused';
      return rule.of === 'organisationId' ? 'refused' : 'passed';
    case 'member': {
      if (actor === 'anonymous' || actor === 'noClub' || actor === 'family') return 'refused';
      if (!rule.permission) return 'passed';
      const member = { kind: 'member' as const, accountId: '', sessionId: '', clubId: '', membershipId: '', role: actor };
      const needed = resolvePermission(rule.permission, kind);
      const holds = 'permission' in needed ? can(member, needed.permission) : PERSON_KINDS.some((k) => can(member, `people.${k}.${needed.anyKind}`));
      return holds ? 'passed' : 'refused';
    }
  }
}

let t: TestApp;
let club: ClubWithRoles;

/** A legacy route as its clients call it: POST with a JSON body, or GET (the body's fields then go unused). */
async function callRoute(routePath: string, body: Record<string, unknown>, creds: Credentials) {
  if ((ROUTES.find((r) => r.path === routePath)?.method ?? 'POST') === 'POST') return rest(t.app, routePath, body, creds);
  const headers = { ...(creds.token ? { authorization: `Bearer ${creds.token}` } : {}), ...(creds.club ? { 'x-club': creds.club } : {}) };
  const res = await t.app.inject({ method: 'GET', url: `/api${routePath}`, headers });
  return { statusCode: res.statusCode, body: res.json<{ message: string }>() };
}

beforeAll(async () => {
  t = await startTestApp();
  club = await clubWithEveryRole(t.deps, 'ASD Sweep');
});
afterAll(() => t.close());

describe('every operation has a documented rule', () => {
  it('each GraphQL root field of the printed schema', () => {
    expect(ROOT_FIELDS.map((f) => f.key).filter((key) => !GRAPHQL_RULES[key])).toEqual([]);
    expect(Object.keys(GRAPHQL_RULES).filter((key) => !ROOT_FIELDS.some((f) => f.key === key))).toEqual([]);
  });

  it('each legacy REST route of the route table', () => {
    expect(ROUTES.map((r) => r.path).filter((p) => !REST_RULES[p])).toEqual([]);
    expect(Object.keys(REST_RULES).filter((p) => !ROUTES.some((r) => r.path === p))).toEqual([]);
  });

  it("docs/permissions.md's table of operations is the rules', word for word", () => {
    expect(readFileSync(path.resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8')).toContain(operationRulesMarkdown());
  });
});

describe('each role gets what the rules say', () => {
  /** One call per actor and kind, fresh credentials each (a call may end a session or rotate a token). */
  /** `call` answers the outcome and, for a mismatch's report, what the server said. */
  async function sweep(
    rule: OperationRule,
    kinds: readonly (PersonKindKey | undefined)[],
    call: (creds: Credentials, kind?: PersonKindKey) => Promise<[Outcome, string]>,
  ) {
    const mismatches: string[] = [];
    for (const kind of kinds) {
      for (const actor of TEST_ACTORS) {
        const [got, answer] = await call(await freshCredentials(t.deps, club, actor), kind);
        const want = expected(rule, actor, kind);
        if (got !== want) mismatches.push(`${actor}${kind ? ` (${kind})` : ''}: ${got}, rule says ${want} (answer: ${answer.slice(0, 300)})`);
      }
    }
    return mismatches;
  }

  it.each(ROOT_FIELDS.filter((f) => GRAPHQL_RULES[f.key]).map((f) => [f.key, f] as const))('GraphQL %s', async (_key, root) => {
    const rule = GRAPHQL_RULES[root.key];
    const query = document(root, 1);
    const mismatches = await sweep(rule, takesKind(rule) ? PERSON_KINDS : [undefined], async (creds, kind) => {
      const answer = await gql(t.app, query, variables(root.field, randomUUID, kind), creds);
      expect(answer.statusCode, JSON.stringify(answer.body)).toBeLessThan(500);
      return [graphqlOutcome(answer.body, root.field.name), JSON.stringify(answer.body)];
    });
    expect(mismatches).toEqual([]);
  });

  it.each(ROUTES.filter((r) => REST_RULES[r.path]).map((r) => [`${r.method ?? 'POST'} /api${r.path}`, r.path] as const))('REST %s', async (_name, routePath) => {
    const rule = REST_RULES[routePath];
    // A people route's kind is its resource; /archive/load takes it from the body's `type`.
    const resource = routePath.split('/')[1] as PersonKindKey;
    const kinds = !takesKind(rule) ? [undefined] : routePath === '/archive/load' ? PERSON_KINDS : [resource];
    const mismatches = await sweep(rule, kinds, async (creds, kind) => {
      const answer = await callRoute(routePath, { id: randomUUID(), type: kind }, creds);
      expect(answer.statusCode, JSON.stringify(answer.body)).toBeLessThan(500);
      return [restOutcome(answer), `${answer.statusCode} ${JSON.stringify(answer.body)}`];
    });
    expect(mismatches).toEqual([]);
  });
});

describe("an organisation's API key", () => {
  it('may call only the organisation fields: every mutation and every other query is refused before it runs', async () => {
    const admin = await createClub(t.deps);
    const organisation = await organisationOf(t.deps, admin, 'Federazione Sweep');
    await affiliate(t.deps, organisation.id, club.clubId, [...ORGANISATION_SCOPES]);
    const { creds } = await keyOf(t.deps, admin, organisation.id, [...ORGANISATION_SCOPES]);
    const mismatches: string[] = [];
    for (const root of ROOT_FIELDS) {
      const answer = await gql(t.app, document(root, 1), variables(root.field, randomUUID), creds);
      const message = answer.body.errors?.[0]?.message;
      const want = GRAPHQL_RULES[root.key].who === 'apiKey' ? 'passed' : root.operation === 'mutation' ? MSG.apiKeyReadOnly : MSG.apiKeyClubOnly;
      const got = message === MSG.apiKeyReadOnly || message === MSG.apiKeyClubOnly ? message : 'passed';
      if (answer.statusCode >= 500) mismatches.push(`${root.key}: ${answer.statusCode}`);
      if (got !== want) mismatches.push(`${root.key}: ${got}, rule says ${want}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("of an organisation the club is not affiliated to sees nothing of the club's", async () => {
    const admin = await createClub(t.deps);
    const organisation = await organisationOf(t.deps, admin, 'Lega Estranea');
    const { creds } = await keyOf(t.deps, admin, organisation.id, [...ORGANISATION_SCOPES]);
    const owner = await clubContext(t.deps, club.members.owner);
    const person = await createPerson(owner, 'athlete', { profile: { firstname: 'Nascosta', lastname: 'Allaffiliazione' } });
    for (const root of ROOT_FIELDS.filter((f) => GRAPHQL_RULES[f.key].who === 'apiKey')) {
      const vars = { ...variables(root.field, () => club.clubId), ...('taxCode' in variables(root.field, randomUUID) ? { taxCode: person.taxIdCode } : {}), ...(root.field.args.some((a) => a.name === 'first') ? { first: 100 } : {}) };
      const answer = await gql(t.app, document(root, 3), vars, creds);
      expect(answer.statusCode).toBeLessThan(500);
      const text = JSON.stringify(answer.body);
      for (const secret of ['Nascosta', person.roleId, person.personId, person.taxIdCode]) expect(text, root.key).not.toContain(secret);
    }
  });
});

describe("another club's member never reaches this club's records", () => {
  const SECRET_NAMES = ['Segretissima', 'Gruppo Riservato', 'Avviso Riservato'];
  let ids: string[];

  /** Every row of this club (and its members' sessions), as one digest per table. */
  async function clubDigest() {
    const tables = await t.deps.systemDb.$queryRawUnsafe<Array<{ table_name: string }>>(
      `SELECT table_name FROM information_schema.columns WHERE column_name = 'club_id' AND table_schema = current_schema() ORDER BY table_name`,
    );
    const digest: Record<string, string> = {};
    for (const { table_name } of tables) {
      const [row] = await t.deps.systemDb.$queryRawUnsafe<Array<{ d: string | null }>>(
        `SELECT md5(string_agg(r::text, '|' ORDER BY r::text)) AS d FROM "${table_name}" r WHERE club_id = $1::uuid`,
        club.clubId,
      );
      digest[table_name] = row.d ?? '';
    }
    const accounts = Object.values(club.members).map((m) => m.accountId);
    const [sessions] = await t.deps.systemDb.$queryRawUnsafe<Array<{ d: string | null }>>(
      `SELECT md5(string_agg(s::text, '|' ORDER BY s::text)) AS d FROM sessions s WHERE account_id = ANY($1::uuid[])`,
      accounts,
    );
    digest.sessions = sessions.d ?? '';
    return digest;
  }

  beforeAll(async () => {
    const owner = club.members.owner;
    const ctx = await clubContext(t.deps, owner);
    const athlete = await createPerson(ctx, 'athlete', { profile: { firstname: 'Segretissima', lastname: 'Atleta' } });
    const group = await createGroupWith(t.deps, club.clubId, 'athlete', 'Gruppo Riservato', [athlete.roleId]);
    const post = await t.deps.systemDb.post.create({ data: { clubId: club.clubId, title: 'Avviso Riservato', caption: 'Solo per noi', priority: 1, searchText: 'avviso riservato' } });
    const file = await t.deps.systemDb.$transaction((tx) =>
      storeFile(tx, { clubId: club.clubId, purpose: 'medical-certificate' }, { filename: 'certificato.pdf', mimeType: 'application/pdf', content: pdf() }, 'file'),
    );
    const invitation = await t.deps.systemDb.collaboratorInvitation.create({
      data: { clubId: club.clubId, email: 'invitata@example.it', role: 'segreteria', tokenHash: randomToken(), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const notification = await t.deps.systemDb.notification.create({ data: { clubId: club.clubId, accountId: owner.accountId, title: 'Avviso Riservato', body: 'x' } });
    const admin = await t.deps.systemDb.membership.findFirstOrThrow({ where: { accountId: club.members.admin.accountId, clubId: club.clubId } });
    const session = await t.deps.systemDb.session.findFirstOrThrow({ where: { accountId: owner.accountId } });
    ids = [club.clubId, athlete.roleId, athlete.personId, group.id, post.id, file.id, invitation.id, notification.id, admin.id, session.id];
  });

  /** An ID argument, or an input object with one: the calls that name records. */
  const takesIds = ({ field }: RootField) =>
    field.args.some((arg) => {
      const named = getNamedType(arg.type);
      return named.name === 'ID' || (isInputObjectType(named) && Object.values(named.getFields()).some((f) => getNamedType(f.type).name === 'ID'));
    });

  it('on GraphQL: no answer shows them, no call with their ids succeeds, nothing of the club changes', async () => {
    const before = await clubDigest();
    const stranger = as(club.stranger);
    const failures: string[] = [];
    for (const root of ROOT_FIELDS.filter(takesIds)) {
      const query = document(root, 3);
      for (const id of ids) {
        const answer = await gql(t.app, query, variables(root.field, () => id), stranger);
        const text = JSON.stringify(answer.body);
        const value = answer.body.data?.[root.field.name] as { __typename?: string } | null | undefined;
        if (answer.statusCode >= 500) failures.push(`${root.key} ${id}: ${answer.statusCode}`);
        if (value?.__typename?.endsWith('Success')) failures.push(`${root.key} ${id}: ${value.__typename}`);
        // A record, or a list with any: an empty list (a search that found nothing) shows nothing. A page (a
        // connection's edges, an offset page's items) is judged by what it shows, below.
        // A refusal (an error of the field's union: NotFoundError, ValidationError...) shows nothing either.
        const refused = !!value?.__typename?.endsWith('Error');
        const found = Array.isArray(value) ? value.length > 0 : value && !refused && !('edges' in value) && !('items' in value);
        if (root.operation === 'query' && found) failures.push(`${root.key} ${id}: answered a record`);
        for (const secret of [...SECRET_NAMES, ...ids.filter((other) => other !== id)]) if (text.includes(secret)) failures.push(`${root.key} ${id}: shows ${secret}`);
        const limit = answer.body.errors?.find((e) => /QUERY_TOO|COST/.test(e.extensions?.code ?? ''));
        if (limit) failures.push(`${root.key}: the probe itself was refused by a limit (${limit.extensions?.code})`);
      }
    }
    expect(failures).toEqual([]);
    expect(await clubDigest()).toEqual(before);
    // One call per root field and id: 9 s alone (November 2026), over 30 s beside e2e files on 2 cores; it grows with the API.
  }, 120_000);

  it('on legacy REST: no answer shows them and nothing of the club changes', async () => {
    const before = await clubDigest();
    const stranger = as(club.stranger);
    const failures: string[] = [];
    for (const route of ROUTES.filter((r) => r.access === 'club')) {
      for (const id of ids) {
        const body = { id, group_id: id, group: id, role_id: id, athlete_id: id, type: 'athlete', firstname: 'X', lastname: 'Y' };
        const answer = await callRoute(route.path, body, stranger);
        const text = JSON.stringify(answer.body);
        if (answer.statusCode >= 500) failures.push(`${route.path} ${id}: ${answer.statusCode}`);
        for (const secret of [...SECRET_NAMES, ...ids.filter((other) => other !== id)]) if (text.includes(secret)) failures.push(`${route.path} ${id}: shows ${secret}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await clubDigest()).toEqual(before);
  });
});
