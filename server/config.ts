// Every setting the server reads, from the environment, in one place (documented in docs/configuration.md).
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FOUNDING_OFFER_DATES, OFFER_MONTH } from '../schema/constants';

/**
 * The most people written (or undone) per slice on PGlite, and per undo batch on PostgreSQL, unless the
 * IMPORT_SLICE_ROWS setting says otherwise; how many a slice really takes is fitted to the machine (sliceSizer,
 * import-commit.ts). Measured on a 2-core machine at rest (npm run bench:import): 1,000 kept other requests' p95 at
 * 0.6 s but a 10,000-row import took 6.5 s (target 5) and 100,000 took 52 s; 2,500 gives 4.4 s and 41 s with other
 * requests' p95 at 0.9 s (target 1 s). Here, not in the imports module: the settings import no module.
 */
export const IMPORT_SLICE_ROWS = 2_500;

export interface ServerConfig {
  port: number;
  host: string;
  /** Embedded database, uploads and the mail outbox live here. */
  dataDir: string;
  /** postgresql:// URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  /**
   * PostgreSQL read replicas (DATABASE_REPLICA_URLS, postgresql:// URLs separated by commas): the club data that
   * read-only requests read goes to one of them (server/db/read-replicas.ts); none = everything on DATABASE_URL.
   */
  databaseReplicaUrls: string[];
  /** PostgreSQL cancels a statement running longer than this (STATEMENT_TIMEOUT_MS); PGlite cannot (see docs/api/graphql.md). */
  statementTimeoutMs: number;
  /**
   * Prepares the app's recurring statements once per PostgreSQL connection (DATABASE_PREPARED_STATEMENTS, default
   * true; server/db/statement-names.ts). false behind a pooler in transaction mode that does not keep them
   * (PgBouncer before 1.21, or without max_prepared_statements).
   */
  databasePreparedStatements: boolean;
  /**
   * Connections of the app's PostgreSQL pool (DATABASE_POOL_SIZE; each read replica gets as many). Requests beyond it
   * wait for a connection in line, they do not fail. Default: 4 per core, at least 10 (pg's own default).
   */
  databasePoolSize: number;
  /**
   * How long a write (a transaction) may wait for the database, a pool connection on PostgreSQL or its turn on
   * PGlite's one session, and then run, before the request is answered 503 with Retry-After (TRANSACTION_WAIT_MS);
   * on PostgreSQL also how long a read waits for a connection. Nothing is written when it is refused.
   */
  transactionWaitMs: number;
  /** Other sites' origins allowed to call /graphql and /api from a browser (CORS_ORIGINS); none = same origin only. */
  corsOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  /** Where bounces go (MAIL_BOUNCE_ADDRESS): each mail's envelope sender is it with the mail's id (`bounce+<id>@…`). */
  mailBounceAddress?: string;
  /**
   * The port of the bounce listener (BOUNCE_SMTP_PORT, on BOUNCE_SMTP_HOST, default 0.0.0.0): an SMTP server, in the
   * process that runs the jobs, that receives the delivery status notifications and complaints sent back to
   * MAIL_BOUNCE_ADDRESS (the bounce domain's MX points at it). None: no listener.
   */
  bounceSmtpPort?: number;
  bounceSmtpHost: string;
  /**
   * Web push (VAPID, RFC 8292): the key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url as web-push generates
   * them) and the contact the push services see (VAPID_SUBJECT, default mailto: MAIL_FROM's address). Without the
   * keys, a pair is made on first use and kept in DATA_DIR/secrets/vapid.json (lib/vapid-keys.ts): several
   * instances must share one pair, so they set both variables.
   */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  vapidSubject?: string;
  sessionTtlDays: number;
  /** A session not used for this many days is refused (SESSION_IDLE_DAYS), even before sessionTtlDays. */
  sessionIdleDays: number;
  /** The address people open the product at (PUBLIC_URL): links in mails (e.g. the person-link invitation). */
  publicUrl: string;
  /** Outgoing mail allowance per recipient address and per club, per hour (see server/lib/rate-limits.ts). */
  mailPerRecipientHourly: number;
  mailPerClubHourly: number;
  /** A mail whose delivery failed is retried MAIL_RETRIES times, the first after MAIL_RETRY_SECONDS, doubling. */
  mailRetries: number;
  mailRetrySeconds: number;
  /** Notices (issue 39): mails handed to the outbox per minute, all clubs together (the SMTP server's pace), and
   *  recipients one club may reach in 24 hours. */
  noticeMailsPerMinute: number;
  noticeRecipientsPerDay: number;
  /** Embedded database snapshots in DATA_DIR/backups (server/db/snapshots.ts): hours between them (0 = only
   *  before migrations) and how many are kept (0 = none). Ignored with DATABASE_URL. */
  snapshotHours: number;
  snapshotKeep: number;
  /** Bytes every multipart request in progress may hold in memory together (UPLOAD_MEMORY_MB): over it, 429. */
  uploadMemoryBytes: number;
  /** Built client to serve (index.html + assets); absent folder = API only. */
  clientDir: string;
  /**
   * The migrated empty database `npm run build` leaves in dist/database: a new embedded database starts as a copy
   * of it (server/db/database-template.ts). Absent or out of date: PGlite creates the database and migrates it.
   */
  databaseTemplateDir?: string;
  logLevel: string;
  /** The proxies whose X-Forwarded-For the client's IP is read from (TRUST_PROXY; see trustProxyFrom). */
  trustProxy: TrustProxy;
  /**
   * PostgreSQL: apply pending migrations at start, under a lock (MIGRATE_ON_START, default true). false: a release
   * step runs `npm run db:migrate` and the instance only checks that none is pending. The embedded database always
   * migrates at start.
   */
  migrateOnStart: boolean;
  /** Multiplies every rate-limit allowance (tests and load benchmarks raise it). */
  rateLimitFactor: number;
  /** Points each organisation API key may spend per hour (API_KEY_POINTS_HOURLY; a request costs its query cost). */
  apiKeyPointsHourly: number;
  /**
   * Runs the job queue's workers and periodic work in this process (JOBS=web, the default). False for JOBS=worker
   * (they run in `npm run worker`) and JOBS=off (another instance runs them; JOBS=0 and false say the same).
   */
  jobsEnabled: boolean;
  /**
   * JOBS=worker: the jobs run in a process of their own (`npm run worker`, server/worker.ts); this one only enqueues
   * them (mail goes to the queue, not attempted here). PostgreSQL only: the embedded database has one process.
   */
  jobsInWorker: boolean;
  /**
   * Keeps sessions and memberships in memory between requests (SESSION_CACHE, default true; server/auth/session-cache.ts).
   * It hears changes through LISTEN: false where DATABASE_URL goes through a pooler in transaction mode.
   */
  sessionCache: boolean;
  /** ANSWER_CACHE: the admin pages' answers kept per session while nothing they read changed (needs the session cache). */
  answerCache: boolean;
  /** Minutes between two scans for medical certificate reminders (REMINDER_SCAN_MINUTES). */
  reminderScanMinutes: number;
  /** The most people an import (or its undo) writes per committed slice on PGlite and per undo batch on PostgreSQL (IMPORT_SLICE_ROWS). */
  importSliceRows: number;
  /** Seconds between two looks at the change feed for webhooks (WEBHOOK_SCAN_SECONDS). */
  webhookScanSeconds: number;
  /** First retry delay of a failed webhook delivery, doubled at each attempt (WEBHOOK_RETRY_SECONDS). */
  webhookRetrySeconds: number;
  /**
   * Addresses a webhook may reach although they are not public (WEBHOOK_ALLOW_ADDRESSES, exact IP addresses separated
   * by commas, e.g. 127.0.0.1 for a local receiver in development); plain http:// is accepted only towards these,
   * written as such in the URL. Empty: public addresses only (modules/federation/webhook-target.ts).
   */
  webhookAllowAddresses: string[];
  /** Where contact requests (leads) are emailed; without it they are only stored (and a warning is logged). */
  salesEmail?: string;
  /** Where "Lascia un feedback" messages are emailed (FEEDBACK_EMAIL, else SALES_EMAIL, else an example address). */
  feedbackEmail: string;
  /** Analytics tag id, loaded by the public site only after cookie consent; none without it. */
  analyticsId?: string;
  /** The data controller named on the legal pages (privacy, cookies, site notice): configuration, not code. */
  legal: LegalEntity;
  /**
   * The founding-tester offer's last months, YYYY-MM, each included (OFFER_FREE_UNTIL, OFFER_PRICE_LOCKED_UNTIL):
   * free use until the first, the price locked until the second. The public site reads them (GET /api/site-config)
   * and never advertises a month already past.
   */
  offer: OfferDates;
  /**
   * Encrypts the two-factor (TOTP) secrets in the database (TWO_FACTOR_KEY, at least 32 characters). Without it the
   * key is DATA_DIR/secrets/two-factor.key, made on first use (server/lib/secret-box.ts).
   */
  twoFactorKey?: string;
  /**
   * The bearer token that opens GET /metrics (METRICS_TOKEN, at least 32 characters); without it /metrics answers
   * 404 (docs/operations.md).
   */
  metricsToken?: string;
  /** How long a stop waits for requests in flight, and then for running jobs (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutMs: number;
  /** How long /readyz answers 503 while requests are still served, before a stop closes the port (SHUTDOWN_DELAY_SECONDS). */
  shutdownDelayMs: number;
}

