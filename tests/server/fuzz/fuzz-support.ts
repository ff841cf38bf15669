// Shared by the REST and GraphQL fuzz tests: adversarial values, a signed-in club admin with a few rows of every
// kind, and a fingerprint of every table to prove that a refused request wrote nothing.
import fc from 'fast-check';
import { expect } from 'vitest';
import { MSG } from '../../../schema/messages';
import type { PersonKindKey } from '../../../schema/constants';
import { hashToken } from '../../../server/lib/tokens';
import { openSession } from '../../../server/modules/accounts/sessions';
import { createClub, serviceContext, type TestClub } from '../../support/factories';
import { clubContext, createGroupWith, createPerson } from '../../support/people-factories';
import { createPost } from '../../support/registry-factories';
import type { TestApp } from '../../support/test-app';

/** Fixed, so a failure replays; override with FUZZ_SEED / FUZZ_RUNS to explore further. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);
export const fuzzRuns = (fallback: number) => Number(process.env.FUZZ_RUNS ?? fallback);

/** Text that servers mishandle: NUL, lone surrogates, numbers in disguise, huge and empty strings, injections. */
const NASTY_STRINGS = [
  '\u0000',
  'Mario\u0000Rossi',
  '\u0000'.repeat(40),
  '\ud800',
  'x\udfffy',
  '\udbff',
  '\u202eevil',
  'Nicolò 😀',
  '%_\\',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '0x1F',
  ' ',
  '',
  'null',
  '{}',
  '1990-02-30',
  '0000-01-01',
  '9999-12-31T99:99',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(300),
  'x'.repeat(20_000),
  'é'.repeat(5000),
  // Connection cursors the server decodes (Pothos: base64 of GPC:<tag>:<value>) holding the wrong kind of id.
  ...['GPC:S:non-un-uuid', 'GPC:N:5', 'GPC:J:["x",1]', 'GPC:S:\u0000', 'GPC:'].map((raw) => Buffer.from(raw).toString('base64')),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

export const adversarialString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.oneof(fc.constant('\u0000'), loneSurrogate), fc.string({ maxLength: 12 }))
      .map(([a, b, c]) => a + b + c),
  },
);

/** Integers at and beyond PostgreSQL's int4 and JavaScript's safe range, negatives, fractions. */
const EDGE_NUMBERS = [2147483647, 2147483648, -2147483648, -2147483649, 2 ** 53, 2 ** 53 + 2, 1e20, 1e308, -1e308, 0, -1, 1.5, 5e-324];
export const adversarialNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Any JSON value, weighted towards the adversarial strings and numbers above; objects and arrays nest. */
export const adversarialJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { weight: 5, arbitrary: adversarialString },
    { weight: 3, arbitrary: adversarialNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom('id', 'name', 'a\u0000'), fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 3 }),
    },
  ),
})).value;

export const KINDS: PersonKindKey[] = ['athlete', 'coach', 'manager', 'staff', 'member', 'voluntary'];

/** The club the fuzz acts in, as its owner, with a person of every kind, a group of every kind and a post. */
export interface FuzzClub {
  club: TestClub;
  roleIds: Record<PersonKindKey, string>;
  groupIds: Record<PersonKindKey, string>;
  postId: string;
  /** An athlete group without members, for assignments. */
  spareGroupId: string;
  /** Current credentials: a request may end the session or replace the club token, so they are read each time. */
  creds(): Promise<{ token: string; club: string }>;
  /** A session nobody else uses, for operations that end the session they come with. */
  throwawayToken(): Promise<string>;
}

export async function createFuzzClub(t: TestApp): Promise<FuzzClub> {
  const club = await createClub(t.deps);
  const ctx = await clubContext(t.deps, club);
  const roleIds = {} as Record<PersonKindKey, string>;
  const groupIds = {} as Record<PersonKindKey, string>;
  for (const kind of KINDS) {
    roleIds[kind] = (await createPerson(ctx, kind, { profile: { firstname: 'Maria', lastname: `Fuzz ${kind}` } })).roleId;
    groupIds[kind] = (await createGroupWith(t.deps, club.clubId, kind, `Gruppo ${kind}`, [roleIds[kind]])).id;
  }
  const postId = (await createPost(ctx, { groupIds: [groupIds.athlete] })).id;
  const spareGroupId = (await createGroupWith(t.deps, club.clubId, 'athlete', 'Gruppo libero')).id;
  let token = club.token;
  return {
    club,
    roleIds,
    groupIds,
    postId,
    spareGroupId,
    async creds() {
      // A fuzzed logout, password reset or session revocation may have ended ours: open another one.
      const session = await t.deps.systemDb.session.findUnique({ where: { tokenHash: hashToken(token) } });
      if (!session || session.revokedAt) token = await openSession(serviceContext(t.deps), club.accountId);
      const membership = await t.deps.systemDb.membership.findFirstOrThrow({ where: { accountId: club.accountId, clubId: club.clubId } });
      return { token, club: membership.token };
    },
    throwawayToken: () => openSession(serviceContext(t.deps), club.accountId),
  };
}

