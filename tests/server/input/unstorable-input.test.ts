// Text PostgreSQL cannot store (NUL, lone surrogates) and numbers beyond their column are refused with a field
// message on both faces and nothing is written; the database's own refusal is a 400, never a 500; odd bytes in
// headers name no session or club; unsupported content types answer 415.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../schema/messages';
import { BadInputError } from '../../../server/lib/errors';
import { createClub, PASSWORD, signUpPayload, type TestClub } from '../../support/factories';
import { gql, rest } from '../../support/http';
import { nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let club: TestClub;
let cc: { token: string; club: string };
beforeAll(async () => {
  t = await startTestApp();
  club = await createClub(t.deps);
  cc = { token: club.token, club: club.clubToken };
});
afterAll(() => t.close());

const athlete = (extra: Record<string, unknown> = {}) => ({ firstname: 'Mario', lastname: 'Rossi', tax_id_code: nextTaxCode('UNS'), type_gender_id: 1, ...extra });
const counts = async () => ({ people: await t.deps.systemDb.person.count(), groups: await t.deps.systemDb.group.count(), posts: await t.deps.systemDb.post.count(), leads: await t.deps.systemDb.lead.count(), accounts: await t.deps.systemDb.account.count() });

describe('REST: unstorable text and out-of-range numbers', () => {
  it.each([
    ['/athlete/save', athlete({ firstname: 'Ma\u0000rio' }), 'firstname'],
    ['/athlete/save', athlete({ birthplace: 'Roma\u0000' }), 'birthplace'],
    ['/athlete/save', athlete({ allergies: 'polline \ud800' }), 'allergies'],
    ['/athlete/save', athlete({ address: { city: '\udc00Roma' } }), 'address.city'],
    ['/group/save', { name: 'Under\u000012', type: 'athlete' }, 'name'],
    ['/post/save', { title: 'Allenamento', caption: 'alle\u000018' }, 'caption'],
    ['/club/update', { full_name: 'ASD\u0000' }, 'full_name'],
    ['/athlete/load', { search: 'ro\u0000ssi' }, 'search'],
  ])('%s refuses %j naming %s', async (path, body, field) => {
    const before = await counts();
    const r = await rest(t.app, path, body, cc);
    expect(r.statusCode).toBe(200);
    expect(r.body).toEqual({ status: false, context: { errors: { [field]: MSG.textUnstorable } }, message: MSG.invalidFields });
    expect(await counts()).toEqual(before);
  });

  it('public routes too: sign-up and lead', async () => {
    const before = await counts();
    const signUp = await rest(t.app, '/register', { ...signUpPayload(), firstname: 'An\u0000na', tax_id_code: 'RSSMRA80A01H501U', full_name: 'ASD', vat_number: '12345678903', password_confirmation: PASSWORD });
    expect(signUp.body.status).toBe(false);
    expect(signUp.body.context.errors.firstname).toBe(MSG.textUnstorable);
    const lead = await rest(t.app, '/lead', { name: 'Luca\u0000', email: 'l@example.it', phone: '3331234567', club_name: 'ASD', role: 'Presidente', members: '0 - 50' });
    expect(lead.body.context.errors.name).toBe(MSG.textUnstorable);
    expect(await counts()).toEqual(before);
  });

  it.each([2147483648, 1e20, -1, 1.5, 'Infinity', 'NaN', '1e309'])('an Int column refuses %j (type_role_id)', async (value) => {
    const before = await counts();
    const r = await rest(t.app, '/athlete/save', athlete({ type_role_id: value }), cc);
    expect(r.body).toEqual({ status: false, context: { errors: { type_role_id: MSG.numberInvalid } }, message: MSG.invalidFields });
    expect(await counts()).toEqual(before);
  });

  it('the largest int4 is accepted', async () => {
    const r = await rest(t.app, '/athlete/save', athlete({ type_role_id: 2147483647 }), cc);
    expect(r.body.status).toBe(true);
  });

  it.each([1e300, 2147483648, 'Infinity', 'NaN', -3, 0, 2.5, '1e400'])('page %j is refused', async (page) => {
    const r = await rest(t.app, '/athlete/load', { page }, cc);
    expect(r.body).toEqual({ status: false, context: { errors: { page: MSG.numberInvalid } }, message: MSG.invalidFields });
  });

  it('a year 0000 date is refused, not sent to PostgreSQL', async () => {
    const r = await rest(t.app, '/athlete/save', athlete({ medical_examination_expiration_date: '0000-01-01' }), cc);
    expect(r.body.context.errors.medical_examination_expiration_date).toBe(MSG.dateInvalid);
  });
});

describe('GraphQL: the same rules', () => {
  const SAVE_PERSON = `mutation($input: SavePersonInput!) { savePerson(input: $input) { __typename ... on ValidationError { fields { field message } } } }`;
  const SAVE_GROUP = `mutation($name: String) { saveGroup(input: { name: $name, type: athlete }) { __typename ... on ValidationError { fields { field message } } } }`;

  it('a NUL or lone surrogate in any text field is a ValidationError naming it', async () => {
    const before = await counts();
    const person = await gql(t.app, SAVE_PERSON, { input: { kind: 'athlete', profile: { firstname: 'Mario', lastname: 'Rossi', taxIdCode: nextTaxCode('UNS'), typeGenderId: 1, birthplace: 'Ro\u0000ma' }, athlete: { allergies: '\ud83d' } } }, cc);
    expect(person.body.data.savePerson).toEqual({
      __typename: 'ValidationError',
      fields: [
        { field: 'profile.birthplace', message: MSG.textUnstorable },
        { field: 'athlete.allergies', message: MSG.textUnstorable },
      ],
    });
    const group = await gql(t.app, SAVE_GROUP, { name: '\u0000' }, cc);
    expect(group.body.data.saveGroup).toEqual({ __typename: 'ValidationError', fields: [{ field: 'name', message: MSG.textUnstorable }] });
    expect(await counts()).toEqual(before);
  });

  it('a NUL in a search argument is a VALIDATION error, not a failure', async () => {
    const r = await gql(t.app, `{ people(kind: athlete, search: "a\\u0000b") { totalCount } }`, undefined, cc);
    expect(r.statusCode).toBeLessThan(500);
    expect(r.body.errors?.[0]).toMatchObject({ message: MSG.invalidFields, extensions: { code: 'VALIDATION' } });
  });

  it('an Int beyond int4 is refused by GraphQL itself (400)', async () => {
    const r = await gql(t.app, SAVE_PERSON, { input: { kind: 'athlete', profile: { firstname: 'M', lastname: 'R', taxIdCode: nextTaxCode('UNS'), typeGenderId: 1, typeRoleId: 2147483648 } } }, cc);
    expect(r.statusCode).toBe(400);
    expect(r.body.errors?.[0].message).toMatch(/Int cannot represent/);
  });

  it.each(['first: -1', 'last: -5', 'after: "garbage"', 'before: "eA=="'])('connection arguments (%s): an Italian BAD_USER_INPUT, 400', async (args) => {
    const r = await gql(t.app, `{ groups(${args}) { edges { cursor } } }`, undefined, cc);
    expect(r.statusCode).toBe(400);
    expect(r.body.errors?.[0]).toMatchObject({ message: MSG.paginationInvalid, extensions: { code: 'BAD_USER_INPUT' } });
  });

  // Cursors are opaque to clients but decoded by the server: a crafted one reaches Prisma without any rule.
  it.each(['GPC:S:non-un-uuid', 'GPC:N:5', 'GPC:J:["x","y"]'])('a crafted cursor (%s) is BAD_REQUEST, not a failure', async (raw) => {
    const after = Buffer.from(raw).toString('base64');
    for (const list of ['groups(after: $after)', 'posts(after: $after)']) {
      const r = await gql(t.app, `query($after: String) { ${list} { edges { cursor } } }`, { after }, cc);
      expect(r.statusCode).toBe(400);
      expect(r.body.errors?.[0]).toMatchObject({ message: MSG.inputUnstorable, extensions: { code: 'BAD_REQUEST' } });
    }
  });
});

describe('the safety net under the rules', () => {
  it('turns the database refusal of a NUL into BadInputError, with the original as cause', async () => {
    const error = await t.deps.systemDb.club.findFirst({ where: { fullName: 'a\u0000b' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadInputError);
    expect((error as BadInputError).cause).toMatchObject({ name: 'PrismaClientKnownRequestError' });
    const overflow = await t.deps.systemDb.club.findFirst({ where: { foundation: 2 ** 40 } }).catch((e: unknown) => e);
    expect(overflow).toBeInstanceOf(BadInputError);
  });

  it('a field no rule checks answers 400 on both faces and writes nothing', async () => {
    // As if a service forgot to validate `name`: the value reaching the database carries a NUL.
    const original = t.deps.systemDb;
    t.deps.systemDb = original.$extends({
      query: { group: { create: ({ args, query }) => query({ ...args, data: { ...args.data, name: `${String(args.data.name)}\u0000` } }) } },
    }) as unknown as typeof original;
    try {
      const before = await counts();
      const r = await rest(t.app, '/group/save', { name: 'Under 10', type: 'athlete' }, cc);
      expect(r.statusCode).toBe(400);
      expect(r.body).toEqual({ status: false, context: null, message: MSG.inputUnstorable });
      const g = await gql(t.app, `mutation { saveGroup(input: { name: "Under 10", type: athlete }) { __typename } }`, undefined, cc);
      expect(g.statusCode).toBe(400);
      expect(g.body.errors?.[0]).toMatchObject({ message: MSG.inputUnstorable, extensions: { code: 'BAD_REQUEST' } });
      expect(await counts()).toEqual(before);
    } finally {
      t.deps.systemDb = original;
    }
  });
});

describe('headers with odd bytes', () => {
  it('X-Club with NUL or non-ASCII names no club (403); Authorization with NUL is no session (401)', async () => {
    for (const bad of ['\u0000', `${club.clubToken}\u0000`, 'società']) {
      const r = await rest(t.app, '/app', undefined, { token: club.token }, { 'x-club': bad });
      expect(r.statusCode).toBe(403);
      expect(r.body.message).toBe(MSG.clubForbidden);
    }
    const r = await rest(t.app, '/me', undefined, undefined, { authorization: `Bearer ${club.token}\u0000` });
    expect(r.statusCode).toBe(401);
  });

  it('a NUL in User-Agent does not stop a sign-in; it is stored without it', async () => {
    const r = await rest(t.app, '/login', { email: club.email, password: PASSWORD }, undefined, { 'user-agent': 'Mozilla\u0000/5.0' });
    expect(r.body.status).toBe(true);
    const session = await t.deps.systemDb.session.findFirstOrThrow({ where: { accountId: club.accountId }, orderBy: { createdAt: 'desc' } });
    expect(session.userAgent).toBe('Mozilla/5.0');
  });
});

describe('unsupported content types', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'text/csv', 'application/xml', 'application/graphql'])('%s: 415 on /api and /graphql', async (type) => {
    const before = await counts();
    const api = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': type }, payload: 'email=a@b.it&password=x' });
    expect(api.statusCode).toBe(415);
    expect(api.json()).toEqual({ status: false, context: null, message: MSG.unsupportedMediaType });
    const graphql = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': type }, payload: 'query={__typename}' });
    expect(graphql.statusCode).toBe(415);
    expect(graphql.json()).toEqual({ errors: [{ message: MSG.unsupportedMediaType, extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] });
    expect(await counts()).toEqual(before);
  });

  it('GraphQL over GET still works', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ __typename }')}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
