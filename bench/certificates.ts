// Benchmark (not a test): medical certificates (issue 14) on 100k athletes of one club, on embedded PGlite and on
// PostgreSQL. For each database: a fresh database, the real app (createApp, no job queue, a mailer that only counts)
// listening on a free port; the athletes seeded as for the people list (seedAthletes: categories by birth year,
// ~30% in a second group, ~3% archived, ~85% with an email), then their certificates written set-based in SQL:
// ~80% of the athletes get a medical_certificates row whose expiry is spread from 60 days ago to 13 months ahead
// (beyond 12 months: a biennial agonistico issued 24 months before; else agonistico or non agonistico issued 12
// months before), ~30% of those a previous certificate and ~10% two (each renewed around the previous expiry),
// the latest mirrored in athlete_details as the service does (expiry and legacy type); the other ~20% none, their
// mirrored fields cleared. Draws come from hashes of the tax codes (themselves from a seeded faker): the same data on
// both databases and on every run of the same day. Then VACUUM ANALYZE, and timed over HTTP with Server-Timing:
//   1. the people list page as the client asks it (people(kind: athlete, first: 8) with totalCount, certificateStatus,
//      the person and the groups), with no filter and with each certificate filter (valid, expiring, expired,
//      missing, notRequired);
//   2. the `dashboard` query (every number, the certificate counts included);
//   3. `groupEligibility` of the largest category (the Senior one: athletes aged 18 to 40, about 62% of them) and of
//      the median one, for scale, each with the eligibility page's selection and with `role { id }` only (what the
//      rows cost when Pothos loads nothing more for them). These are asked of a second app process on the same
//      database (started once this one has closed it: PGlite opens a data directory in one process at a time), so
//      that a request holding its event loop for minutes is cut off after --eligibility-timeout seconds (the
//      process killed) and recorded as such instead of stalling the run; each request's access log (a health_read
//      row per athlete) is written before the next request, its write timed apart;
//   4. runCertificateReminders(deps, now) called directly, as wall time: the first run (claims and "sends" every due
//      reminder and the staff digest) and a second run the same day, which must claim nothing.
// Checks beside the timings: the filters' totals add up to the list's, every row of a filtered page has that state,
// the dashboard's counts equal the filtered lists' totals, the eligibility has one row per active athlete of the
// group, the first reminder run claims exactly the reminders an independent query expects (the latest certificate
// of each active athlete of 6 or more whose days left fall in a threshold's window: (-7, 30] with the default
// thresholds 30, 14, 7, 0) and none about a certificate that is not its person's latest, one mail per claimed
// reminder with an address plus the digest.
// On PostgreSQL the statements of one list request per filter and of one dashboard request are captured and EXPLAIN
// (ANALYZE, BUFFERS)ed: execution times are always printed and written to the JSON, the plans with --explain.
//   npm run bench:certificates [-- [--db pglite,postgres] [--people 100000] [--requests 30] [--warmup 3]
//                                  [--eligibility-requests 3] [--eligibility-warmup 0] [--eligibility-timeout 30]
//                                  [--explain] [--keep]]
// --keep leaves the PostgreSQL database in place (its name is printed) to EXPLAIN more afterwards.
// Targets (issue 14): the list page p95 < 20 ms server time on PostgreSQL for every filter; the dashboard p95
// < 100 ms server time on PostgreSQL; the reminder scan of 100k athletes (first run) < 10 s on either database.
// Results: a table on stdout and bench/results/certificates.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { log, logTargets, stats, throwawayDatabase, writeResults, type Stats } from './throwaway-database';
import { PAGE_SIZE } from '../schema/constants';
import { clubDate } from '../schema/club-time';
import { CERTIFICATE_STATES, certificateFreeBornAfter, type CertificateState } from '../schema/medical-certificates';
import { AGE_CATEGORIES } from '../scripts/seed/demo-club';
import { createApp } from '../server/app';
import { loadConfig, type ServerConfig } from '../server/config';
import type { PrismaClient } from '../server/generated/prisma/client.js';
import type { Mailer } from '../server/lib/mailer';
import { signUp } from '../server/modules/accounts/sign-up.service';
import { runCertificateReminders, type ReminderRun } from '../server/modules/certificates/certificate-reminders.service';
import { seedAthletes } from './seed-people';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    people: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    'eligibility-requests': { type: 'string', default: '3' },
    'eligibility-warmup': { type: 'string', default: '0' },
    'eligibility-timeout': { type: 'string', default: '30' },
    /** Internal: serve the app on an existing database for the eligibility requests (see the header). */
    serve: { type: 'string' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const PEOPLE = Number(args.people);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const ELIGIBILITY_REQUESTS = Number(args['eligibility-requests']);
const ELIGIBILITY_WARMUP = Number(args['eligibility-warmup']);
const ELIGIBILITY_TIMEOUT_MS = Number(args['eligibility-timeout']) * 1000;
const DATABASES = args.db.split(',').map((s) => s.trim()) as Database[];

type Database = 'pglite' | 'postgres';

const TARGET_LIST_P95_MS = 20;
const TARGET_DASHBOARD_P95_MS = 100;
const TARGET_REMINDERS_S = 10;
/** The seed's shares (percent of athletes): with a certificate; of those, with one / two previous certificates. */
const CERTIFIED = 80;
const WITH_HISTORY = 30;
const WITH_TWO_PREVIOUS = 10;
/** Expiries from this many days ago to about 13 months ahead (60 + 395 days). */
const EXPIRED_DAYS = 60;
const SPREAD_DAYS = 456;
/** The reminder windows with the default thresholds (30, 14, 7, 0) and LATE_DAYS 7: days left in (-7, 30]. */
const DUE_AFTER = -7;
const DUE_UNTIL = 30;

/** The people list page as the client's list asks it (PeopleListPage_People with PeopleTable_PersonRole). */
const LIST_QUERY = /* GraphQL */ `
  query CertificateListBench($certificate: CertificateStatus, $first: Int) {
    people(kind: athlete, certificate: $certificate, first: $first) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id kind isActive archivedAt certificateStatus
        person { id firstname lastname taxIdCode emailPrimary phonePrimary }
        groups { id name } } }
    }
  }`;

const DASHBOARD_QUERY = /* GraphQL */ `
  query CertificateDashboardBench {
    dashboard {
      people addedToday addedThisWeek postsThisWeek today weekStart
      certificatesValid certificatesExpiring certificatesExpired certificatesMissing certificatesExpiringUntil
      kinds { kind active addedToday addedThisWeek }
    }
  }`;

/** The eligibility page's selection (client/src/features/certificates/routes/group-eligibility-page.tsx). */
const ELIGIBILITY_QUERY = /* GraphQL */ `
  query CertificateEligibilityBench($groupId: ID!) {
    groupEligibility(groupId: $groupId) {
      today mayPlay mayNotPlay
      group { id name }
      athletes { state mayPlay expiresOn role { id person { id firstname lastname taxIdCode birthday } } }
    }
  }`;

/**
 * The same without the role's person: Pothos then loads nothing more for the rows (the service's findMany already
 * includes the person and the details), which tells what the page would cost without that second load.
 */
const ELIGIBILITY_LEAN_QUERY = /* GraphQL */ `
  query CertificateEligibilityLeanBench($groupId: ID!) {
    groupEligibility(groupId: $groupId) {
      today mayPlay mayNotPlay
      group { id name }
      athletes { state mayPlay expiresOn role { id } }
    }
  }`;

const LIST_SCENARIOS: Array<{ name: string; certificate: CertificateState | null }> = [
  { name: 'no filter', certificate: null },
  ...CERTIFICATE_STATES.map((certificate) => ({ name: certificate, certificate })),
];

interface Timed {
  server: Stats;
  http: Stats;
}

interface ListResult extends Timed {
  scenario: string;
  totalCount: number;
  /** Every row of the page has the filter's state. */
  rowsMatchFilter: boolean;
}

interface EligibilityResult extends Timed {
  group: string;
  /** The lean selection (ELIGIBILITY_LEAN_QUERY) rather than the page's. */
  lean: boolean;
  athletes: number;
  expectedAthletes: number;
  mayPlay: number;
  mayNotPlay: number;
  responseKb: number;
  /** Writing the request's access log (a health_read row per athlete), after the answer. */
  accessLogWrite?: Stats;
  /**
   * Why the group has no timings of answers: the GraphQL error of a failed request (the timings are then that one
   * request's), or no answer within the timeout (then the timings are the timeout).
   */
  error?: string;
}

interface ReminderResult {
  first: ReminderRun & { seconds: number; mails: number };
  second: ReminderRun & { seconds: number; mails: number };
  /** Due reminders by an independent query (latest certificate of each active athlete of 6 or more). */
  expectedDue: number;
  expectedWithEmail: number;
  /** Claimed reminders whose certificate is not the person's latest. */
  claimedNotLatest: number;
}

interface Explained {
  scenario: string;
  statements: Array<{ sql: string; executionMs: number | null; plan?: string[] }>;
}

interface DatabaseResult {
  database: Database;
  seedSeconds: number;
  certificateSeedSeconds: number;
  athletes: { roles: number; active: number; withCertificate: number; certificates: number; withEmail: number; underSix: number };
  loadAverage: { start: number; end: number };
  list: ListResult[];
  listTotalsAddUp: boolean;
  dashboard: Timed & { counts: Record<string, number | null>; matchesLists: boolean };
  categories: Array<{ name: string; athletes: number }>;
  eligibility: EligibilityResult[];
  reminders: ReminderResult;
  explained?: Explained[];
}

/** A GraphQL answer with errors, and how long it took. */
class GraphQLFailure extends Error {
  constructor(message: string, readonly serverMs: number, readonly httpMs: number) {
    super(message);
  }
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// ---- seeding -------------------------------------------------------------------------------------------------

/**
 * The certificates, set-based: a plan row per athlete role (draws from hashes of the tax code), the certificates
 * (latest first, n = 0, then the previous ones) in one INSERT, the latest mirrored into athlete_details in one UPDATE.
 */
async function seedCertificates(db: PrismaClient, clubId: string, today: string): Promise<number> {
  const started = performance.now();
  const draw = (salt: string, mod: number) => `(abs(hashtext(p.tax_id_code || '${salt}')::bigint) % ${mod})::int`;
  // CREATE TABLE AS takes no parameters: the club id inline, checked to be a uuid.
  if (!/^[0-9a-f-]{36}$/.test(clubId)) throw new Error(`not a uuid: ${clubId}`);
  // insertPeople recorded one certificate per seeded legacy expiry (bulk-insert.ts): replaced by the ones below.
  await db.$executeRawUnsafe('DELETE FROM medical_certificates WHERE club_id = $1::uuid', clubId);
  await db.$executeRawUnsafe('DROP TABLE IF EXISTS bench_certificate_plan');
  await db.$executeRawUnsafe(
    `CREATE TABLE bench_certificate_plan AS
     SELECT r.club_id, r.person_id, ${draw(':has', 100)} AS has_draw, ${draw(':offset', SPREAD_DAYS)} - ${EXPIRED_DAYS} AS off,
            ${draw(':history', 100)} AS history_draw, ${draw(':type', 100)} AS type_draw, ${draw(':jitter', 41 * 41)} AS jitter
     FROM person_roles r JOIN people p ON p.id = r.person_id
     WHERE r.club_id = '${clubId}'::uuid AND r.kind = 'athlete'`,
  );
  // Beyond 12 months only a biennial agonistico (issued 24 months before, so never in the future); a previous
  // certificate expired about when the next was issued (within 20 days either side), issued 12 months before that.
  await db.$executeRawUnsafe(
    `WITH c AS (
       SELECT pl.*, ($1::date + pl.off) AS latest_expires, CASE WHEN pl.off > 365 THEN 24 ELSE 12 END AS latest_months,
              1 + (pl.history_draw < ${WITH_HISTORY})::int + (pl.history_draw < ${WITH_TWO_PREVIOUS})::int AS copies
       FROM bench_certificate_plan pl WHERE pl.has_draw < ${CERTIFIED}
     ), rows AS (
       SELECT c.club_id, c.person_id,
              CASE WHEN n = 0 THEN c.latest_expires
                   ELSE (c.latest_expires - make_interval(months => c.latest_months + 12 * (n - 1)))::date + ((c.jitter / (CASE WHEN n = 1 THEN 1 ELSE 41 END)) % 41 - 20)
              END AS expires_on,
              CASE WHEN n = 0 THEN c.latest_months ELSE 12 END AS months,
              CASE WHEN n = 0 AND c.off > 365 THEN 'agonistico' WHEN (c.type_draw + n * 37) % 100 < 60 THEN 'agonistico' ELSE 'non_agonistico' END AS type
       FROM c CROSS JOIN LATERAL generate_series(0, c.copies - 1) AS n
     )
     INSERT INTO medical_certificates (club_id, person_id, type, sport, issued_on, expires_on, issuer, created_at)
     SELECT club_id, person_id, type::"MedicalCertificateType", 'Rugby', (expires_on - make_interval(months => months))::date, expires_on,
            'Centro di medicina dello sport', (expires_on - make_interval(months => months))::timestamptz + interval '10 hours'
     FROM rows`,
    today,
  );
  // The mirror (certificates.service.ts mirrorLatestCertificate): the latest by expiry, or nothing.
  await db.$executeRawUnsafe(
    `UPDATE athlete_details a
     SET medical_examination_expiration_date = m.expires_on,
         type_medical_examination_id = CASE m.type WHEN 'agonistico' THEN 1 WHEN 'non_agonistico' THEN 2 END,
         medical_examination_document_id = NULL
     FROM person_roles r
     LEFT JOIN LATERAL (SELECT mc.expires_on, mc.type FROM medical_certificates mc WHERE mc.person_id = r.person_id
                        ORDER BY mc.expires_on DESC, mc.created_at DESC, mc.id DESC LIMIT 1) m ON true
     WHERE a.role_id = r.id AND r.club_id = $1::uuid AND r.kind = 'athlete'`,
    clubId,
  );
  await db.$executeRawUnsafe('DROP TABLE bench_certificate_plan');
  return (performance.now() - started) / 1000;
}

async function describeAthletes(db: PrismaClient, clubId: string, today: string): Promise<DatabaseResult['athletes']> {
  const [row] = await db.$queryRawUnsafe<Array<Record<string, number>>>(
    `SELECT count(*)::int AS roles, count(*) FILTER (WHERE r.archived_at IS NULL)::int AS active,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM medical_certificates m WHERE m.person_id = r.person_id))::int AS "withCertificate",
            (SELECT count(*)::int FROM medical_certificates WHERE club_id = $1::uuid) AS certificates,
            count(*) FILTER (WHERE p.email_primary IS NOT NULL)::int AS "withEmail",
            count(*) FILTER (WHERE p.birthday > $2::date)::int AS "underSix",
            count(*) FILTER (WHERE a.medical_examination_expiration_date IS DISTINCT FROM
              (SELECT max(m.expires_on) FROM medical_certificates m WHERE m.person_id = r.person_id))::int AS "notMirrored"
     FROM person_roles r JOIN people p ON p.id = r.person_id LEFT JOIN athlete_details a ON a.role_id = r.id
     WHERE r.club_id = $1::uuid AND r.kind = 'athlete'`,
    clubId,
    certificateFreeBornAfter(today),
  );
  if (row.notMirrored) throw new Error(`${row.notMirrored} athletes whose mirrored expiry is not their latest certificate's`);
  const { notMirrored: _, ...counts } = row;
  return counts as DatabaseResult['athletes'];
}

/** The reminders due on `today` by a query of its own (not the service's): see the header. */
async function expectedReminders(db: PrismaClient, clubId: string, today: string): Promise<{ due: number; withEmail: number }> {
  const [row] = await db.$queryRawUnsafe<Array<{ due: number; with_email: number }>>(
    `WITH latest AS (
       SELECT DISTINCT ON (m.person_id) m.person_id, m.expires_on FROM medical_certificates m
       WHERE m.club_id = $1::uuid ORDER BY m.person_id, m.expires_on DESC, m.created_at DESC, m.id DESC
     )
     SELECT count(*)::int AS due, count(p.email_primary)::int AS with_email
     FROM latest l JOIN people p ON p.id = l.person_id
     WHERE l.expires_on - $2::date > ${DUE_AFTER} AND l.expires_on - $2::date <= ${DUE_UNTIL}
       AND (p.birthday IS NULL OR p.birthday <= $3::date)
       AND EXISTS (SELECT 1 FROM person_roles r WHERE r.person_id = l.person_id AND r.kind = 'athlete' AND r.archived_at IS NULL)`,
    clubId,
    today,
    certificateFreeBornAfter(today),
  );
  return { due: row.due, withEmail: row.with_email };
}

// ---- statements, as the driver sends them (PostgreSQL) -----------------------------------------------------------

interface Sent {
  text: string;
  values: unknown[];
}

/** Every statement sent through `pg` while `run` runs. */
async function captureStatements(run: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const first = a[0] as string | { text?: string; values?: unknown[] };
    if (typeof first === 'string') sent.push({ text: first, values: (a[1] as unknown[]) ?? [] });
    else sent.push({ text: String(first?.text), values: first?.values ?? [] });
    return original.apply(this, a);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return sent;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the request's reads (not the access log's writes nor BEGIN/COMMIT). */
async function explainStatements(client: pg.Client, scenario: string, sent: Sent[]): Promise<Explained> {
  const reads = sent.filter((s) => /^\s*(SELECT|WITH)\b/i.test(s.text) && !/access_log/.test(s.text));
  const statements: Explained['statements'] = [];
  for (const s of reads) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
    const plan = rows.map((r) => r['QUERY PLAN']);
    const execution = plan.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)).find(Boolean);
    statements.push({ sql: s.text.replace(/\s+/g, ' ').trim(), executionMs: execution ? Number(execution[1]) : null, plan });
  }
  return { scenario, statements };
}