/**
 * A hash of every row of every table (but the migrations log, and the password-reset attempts and rate-limit counters,
 * which a refused request counts by design), in one statement: equal before and after a refused request means
 * nothing was written. Of the mail outbox only which mails exist counts: an earlier case's mail is delivered in the
 * background (its status, attempts and body change), which is not a write of the request under test.
 * The access log is left out here and checked by `accessLogMark`/`loggedSince`: appending to it is what a refusal
 * may do (a failed sign-in is logged), and its buffer is written on a timer, so it is flushed around each case.
 */
export async function tableFingerprints(t: TestApp): Promise<Record<string, string>> {
  // Work a request left running after its answer (a mail written to the outbox) belongs to that request's case.
  await t.deps.background.idle();
  // Two equal snapshots (xmin:xmax:in-progress xids) see exactly the same committed rows: no transaction that wrote
  // anything ended in between, so the fingerprints taken at the first still hold. Most refusals write nothing, and
  // the whole-database hash they skip was most of a case's time on PGlite. PostgreSQL's xids are shared by every
  // database of the server, so there other files' writes often force the full hash (still correct, only slower).
  const [{ snapshot }] = await t.deps.systemDb.$queryRaw<Array<{ snapshot: string }>>`SELECT pg_current_snapshot()::text AS snapshot`;
  const known = lastFingerprints.get(t);
  if (known?.snapshot === snapshot) return known.hashes;
  const hashes = await hashTables(t);
  lastFingerprints.set(t, { snapshot, hashes });
  return hashes;
}

const lastFingerprints = new WeakMap<TestApp, { snapshot: string; hashes: Record<string, string> }>();

async function hashTables(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.deps.systemDb.$queryRaw<Array<{ name: string }>>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('_prisma_migrations', 'password_resets', 'access_log', 'rate_limits')
    ORDER BY table_name`;
  const sql = tables
    .map(({ name }) => {
      const row = name === 'mail_outbox' ? '(r.id, r.recipients, r.subject, r.created_at)' : 'r';
      return `SELECT '${name}' AS name, md5(coalesce(string_agg(md5(${row}::text), '' ORDER BY md5(${row}::text)), '')) AS hash FROM "${name}" r`;
    })
    .join(' UNION ALL ');
  const rows = await t.deps.systemDb.$queryRawUnsafe<Array<{ name: string; hash: string }>>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/** Tables whose content differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** The last access-log line once every buffered line is written (the start of what a case logs). */
export async function accessLogMark(t: TestApp): Promise<bigint> {
  await t.deps.accessLog.flush();
  const [row] = await t.deps.systemDb.$queryRaw<Array<{ id: bigint | null }>>`SELECT max(id) AS id FROM access_log`;
  return row?.id ?? 0n;
}

/** The actions logged after `mark` (buffer flushed first), in order. */
export async function loggedSince(t: TestApp, mark: bigint): Promise<string[]> {
  await t.deps.accessLog.flush();
  const rows = await t.deps.systemDb.$queryRaw<Array<{ action: string }>>`SELECT action FROM access_log WHERE id > ${mark} ORDER BY id`;
  return rows.map((r) => r.action);
}

/**
 * What a refused request may log: its failed sign-in, never a change. A read may also log the health data it handed
 * out, and an export (exportList) the file it handed out.
 */
export const REFUSAL_LOG_ACTIONS: readonly string[] = ['sign_in_failed'];
export const READ_LOG_ACTIONS: readonly string[] = ['sign_in_failed', 'health_read', 'export'];

/** What one fuzz file tried, for its summary line. */
export class FuzzTally {
  cases = 0;
  refused = 0;
  serverErrors = 0;
  /** Refused by the database safety net (BadInputError) rather than by a validation rule. */
  safetyNet = 0;
  readonly byStatus = new Map<number, number>();

  record(status: number, refused: boolean, body: string) {
    this.cases += 1;
    if (refused) this.refused += 1;
    if (body.includes(MSG.inputUnstorable)) this.safetyNet += 1;
    if (status >= 500) this.serverErrors += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  summary(face: string, database: string) {
    const statuses = [...this.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
    return `fuzz ${face} on ${database}: ${this.cases} cases, ${this.refused} refused (${this.safetyNet} by the database safety net), ${this.serverErrors} answered 5xx (HTTP ${statuses})`;
  }
}

/** The generic message stands for an unexpected failure: a fuzzed input must never produce it. */
export function expectNoUnexpected(text: string, context: unknown) {
  expect(text.includes(MSG.unexpected), `unexpected failure for ${JSON.stringify(context).slice(0, 2000)}`).toBe(false);
}
