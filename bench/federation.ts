// Benchmark (not a test): the organisations' GraphQL API (issue 13 point 11) on a federation of 200 affiliated clubs
// and 100,000 people (500 per club), on embedded PGlite and on PostgreSQL. For each database: a fresh database, an
// admin signed up, a federation (createOrganisation), the clubs written as plain rows and their people loaded in bulk
// (scripts/seed/bulk-insert.ts: plausible people with valid tax codes, one transaction per club, so each club's
// records share one change_xid as after an import; mostly athletes, some coaches, members, managers, staff and
// volunteers; athletes in their age category, some in a second group, most with a medical certificate date;
// addresses for half; ~3% archived), then a few later edits spread over the clubs (the tail of the feed mixes
// clubs), every club affiliated in force with every scope (half share minors' contacts), one API key with every
// scope, VACUUM ANALYZE. The real app (createApp) listens on a free port and is asked over HTTP with
// `Authorization: Bearer <key>`:
//   (c) a sync from scratch: organisationPeopleChanges(first: 100) following endCursor until hasNextPage is false,
//       wall time, every record counted (they must be all the people, each once);
//   (a) organisationPeople(first: 100) and (b) organisationPeopleChanges(first: 100) at several positions of the
//       keyset (the first page, 10%, 50%, 90% and the last page; the cursors are the sync's endCursors, valid for
//       both fields since nothing is deleted): server time from the app's `Server-Timing: app;dur=` header
//       (onRequest to onSend) and HTTP time, p50 / p95;
//   the points each page costs (`extensions.cost.requested`). At the first, middle and last page of each field:
//   the server time again with the previous request's access log written before each request (the log of a page
//   is written in the background while the next page is served: this tells its share), how long that write goes
//   on after the answer, listPersonRecords' statement as the driver received it (captured from `pg` or PGlite)
//   timed alone as raw SQL and EXPLAINed (ANALYZE, BUFFERS), and on PostgreSQL the statements of one request.
// Both fields select id, clubId, kind, status, changedAt, registry { firstname lastname taxCode birthday categories },
// contacts { email phone }, certificate { state expiresOn } through edges { node }.
//   npm run bench:federation [-- [--db pglite,postgres] [--clubs 200] [--per-club 500] [--requests 100]
//                               [--warmup 10] [--edits 2000] [--explain] [--keep]]
// --explain prints the plans (they are always written to the JSON); --keep leaves the PostgreSQL database in place
// (its name is printed) to EXPLAIN more afterwards. The key's budget is raised (apiKeyPointsHourly) so that the
// sync and the timed pages are never refused; the output says how many full syncs the default budget allows.
// Target (issue 13): p95 under 50 ms server time for a page of 100 records, at any position, on both databases.
// Results: a table on stdout and bench/results/federation.json.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { log, logTargets, stats, throwawayDatabase, writeResults, type Stats } from './throwaway-database';
import { ORGANISATION_SCOPES } from '../schema/organisation-scopes';
import { insertGroups, insertPeople, type PersonSeed, type RoleSeed } from '../scripts/seed/bulk-insert';
import { AGE_CATEGORIES, categoryIndexForAge } from '../scripts/seed/demo-club';
import { createPeopleFactory } from '../scripts/seed/fake-people';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { PersonKind, PrismaClient } from '../server/generated/prisma/client.js';
import { signUp } from '../server/modules/accounts/sign-up.service';
import { createApiKey } from '../server/modules/organisations/api-keys.service';
import { createOrganisation } from '../server/modules/organisations/organisations.service';
import { organisationStaffAccess } from '../server/access/staff-scope';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    clubs: { type: 'string', default: '200' },
    'per-club': { type: 'string', default: '500' },
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    edits: { type: 'string', default: '2000' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const CLUBS = Number(args.clubs);
const PER_CLUB = Number(args['per-club']);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const EDITS = Number(args.edits);
const DATABASES = args.db.split(',').map((s) => s.trim()) as Database[];
const PAGE = 100;
const TARGET_P95_MS = 50;
/** The app's default points per key and hour (config apiKeyPointsHourly), to tell how many syncs it allows. */
const DEFAULT_BUDGET = loadConfig({}).apiKeyPointsHourly;

type Database = 'pglite' | 'postgres';
type Mode = 'people' | 'changes';

const SELECTION = /* GraphQL */ `
      edges { node { id clubId kind status changedAt
        registry { firstname lastname taxCode birthday categories }
        contacts { email phone }
        certificate { state expiresOn } } }
      pageInfo { hasNextPage endCursor }`;
const QUERIES: Record<Mode, string> = {
  people: `query FederationPeople($after: String) { organisationPeople(first: ${PAGE}, after: $after) {${SELECTION} } }`,
  changes: `query FederationSync($after: String) { organisationPeopleChanges(first: ${PAGE}, after: $after) {${SELECTION} } }`,
};
/** The same page through the connection's `nodes` list instead of edges, only to read its cost. */
const NODES_QUERY = `query FederationPeopleNodes { organisationPeople(first: ${PAGE}) { nodes { id clubId kind status changedAt registry { firstname lastname taxCode birthday categories } contacts { email phone } certificate { state expiresOn } } pageInfo { hasNextPage endCursor } } }`;
const FIELD: Record<Mode, string> = { people: 'organisationPeople', changes: 'organisationPeopleChanges' };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface PositionResult {
  mode: Mode;
  /** Records before the page (0: the first page). */
  position: number;
  server: Stats;
  http: Stats;
  /** The page began with the sync's record at this position. */
  sameFirstRecord: boolean;
}

interface Diagnostic {
  mode: Mode;
  position: number;
  /** listPersonRecords' statement alone, through the same driver. */
  rawSql: Stats;
  /** Server time with the previous request's access log written before the request (deps.background.idle()). */
  serverAlone: Stats;
  /** How long the access log's write went on after the answer reached the client. */
  accessLogAfterAnswer: Stats;
  /**
   * PostgreSQL only: the statements one request sends, those of the request itself and those of its access log
   * (written in the background, api-request-log.ts), the job queue's polls left out.
   */
  statements?: { request: number; accessLog: number; texts: string[] };
  sql: string;
  plan: string[];
}

interface DatabaseResult {
  database: Database;
  /** 1-minute load average when the timed requests began and when they ended (other work inflates every figure). */
  loadAverage: { start: number; end: number };
  seedSeconds: number;
  clubs: number;
  people: number;
  recordsByKind: Record<string, number>;
  costPerPage: Record<Mode, number>;
  costNodesForm: number | string;
  fullSync: {
    pages: number;
    records: number;
    distinct: number;
    byStatus: Record<string, number>;
    wallSeconds: number;
    serverSeconds: number;
    pageServer: Stats;
    pageHttp: Stats;
    points: number;
  };
  positions: PositionResult[];
  diagnostics: Diagnostic[];
}


// ---- seeding -------------------------------------------------------------------------------------------------

/** Kinds by share of a club's people (cumulative draw out of 100). */
const KIND_MIX: Array<[PersonKind, number]> = [['athlete', 80], ['coach', 7], ['member', 9], ['manager', 1], ['staff', 2], ['voluntary', 1]];
const AGES: Record<PersonKind, [number, number]> = { athlete: [5, 40], coach: [19, 65], member: [18, 80], manager: [25, 70], staff: [20, 65], voluntary: [16, 75] };
const CITIES: Array<[string, string, string]> = [['Roma', 'RM', '00100'], ['Milano', 'MI', '20100'], ['Napoli', 'NA', '80100'], ['Torino', 'TO', '10100'], ['Bologna', 'BO', '40100'], ['Bari', 'BA', '70100']];

async function seedFederation(db: PrismaClient, database: Database): Promise<{ clubIds: string[]; seconds: number; byKind: Record<string, number> }> {
  const started = performance.now();
  const factory = createPeopleFactory(2611);
  const { faker } = factory;
  const thisYear = new Date().getFullYear();
  const byKind: Record<string, number> = {};
  const clubIds: string[] = [];
  for (let c = 0; c < CLUBS; c++) {
    const club = await db.club.create({ data: { fullName: `ASD Bench Federazione ${String(c + 1).padStart(3, '0')}`, typeClub: 'ASD', foundation: 1950 + (c % 70) }, select: { id: true } });
    clubIds.push(club.id);
    await db.$transaction(
      async (tx) => {
        const groupIds = await insertGroups(tx, club.id, [
          ...AGE_CATEGORIES.map((g) => ({ name: g.name, type: 'athlete' as const })),
          { name: 'Squadra agonistica', type: 'athlete' },
          { name: 'Femminile', type: 'athlete' },
          { name: 'Staff tecnico', type: 'coach' },
          { name: 'Soci ordinari', type: 'member' },
        ]);
        const [agonistica, femminile, staffTecnico, soci] = groupIds.slice(AGE_CATEGORIES.length);
        const people: PersonSeed[] = [];
        for (let i = 0; i < PER_CLUB; i++) {
          const draw = faker.number.int(99);
          let sum = 0;
          const kind = KIND_MIX.find(([, share]) => (sum += share) > draw)?.[0] ?? 'athlete';
          byKind[kind] = (byKind[kind] ?? 0) + 1;
          const [minAge, maxAge] = AGES[kind];
          const profile = factory.person({ minAge, maxAge });
          const [city, province, postalCode] = faker.helpers.arrayElement(CITIES);
          const role: RoleSeed = {
            kind,
            archivedAt: faker.number.int(99) < 3 ? factory.daysFromToday(-faker.number.int({ min: 1, max: 700 })) : null,
          };
          if (kind === 'athlete') {
            const age = thisYear - profile.birthday.getUTCFullYear();
            // Most athletes in their category, some also in a second group; 15% without a certificate date.
            role.groupIds = faker.number.int(99) < 85 ? [groupIds[categoryIndexForAge(age)]] : [];
            if (faker.number.int(99) < 20) role.groupIds.push(profile.typeGenderId === 2 && faker.datatype.boolean() ? femminile : agonistica);
            role.athlete = { medicalExaminationExpirationDate: faker.number.int(99) < 85 ? factory.daysFromToday(faker.number.int({ min: -90, max: 365 })) : null };
          } else if (kind === 'coach') {
            role.groupIds = [staffTecnico];
            role.coach = { coachRole: 'Allenatore' };
          } else if (kind === 'member') {
            role.groupIds = faker.number.int(99) < 50 ? [soci] : [];
            role.member = { membershipNumber: String(i + 1) };
          }
          people.push({
            profile: {
              ...profile,
              address: faker.datatype.boolean() ? { address: `Via ${faker.person.lastName()}`, streetNumber: String(faker.number.int({ min: 1, max: 200 })), postalCode, city, province, country: 'Italia' } : null,
            },
            roles: [role],
          });
        }
        await insertPeople(tx, club.id, people);
      },
      { timeout: 600_000, maxWait: 60_000 },
    );
    if ((c + 1) % 10 === 0 || c + 1 === CLUBS) process.stdout.write(`\r[${database}]   ${(c + 1) * PER_CLUB} people in ${c + 1} clubs`);
  }
  process.stdout.write('\n');
  // Later edits, a phone number each, in transactions of 100 people drawn from every club: their records move to
  // the end of the feed, which then mixes clubs as a live federation's does.
  if (EDITS > 0) {
    const ids = (await db.$queryRawUnsafe<Array<{ id: string }>>(`SELECT id::text FROM people WHERE club_id = ANY($1::uuid[]) ORDER BY random() LIMIT ${EDITS}`, clubIds)).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 100) {
      await db.$executeRawUnsafe(`UPDATE people SET phone_primary = '+39 333 ' || lpad((random() * 9999999)::int::text, 7, '0'), updated_at = now() WHERE id = ANY($1::uuid[])`, ids.slice(i, i + 100));
    }
  }
  return { clubIds, seconds: (performance.now() - started) / 1000, byKind };
}

