// Property: every mutation and every query with arguments of the executable schema, called by a signed-in club
// admin with variables that start valid and have one to three input fields (anywhere in the input tree) replaced by
// values of the field's GraphQL type chosen to hurt (NUL, lone surrogates, huge strings, int4 edges) or, now and
// then, by values of the wrong type: never a 5xx, never the generic failure, and a refusal (a GraphQL error or a
// mutation's error result) leaves every table unchanged.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ROLES, MEMBER_BRACKETS } from '../../../schema/constants';
import { schema } from '../../../server/graphql/schema';
import { PASSWORD } from '../../support/factories';
import { nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  adversarialJson,
  adversarialNumber,
  adversarialString,
  changedTables,
  createFuzzClub,
  expectNoUnexpected,
  FUZZ_SEED,
  accessLogMark,
  loggedSince,
  READ_LOG_ACTIONS,
  REFUSAL_LOG_ACTIONS,
  fuzzRuns,
  FuzzTally,
  tableFingerprints,
  type FuzzClub,
} from './fuzz-support';

let t: TestApp;
let f: FuzzClub;
const tally = new FuzzTally();

beforeAll(async () => {
  t = await startTestApp({ rateLimitFactor: 10_000 });
  f = await createFuzzClub(t);
});
afterAll(async () => {
  console.info(tally.summary('GraphQL', t.databaseKind));
  await t.close();
});

// --- values of a GraphQL input type ------------------------------------------------------------------------------

const INT4 = fc.oneof(fc.integer({ min: -2147483648, max: 2147483647 }), fc.constantFrom(0, -1, 2147483647, -2147483648));

/** A value of `type`, mostly well-typed (so it passes coercion and reaches the resolver), sometimes not. */
function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, depth);
  if (isListType(type)) return fc.array(valueOf(type.ofType, depth + 1), { maxLength: 3 });
  const wrongType = { weight: 1, arbitrary: adversarialJson };
  if (isInputObjectType(type)) {
    if (depth > 3) return fc.constant({});
    const fields = Object.values(type.getFields());
    return fc.record(Object.fromEntries(fields.map((field) => [field.name, valueOf(field.type, depth + 1)])), {
      requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
    });
  }
  if (isEnumType(type)) return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) }, wrongType);
  switch (type.name) {
    case 'Int':
      return fc.oneof({ weight: 4, arbitrary: INT4 }, { weight: 1, arbitrary: adversarialNumber }, wrongType);
    case 'Float':
      return fc.oneof({ weight: 4, arbitrary: adversarialNumber }, wrongType);
    case 'Boolean':
      return fc.oneof({ weight: 5, arbitrary: fc.boolean() }, wrongType);
    default: // String, ID, DateTime, Upload and any other scalar
      return fc.oneof({ weight: 6, arbitrary: adversarialString }, wrongType);
  }
}

/** Every place a value can go in the operation's variables: each argument and each input field, nested. */
function inputPaths(args: readonly GraphQLArgument[]): Array<{ path: string[]; type: GraphQLInputType }> {
  const out: Array<{ path: string[]; type: GraphQLInputType }> = [];
  const walk = (path: string[], type: GraphQLInputType, depth: number) => {
    out.push({ path, type });
    const named = getNamedType(type);
    if (isInputObjectType(named) && !isListType(isNonNullType(type) ? type.ofType : type) && depth < 3) {
      for (const field of Object.values(named.getFields())) walk([...path, field.name], field.type, depth + 1);
    }
  };
  for (const arg of args) walk([arg.name], arg.type, 0);
  return out;
}

function withValue(variables: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...variables, [head]: value };
  const inner = variables[head];
  const object = inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...variables, [head]: withValue(object, rest, value) };
}

// --- valid starting variables -------------------------------------------------------------------------------------

const address = { address: 'Via Roma', streetNumber: '1', postalCode: '00100', city: 'Roma', province: 'RM', country: 'IT' };