// ---- the app and its client ----------------------------------------------------------------------------------

function benchConfig(dataDir: string, databaseUrl: string | undefined): ServerConfig {
  return loadConfig({}, {
    dataDir,
    databaseUrl,
    logLevel: 'error', // not 'warn': the API-only app warns that no client is built
    clientDir: path.join(dataDir, 'no-client'),
    rateLimitFactor: 1000,
    // No job queue: its polls would share the database with what is measured, and the reminders are run here.
    jobsEnabled: false,
    // Seeding and VACUUM ANALYZE of 100k people may run past the app's 10 s statement timeout.
    statementTimeoutMs: 30 * 60_000,
  });
}

/** Mail is only counted: nothing written to DATA_DIR/outbox, no SMTP. */
function countingMailer(): Mailer & { count: () => number } {
  let mails = 0;
  return {
    async send() {
      mails++;
    },
    count: () => mails,
  };
}

interface Answer<T> {
  data: T;
  serverMs: number;
  httpMs: number;
  bytes: number;
}

/** POSTs to the app's /graphql as the bench's member (session token and X-Club); throws GraphQLFailure on errors. */
function graphqlClient(port: number, token: string, clubToken: string) {
  return async <T>(query: string, variables: Record<string, unknown> = {}, signal?: AbortSignal): Promise<Answer<T>> => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-club': clubToken },
      body: JSON.stringify({ query, variables }),
      signal,
    });
    const text = await res.text();
    const httpMs = performance.now() - t0;
    const body = JSON.parse(text) as { data?: T; errors?: Array<{ message: string }> };
    const timing = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
    if (!timing) throw new Error('no Server-Timing header on /graphql');
    if (!body.data || body.errors?.length) throw new GraphQLFailure(body.errors?.map((e) => e.message).join('; ') ?? 'no data', Number(timing[1]), httpMs);
    return { data: body.data, serverMs: Number(timing[1]), httpMs, bytes: text.length };
  };
}

