// Every change of club data is logged in the transaction that makes it: the request's club client (clubDb) is
// wrapped here so that no service can write without a log line.
//   - `$transaction(fn)` runs fn with a recording transaction and ends with one INSERT of the log lines, before the
//     commit: one statement per write transaction, none per row, and no acknowledged write without its line;
//   - a write made outside a transaction (`clubDb(ctx).post.update(...)`) runs in one of its own, so it is logged
//     the same way; the array form `$transaction([write, write])` too;
//   - reads pass straight through (no cost on the lists);
//   - writeLogged: one write statement and its lines as one statement, without a transaction (the hottest saves).
// What the lines say: what the service described with describeChange (the person saved, the role changed); a
// transaction that described nothing gets one line per record written, named from the rows (ENTITY_OF below), so
// a service that forgets to describe its change is still logged, only in plainer words.
import type { AccessLogAction } from '../../schema/access-log';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../schema/constants';
import type { RequestContext } from '../context';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';
import { getDatamodel } from '../generated/pothos-types';
import type { Db } from '../lib/club-rows';
import { accessLogInsert, writeAccessLogInTransaction, type AccessLogEntryInput } from './access-log';

type Row = Record<string, unknown>;
type AnyFunction = (...args: unknown[]) => unknown;
const isRow = (value: unknown): value is Row => !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

const WRITES = new Set(['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany']);

/**
 * Models whose rows are the log itself or kept by triggers, or an account's own reading state (a channel's read mark
 * and mute, written at every opening): never logged.
 */
const NOT_LOGGED = new Set(['AccessLogEntry', 'PersonRoleCount', 'Notification', 'GroupChannelState']);

/** Model name by client property (person -> Person). */
const MODEL_OF = new Map(Object.keys(getDatamodel().datamodel.models).map((name) => [name[0].toLowerCase() + name.slice(1), name]));

type Entity = Pick<AccessLogEntryInput, 'entityType' | 'entityId' | 'entityLabel' | 'personId'> & { action?: AccessLogAction };

/**
 * How a row written names what changed. Rows of other models (addresses, details, group links of posts) are parts
 * of one of these and are logged by their model's name only when nothing else in the transaction was.
 */
const ENTITY_OF: Partial<Record<string, (row: Row) => Entity>> = {
  Person: (r) => ({ entityType: 'person', entityId: text(r.id), personId: text(r.id), entityLabel: fullName(r) }),
  PersonMailStatus: (r) => ({ entityType: 'person', entityId: text(r.personId), personId: text(r.personId), action: 'update' }),
  PersonRole: (r) => ({ entityType: 'person', entityId: text(r.personId), personId: text(r.personId), entityLabel: kindLabel(r.kind) }),
  Group: (r) => ({ entityType: 'group', entityId: text(r.id), entityLabel: text(r.name) }),
  // Joining or leaving a group changes the group.
  GroupMember: (r) => ({ entityType: 'group', entityId: text(r.groupId), action: 'update' }),
  Post: (r) => ({ entityType: 'post', entityId: text(r.id), entityLabel: text(r.title) }),
  Club: (r) => ({ entityType: 'club', entityId: text(r.id), entityLabel: text(r.fullName) }),
  StoredFile: (r) => ({ entityType: 'file', entityId: text(r.id), entityLabel: text(r.filename) }),
  Membership: (r) => ({ entityType: 'collaborator', entityId: text(r.id) }),
  CollaboratorInvitation: (r) => ({ entityType: 'invitation', entityId: text(r.id), entityLabel: text(r.email) }),
  PersonLinkInvitation: (r) => ({ entityType: 'personLink', entityId: text(r.id), entityLabel: text(r.email), personId: text(r.personId) }),
  Feedback: (r) => ({ entityType: 'feedback', entityId: text(r.id) }),
};

const kindLabel = (kind: unknown) => (typeof kind === 'string' && kind in PERSON_KIND_INFO ? PERSON_KIND_INFO[kind as PersonKindKey].singular : null);

function fullName(r: Row): string | null {
  const name = [r.firstname, r.lastname].filter((v) => typeof v === 'string').join(' ');
  return name || null;
}

/** create, update, archive (archivedAt set), restore (archivedAt emptied) or delete. */
function actionOf(method: string, data: unknown): AccessLogAction {
  if (method.startsWith('create')) return 'create';
  if (method.startsWith('delete')) return 'delete';
  if (isRow(data) && 'archivedAt' in data) return data.archivedAt === null ? 'restore' : 'archive';
  return 'update';
}