/** Valid variables for the operations whose rules the fuzz should reach; the others start from generated values. */
function baseVariables(name: string): Record<string, unknown> | undefined {
  const email = f.club.email;
  const bases: Record<string, () => Record<string, unknown>> = {
    login: () => ({ input: { email, password: PASSWORD } }),
    signUp: () => ({
      input: {
        taxIdCode: nextTaxCode('FZG'),
        firstname: 'Anna',
        lastname: 'Verdi',
        birthday: '1985-03-02',
        role: 1,
        fullName: 'ASD Fuzz',
        foundation: 1999,
        vatNumber: '12345678903',
        typeSport: 'rugby',
        email: `fuzz-${randomUUID()}@example.it`,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
      },
    }),
    requestPasswordReset: () => ({ input: { email } }),
    verifyPasswordResetCode: () => ({ input: { email, code: '123456' } }),
    resetPassword: () => ({ input: { email, resetToken: 'token-non-valido', password: PASSWORD, passwordConfirmation: PASSWORD } }),
    // A wrong current password: a success would change the password the other cases sign in with.
    changePassword: () => ({ input: { currentPassword: 'non-e-questa-1', newPassword: 'nuova-password-1', newPasswordConfirmation: 'nuova-password-1' } }),
    updateMyProfile: () => ({ input: { firstname: 'Mario', lastname: 'Rossi', nickname: 'Mario', birthday: '1980-01-01', taxIdCode: 'RSSMRA80A01H501U' } }),
    sendFeedback: () => ({ input: { topic: 'suggestion', message: 'Ottimo lavoro', page: '/dashboard' } }),
    submitLead: () => ({
      input: { name: 'Luca', email: 'luca@example.it', phone: '3331234567', clubName: 'ASD Lead', role: LEAD_ROLES[0], members: MEMBER_BRACKETS[0], region: 'Lazio', funnelName: 'fuzz' },
    }),
    savePerson: () => ({
      input: {
        kind: 'athlete',
        profile: {
          firstname: 'Mario',
          lastname: 'Bianchi',
          taxIdCode: nextTaxCode('FZG'),
          typeGenderId: 1,
          typeRoleId: 1,
          birthday: '1990-05-01',
          birthplace: 'Roma',
          emailPrimary: 'mario@example.it',
          phonePrimary: '3331234567',
          address,
          hasBlsd: true,
          blsdExpiresOn: '2030-01-01',
        },
        athlete: { medicalExaminationExpirationDate: '2030-01-01', typeMedicalExaminationId: 1, allergies: 'nessuna' },
        coach: { coachRole: 'Primo', coachValidityStartDate: '2025-01-01' },
        member: { typeMembershipId: 1, membershipNumber: '12' },
        manager: { managerRole: 'Dirigente' },
        notePrivate: 'nota',
        isActive: true,
      },
    }),
    saveGroup: () => ({ input: { name: 'Under 14', type: 'athlete', isHidden: false, isActive: true } }),
    savePost: () => ({ input: { title: 'Allenamento', caption: 'Alle 18', priority: 1, groupIds: [f.groupIds.athlete], isActive: true } }),
    updateClub: () => ({
      input: {
        fullName: 'ASD Fuzz Club',
        sport: 'rugby',
        foundation: 1990,
        vatNumber: '12345678903',
        emailPrimary: 'club@example.it',
        phonePrimary: '061234567',
        legalAddress: address,
        seasonLabel: '2025/26',
        primaryColor: '#112233',
      },
    }),
    updateClubSettings: () => ({ input: { seasonLabel: '2025/26', primaryColor: '#112233', secondaryColor: '#445566' } }),
    archivePerson: () => ({ id: f.roleIds.staff }),
    archiveGroup: () => ({ id: f.groupIds.voluntary }),
    archivePost: () => ({ id: f.postId }),
    assignToGroup: () => ({ groupId: f.spareGroupId, roleId: f.roleIds.athlete }),
    unassignFromGroup: () => ({ groupId: f.groupIds.coach, roleId: f.roleIds.coach }),
    revokeSession: () => ({ id: randomUUID() }),
    markNotificationRead: () => ({ id: randomUUID() }),
    people: () => ({ kind: 'athlete', search: 'mar', first: 8, groupId: f.groupIds.athlete }),
    groups: () => ({ search: 'gru', first: 5, types: ['athlete'] }),
    posts: () => ({ search: 'alle', first: 5, priority: 1, groupId: f.groupIds.athlete }),
    personByTaxCode: () => ({ taxIdCode: 'RSSMRA80A01H501U' }),
    personRole: () => ({ id: f.roleIds.athlete }),
    group: () => ({ id: f.groupIds.athlete }),
    post: () => ({ id: f.postId }),
    myNotifications: () => ({ first: 5 }),
  };
  return bases[name]?.();
}

// --- operations from the schema ------------------------------------------------------------------------------------

interface Operation {
  kind: 'mutation' | 'query';
  field: GraphQLField<unknown, unknown>;
  document: string;
  paths: Array<{ path: string[]; type: GraphQLInputType }>;
}

const baseError = schema.getType('BaseError');
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  if (isLeafType(named)) return '';
  const errors = isAbstractType(named) && baseError && schema.getPossibleTypes(named).some((type) => 'getInterfaces' in type && type.getInterfaces().includes(baseError as never));
  if (errors) return '{ __typename ... on BaseError { code message } }';
  // A connection loads its rows (and decodes its cursors) only when edges are asked for.
  return 'getFields' in named && 'edges' in named.getFields() ? '{ __typename edges { cursor } }' : '{ __typename }';
}