/** Warm-up, then `runs` timed requests (server and HTTP time); `after` runs after each request, untimed. */
async function timed<T>(runs: number, warmup: number, request: () => Promise<Answer<T>>, after?: () => Promise<void>) {
  const server: number[] = [];
  const http: number[] = [];
  let last: Answer<T> | undefined;
  for (let i = 0; i < warmup + runs; i++) {
    last = await request();
    if (i >= warmup) {
      server.push(last.serverMs);
      http.push(last.httpMs);
    }
    await after?.();
  }
  return { server: stats(server), http: stats(http), last: last! };
}

/**
 * The child process (--serve): the app on an existing database, listening on a free port written as the first line
 * of stdout, with two routes of its own: /bench/flush writes the buffered access log and says how long it took,
 * /bench/close closes the app and ends the process.
 */
async function serve(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const { app, deps } = await createApp({ config: benchConfig(dataDir, databaseUrl), mailer: countingMailer() });
  app.get('/bench/flush', async () => {
    const t0 = performance.now();
    await deps.accessLog.flush();
    return { ms: performance.now() - t0 };
  });
  app.get('/bench/close', async () => {
    setImmediate(() => void app.close().finally(() => process.exit(0)));
    return { closing: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
}

/** Starts the --serve child on the database and waits for its port; its later output is passed through. */
async function startServer(dataDir: string, databaseUrl: string | undefined): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--serve', JSON.stringify({ dataDir, databaseUrl })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    let listening = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (listening) return void process.stdout.write(chunk);
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline < 0) return;
      listening = true;
      resolve((JSON.parse(buffered.slice(0, newline)) as { port: number }).port);
      if (buffered.length > newline + 1) process.stdout.write(buffered.slice(newline + 1));
    });
    child.once('exit', (code) => reject(new Error(`the app process exited (${code}) before listening`)));
  });
  return { child, port };
}