export interface LegalEntity {
  name: string;
  address: string;
  vatNumber: string;
  email: string;
  pec: string;
  /** false while every LEGAL_* setting is unset and the example values below are shown. */
  configured: boolean;
}

/** Example controller of a fresh (demo) installation: obviously not a real company, replaced by LEGAL_*. */
export const EXAMPLE_LEGAL_ENTITY: Omit<LegalEntity, 'configured'> = {
  name: 'CampoBase S.r.l.',
  address: 'Via dello Sport 1, 00100 Roma (RM)',
  vatNumber: '00000000000',
  email: 'privacy@campobase.local',
  pec: 'campobase@pec.campobase.local',
};

function legalFrom(env: NodeJS.ProcessEnv): LegalEntity {
  const set = (name: string) => env[name]?.trim() || undefined;
  const given = { name: set('LEGAL_NAME'), address: set('LEGAL_ADDRESS'), vatNumber: set('LEGAL_VAT'), email: set('LEGAL_EMAIL'), pec: set('LEGAL_PEC') };
  return {
    name: given.name ?? EXAMPLE_LEGAL_ENTITY.name,
    address: given.address ?? EXAMPLE_LEGAL_ENTITY.address,
    vatNumber: given.vatNumber ?? EXAMPLE_LEGAL_ENTITY.vatNumber,
    email: given.email ?? EXAMPLE_LEGAL_ENTITY.email,
    pec: given.pec ?? EXAMPLE_LEGAL_ENTITY.pec,
    configured: Object.values(given).some(Boolean),
  };
}