function operationOf(kind: Operation['kind'], field: GraphQLField<unknown, unknown>): Operation {
  const declared = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const document = `${kind} Fuzz${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selectionOf(field)} }`;
  return { kind, field, document, paths: inputPaths(field.args) };
}

const OPERATIONS: Operation[] = [
  ...Object.values(schema.getMutationType()!.getFields()).map((field) => operationOf('mutation', field)),
  // Queries without arguments read nothing from the client.
  ...Object.values(schema.getQueryType()!.getFields())
    .filter((field) => field.args.length > 0)
    .map((field) => operationOf('query', field)),
];
/** These end the session they are sent with: they get a throwaway one. */
const SESSION_ENDING = new Set(['logout']);

const fuzzCase = fc.constantFrom(...OPERATIONS).chain((op) =>
  fc.record({
    op: fc.constant(op),
    generated: fc.record(Object.fromEntries(op.field.args.map((arg) => [arg.name, valueOf(arg.type)]))),
    changes:
      op.paths.length === 0
        ? fc.constant([])
        : fc.array(fc.constantFrom(...op.paths).chain(({ path, type }) => fc.tuple(fc.constant(path), valueOf(type))), { minLength: 1, maxLength: 3 }),
  }),
);

describe('GraphQL fuzz', () => {
  it('covers every mutation and every query with arguments', () => {
    expect(OPERATIONS.filter((op) => op.kind === 'mutation').length).toBeGreaterThanOrEqual(20);
    expect(OPERATIONS.map((op) => op.field.name)).toEqual(expect.arrayContaining(['savePerson', 'people', 'updateClub', 'signUp']));
  });

  it('the starting variables are accepted', async () => {
    // Refused by design: a made-up code, reset token, current password or id; archiving is one way.
    const byDesign = ['verifyPasswordResetCode', 'resetPassword', 'changePassword', 'revokeSession', 'markNotificationRead'];
    for (const op of OPERATIONS) {
      const variables = baseVariables(op.field.name);
      if (!variables || byDesign.includes(op.field.name) || op.field.name.startsWith('archive')) continue;
      const creds = await f.creds();
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${creds.token}`, 'x-club': creds.club },
        payload: JSON.stringify({ query: op.document, variables }),
      });
      const body = res.json<{ data?: Record<string, { __typename?: string } | null>; errors?: unknown[] }>();
      const answer = { operation: op.field.name, errors: body.errors, typename: body.data?.[op.field.name]?.__typename };
      expect(answer.errors, JSON.stringify(answer)).toBeUndefined();
      if (op.kind === 'mutation') expect(answer.typename, JSON.stringify(answer)).toMatch(/Success$/);
    }
  });

  it('answers no 5xx and writes nothing when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzCase, async ({ op, generated, changes }) => {
        let variables = baseVariables(op.field.name) ?? generated;
        for (const [path, value] of changes) variables = withValue(variables, path, value);

        const creds = await f.creds();
        const token = SESSION_ENDING.has(op.field.name) ? await f.throwawayToken() : creds.token;
        // The log's flush writes: taken first, so the fingerprints before the request are not stale at once.
        const mark = await accessLogMark(t);
        const before = await tableFingerprints(t);
        const res = await t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-club': creds.club },
          payload: JSON.stringify({ query: op.document, variables }),
        });
        const sent = { operation: op.field.name, variables };
        expect(res.statusCode, `5xx for ${JSON.stringify(sent).slice(0, 2000)}: ${res.body.slice(0, 500)}`).toBeLessThan(500);
        expectNoUnexpected(res.body, sent);
        const body = res.json<{ data?: Record<string, { __typename?: string } | null> | null; errors?: unknown[] }>();
        const result = body.data?.[op.field.name];
        const refused = !!body.errors?.length || (op.kind === 'mutation' && !result?.__typename?.endsWith('Success'));
        tally.record(res.statusCode, refused, res.body);
        if (refused || op.kind === 'query') {
          expect(changedTables(before, await tableFingerprints(t)), `wrote on ${JSON.stringify(sent).slice(0, 2000)}`).toEqual([]);
          const allowed = refused ? REFUSAL_LOG_ACTIONS : READ_LOG_ACTIONS;
          const logged = await loggedSince(t, mark);
          expect(logged.filter((a) => !allowed.includes(a)), `logged a change on ${JSON.stringify(sent).slice(0, 2000)}`).toEqual([]);
        }
      }),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(1500), endOnFailure: true },
    );
    expect(tally.serverErrors).toBe(0);
  }, 240_000);
});