type EligibilityData = { groupEligibility: { mayPlay: number; mayNotPlay: number; athletes: unknown[] } | null };

/** A group's eligibility, asked of a --serve child (see the header); the child is killed when a request times out. */
async function benchEligibility(database: Database, dataDir: string, databaseUrl: string | undefined, member: { token: string; clubToken: string }, group: { id: string; name: string; athletes: number }, lean: boolean): Promise<EligibilityResult> {
  log(`[${database}] groupEligibility "${group.name}"${lean ? ' with role { id } only' : ''} (${group.athletes.toLocaleString('en')} athletes): ${ELIGIBILITY_WARMUP} warm-up + ${ELIGIBILITY_REQUESTS} requests, each cut off after ${ELIGIBILITY_TIMEOUT_MS / 1000} s`);
  const { child, port } = await startServer(dataDir, databaseUrl);
  const exited = once(child, 'exit');
  let killed = false;
  const base = { group: group.name, lean, expectedAthletes: group.athletes };
  try {
    const ask = graphqlClient(port, member.token, member.clubToken);
    const writes: number[] = [];
    const flush = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/bench/flush`);
      writes.push(((await res.json()) as { ms: number }).ms);
    };
    try {
      const { server, http, last } = await timed(ELIGIBILITY_REQUESTS, ELIGIBILITY_WARMUP, () => ask<EligibilityData>(lean ? ELIGIBILITY_LEAN_QUERY : ELIGIBILITY_QUERY, { groupId: group.id }, AbortSignal.timeout(ELIGIBILITY_TIMEOUT_MS)), flush);
      const e = last.data.groupEligibility!;
      return { ...base, athletes: e.athletes.length, mayPlay: e.mayPlay, mayNotPlay: e.mayNotPlay, responseKb: Math.round(last.bytes / 1024), server, http, accessLogWrite: stats(writes.slice(ELIGIBILITY_WARMUP)) };
    } catch (error) {
      const failed = { ...base, athletes: 0, mayPlay: 0, mayNotPlay: 0, responseKb: 0 };
      if (error instanceof GraphQLFailure) {
        // One refusal is enough: recorded with its own timing, the next requests would fail alike.
        await flush();
        log(`[${database}]   failed after ${round(error.serverMs)} ms: ${error.message.replace(/\s+/g, ' ').slice(0, 300)}`);
        return { ...failed, server: stats([error.serverMs]), http: stats([error.httpMs]), accessLogWrite: stats(writes), error: error.message.replace(/\s+/g, ' ').slice(0, 500) };
      }
      if ((error as Error).name === 'TimeoutError') {
        log(`[${database}]   no answer within ${ELIGIBILITY_TIMEOUT_MS / 1000} s: app process killed`);
        child.kill('SIGKILL');
        killed = true;
        const timeout = stats([ELIGIBILITY_TIMEOUT_MS]);
        return { ...failed, server: timeout, http: timeout, error: `no answer within ${ELIGIBILITY_TIMEOUT_MS / 1000} s (the app process was killed)` };
      }
      throw error;
    }
  } finally {
    if (!killed) await fetch(`http://127.0.0.1:${port}/bench/close`).catch(() => child.kill('SIGKILL'));
    await exited;
  }
}