/** One address or several separated by commas (each receives every message), for the setting `name`. */
function emailListFrom(value: string | undefined, name = 'SALES_EMAIL'): string | undefined {
  const list = (value ?? '').split(',').map((a) => a.trim()).filter(Boolean);
  const bad = list.find((a) => !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(a));
  if (bad) throw new Error(`${name} contiene un indirizzo non valido: "${bad}"`);
  return list.length ? list.join(', ') : undefined;
}

/** Feedback always has somewhere to go: the example address only reaches the outbox (or nobody) until configured. */
export const DEFAULT_FEEDBACK_EMAIL = 'feedback@campobase.local';

export interface OfferDates {
  freeUntil: string;
  priceLockedUntil: string;
}

function offerFrom(env: NodeJS.ProcessEnv): OfferDates {
  const month = (name: 'OFFER_FREE_UNTIL' | 'OFFER_PRICE_LOCKED_UNTIL', fallback: string) => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    if (!OFFER_MONTH.test(value)) throw new Error(`${name} deve essere un mese nel formato AAAA-MM (valore: "${value}")`);
    return value;
  };
  const freeUntil = month('OFFER_FREE_UNTIL', FOUNDING_OFFER_DATES.freeUntil);
  const priceLockedUntil = month('OFFER_PRICE_LOCKED_UNTIL', FOUNDING_OFFER_DATES.priceLockedUntil);
  if (priceLockedUntil < freeUntil) {
    throw new Error(`OFFER_PRICE_LOCKED_UNTIL (${priceLockedUntil}) non può precedere OFFER_FREE_UNTIL (${freeUntil})`);
  }
  return { freeUntil, priceLockedUntil };
}

/** The id ends up in a script URL on the public site: letters, digits, dashes and underscores only (e.g. G-AB12CD34EF). */
function analyticsIdFrom(value: string | undefined): string | undefined {
  const id = value?.trim();
  if (!id) return undefined;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error(`ANALYTICS_ID non valido: "${id}" (solo lettere, cifre, - e _)`);
  return id;
}

