// Benchmark and proof (not a test) of the read replicas (DATABASE_REPLICA_URLS, issue 16 point 2) on a real streaming
// replica made on this machine: pg_basebackup -R copies the PostgreSQL cluster of BENCH_DATABASE_URL (default
// postgresql://postgres@127.0.0.1:5432) into a temporary directory, pg_ctl starts it as a hot standby on a free port
// (as the OS user postgres when run as root), and once it streams:
//   1. a throwaway database on the primary gets the demo club (`npm run db:demo`), replayed on the replica;
//   2. the real server (`server/index.ts`, its own process) starts with DATABASE_REPLICA_URLS pointing at the replica;
//      the admin client's people list page is asked N times, and the replica's own counters (pg_stat_database:
//      transactions, rows returned) and its connections (pg_stat_activity) show that the reads ran there, while a
//      save succeeds (the replica is read-only: a write there would fail) and lands on the primary;
//   3. lag: a group is renamed through the API, then the replica is polled until the new name is visible (ms after
//      the answer), and pg_stat_replication's replay_lag is read on the primary;
//   4. throughput of the list page (autocannon) with the replica, then again with the server started without it.
// The replica is stopped and its directory removed at the end, also on failure or Ctrl+C.
//   npm run bench:replica [-- [--clients 1,50] [--duration 8] [--per-kind 150] [--reads 200] [--saves 20] [--max-gb 5]]
// Needs on the primary: wal_level replica (or logical), max_wal_senders > 0 and a pg_hba.conf rule for replication
// connections from 127.0.0.1 (`host replication all 127.0.0.1/32 trust`, or with a password): the bench checks and
// says what is missing; it never changes the primary's configuration itself. Results: bench/results/replica.json.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkScenario, drive, graphql, PEOPLE_LIST, signIn, type Measured } from './support/load';
import { benchServerEnv } from './support/demo-server';
import { freePort, runScript, startServer, stopServer } from './support/server-process';
import { ADMIN_URL, log, stats, throwawayDatabase, writeResults, type Stats, type ThrowawayDatabase } from './throwaway-database';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1,50' },
    duration: { type: 'string', default: '8' },
    'per-kind': { type: 'string', default: '150' },
    reads: { type: 'string', default: '200' },
    saves: { type: 'string', default: '20' },
    'max-gb': { type: 'string', default: '5' },
  },
});
const CLIENTS = args.clients.split(',').map(Number);
const DURATION = Number(args.duration);

/** One row of `text` on `url` through a connection of its own (so the statistics read are never a cached snapshot). */
async function one<T extends object>(url: string, text: string, values: unknown[] = []): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(text, values)).rows[0] as T;
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, database: string, port?: number) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (port) u.port = String(port);
  return u.toString();
};

// ---- the primary: what a streaming replica needs, and how much pg_basebackup would copy -------------------------------

interface Primary {
  major: number;
  bytes: number;
}

async function checkPrimary(): Promise<Primary> {
  const settings = await one<{ wal_level: string; senders: string; version: string; bytes: string; hba: string }>(
    ADMIN_URL,
    `SELECT current_setting('wal_level') AS wal_level, current_setting('max_wal_senders') AS senders,
            current_setting('server_version_num') AS version,
            (SELECT sum(pg_database_size(oid)) FROM pg_database)::text AS bytes,
            (SELECT count(*) FROM pg_hba_file_rules WHERE 'replication' = ANY(database) AND error IS NULL)::text AS hba`,
  );
  const problems: string[] = [];
  if (!['replica', 'logical'].includes(settings.wal_level)) {
    problems.push(`wal_level is ${settings.wal_level}: ALTER SYSTEM SET wal_level = replica, then restart PostgreSQL`);
  }
  if (Number(settings.senders) < 1) problems.push('max_wal_senders is 0: ALTER SYSTEM SET max_wal_senders = 10, then restart PostgreSQL');
  if (Number(settings.hba) < 1) {
    problems.push(
      'pg_hba.conf has no rule for replication connections: add `host replication all 127.0.0.1/32 trust` (or scram-sha-256 ' +
        "with a password) to the file named by SHOW hba_file, then SELECT pg_reload_conf()",
    );
  }
  if (problems.length) throw new Error(`the primary (${ADMIN_URL}) cannot feed a streaming replica yet:\n  - ${problems.join('\n  - ')}`);
  return { major: Math.floor(Number(settings.version) / 10000), bytes: Number(settings.bytes) };
}

// ---- the replica: pg_basebackup -R, pg_ctl start, stopped and removed however the bench ends ---------------------------

