// Property: whatever a signed-in club admin sends to any legacy REST route (generated from the route table, each
// route starting from a valid body with one to three fields replaced by adversarial JSON: NUL bytes, lone
// surrogates, huge strings, int4 and 2^53 overflows, fractions, nested objects, arrays, wrong types), the answer
// is a 4xx or an envelope, never a 5xx or the generic failure, and a refused request leaves every table unchanged.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ROLES, MEMBER_BRACKETS } from '../../../schema/constants';
import { LEGACY_ROUTES } from '../../../server/compat/routes';
import type { LegacyRoute } from '../../../server/compat/router';
import { PASSWORD } from '../../support/factories';
import { nextTaxCode } from '../../support/people-factories';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  adversarialJson,
  changedTables,
  createFuzzClub,
  expectNoUnexpected,
  FUZZ_SEED,
  fuzzRuns,
  accessLogMark,
  loggedSince,
  REFUSAL_LOG_ACTIONS,
  FuzzTally,
  KINDS,
  tableFingerprints,
  type FuzzClub,
} from './fuzz-support';

let t: TestApp;
let f: FuzzClub;
const tally = new FuzzTally();

beforeAll(async () => {
  // Rate limits would turn most cases into 429 before they reach the rules under test.
  t = await startTestApp({ rateLimitFactor: 10_000 });
  f = await createFuzzClub(t);
});
afterAll(async () => {
  console.info(tally.summary('REST', t.databaseKind));
  await t.close();
});

const address = { address: 'Via Roma', street_number: '1', postal_code: '00100', city: 'Roma', province: 'RM', country: 'IT' };
const profile = () => ({
  firstname: 'Mario',
  lastname: 'Bianchi',
  tax_id_code: nextTaxCode('FZR'),
  type_gender_id: 1,
  type_role_id: 1,
  birthday: '1990-05-01',
  birthplace: 'Roma',
  nationality: 'IT',
  email_primary: 'mario@example.it',
  phone_primary: '333 123 4567',
  address,
  has_blsd: 1,
  blsd_expires_on: '2030-01-01',
});
const DETAILS: Record<string, Record<string, unknown>> = {
  athlete: { medical_examination_expiration_date: '2030-01-01', type_medical_examination_id: 1, allergies: 'nessuna', health_card: 'TS1' },
  coach: { coach_role: 'Primo allenatore', coach_validity_start_date: '2025-01-01', coach_validity_end_date: '2026-12-31' },
  manager: { manager_role: 'Dirigente' },
  member: { type_membership_id: 1, membership_number: '12', membership_start_date: '2025-01-01' },
  staff: {},
  voluntary: {},
};

/** A valid body for each route: the fuzz replaces a few of its fields, so the others pass and the bad one is reached. */
function baseBody(route: LegacyRoute): Record<string, unknown> {
  const email = f.club.email;
  const [, resource, action] = route.path.split('/');
  if (KINDS.includes(resource as never)) {
    const kind = resource as (typeof KINDS)[number];
    if (action === 'save') return { profile: profile(), ...DETAILS[kind], note_private: 'nota', is_active: 1 };
    if (action === 'load') return { search: 'mar', page: 1, group_id: f.groupIds[kind] };
    return { id: f.roleIds[kind] };
  }
  const bodies: Record<string, Record<string, unknown>> = {
    '/login': { email, password: PASSWORD },
    // Fuzzed as JSON, so without its file: each case is a refusal that must write nothing.
    '/import': { type: 'athlete', dry_run: 1, mapping: '[]' },
    '/import/download-template': {},
    '/register': {
      tax_id_code: nextTaxCode('FZS'),
      firstname: 'Anna',
      lastname: 'Verdi',
      birthday: '1985-03-02',
      role: 1,
      full_name: 'ASD Fuzz',
      foundation: 1999,
      url_logo: '',
      vat_number: '12345678903',
      type_sport: 'rugby',
      email: `fuzz-${Math.random().toString(36).slice(2)}@example.it`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
    '/me': {},
    '/logout': {},
    '/auth/password/forgot': { email },
    '/auth/password/verify': { email, code: '123456' },
    '/auth/password/reset': { email, reset_token: 'token-non-valido', password: PASSWORD, password_confirmation: PASSWORD },
    '/club/single': {},
    '/club/load': {},
    // Another club's (unknown) id: archiving the fuzz's own club would end every later case with a 403.
    '/club/archive': { id: '00000000-0000-0000-0000-000000000000' },
    '/club/update': {
      full_name: 'ASD Fuzz Club',
      type_sport: 'rugby',
      foundation: 1990,
      vat_number: '12345678903',
      email_primary: 'club@example.it',
      phone_primary: '06 1234567',
      legal_address: address,
      season_label: '2025/26',
      primary_color: '#112233',
    },
    '/app': {},
    '/archive/load': { type: 'athlete', search: 'mar', page: 1 },
    '/group/save': { name: 'Under 12', type: 'athlete', is_hidden: 0, is_active: 1 },
    '/group/load': { type: 'athlete', search: 'gru', page: 1 },
    '/group/by-type': { type: 'athlete' },
    '/group/assign': { group_id: f.spareGroupId, ref_id: f.roleIds.athlete, type: 'athlete' },
    '/group/unassign': { group_id: f.groupIds.coach, ref_id: f.roleIds.coach, type: 'coach' },
    '/group/archive': { id: f.groupIds.voluntary },
    '/post/save': { title: 'Allenamento', caption: 'Alle 18', priority: 1, groups: [f.groupIds.athlete], is_active: 1 },
    '/post/load': { search: 'alle', priority: 1, group_id: f.groupIds.athlete, order: 'newest', page: 1 },
    '/post/archive': { id: f.postId },
    '/lead': { name: 'Luca', email: 'luca@example.it', phone: '3331234567', club_name: 'ASD Lead', role: LEAD_ROLES[0], members: MEMBER_BRACKETS[0], region: 'Lazio', fn: 'fuzz' },
    '/site-config': {},
  };
  const body = bodies[route.path];
  if (!body) throw new Error(`no valid body for ${route.path}: add one so the fuzz reaches its rules`);
  return body;
}

/** Names the fuzz may set: the base body's fields (nested ones dotted) and names every route reads. */
const EXTRA_FIELDS = ['id', 'page', 'search', 'type', 'group_id', 'ref_id', 'profile', 'groups', 'order', 'priority', 'email', 'name', 'fn'];
function fieldsOf(body: Record<string, unknown>): string[] {
  const nested = Object.entries(body).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((inner) => `${key}.${inner}`) : [],
  );
  return [...new Set([...Object.keys(body), ...nested, ...EXTRA_FIELDS])];
}