/** Beyond this many lines of one kind, a transaction logs one line with the count (a bulk change). */
const ROWS_PER_KIND = 20;

/** What one write transaction changed. */
class ChangeSet {
  described: AccessLogEntryInput[] = [];
  private records = new Map<string, AccessLogEntryInput>();
  private parts = new Map<string, AccessLogEntryInput>();

  record(model: string, method: string, args: Row, result: unknown): void {
    if (NOT_LOGGED.has(model)) return;
    if (isRow(result) && result.count === 0) return; // an updateMany or deleteMany that matched nothing
    const data = method === 'upsert' ? args.update : args.data;
    const describe = ENTITY_OF[model];
    const into = describe ? this.records : this.parts;
    for (const row of writtenRows(method, args, result)) {
      const { action, ...entity } = describe ? describe(row) : { entityType: model, entityId: text(row.id) };
      const line = { action: action ?? actionOf(method, data), ...entity };
      const key = `${line.action}|${line.entityType}|${line.entityId}`;
      // The first row of a record names it (the person before their role); an archive or restore wins over an update.
      if (!into.has(key) || line.action !== 'update') into.set(key, { ...into.get(key), ...line, entityLabel: into.get(key)?.entityLabel ?? line.entityLabel });
    }
  }

  /** The lines to write: the described ones, else the records written, else the parts written. */
  lines(): AccessLogEntryInput[] {
    if (this.described.length) return this.described;
    const lines = [...(this.records.size ? this.records : this.parts).values()];
    return summarise(lines);
  }
}

/** The rows a write answered; else what it named (createMany's data, the where of an updateMany); else one blank. */
function writtenRows(method: string, args: Row, result: unknown): Row[] {
  if (Array.isArray(result) && result.length) return result.filter(isRow);
  if (isRow(result) && !('count' in result)) return [result];
  if (method.startsWith('create') && (isRow(args.data) || Array.isArray(args.data))) return (Array.isArray(args.data) ? args.data : [args.data]).filter(isRow);
  return [isRow(args.where) ? args.where : {}];
}

/** Many lines of the same action and kind (an import, a bulk archive) become one with their count. */
function summarise(lines: AccessLogEntryInput[]): AccessLogEntryInput[] {
  const byKind = new Map<string, AccessLogEntryInput[]>();
  for (const line of lines) {
    const key = `${line.action}|${line.entityType}`;
    byKind.set(key, [...(byKind.get(key) ?? []), line]);
  }
  return [...byKind.values()].flatMap((group) =>
    group.length <= ROWS_PER_KIND ? group : [{ action: group[0].action, entityType: group[0].entityType, detail: `${group.length} record` }],
  );
}

/** The change set of each recording transaction. */
const changeSets = new WeakMap<object, ChangeSet>();

/**
 * Says what the transaction `tx` changes, in the words the log should show (e.g. the person saved, with their
 * name): these lines replace the record-by-record ones. `tx` must be a transaction of the request's club client.
 */
export function describeChange(tx: Db, entry: AccessLogEntryInput): void {
  const changes = changeSets.get(tx);
  if (!changes) throw new Error('describeChange needs a transaction of the request\'s club client (clubDb(ctx).$transaction)');
  changes.described.push(entry);
}

/**
 * One write and its log lines in a single statement, with no transaction around it: `write` (an UPDATE of the club's
 * rows ... RETURNING, raw SQL naming the club) runs in a WITH, and `entries` are inserted only when it returned a row.
 * A statement is atomic by itself, so the line still commits with the write; what it saves is the transaction's
 * BEGIN, separate INSERT and COMMIT, three of a short save's five round trips (and the connection held between
 * them). For a write whose lines are known before it runs: saveGroup's usual edit. Answers the rows written, or
 * `answer` (a select list over `written`: what the caller reads beside them in the same statement, e.g. the rows of
 * other tables that its answer shows, as of the write).
 */
export function writeLogged<T>(
  db: Db,
  ctx: RequestContext,
  clubId: string,
  write: Prisma.Sql,
  entries: readonly AccessLogEntryInput[],
  answer: Prisma.Sql = Prisma.sql`*`,
): Promise<T[]> {
  const logged = accessLogInsert(ctx, clubId, entries, Prisma.sql`EXISTS (SELECT 1 FROM written)`);
  return db.$queryRaw<T[]>`WITH written AS (${write}), logged AS (${logged}) SELECT ${answer} FROM written`;
}