interface Replica {
  port: number;
  dir: string;
  stop(): void;
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the OS user postgres when the bench runs as root (PostgreSQL refuses root). */
function asPostgres(bin: string, program: string, argv: string[]): void {
  const command = path.join(bin, program);
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...argv], { encoding: 'utf8' })
    : spawnSync(command, argv, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${program} ${argv.join(' ')} exited with ${result.status}: ${(result.stderr || result.stdout).trim()}`);
}

async function startReplica(primary: Primary): Promise<Replica> {
  const bin = process.env.PG_BIN ?? `/usr/lib/postgresql/${primary.major}/bin`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'campobase-replica-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let running = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (running) asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
    } catch (error) {
      log(`stopping the replica: ${(error as Error).message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Synchronous, so that it also runs from process.exit. On Ctrl+C it runs at once, beside throwaway-database's
  // handler (which drops the database, then exits): a second SIGINT (tsx relays the terminal's to this process too)
  // then finds a listener instead of ending the process before the replica is stopped.
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  try {
    if (isRoot) {
      const { uid, gid } = pgUser();
      chownSync(dir, uid, gid);
    }
    chmodSync(dir, 0o700);
    const started = performance.now();
    asPostgres(bin, 'pg_basebackup', ['--dbname', ADMIN_URL, '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']);
    const copySeconds = (performance.now() - started) / 1000;
    // A Debian cluster keeps postgresql.conf and pg_hba.conf in /etc, so the copy has neither: the replica's own.
    const files: Record<string, string> = {
      'postgresql.conf': [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'hot_standby = on',
        'max_connections = 100',
        '',
      ].join('\n'),
      'pg_hba.conf': 'local all all trust\nhost all all 127.0.0.1/32 trust\n',
      'pg_ident.conf': '',
    };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dataDir, name);
      writeFileSync(file, text, { mode: 0o600 });
      if (isRoot) chownSync(file, pgUser().uid, pgUser().gid);
    }
    asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'replica.log'), '-w', '-t', '60', 'start']);
    running = true;
    log(`replica: ${dataDir} copied in ${copySeconds.toFixed(1)} s, started on port ${port}`);
    return { port, dir, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

let pgUserIds: { uid: number; gid: number } | undefined;
function pgUser(): { uid: number; gid: number } {
  if (pgUserIds) return pgUserIds;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  pgUserIds = { uid: id('-u'), gid: id('-g') };
  if (!Number.isInteger(pgUserIds.uid) || pgUserIds.uid <= 0) throw new Error('no OS user postgres to run the replica as');
  return pgUserIds;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (${(last as Error).message})` : ''}`);
}

/** The replica is in recovery and its WAL receiver streams from the primary. */
async function waitStreaming(replicaAdmin: string): Promise<void> {
  await until('the replica streaming', 60_000, async () => {
    const row = await one<{ recovery: boolean; status: string | null }>(
      replicaAdmin,
      'SELECT pg_is_in_recovery() AS recovery, (SELECT status FROM pg_stat_wal_receiver) AS status',
    );
    return row.recovery && row.status === 'streaming' ? true : undefined;
  });
}

/** Waits until the replica has replayed everything the primary has written so far; answers how long that took. */
async function caughtUp(replicaAdmin: string): Promise<number> {
  const { lsn } = await one<{ lsn: string }>(ADMIN_URL, 'SELECT pg_current_wal_lsn()::text AS lsn');
  const started = performance.now();
  await until('the replica catching up', 120_000, async () => {
    const row = await one<{ behind: string | null }>(replicaAdmin, 'SELECT pg_wal_lsn_diff($1, pg_last_wal_replay_lsn())::text AS behind', [lsn]);
    return Number(row.behind) <= 0 ? true : undefined;
  });
  return performance.now() - started;
}

// ---- proof, lag and throughput -----------------------------------------------------------------------------------------

interface DatabaseCounters {
  xactCommit: number;
  tupReturned: number;
  tupFetched: number;
  tupUpdated: number;
}

/** A database's counters in pg_stat_database, read from another database so that reading them counts nothing. */
async function counters(adminUrl: string, database: string): Promise<DatabaseCounters> {
  const row = await one<Record<string, string>>(
    adminUrl,
    `SELECT xact_commit::text AS c, tup_returned::text AS r, tup_fetched::text AS f, tup_updated::text AS u FROM pg_stat_database WHERE datname = $1`,
    [database],
  );
  // A standby has no row for a database nobody has connected to there yet.
  const n = (value: string | undefined) => Number(value ?? 0);
  return { xactCommit: n(row?.c), tupReturned: n(row?.r), tupFetched: n(row?.f), tupUpdated: n(row?.u) };
}

const delta = (a: DatabaseCounters, b: DatabaseCounters): DatabaseCounters => ({
  xactCommit: b.xactCommit - a.xactCommit,
  tupReturned: b.tupReturned - a.tupReturned,
  tupFetched: b.tupFetched - a.tupFetched,
  tupUpdated: b.tupUpdated - a.tupUpdated,
});