// ---- statements, as the drivers send them ------------------------------------------------------------------------

interface Sent {
  text: string;
  values: unknown[];
  /** PGlite: the instance that ran it, to EXPLAIN on the same one. */
  self?: unknown;
}

/** Records every statement sent through `pg` (PostgreSQL) or PGlite#query (PGlite) until the returned stop(). */
function captureStatements(database: Database): { sent: Sent[]; stop: () => void } {
  const sent: Sent[] = [];
  const proto = (database === 'postgres' ? pg.Client.prototype : PGlite.prototype) as unknown as { query: (...a: unknown[]) => unknown };
  const own = Object.prototype.hasOwnProperty.call(proto, 'query');
  const original = proto.query;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const first = a[0] as string | { text?: string; values?: unknown[] };
    if (typeof first === 'string') sent.push({ text: first, values: (a[1] as unknown[]) ?? [], self: this });
    else sent.push({ text: String(first?.text), values: first?.values ?? [], self: this });
    return original.apply(this, a);
  };
  return {
    sent,
    stop: () => {
      if (own) proto.query = original;
      else delete (proto as { query?: unknown }).query;
    },
  };
}

/** The access log's statements (api-request-log.ts: the key's prefix, then one transaction) and the others. */
function countStatements(sent: Sent[]): NonNullable<Diagnostic['statements']> {
  const isLog = (text: string) => /^(BEGIN|COMMIT)\b|"api_request(s|_clubs)"|"organisation_api_keys"\."prefix"/.test(text.trim());
  const texts = sent.map((s) => s.text.replace(/\s+/g, ' ').trim());
  return { request: texts.filter((t) => !isLog(t)).length, accessLog: texts.filter(isLog).length, texts: texts.map((t) => t.slice(0, 160)) };
}

