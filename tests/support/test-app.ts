// The real app, in-process, on a real database: an in-memory PGlite started from the run's migrated tarball, or
// (CAMPOBASE_TEST_DB=postgres) a fresh clone of the run's migrated template database, dropped on close.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApp, type CampoApp, type CreateAppOptions } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { AppDeps } from '../../server/context';
import type { Mailer } from '../../server/lib/mailer';
import { adminQuery, databaseUrl, dropDatabase } from './postgres';

export interface TestApp extends CampoApp {
  dataDir: string;
  databaseKind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const usingPostgres = () => process.env.CAMPOBASE_TEST_DB === 'postgres';

/** A new database cloned from the run's migrated template (its name starts with the template's: dropped at the end). */
export async function clonePostgresTemplate(): Promise<string> {
  const template = inject('postgresTemplate');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return name;
    } catch (e) {
      // Two files cloning at the same instant can briefly see each other on the template.
      if (attempt >= 5 || !/being accessed by other users/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
}

/**
 * A tarball held in memory as one ArrayBuffer. Node's own Blob.arrayBuffer() reassembles the bytes chunk by chunk
 * on every call (a file's Blob reads the file again first): several seconds a run, once per app started.
 */
class TarballInMemory extends Blob {
  constructor(private readonly tarball: ArrayBuffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.tarball.slice(0)); // a copy: PGlite's file system may keep parts of what it is given
  }
}

let migratedTarball: Promise<Blob> | undefined;
/**
 * The run's migrated PGlite database as a `dumpDataDir()` tarball (pglite-global-setup.ts), for a new embedded
 * database to start from; undefined in a project without that setup (the database then starts empty).
 */
export function migratedPGlite(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  return file ? (migratedTarball ??= readFile(file).then((bytes) => new TarballInMemory(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)))) : undefined;
}

/** Apps by data directory: reading an outbox first waits for the mail its app has still to deliver. */
const appsByDataDir = new Map<string, AppDeps>();
export function trackOutbox(dataDir: string, deps: AppDeps): void {
  appsByDataDir.set(dataDir, deps);
}

/**
 * `options.mailer`: a mailer of the test's own instead of the outbox table and its delivery (still behind the app's
 * mail throttle), for tests that record or fail each send as it happens. `options.now`: the app's clock for its
 * calendar rules (server/lib/clock.ts `clockFrom`), for tests whose outcome depends on the day.
 */
export async function startTestApp(
  overrides: Partial<ServerConfig> = {},
  options: { mailer?: Mailer; logStream?: CreateAppOptions['logStream']; waitForDatabase?: boolean; now?: CreateAppOptions['now'] } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-test-'));
  const pgName = usingPostgres() ? await clonePostgresTemplate() : undefined;
  const config = loadConfig({}, {
    dataDir,
    logLevel: 'silent',
    databaseUrl: pgName ? databaseUrl(pgName) : undefined,
    clientDir: path.join(dataDir, 'no-client'),
    // The job queue only where a test asks for it (webhooks): it would add its start and polling to every app.
    jobsEnabled: false,
    ...overrides,
  });
  const campo = await createApp({
    config,
    inMemoryDatabase: true,
    loadDataDir: pgName ? undefined : await migratedPGlite(),
    mailer: options.mailer,
    logStream: options.logStream,
    waitForDatabase: options.waitForDatabase,
    now: options.now,
  });
  trackOutbox(dataDir, campo.deps);
  return {
    ...campo,
    dataDir,
    databaseKind: pgName ? 'postgres' : 'pglite',
    async close() {
      await campo.app.close();
      appsByDataDir.delete(dataDir);
      if (pgName) await dropDatabase(pgName);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on `first`'s PostgreSQL database, as a second server behind a load balancer (its own data folder);
 * close() stops it, leaving the database to `first`.
 */
export async function startSecondInstance(first: TestApp): Promise<CampoApp & { close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campobase-test-'));
  const second = await createApp({ config: { ...first.deps.config, dataDir, clientDir: path.join(dataDir, 'no-client') } });
  return {
    ...second,
    async close() {
      await second.app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Waits (at most `timeoutMs`) until the app's mail outbox holds no mail waiting for its first attempt or being sent:
 * handed over in the background (no job queue) or to the queue's worker (JOBS on), which polls every second.
 */
export async function outboxDelivered(deps: AppDeps, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await deps.background.idle();
    const waiting = await deps.systemDb.mailOutbox.count({ where: { OR: [{ status: 'sending' }, { status: 'pending', attempts: 0 }] } });
    if (!waiting) return;
    if (Date.now() > deadline) throw new Error(`${waiting} mail(s) still undelivered in the outbox after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Mail written to DATA_DIR/outbox (no SMTP_URL), oldest first, once the app has delivered what it has to. */
export async function readOutbox(dataDir: string): Promise<SentMail[]> {
  const deps = appsByDataDir.get(dataDir);
  if (deps) await outboxDelivered(deps);
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (f) => {
      const raw = await readFile(path.join(dir, f), 'utf8');
      const [head, ...body] = raw.split('\n\n');
      const unfolded = head.replace(/\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
      return { to: header('To'), subject: decodeEncodedWords(header('Subject')), text: decodeQuotedPrintable(body.join('\n\n')) };
    }),
  );
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?Nicol=C3=B2?=`, `=?UTF-8?B?...?=`), as nodemailer writes non-ASCII subjects. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

export function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The 6-digit code of the newest password-reset mail to `email`. */
export async function latestResetCode(dataDir: string, email: string): Promise<string> {
  const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(email));
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}