function withField(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, inner] = path.split('.');
  if (!inner) return { ...body, [head]: value };
  const parent = body[head] && typeof body[head] === 'object' && !Array.isArray(body[head]) ? (body[head] as Record<string, unknown>) : {};
  return { ...body, [head]: { ...parent, [inner]: value } };
}

const fuzzCase = fc.record({
  route: fc.constantFrom(...LEGACY_ROUTES),
  changes: fc.array(fc.tuple(fc.nat(), adversarialJson), { minLength: 1, maxLength: 3 }),
  // One case in ten replaces the whole body (a string, an array, a number...).
  wholeBody: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: adversarialJson }),
});

describe('REST fuzz', () => {
  it('every route table entry has a base body the route accepts', async () => {
    // Archiving is one way (the fuzz still needs the rows); a made-up code or reset token is refused by design; an
    // import needs a multipart file, and the template is a CSV download rather than an envelope.
    const skipped = (path: string) =>
      path.endsWith('/archive') || ['/logout', '/auth/password/verify', '/auth/password/reset', '/import', '/import/download-template'].includes(path);
    for (const route of LEGACY_ROUTES.filter((r) => !skipped(r.path))) {
      const creds = await f.creds();
      const res = await t.app.inject({
        method: route.method ?? 'POST',
        url: `/api${route.path}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${creds.token}`, 'x-club': creds.club },
        payload: route.method === 'GET' ? undefined : JSON.stringify(baseBody(route)),
      });
      expect({ route: route.path, status: res.statusCode, body: res.json() }).toMatchObject({ status: 200, body: { status: true } });
    }
  });

  it('answers no 5xx and writes nothing when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(fuzzCase, async ({ route, changes, wholeBody }) => {
        let body: unknown = baseBody(route);
        const fields = fieldsOf(body as Record<string, unknown>);
        for (const [index, value] of changes) body = withField(body as Record<string, unknown>, fields[index % fields.length], value);
        if (wholeBody !== undefined) body = wholeBody;

        const creds = await f.creds();
        const token = route.path === '/logout' ? await f.throwawayToken() : creds.token;
        // The log's flush writes: taken first, so the fingerprints before the request are not stale at once.
        const mark = await accessLogMark(t);
        const before = await tableFingerprints(t);
        const res = await t.app.inject({
          method: route.method ?? 'POST',
          url: `/api${route.path}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-club': creds.club },
          payload: route.method === 'GET' ? undefined : JSON.stringify(body),
        });
        const sent = { route: route.path, body };
        expect(res.statusCode, `5xx for ${JSON.stringify(sent).slice(0, 2000)}: ${res.body.slice(0, 500)}`).toBeLessThan(500);
        expectNoUnexpected(res.body, sent);
        const envelope = res.json<{ status: boolean; message: string }>();
        expect(typeof envelope.message).toBe('string');
        const refused = res.statusCode >= 400 || envelope.status === false;
        tally.record(res.statusCode, refused, res.body);
        if (refused) {
          expect(changedTables(before, await tableFingerprints(t)), `refused yet wrote: ${JSON.stringify(sent).slice(0, 2000)}`).toEqual([]);
          const logged = await loggedSince(t, mark);
          expect(logged.filter((a) => !REFUSAL_LOG_ACTIONS.includes(a)), `refused yet logged a change: ${JSON.stringify(sent).slice(0, 2000)}`).toEqual([]);
        }
      }),
      { seed: FUZZ_SEED, numRuns: fuzzRuns(1500), endOnFailure: true },
    );
    expect(tally.serverErrors).toBe(0);
  }, 240_000);
});