// ---- one database --------------------------------------------------------------------------------------------

async function benchDatabase(database: Database): Promise<DatabaseResult | null> {
  const target = await throwawayDatabase(database, 'certificates', args.keep);
  if (!target) return null;
  const { dataDir, databaseUrl, pgName, cleanup } = target;
  try {
    const mailer = countingMailer();
    log(`\n[${database}] fresh database${pgName ? ` "${pgName}"` : ` in ${dataDir}`}, applying migrations...`);
    const { app, deps } = await createApp({ config: benchConfig(dataDir, databaseUrl), mailer });
    let member: { token: string; clubToken: string };
    let partial: Omit<DatabaseResult, 'eligibility' | 'loadAverage'>;
    let categories: Array<{ id: string; name: string; athletes: number }>;
    let loadStart: number;
    try {
      const db = deps.systemDb;
      const ctx = { deps, meta: { ip: '127.0.0.1', userAgent: 'bench' }, viewer: null };
      const password = 'password-bench-1';
      const { token, accountId } = await signUp(ctx, {
        taxIdCode: 'RSSMRA80A01H501U', firstname: 'Mario', lastname: 'Rossi', birthday: '1980-01-01', role: 1,
        fullName: 'ASD Bench Certificati', foundation: 1990, vatNumber: '12345678901', typeSport: 'rugby',
        email: 'bench-certificati@example.it', password, passwordConfirmation: password,
      });
      const membership = await db.membership.findFirstOrThrow({ where: { accountId } });
      member = { token, clubToken: membership.token };
      const clubId = membership.clubId;
      const now = new Date();
      const today = clubDate(now);

      log(`[${database}] seeding ${PEOPLE.toLocaleString('en')} athletes...`);
      const seeded = await seedAthletes(db, clubId, {
        count: PEOPLE,
        onProgress: (done) => process.stdout.write(`\r[${database}]   ${done.toLocaleString('en')} people`),
      });
      process.stdout.write('\n');
      const certificateSeedSeconds = round(await seedCertificates(db, clubId, today));
      // Planner statistics and the visibility map, as autovacuum would have them on a live database.
      await db.$executeRawUnsafe('VACUUM ANALYZE');
      const athletes = await describeAthletes(db, clubId, today);
      log(`[${database}] seeded in ${round(seeded.seconds)} s + certificates in ${certificateSeedSeconds} s: ${JSON.stringify(athletes)}`);
      categories = await db.$queryRawUnsafe<Array<{ id: string; name: string; athletes: number }>>(
        `SELECT g.id::text, g.name, count(*)::int AS athletes
         FROM groups g JOIN group_members gm ON gm.group_id = g.id JOIN person_roles r ON r.id = gm.role_id
         WHERE g.club_id = $1::uuid AND g.name = ANY($2::text[]) AND r.kind = 'athlete' AND r.archived_at IS NULL
         GROUP BY g.id, g.name ORDER BY athletes DESC`,
        clubId,
        AGE_CATEGORIES.map((c) => c.name),
      );

      await app.listen({ port: 0, host: '127.0.0.1' });
      const ask = graphqlClient((app.server.address() as { port: number }).port, member.token, member.clubToken);
      loadStart = os.loadavg()[0];

      // 1. The list page, per filter.
      type ListData = { people: { totalCount: number; edges: Array<{ node: { certificateStatus: CertificateState | null } }> } };
      const list: ListResult[] = [];
      for (const scenario of LIST_SCENARIOS) {
        log(`[${database}] list ${scenario.name}: ${WARMUP} warm-up + ${REQUESTS} requests`);
        const { server, http, last } = await timed(REQUESTS, WARMUP, () => ask<ListData>(LIST_QUERY, { certificate: scenario.certificate, first: PAGE_SIZE }));
        const rows = last.data.people.edges.map((e) => e.node.certificateStatus);
        list.push({
          scenario: scenario.name,
          totalCount: last.data.people.totalCount,
          rowsMatchFilter: rows.length > 0 && rows.every((state) => (scenario.certificate ? state === scenario.certificate : state !== null)),
          server,
          http,
        });
      }
      const all = list.find((l) => l.scenario === 'no filter')!.totalCount;
      const listTotalsAddUp = list.filter((l) => l.scenario !== 'no filter').reduce((sum, l) => sum + l.totalCount, 0) === all;

      // 2. The dashboard.
      type DashboardData = { dashboard: Record<string, number | null> };
      log(`[${database}] dashboard: ${WARMUP} warm-up + ${REQUESTS} requests`);
      const dash = await timed(REQUESTS, WARMUP, () => ask<DashboardData>(DASHBOARD_QUERY));
      const d = dash.last.data.dashboard;
      const counts = { valid: d.certificatesValid, expiring: d.certificatesExpiring, expired: d.certificatesExpired, missing: d.certificatesMissing };
      const matchesLists = Object.entries(counts).every(([state, n]) => list.find((l) => l.scenario === state)?.totalCount === n);
      await deps.accessLog.flush();

      // On PostgreSQL: the statements of one request per list filter and of the dashboard, EXPLAINed.
      let explained: Explained[] | undefined;
      if (database === 'postgres') {
        explained = [];
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          for (const scenario of LIST_SCENARIOS) {
            const sent = await captureStatements(() => ask(LIST_QUERY, { certificate: scenario.certificate, first: PAGE_SIZE }));
            await deps.accessLog.flush();
            explained.push(await explainStatements(client, `list ${scenario.name}`, sent));
          }
          explained.push(await explainStatements(client, 'dashboard', await captureStatements(() => ask(DASHBOARD_QUERY))));
        } finally {
          await client.end();
        }
      }

      // 4. The reminders, called directly: every due reminder claimed and sent, then nothing the same day.
      const expected = await expectedReminders(db, clubId, today);
      log(`[${database}] reminders: first run (${expected.due.toLocaleString('en')} due, ${expected.withEmail.toLocaleString('en')} with an email)`);
      const reminderRun = async (at: Date) => {
        const before = mailer.count();
        const t0 = performance.now();
        const run = await runCertificateReminders(deps, at);
        return { ...run, seconds: round((performance.now() - t0) / 1000, 2), mails: mailer.count() - before };
      };
      const first = await reminderRun(now);
      log(`[${database}]   ${JSON.stringify(first)}`);
      const second = await reminderRun(new Date(now.getTime() + 60_000));
      log(`[${database}] reminders: second run the same day ${JSON.stringify(second)}`);
      const [{ n: claimedNotLatest }] = await db.$queryRawUnsafe<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM certificate_reminders cr JOIN medical_certificates m ON m.id = cr.certificate_id
         WHERE cr.club_id = $1::uuid AND EXISTS (SELECT 1 FROM medical_certificates later WHERE later.person_id = m.person_id AND later.expires_on > m.expires_on)`,
        clubId,
      );

      partial = {
        database,
        seedSeconds: round(seeded.seconds),
        certificateSeedSeconds,
        athletes,
        list,
        listTotalsAddUp,
        dashboard: { server: dash.server, http: dash.http, counts, matchesLists },
        categories: categories.map(({ name, athletes: n }) => ({ name, athletes: n })),
        reminders: { first, second, expectedDue: expected.due, expectedWithEmail: expected.withEmail, claimedNotLatest },
        explained,
      };
    } finally {
      await app.close();
    }

    // 3. Eligibility, from a second app process on the same database: the median category, then the largest (the
    // page's selection last: the one most likely to be cut off).
    const eligibility: EligibilityResult[] = [];
    const [largest, median] = [categories[0], categories[Math.floor(categories.length / 2)]];
    for (const [group, lean] of [[median, false], [median, true], [largest, true], [largest, false]] as const) {
      eligibility.push(await benchEligibility(database, dataDir, databaseUrl, member, group, lean));
    }
    return { ...partial, eligibility, loadAverage: { start: round(loadStart, 2), end: round(os.loadavg()[0], 2) } };
  } finally {
    await cleanup();
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const results: DatabaseResult[] = [];
  for (const database of DATABASES) {
    const result = await benchDatabase(database);
    if (result) results.push(result);
  }

  const fmt = (s?: Stats) => (s ? `${s.p50.toFixed(1).padStart(7)} / ${s.p95.toFixed(1).padStart(7)}` : '      - /       -');
  const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
  const row = (database: string, scenario: string, rows: string | number, server: string, http: string, check: string) =>
    log(`${database.padEnd(9)} ${scenario.padEnd(40)} ${String(rows).padStart(7)}  ${server.padEnd(17)}  ${http.padEnd(17)}  ${check}`);
  log(`\nMedical certificates on ${PEOPLE.toLocaleString('en')} athletes of one club; ${REQUESTS} requests each after ${WARMUP} warm-up (eligibility: ${ELIGIBILITY_REQUESTS} after ${ELIGIBILITY_WARMUP}); p50 / p95 in ms`);
  log(`${os.cpus().length} CPUs, load average ${loadAtStart[0].toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end (other work on the machine inflates every figure)`);
  row('database', 'scenario', 'rows', 'server', 'HTTP', 'check');
  for (const r of results) {
    for (const l of r.list) row(r.database, `list ${l.scenario}`, l.totalCount, fmt(l.server), fmt(l.http), yes(l.rowsMatchFilter));
    row(r.database, '  the filters add up to the list', '', '', '', yes(r.listTotalsAddUp));
    row(r.database, 'dashboard', '', fmt(r.dashboard.server), fmt(r.dashboard.http), `${yes(r.dashboard.matchesLists)} (counts = the lists' totals)`);
    for (const e of r.eligibility) {
      row(r.database, `eligibility ${e.group}${e.lean ? ', role { id }' : ''} (${e.responseKb} kB)`, e.error ? e.expectedAthletes : e.athletes, fmt(e.server), fmt(e.http), e.error ? `FAILED: ${e.error.slice(-140)}` : yes(e.athletes === e.expectedAthletes));
      if (e.accessLogWrite) row(r.database, '  then its access log write', '', fmt(e.accessLogWrite), '', '');
    }
    const m = r.reminders;
    const firstOk = m.first.claimed === m.expectedDue && m.first.sent === m.expectedWithEmail && m.first.mails === m.first.sent + m.first.digests && m.claimedNotLatest === 0;
    row(r.database, 'reminders, first run (wall s)', m.first.claimed, `${m.first.seconds.toFixed(2)} s`, `${m.first.sent} sent + ${m.first.digests} digest`, `${yes(firstOk)} (${m.expectedDue} due, ${m.expectedWithEmail} with an email, ${m.claimedNotLatest} not the latest)`);
    row(r.database, 'reminders, second run (wall s)', m.second.claimed, `${m.second.seconds.toFixed(2)} s`, `${m.second.mails} mails`, yes(m.second.claimed === 0 && m.second.mails === 0));
  }
  for (const r of results) {
    for (const e of r.explained ?? []) {
      log(`[${r.database}] EXPLAIN ANALYZE, ${e.scenario}: ${e.statements.map((s) => `${s.executionMs ?? '?'}`).join(', ')} ms`);
      if (args.explain) for (const s of e.statements) log(`  ${s.sql.slice(0, 600)}\n${(s.plan ?? []).map((l) => `    ${l}`).join('\n')}`);
    }
  }

  // Targets, judged on p95 (the reminders on the first run's wall time).
  const targets: Array<{ target: string; value: string; met: boolean | null }> = [];
  const pgResult = results.find((r) => r.database === 'postgres');
  const worstList = pgResult?.list.reduce((w, l) => (l.server.p95 > w.server.p95 ? l : w));
  targets.push({
    target: `PostgreSQL: list page server time p95 < ${TARGET_LIST_P95_MS} ms for every filter (worst)`,
    value: worstList ? `${worstList.server.p95.toFixed(1)} ms (${worstList.scenario})` : 'n/a',
    met: worstList ? worstList.server.p95 < TARGET_LIST_P95_MS : null,
  });
  targets.push({
    target: `PostgreSQL: dashboard server time p95 < ${TARGET_DASHBOARD_P95_MS} ms`,
    value: pgResult ? `${pgResult.dashboard.server.p95.toFixed(1)} ms` : 'n/a',
    met: pgResult ? pgResult.dashboard.server.p95 < TARGET_DASHBOARD_P95_MS : null,
  });
  for (const r of results) {
    targets.push({ target: `${r.database}: reminder scan of ${PEOPLE.toLocaleString('en')} athletes (first run) < ${TARGET_REMINDERS_S} s`, value: `${r.reminders.first.seconds.toFixed(2)} s`, met: r.reminders.first.seconds < TARGET_REMINDERS_S });
  }
  logTargets('Targets (issue 14)', targets);

  await writeResults('certificates', startedAt, loadAtStart, {
    people: PEOPLE,
    requests: REQUESTS,
    warmup: WARMUP,
    eligibility: { requests: ELIGIBILITY_REQUESTS, warmup: ELIGIBILITY_WARMUP, timeoutSeconds: ELIGIBILITY_TIMEOUT_MS / 1000 },
    queries: Object.fromEntries(Object.entries({ list: LIST_QUERY, dashboard: DASHBOARD_QUERY, eligibility: ELIGIBILITY_QUERY, eligibilityLean: ELIGIBILITY_LEAN_QUERY }).map(([k, q]) => [k, q.trim().replace(/\s+/g, ' ')])),
    results: results.map((r) => ({ ...r, explained: r.explained?.map((e) => ({ ...e, statements: e.statements.map((s) => ({ ...s, plan: args.explain ? s.plan : undefined })) })) })),
    targets,
  });
}

if (args.serve) {
  const { dataDir, databaseUrl } = JSON.parse(args.serve) as { dataDir: string; databaseUrl?: string };
  await serve(dataDir, databaseUrl);
} else {
  await main();
}