/** A key for the two-factor secrets: long enough to carry 256 bits when it is random text (e.g. `openssl rand -base64 32`). */
function twoFactorKeyFrom(value: string | undefined): string | undefined {
  const key = value?.trim();
  if (!key) return undefined;
  if (key.length < 32) throw new Error('TWO_FACTOR_KEY deve contenere almeno 32 caratteri (ad esempio: openssl rand -base64 32)');
  return key;
}

/** Whoever holds it reads the metrics: long enough not to be guessed (e.g. `openssl rand -base64 32`). */
function metricsTokenFrom(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < 32 || /\s/.test(token)) throw new Error('METRICS_TOKEN deve contenere almeno 32 caratteri, senza spazi (ad esempio: openssl rand -base64 32)');
  return token;
}

/** http(s) origin (and optional path) without a trailing slash; default the local server. */
function publicUrlFrom(value: string | undefined, port: number): string {
  const url = value?.trim().replace(/\/+$/, '');
  if (!url) return `http://localhost:${port}`;
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(url)) throw new Error(`PUBLIC_URL deve essere un indirizzo http(s):// (valore: "${url}")`);
  return url;
}

/** Comma-separated origins (scheme, host, optional port), each exactly as a browser sends it in `Origin`. */
function originListFrom(value: string | undefined): string[] {
  const list = (value ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of list) {
    if (!/^https?:\/\/[^\s/?#*]+$/.test(origin) || new URL(origin).origin !== origin) {
      throw new Error(`CORS_ORIGINS contiene un'origine non valida: "${origin}" (ad esempio https://gestionale.example.it, senza percorso né barra finale)`);
    }
  }
  return list;
}

/**
 * Fastify's `trustProxy`: the proxies allowed to tell the client's IP in X-Forwarded-For, by address or network
 * (CIDR, e.g. 10.0.0.0/8; also the names loopback, linklocal, uniquelocal). false (the default) trusts nobody: the
 * IP is the connection's own peer, whatever a client writes in the header. The IP is then the first address, from
 * the right of X-Forwarded-For, that is not one of those proxies. A number of hops is not offered: it cannot tell a
 * proxy from a client that connects directly (fastify 5.12 ignores it for that reason).
 */
export type TrustProxy = false | string[];

const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_HELP = 'gli indirizzi IP o le reti CIDR dei proxy davanti al server, separati da virgole (ad esempio 10.0.0.5 oppure 10.0.0.0/8, loopback per un proxy sulla stessa macchina)';

function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false' || text === '0') return false;
  if (text.toLowerCase() === 'true' || /^\d+$/.test(text)) {
    throw new Error(`TRUST_PROXY="${text}" non indica quali proxy: un client collegato direttamente potrebbe scegliersi l'IP. Indicare ${TRUST_PROXY_HELP}`);
  }
  const list = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = list.find((entry) => !isProxyAddress(entry));
  if (bad) throw new Error(`TRUST_PROXY contiene un valore non valido: "${bad}". Indicare ${TRUST_PROXY_HELP}`);
  return list;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

function webhookAddressesFrom(env: NodeJS.ProcessEnv): string[] {
  // The old switch admitted every private network: refused at start rather than silently ignored.
  if (env.WEBHOOK_ALLOW_PRIVATE?.trim()) {
    throw new Error('WEBHOOK_ALLOW_PRIVATE non esiste più: indicare in WEBHOOK_ALLOW_ADDRESSES gli indirizzi IP esatti ammessi per i webhook (ad esempio 127.0.0.1)');
  }
  const list = (env.WEBHOOK_ALLOW_ADDRESSES ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = list.find((entry) => !net.isIP(entry));
  if (bad) throw new Error(`WEBHOOK_ALLOW_ADDRESSES contiene un valore non valido: "${bad}". Indicare indirizzi IP esatti separati da virgole (ad esempio 127.0.0.1), non reti né nomi`);
  return list;
}

function switchFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return fallback;
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  throw new Error(`${name} deve essere true o false (valore: "${value}")`);
}

/** JOBS: where the job queue's workers run (web: here, the default; worker: `npm run worker`; off: elsewhere). */
function jobsFrom(value: string | undefined, databaseUrl: string | undefined): Pick<ServerConfig, 'jobsEnabled' | 'jobsInWorker'> {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'web' || text === '1' || text === 'true') return { jobsEnabled: true, jobsInWorker: false };
  if (text === 'off' || text === '0' || text === 'false') return { jobsEnabled: false, jobsInWorker: false };
  if (text !== 'worker') throw new Error(`JOBS deve essere web, worker o off (valore: "${value}")`);
  // The embedded database is opened by one process at a time: its jobs stay in the web process.
  if (!databaseUrl) throw new Error('JOBS=worker richiede DATABASE_URL: il database incorporato è aperto da un solo processo, che esegue anche i job');
  return { jobsEnabled: false, jobsInWorker: true };
}

