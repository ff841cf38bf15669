// Writing the access log (the access_log table; reading it is server/modules/access-log/). Two ways in:
//   - changes of club data are written in the transaction that makes them, by the request's club client
//     (change-log.ts), so an acknowledged write never loses its line;
//   - everything else (sign-ins, failed sign-ins, health-data reads, exports, account events) goes through a
//     buffer flushed by one multi-row INSERT every FLUSH_MS (and at shutdown), so reading 100 health records costs
//     no statement per record. A crash may lose the last second of those; never a data change's line.
// The actor's name and email are copied from the account by the INSERT itself (no extra round trip).
import { ACCESS_LOG_RETENTION_MONTHS, type AccessLogAction } from '../../schema/access-log';
import type { Logger, RequestContext } from '../context';
import { startPeriodicTask, type PeriodicTask } from '../jobs/periodic';
import type { JobQueue } from '../jobs/queue';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import type { Db } from '../lib/club-rows';

/** What an entry says about the thing touched (the actor, time and origin come from the request). */
export interface AccessLogEntryInput {
  action: AccessLogAction;
  entityType?: string | null;
  entityId?: string | null;
  entityLabel?: string | null;
  /** The person the entry concerns: the person page's "Modifiche" and the log's person filter read it. */
  personId?: string | null;
  detail?: string | null;
}

/**
 * A buffered row: the club, or (clubsOf) every club of an account, resolved when the row is written; likewise the
 * person (and their name) of a role (roleId) whose health data was read.
 */
interface BufferedRow extends AccessLogEntryInput {
  clubId: string | null;
  clubsOf?: string | null;
  roleId?: string | null;
  at: string;
  actorKind: 'account' | 'system';
  actorAccountId: string | null;
  /** Only when there is no account to copy it from (the email typed at a failed sign-in). */
  actorEmail?: string | null;
  ip: string | null;
  userAgent: string | null;
}

export const FLUSH_MS = 1000;
/** A buffer this full is written at once rather than on the timer. */
const FLUSH_ROWS = 500;
const TEXT_MAX = 300;

const clip = (value: string | null | undefined, max = TEXT_MAX) => (value == null ? null : value.replace(/\u0000/g, '').slice(0, max));

function origin(ctx: RequestContext) {
  return { ip: clip(ctx.meta.ip, 64), userAgent: clip(ctx.meta.userAgent) };
}

/** The request's actor: its signed-in account, or the system (jobs and scripts have no viewer). */
function actorOf(ctx: RequestContext): Pick<BufferedRow, 'actorKind' | 'actorAccountId'> {
  return ctx.viewer ? { actorKind: 'account', actorAccountId: ctx.viewer.accountId } : { actorKind: 'system', actorAccountId: null };
}

/** An entry as the INSERTs' jsonb_to_recordset reads it. */
const entryColumns = (e: AccessLogEntryInput, n: number) => ({
  n,
  action: e.action,
  entity_type: clip(e.entityType, 40),
  entity_id: clip(e.entityId, 100),
  entity_label: clip(e.entityLabel),
  person_id: e.personId ?? null,
  detail: clip(e.detail),
});

/**
 * The INSERT of `entries` for `clubId` as `ctx`'s actor: one statement, whatever their number. The club is a
 * parameter, so the club-scoped client accepts the statement; the actor's name and email are joined in. `onlyIf`, a
 * condition, lets a statement that writes and logs at once (change-log.ts writeLogged) log only what it wrote.
 */
export function accessLogInsert(ctx: RequestContext, clubId: string, entries: readonly AccessLogEntryInput[], onlyIf = Prisma.sql`TRUE`): Prisma.Sql {
  const { actorKind, actorAccountId } = actorOf(ctx);
  const { ip, userAgent } = origin(ctx);
  return Prisma.sql`
    INSERT INTO access_log (club_id, actor_kind, actor_account_id, actor_name, actor_email, action, entity_type, entity_id, entity_label, person_id, detail, ip, user_agent)
    SELECT ${clubId}::uuid, ${actorKind}, ${actorAccountId}::uuid, NULLIF(concat_ws(' ', p.firstname, p.lastname), ''), a.email,
           e.action, e.entity_type, e.entity_id, e.entity_label, e.person_id, e.detail, ${ip}, ${userAgent}
    FROM jsonb_to_recordset(${JSON.stringify(entries.map(entryColumns))}::jsonb)
      AS e(n int, action text, entity_type text, entity_id text, entity_label text, person_id uuid, detail text)
    LEFT JOIN accounts a ON a.id = ${actorAccountId}::uuid
    LEFT JOIN account_profiles p ON p.account_id = a.id
    WHERE ${onlyIf}
    ORDER BY e.n`;
}

