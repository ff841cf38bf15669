// `npm run db:demo [-- [--reset] [--per-kind N]]`: loads the demo club into the configured database (the
// embedded one in DATA_DIR, or DATABASE_URL), applying pending migrations first, and prints how to sign in.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from '../server/config';
import type { AppDeps } from '../server/context';
import { createAccessLogBuffer } from '../server/access/access-log';
import { guardedClient } from '../server/access/club-scope';
import { openAppDatabase } from '../server/db/database';
import { createBackground } from '../server/lib/background';
import { systemClock } from '../server/lib/clock';
import { createMailer } from '../server/lib/mailer';
import { createRateLimits } from '../server/lib/rate-limits';
import { createApiBudget } from '../server/modules/federation/api-usage';
import { createSessionCache } from '../server/auth/session-cache';
import { createAnswerCache } from '../server/graphql/answer-cache';
import { PERSON_KINDS, type PersonKindKey } from '../schema/constants';
import { loadDemoClub, type DemoResult } from './seed/demo-club';

const USAGE = `Usage: npm run db:demo [-- [--reset] [--per-kind N]]
  Loads the demo club "ASD Polisportiva Demo" into the database the server uses (DATA_DIR or DATABASE_URL).
  --reset       delete the demo account and its club, then load them again
  --per-kind N  people of each kind (default 150)`;

/** A failure explained to the user: printed without a stack trace. */
class CliError extends Error {}
function fail(message: string): never {
  throw new CliError(message);
}

/**
 * The other processes holding files of `dir` open (Linux /proc; elsewhere nobody is found). PGlite has no lock
 * of its own: a second process opening the same data directory would not fail, it would corrupt it.
 */
function processesUsing(dir: string): string[] {
  const holders: string[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return holders;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir + path.sep);
      } catch {
        return false;
      }
    });
    if (holds) {
      const cmd = (() => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(-2).join(' ');
        } catch {
          return '';
        }
      })();
      holders.push(`pid ${pid}${cmd ? `: ${cmd}` : ''}`);
    }
  }
  return holders;
}

const KIND_LABELS: Record<PersonKindKey, string> = {
  athlete: 'athletes',
  coach: 'coaches',
  manager: 'managers',
  staff: 'accompagnatori',
  member: 'members',
  voluntary: 'volunteers',
};

function describeDatabase(config: ServerConfig): string {
  if (!config.databaseUrl) return `the embedded database in ${path.join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL database "${url.pathname.slice(1)}" at ${url.hostname}:${url.port || 5432}`;
}

function printResult(result: DemoResult, config: ServerConfig, where: string, seconds: number) {
  const kinds = PERSON_KINDS.map((k) => {
    const { active, archived } = result.roles[k];
    return `${KIND_LABELS[k]} ${active + archived}${archived ? ` (${archived} archived)` : ''}`;
  }).join(', ');
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const head = {
    created: `Demo club "${result.clubName}" loaded into ${where} in ${seconds.toFixed(1)} s.`,
    recreated: `Demo club "${result.clubName}" deleted and loaded again into ${where} in ${seconds.toFixed(1)} s.`,
    exists: `The demo club "${result.clubName}" is already in ${where}: nothing changed (npm run db:demo -- --reset loads it again).`,
  }[result.status];
  console.log(`
${head}
  ${result.people} people: ${kinds}
  ${result.groups} groups and categories, ${result.posts} posts

Start the server with \`npm start\`${config.databaseUrl ? ' (with the same DATABASE_URL)' : ''}, open http://${host}:${config.port}/login and sign in:
  email:    ${result.email}
  password: ${result.password}
`);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ options: { reset: { type: 'boolean' }, 'per-kind': { type: 'string' }, help: { type: 'boolean' } } }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const perKind = args['per-kind'] === undefined ? 150 : Number(args['per-kind']);
  if (!Number.isInteger(perKind) || perKind < 1 || perKind > 2000) fail(`--per-kind must be a whole number from 1 to 2000 (npm run bench:people seeds more).\n${USAGE}`);

  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  const where = describeDatabase(config);

  if (!config.databaseUrl) {
    const holders = processesUsing(path.join(config.dataDir, 'pglite'));
    if (holders.length) {
      fail(
        `${where[0].toUpperCase()}${where.slice(1)} is in use by another process (${holders.join('; ')}).\n` +
          'The embedded database can be opened by one process at a time: stop the server (npm start, npm run dev:server) first,\n' +
          'then run `npm run db:demo` again.',
      );
    }
  }

  const started = performance.now();
  const db = openAppDatabase(config);
  try {
    try {
      await db.migrated;
    } catch (error) {
      const cause = (error as Error).cause as Error | undefined;
      fail(`Cannot open ${where}: ${(cause?.message ?? (error as Error).message).split('\n')[0]}`);
    }
    const quiet = { info() {}, warn: (_o: object, msg?: string) => console.warn(msg), error: (_o: object, msg?: string) => console.error(msg) };
    const sessionCache = createSessionCache();
    const deps: AppDeps = {
      db: guardedClient(db.prisma),
      systemDb: db.prisma,
      database: db.kind,
      config,
      log: quiet,
      now: systemClock,
      limits: createRateLimits(config.rateLimitFactor),
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: quiet }),
      background: createBackground(quiet),
      accessLog: createAccessLogBuffer(db.prisma, quiet),
      apiBudget: createApiBudget(config.apiKeyPointsHourly),
      // Never serving (no listener): a script reads sessions from the database, and keeps no answer.
      sessionCache,
      answerCache: createAnswerCache(sessionCache, false),
    };
    let result: DemoResult;
    try {
      result = await loadDemoClub(deps, { perKind, reset: args.reset });
    } catch (error) {
      fail(`Loading the demo club into ${where} failed: ${(error as Error).message.split('\n')[0]}`);
    }
    await deps.accessLog.close();
    printResult(result, config, where, (performance.now() - started) / 1000);
  } finally {
    await db.close();
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exitCode = 1;
}