/** Comma-separated postgresql:// URLs of read replicas of DATABASE_URL's database (a streaming standby, ...). */
function replicaUrlsFrom(value: string | undefined, databaseUrl: string | undefined): string[] {
  const list = (value ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  if (list.length === 0) return [];
  if (!databaseUrl) throw new Error('DATABASE_REPLICA_URLS richiede DATABASE_URL: le repliche sono copie di un database PostgreSQL, non del database incorporato');
  const bad = list.find((u) => !/^postgres(ql)?:\/\/\S+$/.test(u));
  // The URL may hold a password: the message names its position, never its text.
  if (bad) throw new Error(`DATABASE_REPLICA_URLS: l'indirizzo n. ${list.indexOf(bad) + 1} non è valido (ogni replica è un indirizzo postgresql://, separati da virgole)`);
  if (list.includes(databaseUrl)) throw new Error('DATABASE_REPLICA_URLS contiene lo stesso indirizzo di DATABASE_URL: indicare solo le repliche');
  return list;
}

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Both VAPID keys or neither. */
function vapidKeysFrom(env: NodeJS.ProcessEnv): { vapidPublicKey?: string; vapidPrivateKey?: string } {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey && !privateKey) return {};
  if (!publicKey || !privateKey || !/^[\w-]{80,100}$/.test(publicKey) || !/^[\w-]{40,50}$/.test(privateKey)) {
    throw new Error('VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vanno indicate insieme, in base64url come le genera web-push (npx web-push generate-vapid-keys)');
  }
  return { vapidPublicKey: publicKey, vapidPrivateKey: privateKey };
}