/** Writes `entries` for `clubId` inside the transaction `tx` (accessLogInsert). */
export async function writeAccessLogInTransaction(tx: Db, ctx: RequestContext, clubId: string, entries: readonly AccessLogEntryInput[]): Promise<void> {
  if (!entries.length) return;
  await tx.$executeRaw(accessLogInsert(ctx, clubId, entries));
}

/** The buffer of rows written later in batches (AppDeps.accessLog). */
export interface AccessLogBuffer {
  add(row: BufferedRow): void;
  /** Writes what is buffered now (tests, shutdown); settles when it is written. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export function createAccessLogBuffer(db: PrismaClient, log: Pick<Logger, 'error'>, flushMs = FLUSH_MS): AccessLogBuffer {
  let rows: BufferedRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const write = async (batch: BufferedRow[]) => {
    try {
      await insertBuffered(db, batch);
    } catch (err) {
      log.error({ err, rows: batch.length }, 'access log: buffered rows could not be written');
    }
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = rows;
    rows = [];
    // One flush at a time, in order.
    writing = writing.then(() => (batch.length ? write(batch) : undefined));
    return writing;
  };
  return {
    add(row) {
      rows.push(row);
      if (rows.length >= FLUSH_ROWS) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), flushMs).unref();
    },
    flush,
    close: flush,
  };
}

/** One INSERT for a batch of buffered rows, across clubs; a row with `clubsOf` becomes one row per club of that account. */
async function insertBuffered(db: PrismaClient, batch: readonly BufferedRow[]): Promise<void> {
  const json = JSON.stringify(
    batch.map((r, n) => ({
      ...entryColumns(r, n),
      club_id: r.clubId,
      clubs_of: r.clubsOf ?? null,
      role_id: r.roleId ?? null,
      at: r.at,
      actor_kind: r.actorKind,
      actor_account_id: r.actorAccountId,
      actor_email: clip(r.actorEmail, 200),
      ip: r.ip,
      user_agent: r.userAgent,
    })),
  );
  // Across clubs on purpose: the batch holds rows of many clubs (and club-less failed sign-ins).
  await db.$executeRaw`
    INSERT INTO access_log (club_id, at, actor_kind, actor_account_id, actor_name, actor_email, action, entity_type, entity_id, entity_label, person_id, detail, ip, user_agent)
    SELECT COALESCE(e.club_id, m.club_id), e.at, e.actor_kind, e.actor_account_id, NULLIF(concat_ws(' ', p.firstname, p.lastname), ''),
           COALESCE(a.email, e.actor_email), e.action, e.entity_type, COALESCE(e.entity_id, r.person_id::text),
           COALESCE(e.entity_label, NULLIF(concat_ws(' ', pp.firstname, pp.lastname), '')), COALESCE(e.person_id, r.person_id),
           e.detail, e.ip, e.user_agent
    FROM jsonb_to_recordset(${json}::jsonb)
      AS e(n int, club_id uuid, clubs_of uuid, role_id uuid, at timestamptz, actor_kind text, actor_account_id uuid, actor_email text, action text,
           entity_type text, entity_id text, entity_label text, person_id uuid, detail text, ip text, user_agent text)
    LEFT JOIN memberships m ON e.club_id IS NULL AND m.account_id = e.clubs_of
    LEFT JOIN accounts a ON a.id = e.actor_account_id
    LEFT JOIN account_profiles p ON p.account_id = e.actor_account_id
    LEFT JOIN person_roles r ON r.id = e.role_id AND r.club_id = e.club_id
    LEFT JOIN people pp ON pp.id = COALESCE(e.person_id, r.person_id) AND pp.club_id = e.club_id
    ORDER BY e.n, m.club_id`;
}

function buffered(ctx: RequestContext, clubId: string | null, entry: AccessLogEntryInput, extra: Partial<BufferedRow> = {}): BufferedRow {
  return { ...entry, clubId, at: new Date().toISOString(), ...actorOf(ctx), ...origin(ctx), ...extra };
}

/**
 * Health reads as a request made them: the people (or the holders of the roles) whose health data was handed out,
 * and what of it (`detail`). Kept beside a cached answer (graphql/answer-cache.ts) so that serving it again logs the
 * same reads for the new request. Only access/health-data.ts logs them (its revealHealth decides and logs at once).
 */
export interface HealthReadRecord {
  by: 'personId' | 'roleId';
  ids: readonly string[];
  detail?: string;
}

/** Reads this request already logged: one line per request for each record and each kind of read (detail). */
const healthLogged = new WeakMap<RequestContext, Set<string>>();

/**
 * Buffers a `health_read` line for each record of `read` not yet logged by this request (and notes the read for the
 * answer cache when it is recording). Buffered, so it costs no statement per person; the person behind a role and
 * their name are looked up when the buffer is written. Call it through access/health-data.ts, never directly.
 */
export function logHealthReads(ctx: RequestContext, read: HealthReadRecord, clubId = ctx.viewer?.membership?.clubId): void {
  if (!clubId || !read.ids.length) return;
  ctx.healthReads?.push(read);
  let seen = healthLogged.get(ctx);
  if (!seen) healthLogged.set(ctx, (seen = new Set()));
  const { by, detail } = read;
  for (const id of read.ids) {
    const key = `${by}:${id}:${detail ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry: AccessLogEntryInput = { action: 'health_read', entityType: 'person', detail, ...(by === 'personId' ? { entityId: id, personId: id } : {}) };
    ctx.deps.accessLog.add(buffered(ctx, clubId, entry, by === 'roleId' ? { roleId: id } : {}));
  }
}

/**
 * A sign-in or a failed one, logged in every club of the account (its collaborators' owners see it there). A
 * failure for an unknown email, or an account in no club, is one club-less row: kept for the retention, shown on
 * no club's page (the product's operators read it in the database).
 */
export function logSignIn(ctx: RequestContext, attempt: { accountId: string | null; email: string; ok: boolean; detail?: string }): void {
  const actor = { actorKind: 'account' as const, actorAccountId: attempt.accountId, actorEmail: attempt.email };
  const entry: AccessLogEntryInput = { action: attempt.ok ? 'sign_in' : 'sign_in_failed', entityType: 'account', entityId: attempt.accountId, detail: attempt.detail };
  ctx.deps.accessLog.add(buffered(ctx, null, entry, { ...actor, clubsOf: attempt.accountId }));
}

/** An event of the account itself (two-factor sign-in turned on or off), logged in every club of the account. */
export function logAccountEvent(ctx: RequestContext, accountId: string, action: AccessLogAction, detail?: string): void {
  ctx.deps.accessLog.add(
    buffered(ctx, null, { action, entityType: 'account', entityId: accountId, detail }, { actorKind: 'account', actorAccountId: accountId, clubsOf: accountId }),
  );
}

/**
 * An export (a list, the access log itself): what was exported and how (the filters, the row count when known).
 * Logged in the request's club; `clubId` null for a product-wide export (leads, by an operator).
 */
export function logExport(ctx: RequestContext, entry: Omit<AccessLogEntryInput, 'action'>, clubId = ctx.viewer?.membership?.clubId ?? null): void {
  ctx.deps.accessLog.add(buffered(ctx, clubId, { ...entry, action: 'export' }));
}

/**
 * Deletes the rows older than the retention (ACCESS_LOG_RETENTION_MONTHS): the only deletion the table's trigger
 * allows. Answers how many went.
 */
export async function pruneAccessLog(db: PrismaClient): Promise<number> {
  // Across clubs on purpose: the retention is the same for every club.
  return db.$executeRaw`DELETE FROM access_log WHERE at < now() - make_interval(months => ${ACCESS_LOG_RETENTION_MONTHS}::int)`;
}

const DAY_SECONDS = 24 * 60 * 60;
export const ACCESS_LOG_PRUNE_QUEUE = 'access-log-pruning';

function pruneAndLog(db: PrismaClient, log: Pick<Logger, 'info'>): Promise<number> {
  return pruneAccessLog(db).then((count) => {
    if (count) log.info({ count }, 'access log: rows past the retention deleted');
    return count;
  });
}

/** The pruning on the job queue: once per UTC day across instances, at the day's first tick (a start, or a daily timer). */
export function startAccessLogPruning(jobs: JobQueue, db: PrismaClient, log: Logger): Promise<PeriodicTask> {
  return startPeriodicTask(jobs, { queue: ACCESS_LOG_PRUNE_QUEUE, everySeconds: DAY_SECONDS, run: () => pruneAndLog(db, log), log, retries: { retryLimit: 3, retryDelay: 300 } });
}

/** Without the queue (the embedded database with JOBS=0): prunes once now and then daily in this process. */
export function scheduleAccessLogPruning(db: PrismaClient, log: Pick<Logger, 'info' | 'error'>): () => void {
  const run = () => pruneAndLog(db, log).catch((err: unknown) => log.error({ err }, 'access log: pruning failed'));
  void run();
  const timer = setInterval(() => void run(), DAY_SECONDS * 1000).unref();
  return () => clearInterval(timer);
}