/**
 * Counters once the server's idle connections have reported (PostgreSQL flushes a backend's statistics when it goes
 * idle, at most once a second, else within 10 s): read until two readings a second apart agree.
 */
async function settledCounters(adminUrl: string, database: string, before: DatabaseCounters): Promise<DatabaseCounters> {
  let previous = await counters(adminUrl, database);
  for (let i = 0; i < 15; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await counters(adminUrl, database);
    if (now.xactCommit === previous.xactCommit && now.xactCommit !== before.xactCommit) return now;
    previous = now;
  }
  return previous;
}

interface Proof {
  listRequests: number;
  replica: DatabaseCounters;
  primary: DatabaseCounters;
  /** The server's connections to the replica's copy of the database, and the last statements they ran. */
  replicaConnections: number;
  replicaStatements: string[];
}

async function prove(url: string, auth: Record<string, string>, db: string, replicaAdmin: string): Promise<Proof> {
  const reads = Number(args.reads);
  const [replicaBefore, primaryBefore] = [await counters(replicaAdmin, db), await counters(ADMIN_URL, db)];
  const body = PEOPLE_LIST.body!;
  for (let i = 0; i < reads; i++) {
    const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body });
    if (!res.ok) throw new Error(`list page: ${res.status}`);
    await res.arrayBuffer();
  }
  const activity = await one<{ n: string; statements: string[] | null }>(
    replicaAdmin,
    `SELECT count(*)::text AS n, array_agg(DISTINCT left(regexp_replace(query, '\\s+', ' ', 'g'), 100)) FILTER (WHERE query <> '') AS statements
       FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
    [db],
  );
  const [replicaAfter, primaryAfter] = [await settledCounters(replicaAdmin, db, replicaBefore), await settledCounters(ADMIN_URL, db, primaryBefore)];
  return {
    listRequests: reads,
    replica: delta(replicaBefore, replicaAfter),
    primary: delta(primaryBefore, primaryAfter),
    replicaConnections: Number(activity.n),
    replicaStatements: activity.statements ?? [],
  };
}

const SAVE_GROUP = `mutation($input: SaveGroupInput!) { saveGroup(input: $input) { __typename ... on MutationSaveGroupSuccess { data { group { id name } } } ... on BaseError { message } } }`;

interface Lag {
  saves: number;
  /** ms from the save's answer to the new name being visible on the replica. */
  visibleAfterMs: Stats;
  /** pg_stat_replication on the primary at the end (null when idle: nothing to replay). */
  replayLag: string | null;
  writeLag: string | null;
  flushLag: string | null;
}

async function measureLag(url: string, auth: Record<string, string>, replicaDb: string, primaryDb: string): Promise<Lag> {
  type Saved = { saveGroup: { __typename: string; data?: { group: { id: string } }; message?: string } };
  const created = await graphql<Saved>(url, auth, SAVE_GROUP, { input: { name: 'Replica 0', type: 'athlete' } });
  const id = created.saveGroup.data?.group.id;
  if (!id) throw new Error(`saveGroup: ${JSON.stringify(created.saveGroup)}`);
  const replica = new pg.Client({ connectionString: replicaDb });
  await replica.connect();
  const samples: number[] = [];
  try {
    for (let i = 1; i <= Number(args.saves); i++) {
      const name = `Replica ${i}`;
      const saved = await graphql<Saved>(url, auth, SAVE_GROUP, { input: { id, name, type: 'athlete' } });
      if (saved.saveGroup.__typename !== 'MutationSaveGroupSuccess') throw new Error(`saveGroup: ${JSON.stringify(saved.saveGroup)}`);
      const answered = performance.now();
      for (;;) {
        const { rowCount } = await replica.query('SELECT 1 FROM groups WHERE id = $1 AND name = $2', [id, name]);
        if (rowCount) break;
        if (performance.now() - answered > 10_000) throw new Error(`the replica did not show "${name}" within 10 s`);
      }
      samples.push(performance.now() - answered);
    }
  } finally {
    await replica.end();
  }
  const onPrimary = await one<{ name: string }>(primaryDb, 'SELECT name FROM groups WHERE id = $1', [id]);
  if (onPrimary.name !== `Replica ${args.saves}`) throw new Error('the saves did not land on the primary');
  const rep = await one<{ replay: string | null; write: string | null; flush: string | null }>(
    ADMIN_URL,
    'SELECT replay_lag::text AS replay, write_lag::text AS write, flush_lag::text AS flush FROM pg_stat_replication ORDER BY backend_start DESC LIMIT 1',
  );
  return { saves: samples.length, visibleAfterMs: stats(samples), replayLag: rep?.replay ?? null, writeLag: rep?.write ?? null, flushLag: rep?.flush ?? null };
}

function logProof(label: string, proof: Proof) {
  const counts = (c: DatabaseCounters) => `+${c.xactCommit} transactions, +${c.tupReturned} rows returned, +${c.tupFetched} fetched`;
  log(`[${label}] ${proof.listRequests} list pages: on the replica ${counts(proof.replica)}; on the primary ${counts(proof.primary)}`);
}

async function throughput(label: string, url: string, auth: Record<string, string>): Promise<Measured[]> {
  await checkScenario(url, auth, PEOPLE_LIST);
  const results: Measured[] = [];
  for (const clients of CLIENTS) {
    const m = await drive(url, auth, PEOPLE_LIST, clients, DURATION);
    results.push(m);
    log(
      `[${label}] ${String(clients).padStart(3)} clients  list page ${String(m.requestsPerSecond).padStart(5)} req/s  p50 ${m.latencyMs.p50} ms  p95 ${m.latencyMs.p95} ms` +
        (m.serverMs ? `  server p50 ${m.serverMs.p50} ms` : '') +
        (m.errors + m.non2xx + m.timeouts ? `  errors ${m.errors} non-2xx ${m.non2xx} timeouts ${m.timeouts}` : ''),
    );
  }
  return results;
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const primary = await checkPrimary();
  const gb = primary.bytes / 2 ** 30;
  const free = statfsSync(os.tmpdir());
  const freeGb = (free.bavail * free.bsize) / 2 ** 30;
  log(`primary ${ADMIN_URL}: PostgreSQL ${primary.major}, databases ${(primary.bytes / 2 ** 20).toFixed(0)} MB in all (pg_basebackup copies the whole cluster); ${freeGb.toFixed(0)} GB free in ${os.tmpdir()}`);
  if (gb > Number(args['max-gb'])) throw new Error(`the cluster holds ${gb.toFixed(1)} GB, over --max-gb ${args['max-gb']}: not copied`);
  if (gb * 2 > freeGb) throw new Error(`not enough room in ${os.tmpdir()} for a copy of ${gb.toFixed(1)} GB`);

  const replica = await startReplica(primary);
  const replicaAdmin = withDatabase(ADMIN_URL, 'postgres', replica.port);
  let server: ChildProcess | undefined;
  let target: ThrowawayDatabase | null = null;
  try {
    target = await throwawayDatabase('postgres', 'replica');
    if (!target?.databaseUrl || !target.pgName) throw new Error('no throwaway database on the primary');
    await waitStreaming(replicaAdmin);
    const db = target.pgName;
    const replicaUrl = withDatabase(ADMIN_URL, db, replica.port);
    log(`[primary] loading the demo club (${args['per-kind']} people per kind) into ${db}...`);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = benchServerEnv(target, port);
    await runScript(['scripts/demo-club.ts', '--per-kind', args['per-kind']], env);
    const catchUpMs = await caughtUp(replicaAdmin);
    log(`[replica] caught up with the demo club ${catchUpMs.toFixed(0)} ms after it was loaded`);

    // With the replica.
    server = await startServer({ ...env, DATABASE_REPLICA_URLS: replicaUrl }, url);
    const auth = await signIn(url);
    const proof = await prove(url, auth, db, replicaAdmin);
    logProof('with replica', proof);
    log(`[with replica] the server's connections on the replica: ${proof.replicaConnections}; their last statements:`);
    for (const statement of proof.replicaStatements) log(`    ${statement}`);
    const withReplica = await throughput('with replica', url, auth);
    // Saves from a session of their own: a session that writes reads from the primary for the next seconds.
    const writer = await signIn(url);
    const lag = await measureLag(url, writer, replicaUrl, target.databaseUrl);
    log(
      `[lag] ${lag.saves} saves: visible on the replica p50 ${lag.visibleAfterMs.p50} ms, max ${lag.visibleAfterMs.max} ms after the answer; ` +
        `pg_stat_replication write/flush/replay lag ${lag.writeLag ?? '-'} / ${lag.flushLag ?? '-'} / ${lag.replayLag ?? '-'}`,
    );
    await stopServer(server);

    // Without it: the same server, every query on the primary.
    server = await startServer(env, url);
    const primaryAuth = await signIn(url);
    const proofWithout = await prove(url, primaryAuth, db, replicaAdmin);
    logProof('primary only', proofWithout);
    const without = await throughput('primary only', url, primaryAuth);
    await stopServer(server);
    server = undefined;

    await writeResults('replica', startedAt, loadAtStart, {
      clusterMb: Math.round(primary.bytes / 2 ** 20),
      catchUpAfterDemoMs: Math.round(catchUpMs),
      proof: { withReplica: proof, primaryOnly: proofWithout },
      lag,
      throughput: { withReplica, primaryOnly: without },
      durationSeconds: DURATION,
      clients: CLIENTS,
    });
  } finally {
    if (server) await stopServer(server);
    await target?.cleanup();
    replica.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