/** A plain address (local@domain) with no `+`: the mail's id is added after one. */
function bounceAddressFrom(value: string | undefined): string | undefined {
  const address = value?.trim();
  if (!address) return undefined;
  if (!/^[^\s@+<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) throw new Error(`MAIL_BOUNCE_ADDRESS deve essere un indirizzo e-mail semplice, senza "+" (valore: "${value}")`);
  return address;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} deve essere un numero positivo (valore: "${value}")`);
  return n;
}

function zeroOrMore(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} deve essere un numero non negativo (valore: "${value}")`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL deve essere un indirizzo postgresql://');
  }
  return {
    port: intFrom(env.PORT, 4000, 'PORT'),
    host: env.HOST?.trim() || 'localhost',
    dataDir: path.resolve(env.DATA_DIR?.trim() || path.join(process.cwd(), 'data')),
    databaseUrl,
    databaseReplicaUrls: replicaUrlsFrom(env.DATABASE_REPLICA_URLS, databaseUrl),
    statementTimeoutMs: intFrom(env.STATEMENT_TIMEOUT_MS, 10_000, 'STATEMENT_TIMEOUT_MS'),
    databasePreparedStatements: switchFrom(env.DATABASE_PREPARED_STATEMENTS, true, 'DATABASE_PREPARED_STATEMENTS'),
    databasePoolSize: Math.max(1, Math.floor(intFrom(env.DATABASE_POOL_SIZE, Math.max(10, 4 * os.availableParallelism()), 'DATABASE_POOL_SIZE'))),
    transactionWaitMs: intFrom(env.TRANSACTION_WAIT_MS, 10_000, 'TRANSACTION_WAIT_MS'),
    corsOrigins: originListFrom(env.CORS_ORIGINS),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'CampoBase <no-reply@campobase.local>',
    mailBounceAddress: bounceAddressFrom(env.MAIL_BOUNCE_ADDRESS),
    bounceSmtpPort: env.BOUNCE_SMTP_PORT?.trim() ? Math.floor(intFrom(env.BOUNCE_SMTP_PORT.trim(), 2525, 'BOUNCE_SMTP_PORT')) : undefined,
    bounceSmtpHost: env.BOUNCE_SMTP_HOST?.trim() || '0.0.0.0',
    ...vapidKeysFrom(env),
    vapidSubject: env.VAPID_SUBJECT?.trim() || undefined,
    sessionTtlDays: intFrom(env.SESSION_TTL_DAYS, 30, 'SESSION_TTL_DAYS'),
    sessionIdleDays: intFrom(env.SESSION_IDLE_DAYS, 14, 'SESSION_IDLE_DAYS'),
    publicUrl: publicUrlFrom(env.PUBLIC_URL, intFrom(env.PORT, 4000, 'PORT')),
    mailPerRecipientHourly: intFrom(env.MAIL_PER_RECIPIENT_HOURLY, 10, 'MAIL_PER_RECIPIENT_HOURLY'),
    mailPerClubHourly: intFrom(env.MAIL_PER_CLUB_HOURLY, 200, 'MAIL_PER_CLUB_HOURLY'),
    mailRetries: Math.floor(intFrom(env.MAIL_RETRIES, 8, 'MAIL_RETRIES')),
    mailRetrySeconds: Math.ceil(intFrom(env.MAIL_RETRY_SECONDS, 30, 'MAIL_RETRY_SECONDS')),
    noticeMailsPerMinute: Math.max(1, Math.floor(intFrom(env.NOTICE_MAILS_PER_MINUTE, 600, 'NOTICE_MAILS_PER_MINUTE'))),
    noticeRecipientsPerDay: Math.max(1, Math.floor(intFrom(env.NOTICE_RECIPIENTS_PER_DAY, 20_000, 'NOTICE_RECIPIENTS_PER_DAY'))),
    snapshotHours: zeroOrMore(env.DB_SNAPSHOT_HOURS, 6, 'DB_SNAPSHOT_HOURS'),
    snapshotKeep: Math.floor(zeroOrMore(env.DB_SNAPSHOT_KEEP, 8, 'DB_SNAPSHOT_KEEP')),
    uploadMemoryBytes: intFrom(env.UPLOAD_MEMORY_MB, 256, 'UPLOAD_MEMORY_MB') * 1024 * 1024,
    clientDir: path.resolve(env.CLIENT_DIR?.trim() || path.join(repoRoot, 'dist', 'client')),
    databaseTemplateDir: path.join(repoRoot, 'dist', 'database'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    migrateOnStart: switchFrom(env.MIGRATE_ON_START, true, 'MIGRATE_ON_START'),
    rateLimitFactor: intFrom(env.RATE_LIMIT_FACTOR, 1, 'RATE_LIMIT_FACTOR'),
    apiKeyPointsHourly: intFrom(env.API_KEY_POINTS_HOURLY, 10_000_000, 'API_KEY_POINTS_HOURLY'),
    ...jobsFrom(env.JOBS, databaseUrl),
    sessionCache: switchFrom(env.SESSION_CACHE, true, 'SESSION_CACHE'),
    answerCache: switchFrom(env.ANSWER_CACHE, true, 'ANSWER_CACHE'),
    reminderScanMinutes: intFrom(env.REMINDER_SCAN_MINUTES, 60, 'REMINDER_SCAN_MINUTES'),
    importSliceRows: intFrom(env.IMPORT_SLICE_ROWS, IMPORT_SLICE_ROWS, 'IMPORT_SLICE_ROWS'),
    webhookScanSeconds: intFrom(env.WEBHOOK_SCAN_SECONDS, 10, 'WEBHOOK_SCAN_SECONDS'),
    webhookRetrySeconds: intFrom(env.WEBHOOK_RETRY_SECONDS, 30, 'WEBHOOK_RETRY_SECONDS'),
    webhookAllowAddresses: webhookAddressesFrom(env),
    salesEmail: emailListFrom(env.SALES_EMAIL),
    feedbackEmail: emailListFrom(env.FEEDBACK_EMAIL, 'FEEDBACK_EMAIL') ?? emailListFrom(env.SALES_EMAIL) ?? DEFAULT_FEEDBACK_EMAIL,
    analyticsId: analyticsIdFrom(env.ANALYTICS_ID),
    legal: legalFrom(env),
    offer: offerFrom(env),
    twoFactorKey: twoFactorKeyFrom(env.TWO_FACTOR_KEY),
    metricsToken: metricsTokenFrom(env.METRICS_TOKEN),
    shutdownTimeoutMs: intFrom(env.SHUTDOWN_TIMEOUT_SECONDS, 15, 'SHUTDOWN_TIMEOUT_SECONDS') * 1000,
    shutdownDelayMs: zeroOrMore(env.SHUTDOWN_DELAY_SECONDS, 0, 'SHUTDOWN_DELAY_SECONDS') * 1000,
    ...overrides,
  };
}
