// Every setting the server reads, from the environment, in one place (documented in README "Settings").
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Embedded database, uploads and the mail outbox live here. */
  dataDir: string;
  /** postgresql:// URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  sessionTtlDays: number;
  /** Built client to serve (index.html + assets); absent folder = API only. */
  clientDir: string;
  logLevel: string;
  trustProxy: boolean;
  /** Multiplies every rate-limit allowance (tests and load benchmarks raise it). */
  rateLimitFactor: number;
}

const repoRoot = path.resolve(import.meta.dirname, '..');

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} deve essere un numero positivo (valore: "${value}")`);
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
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'CampoBase <no-reply@campobase.local>',
    sessionTtlDays: intFrom(env.SESSION_TTL_DAYS, 30, 'SESSION_TTL_DAYS'),
    clientDir: path.resolve(env.CLIENT_DIR?.trim() || path.join(repoRoot, 'dist', 'client')),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimitFactor: intFrom(env.RATE_LIMIT_FACTOR, 1, 'RATE_LIMIT_FACTOR'),
    ...overrides,
  };
}