/**
 * An import (a later issue): call it once inside the import's transaction of the request's club client, with what
 * was imported (file name, counts); the transaction then logs this one line instead of one per record.
 */
export function logImport(tx: Db, entry: Omit<AccessLogEntryInput, 'action'>): void {
  describeChange(tx, { ...entry, action: 'import' });
}

/** A transaction whose model writes are recorded into `changes` once they succeed. */
function recordingTransaction(tx: Db, changes: ChangeSet): Db {
  const delegates = new Map<string, unknown>();
  const recording = new Proxy(tx, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      const model = typeof prop === 'string' ? MODEL_OF.get(prop) : undefined;
      if (!model || !isRow(value)) return typeof value === 'function' ? (value as AnyFunction).bind(target) : value;
      if (!delegates.has(prop as string)) {
        delegates.set(
          prop as string,
          wrapDelegate(value, (method, args) => {
            const call = (value[method] as (a: unknown) => Promise<unknown>).call(value, args);
            return call.then((result) => {
              changes.record(model, method, (args ?? {}) as Row, result);
              return result;
            });
          }),
        );
      }
      return delegates.get(prop as string);
    },
  });
  changeSets.set(recording, changes);
  return recording;
}

/** A model delegate whose write methods go through `write`; its other methods are the delegate's own. */
function wrapDelegate(delegate: Row, write: (method: string, args: unknown) => unknown): unknown {
  return new Proxy(delegate, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof prop === 'string' && WRITES.has(prop)) return (args: unknown) => write(prop, args);
      return typeof value === 'function' ? (value as AnyFunction).bind(target) : value;
    },
  });
}

/**
 * A write asked of the client outside a transaction: like Prisma's own, it runs when awaited (in a transaction of
 * its own, logged), and it can be one step of an array `$transaction([...])`.
 */
class DeferredWrite implements PromiseLike<unknown> {
  constructor(
    readonly run: (tx: Db) => Promise<unknown>,
    private readonly transaction: (fn: (tx: Db) => Promise<unknown>) => Promise<unknown>,
  ) {}
  private started?: Promise<unknown>;
  private start() {
    return (this.started ??= this.transaction(this.run));
  }
  then<A = unknown, B = never>(onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.start().then(onFulfilled, onRejected);
  }
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.start().catch(onRejected);
  }
  finally(onFinally?: (() => void) | null) {
    return this.start().finally(onFinally);
  }
}

type TransactionOptions = Parameters<PrismaClient['$transaction']>[1];

/** The request's club client (clubDb) with every write logged for `clubId` as `ctx`'s actor. */
export function loggedClubClient(db: PrismaClient, ctx: RequestContext, clubId: string): PrismaClient {
  const transaction = (fn: (tx: Db) => Promise<unknown>, options?: TransactionOptions) =>
    db.$transaction(async (tx) => {
      const changes = new ChangeSet();
      const result = await fn(recordingTransaction(tx, changes));
      await writeAccessLogInTransaction(tx, ctx, clubId, changes.lines());
      return result;
    }, options);

  const $transaction = (arg: unknown, options?: TransactionOptions) => {
    if (typeof arg === 'function') return transaction(arg as (tx: Db) => Promise<unknown>, options);
    const steps = arg as unknown[];
    if (!Array.isArray(steps) || !steps.every((step) => step instanceof DeferredWrite)) {
      throw new Error('clubDb(ctx).$transaction([...]) takes writes of the same client only: use the callback form for reads');
    }
    return transaction(async (tx) => {
      const results = [];
      for (const step of steps) results.push(await step.run(tx));
      return results;
    }, options);
  };

  const delegates = new Map<string, unknown>();
  return new Proxy(db, {
    get(target, prop) {
      if (prop === '$transaction') return $transaction;
      const value: unknown = Reflect.get(target, prop);
      const model = typeof prop === 'string' ? MODEL_OF.get(prop) : undefined;
      if (!model || !isRow(value)) return typeof value === 'function' ? (value as AnyFunction).bind(target) : value;
      if (!delegates.has(prop as string)) {
        delegates.set(
          prop as string,
          wrapDelegate(value, (method, args) => new DeferredWrite((tx) => (tx as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>)[prop as string][method](args), transaction)),
        );
      }
      return delegates.get(prop as string);
    },
  });
}