/** Without the job queue's own polls (pg-boss, server/jobs), which run on a timer whatever the requests. */
const ours = (sent: Sent[]) => sent.filter((s) => !/\bpgboss\./.test(s.text));

// ---- one database --------------------------------------------------------------------------------------------

async function benchDatabase(database: Database): Promise<DatabaseResult | null> {
  const target = await throwawayDatabase(database, 'federation', args.keep);
  if (!target) return null;
  const { dataDir, databaseUrl, pgName, cleanup } = target;

  const config = loadConfig({}, {
    dataDir,
    databaseUrl,
    logLevel: 'error', // not 'warn': the API-only app warns that no client is built
    clientDir: path.join(dataDir, 'no-client'),
    rateLimitFactor: 1000,
    // No job queue: its polls would share the database with what is measured.
    jobsEnabled: false,
    // Seeding and VACUUM ANALYZE may run past the app's 10 s statement timeout.
    statementTimeoutMs: 30 * 60_000,
    // The sync and the timed pages together cost several times the default hourly budget.
    apiKeyPointsHourly: 1_000_000_000,
  });
  log(`\n[${database}] fresh database${pgName ? ` "${pgName}"` : ` in ${dataDir}`}, applying migrations...`);
  const { app, deps } = await createApp({ config });
  try {
    const db = deps.systemDb;
    const ctx = { deps, meta: { ip: '127.0.0.1', userAgent: 'bench' }, viewer: null };
    const password = 'password-bench-1';
    const adminEmail = 'bench-federazione@example.it';
    const { accountId } = await signUp(ctx, {
      taxIdCode: 'RSSMRA80A01H501U', firstname: 'Mario', lastname: 'Rossi', birthday: '1980-01-01', role: 1,
      fullName: 'ASD Bench Segreteria', foundation: 1990, vatNumber: '12345678901', typeSport: 'rugby',
      email: adminEmail, password, passwordConfirmation: password,
    });
    const organisation = await createOrganisation(db, { name: 'Federazione Bench', kind: 'federation', adminEmail });

    log(`[${database}] seeding ${CLUBS} clubs x ${PER_CLUB} people (${(CLUBS * PER_CLUB).toLocaleString('en')})...`);
    const seeded = await seedFederation(db, database);
    await db.affiliation.createMany({
      data: seeded.clubIds.map((clubId, i) => ({ organisationId: organisation.id, clubId, status: 'active' as const, requestedBy: 'organisation' as const, scopes: [...ORGANISATION_SCOPES], minorsContacts: i % 2 === 0 })),
    });
    const { secret } = await createApiKey(await organisationStaffAccess(db, accountId, organisation.id, 'organisation.manage', 'bench'), { organisationId: organisation.id, name: 'Bench sync', scopes: [...ORGANISATION_SCOPES] });
    // Planner statistics and the visibility map, as autovacuum would have them on a live database.
    await db.$executeRawUnsafe('VACUUM ANALYZE');
    const seedSeconds = round(seeded.seconds);
    const people = CLUBS * PER_CLUB;
    log(`[${database}] seeded in ${seedSeconds} s: ${JSON.stringify(seeded.byKind)}, ${EDITS} later edits`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    type Node = { id: string; status: string };
    type Answer = {
      data?: Record<string, { edges: Array<{ node: Node }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } }>;
      errors?: Array<{ message: string }>;
      extensions?: { cost?: { requested: number } };
    };
    const ask = async (query: string, variables: Record<string, unknown> = {}) => {
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as Answer;
      const httpMs = performance.now() - t0;
      const timing = /app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
      if (!timing) throw new Error('no Server-Timing header on /graphql');
      return { body, httpMs, serverMs: Number(timing[1]), status: res.status };
    };
    const page = async (mode: Mode, after: string | null) => {
      const answer = await ask(QUERIES[mode], { after });
      const connection = answer.body.data?.[FIELD[mode]];
      if (!connection || answer.body.errors) throw new Error(`${FIELD[mode]} (HTTP ${answer.status}): ${JSON.stringify(answer.body.errors)}`);
      return { ...answer, connection, cost: answer.body.extensions?.cost?.requested ?? NaN };
    };

    const loadStart = round(os.loadavg()[0], 2);
    // Warm the app (Prisma, GraphQL, the plan cache) with a few first pages, then read the costs.
    for (let i = 0; i < 5; i++) await page('changes', null);
    const costPerPage = { people: (await page('people', null)).cost, changes: (await page('changes', null)).cost };
    const nodesAnswer = await ask(NODES_QUERY);
    const costNodesForm = nodesAnswer.body.extensions?.cost?.requested ?? `refused (HTTP ${nodesAnswer.status}): ${nodesAnswer.body.errors?.[0]?.message}`;

    // (c) The sync from scratch.
    log(`[${database}] full sync: organisationPeopleChanges(first: ${PAGE}) until hasNextPage is false...`);
    const order: string[] = [];
    const endCursors: string[] = [];
    const byStatus: Record<string, number> = {};
    const syncServer: number[] = [];
    const syncHttp: number[] = [];
    let points = 0;
    const syncStarted = performance.now();
    for (let after: string | null = null; ; ) {
      const { connection, serverMs, httpMs, cost } = await page('changes', after);
      for (const { node } of connection.edges) {
        order.push(node.id);
        byStatus[node.status] = (byStatus[node.status] ?? 0) + 1;
      }
      syncServer.push(serverMs);
      syncHttp.push(httpMs);
      points += cost;
      after = connection.pageInfo.endCursor;
      endCursors.push(after!);
      if (!connection.pageInfo.hasNextPage) break;
      if (endCursors.length % 100 === 0) process.stdout.write(`\r[${database}]   ${order.length.toLocaleString('en')} records`);
    }
    const wallSeconds = round((performance.now() - syncStarted) / 1000, 2);
    process.stdout.write('\n');
    const fullSync = {
      pages: endCursors.length,
      records: order.length,
      distinct: new Set(order).size,
      byStatus,
      wallSeconds,
      serverSeconds: round(syncServer.reduce((a, b) => a + b, 0) / 1000, 2),
      pageServer: stats(syncServer),
      pageHttp: stats(syncHttp),
      points,
    };
    log(`[${database}] full sync: ${fullSync.records.toLocaleString('en')} records (${fullSync.distinct.toLocaleString('en')} distinct) in ${fullSync.pages} pages, ${wallSeconds} s wall, ${fullSync.serverSeconds} s server time, ${points.toLocaleString('en')} points`);

    // (a), (b) Pages at several positions of the keyset.
    const total = order.length;
    const positions = [...new Set([0, 0.1, 0.5, 0.9].map((f) => Math.floor((total * f) / PAGE) * PAGE).concat(Math.max(0, Math.ceil(total / PAGE) * PAGE - PAGE)))];
    const cursorAt = (position: number) => (position === 0 ? null : endCursors[position / PAGE - 1]);
    const positionResults: PositionResult[] = [];
    for (const mode of ['people', 'changes'] as const) {
      for (const position of positions) {
        const after = cursorAt(position);
        for (let i = 0; i < WARMUP; i++) await page(mode, after);
        const server: number[] = [];
        const http: number[] = [];
        let sameFirstRecord = true;
        for (let i = 0; i < REQUESTS; i++) {
          const answer = await page(mode, after);
          server.push(answer.serverMs);
          http.push(answer.httpMs);
          if (answer.connection.edges[0]?.node.id !== order[position]) sameFirstRecord = false;
        }
        const result = { mode, position, server: stats(server), http: stats(http), sameFirstRecord };
        positionResults.push(result);
        log(`[${database}] ${FIELD[mode]} after ${position.toLocaleString('en')} records: server p50 ${result.server.p50} / p95 ${result.server.p95} ms, HTTP p50 ${result.http.p50} / p95 ${result.http.p95} ms`);
      }
    }

    // Per field and position (first, middle and last page): the statements of one request, and listPersonRecords'
    // statement as the driver received it, timed alone (raw SQL, same driver, app idle) and EXPLAINed.
    const diagnostics: Diagnostic[] = [];
    const raw = database === 'postgres' ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    await raw?.connect();
    try {
      for (const mode of ['people', 'changes'] as const) {
        for (const position of [positions[0], positions[Math.floor(positions.length / 2)], positions.at(-1)!]) {
          // The same page with the previous request's access log written first (back to back, the log of one
          // request is written while the next is served), and how long that write goes on after the answer.
          const isolated: number[] = [];
          const accessLog: number[] = [];
          for (let i = 0; i < Math.ceil(REQUESTS / 2); i++) {
            await deps.background.idle();
            isolated.push((await page(mode, cursorAt(position))).serverMs);
            const t0 = performance.now();
            await deps.background.idle();
            accessLog.push(performance.now() - t0);
          }
          await new Promise((r) => setTimeout(r, 300));
          const capture = captureStatements(database);
          try {
            await page(mode, cursorAt(position));
            await new Promise((r) => setTimeout(r, 300));
          } finally {
            capture.stop();
          }
          const statement = capture.sent.find((s) => /FROM\s+person_role_changes\s+c/.test(s.text));
          if (!statement) throw new Error('the page statement was not seen');
          const run = async (text: string) =>
            raw ? (await raw.query<Record<string, unknown>>(text, statement.values)).rows : (await (statement.self as PGlite).query<Record<string, unknown>>(text, statement.values)).rows;
          for (let i = 0; i < WARMUP; i++) await run(statement.text);
          const rawMs: number[] = [];
          for (let i = 0; i < REQUESTS; i++) {
            const t0 = performance.now();
            await run(statement.text);
            rawMs.push(performance.now() - t0);
          }
          const plan = (await run(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`)).map((r) => String(r['QUERY PLAN']));
          const diagnostic: Diagnostic = {
            mode,
            position,
            rawSql: stats(rawMs),
            serverAlone: stats(isolated),
            accessLogAfterAnswer: stats(accessLog),
            // PGlite runs transactions on another object than PGlite#query: only PostgreSQL's count is complete.
            statements: database === 'postgres' ? countStatements(ours(capture.sent)) : undefined,
            sql: statement.text.replace(/\s+/g, ' ').trim(),
            plan,
          };
          diagnostics.push(diagnostic);
          log(`[${database}] ${FIELD[mode]} after ${position.toLocaleString('en')} records: raw SQL p50 ${diagnostic.rawSql.p50} / p95 ${diagnostic.rawSql.p95} ms, server time with the log written between requests p50 ${diagnostic.serverAlone.p50} / p95 ${diagnostic.serverAlone.p95} ms, access log ${diagnostic.accessLogAfterAnswer.p50} ms after the answer${diagnostic.statements ? `, ${diagnostic.statements.request} statements for the request + ${diagnostic.statements.accessLog} for its access log` : ''}`);
          if (args.explain) log(`\n[${database}] EXPLAIN ${FIELD[mode]} after ${position.toLocaleString('en')} records:\n  ${plan.join('\n  ')}\n`);
        }
      }
    } finally {
      await raw?.end();
    }

    return {
      database,
      loadAverage: { start: loadStart, end: round(os.loadavg()[0], 2) },
      seedSeconds,
      clubs: CLUBS,
      people,
      recordsByKind: seeded.byKind,
      costPerPage,
      costNodesForm,
      fullSync,
      positions: positionResults,
      diagnostics,
    };
  } finally {
    await app.close();
    await cleanup();
  }
}

// ---------------------------------------------------------------------------------------------------------------

const startedAt = new Date();
const loadAtStart = os.loadavg();
const results: DatabaseResult[] = [];
for (const database of DATABASES) {
  const result = await benchDatabase(database);
  if (result) results.push(result);
}

log(`\nOrganisation API, ${CLUBS} clubs x ${PER_CLUB} people; first: ${PAGE}; ${REQUESTS} requests per position after ${WARMUP} warm-up; server time = Server-Timing app;dur (onRequest to onSend), HTTP = fetch over a real socket; p50 / p95 ms`);
log(`${os.cpus().length} CPUs, load average ${loadAtStart[0].toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end (other work on the machine inflates every figure)`);
log('\n| database | field | after (records) | server p50 / p95 | HTTP p50 / p95 | server, log written between p50 / p95 | raw SQL p50 / p95 | access log after answer p50 | SQL statements (request + access log) | right page | p95 < 50 ms |');
log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
const fmt = (s?: Stats) => (s ? `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)}` : '-');
for (const r of results) {
  for (const p of r.positions) {
    const d = r.diagnostics.find((x) => x.mode === p.mode && x.position === p.position);
    const sql = d?.statements ? `${d.statements.request} + ${d.statements.accessLog}` : '-';
    log(`| ${r.database} | ${FIELD[p.mode]} | ${p.position.toLocaleString('en')} | ${fmt(p.server)} | ${fmt(p.http)} | ${fmt(d?.serverAlone)} | ${fmt(d?.rawSql)} | ${d ? d.accessLogAfterAnswer.p50.toFixed(1) : '-'} | ${sql} | ${p.sameFirstRecord ? 'yes' : 'NO'} | ${p.server.p95 < TARGET_P95_MS ? 'met' : 'MISS'} |`);
  }
}
log('\n| database | full sync: records (distinct) | pages | wall | server time | page server p50 / p95 / max | points | cost per page (people, changes) | same page with `nodes` |');
log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) {
  const s = r.fullSync;
  log(`| ${r.database} | ${s.records.toLocaleString('en')} (${s.distinct.toLocaleString('en')}) | ${s.pages} | ${s.wallSeconds} s | ${s.serverSeconds} s | ${s.pageServer.p50.toFixed(1)} / ${s.pageServer.p95.toFixed(1)} / ${s.pageServer.max.toFixed(1)} | ${s.points.toLocaleString('en')} | ${r.costPerPage.people}, ${r.costPerPage.changes} | ${r.costNodesForm} |`);
}

const targets: Array<{ target: string; value: string; met: boolean }> = [];
for (const r of results) {
  for (const mode of ['people', 'changes'] as const) {
    const worst = r.positions.filter((p) => p.mode === mode).reduce((w, p) => (p.server.p95 > w.server.p95 ? p : w));
    targets.push({ target: `${r.database}: ${FIELD[mode]}(first: ${PAGE}) server time p95 < ${TARGET_P95_MS} ms at every position`, value: `worst ${worst.server.p95} ms (after ${worst.position.toLocaleString('en')})`, met: worst.server.p95 < TARGET_P95_MS });
  }
  targets.push({ target: `${r.database}: the sync from scratch answers every record once`, value: `${r.fullSync.records.toLocaleString('en')} records, ${r.fullSync.distinct.toLocaleString('en')} distinct of ${r.people.toLocaleString('en')}`, met: r.fullSync.records === r.people && r.fullSync.distinct === r.people });
  const syncs = Math.floor(DEFAULT_BUDGET / r.fullSync.points);
  log(`${r.database}: load average ${r.loadAverage.start} when its requests began, ${r.loadAverage.end} at the end`);
  log(`${r.database}: a full sync costs ${r.fullSync.points.toLocaleString('en')} points: the default budget (${DEFAULT_BUDGET.toLocaleString('en')} per key and hour) allows ${syncs} an hour`);
}
logTargets('Targets (issue 13 point 11)', targets);

await writeResults('federation', startedAt, loadAtStart, {
  clubs: CLUBS,
  perClub: PER_CLUB,
  requests: REQUESTS,
  warmup: WARMUP,
  edits: EDITS,
  serverTime: 'Server-Timing app;dur (onRequest to onSend)',
  queries: Object.fromEntries(Object.entries(QUERIES).map(([k, q]) => [k, q.replace(/\s+/g, ' ')])),
  results,
  targets,
});
process.exit(0);
