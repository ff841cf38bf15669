// Whole answers of the admin pages' read-only queries (the people lists, the dashboard), kept in memory per session
// and served again while nothing they were read from has changed. The list page's own work (Prisma, GraphQL over its
// rows, the health-read log) costs about ten times what a signed-in request costs before it: a page asked again
// (back to the list, a second tab, a reload) now costs what the request itself does.
//
// When an answer may be served again, all of these hold:
//   - the same session, club membership, role, coached groups and second factor asked it (the key): an answer
//     never crosses from one viewer to another, so what a role may see is decided as before, by the resolvers;
//   - the same club day (certificate states and "added today" move at midnight);
//   - no change to the club's data since it was read: the database announces every statement that changes the
//     tables these answers read (triggers of migrations 20261127120000_answer_cache_notify and
//     20261129070000_answer_cache_change_rows, whoever wrote: a service, an import, a job, another instance, SQL by
//     hand): on PostgreSQL a row per club in club_data_changes (db/club-data-changes.ts), on PGlite a
//     `pg_notify` on DATA_CHANNEL; each change moves the club's generation on. It is heard through the session
//     cache's listener, with the same catch-up before a request is served from memory
//     (auth/session-cache-listener.ts), so a change committed before a request arrived is never missed; an answer
//     read while a change landed is never kept;
//   - the listener listens: when it drops (or with SESSION_CACHE=false), nothing is served or kept.
// Only documents whose every field is in CACHEABLE_FIELDS are kept (a field reading another table would go stale
// unheard): tests/server/graphql/answer-cache.test.ts checks that every table those fields read is announced.
// The health reads an answer logged are logged again, for the new request, each time it is served. A request with
// `Cache-Control: no-cache` is executed whatever is kept (and its answer kept); with `no-store`, neither.
import { BREAK, getOperationAST, OperationTypeNode, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { clubDate } from '../../schema/club-time';
import type { HealthReadRecord } from '../access/access-log';
import { replayHealthReads } from '../access/health-data';
import type { SessionCache } from '../auth/session-cache';
import type { RequestContext } from '../context';
import { ExpiringLru } from '../lib/expiring-lru';

/** The channel the triggers notify on, on PGlite: a club's id, or `*` (every club: a table emptied by TRUNCATE). */
export const DATA_CHANNEL = 'campobase_data';
/** The longest an answer is served, even when no change is announced: a safety net, not the mechanism. */
export const ANSWER_CACHE_TTL_MS = 60_000;
/** Answers kept per instance; the least recently used goes first. */
export const ANSWER_CACHE_MAX_ENTRIES = 2_000;
/** An answer whose JSON is longer is not kept (a page of 500 rows). */
export const ANSWER_CACHE_MAX_CHARS = 256 * 1024;
/** The kept answers' JSON and keys all told, per instance (a page of 8 rows is about 4,000 characters). */
export const ANSWER_CACHE_TOTAL_CHARS = 16 * 1024 * 1024;
/**
 * A request whose key (its variables, as sent: undeclared ones too) is longer is executed as usual, never looked up or
 * kept: a client cannot fill the memory with keys.
 */
export const ANSWER_CACHE_MAX_KEY_CHARS = 4096;

/**
 * The fields an answer may hold, by type: each reads only the tables the migration announces (`*`: every field of
 * the type). `__typename` is always allowed. A document asking anything else is executed as usual, never kept.
 */
export const CACHEABLE_FIELDS: Readonly<Record<string, readonly string[] | '*'>> = {
  Query: ['people', 'dashboard'],
  PersonRoleConnection: '*',
  PersonRoleEdge: '*',
  PageInfo: '*',
  PersonRole: ['id', 'kind', 'isActive', 'archivedAt', 'createdAt', 'updatedAt', 'certificateStatus', 'person', 'groups'],
  Person: [
    'id', 'firstname', 'secondname', 'lastname', 'nickname', 'taxIdCode', 'emailPrimary', 'emailSecondary', 'phonePrimary',
    'phoneSecondary', 'birthday', 'birthplace', 'birthNation', 'nationality', 'createdAt', 'updatedAt', 'certificateStatus', 'roles',
  ],
  Group: ['id', 'name', 'type', 'isActive', 'isHidden', 'archivedAt', 'createdAt', 'updatedAt', 'memberCount'],
  Dashboard: '*',
  DashboardKindCount: '*',
};

interface Entry {
  result: ExecutionResult;
  healthReads: readonly HealthReadRecord[];
  clubId: string;
  generation: number;
  epoch: number;
}

export interface AnswerCache {
  /** A notification's payload: a club's id (its answers are stale), or `*` (every club's). */
  changed(payload: string): void;
  /** Answers served and executed since the start (the bench and /metrics read them). */
  readonly hits: number;
  readonly misses: number;
  lookup(key: string): Entry | undefined;
  /** Where a request starts reading: kept only if nothing changed meanwhile. */
  stamp(clubId: string): { generation: number; epoch: number } | undefined;
  /** `chars`: the answer's JSON length, what the memory bound counts. */
  keep(key: string, entry: Entry, chars: number): void;
}

export function createAnswerCache(sessionCache: SessionCache, enabled = true): AnswerCache {
  const entries = new ExpiringLru<Entry>(ANSWER_CACHE_MAX_ENTRIES, ANSWER_CACHE_TTL_MS, ANSWER_CACHE_TOTAL_CHARS);
  const generations = new Map<string, number>();
  /** Moved on by `*`: every club's answers at once. */
  let everyClub = 0;
  const generationOf = (clubId: string) => (generations.get(clubId) ?? 0) + everyClub;
  // Served only while the session cache is: its listener hears DATA_CHANNEL too, and its catch-up has run.
  const current = (entry: Entry) =>
    sessionCache.serving && entry.epoch === sessionCache.epoch && entry.generation === generationOf(entry.clubId);
  let hits = 0;
  let misses = 0;
  return {
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    changed(payload) {
      if (payload === '*') everyClub++;
      else generations.set(payload, (generations.get(payload) ?? 0) + 1);
    },
    lookup(key) {
      const entry = enabled ? entries.get(key, Date.now()) : undefined;
      if (entry && current(entry)) {
        hits++;
        return entry;
      }
      if (entry) entries.delete(key);
      misses++;
      return undefined;
    },
    stamp(clubId) {
      if (!enabled || !sessionCache.serving) return undefined;
      return { generation: generationOf(clubId), epoch: sessionCache.epoch };
    },
    keep(key, entry, chars) {
      if (current(entry) && chars <= ANSWER_CACHE_MAX_CHARS) entries.set(key, entry, Date.now(), chars + key.length);
    },
  };
}

/** Whether every field of the operation is one an answer may hold (once per document and operation). */
const cacheableByDocument = new WeakMap<DocumentNode, Map<string, boolean>>();
function cacheableOperation(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): boolean {
  let byName = cacheableByDocument.get(document);
  if (!byName) cacheableByDocument.set(document, (byName = new Map<string, boolean>()));
  const known = byName.get(operationName ?? '');
  if (known !== undefined) return known;
  let cacheable = getOperationAST(document, operationName)?.operation === OperationTypeNode.QUERY;
  let rootFields = 0;
  const typeInfo = new TypeInfo(schema);
  // The whole document (its other operations and fragments too): stricter than needed, never looser.
  if (cacheable) {
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const name = node.name.value;
          if (name === '__typename') return;
          const parent = typeInfo.getParentType()?.name;
          const allowed = parent ? CACHEABLE_FIELDS[parent] : undefined;
          if (parent === 'Query') rootFields++;
          if (allowed === '*' || allowed?.includes(name)) return;
          cacheable = false;
          return BREAK;
        },
      }),
    );
  }
  cacheable &&= rootFields > 0;
  byName.set(operationName ?? '', cacheable);
  return cacheable;
}

/** A number per parsed document (Yoga parses each query text once and reuses the same object). */
const documentIds = new WeakMap<DocumentNode, number>();
let nextDocumentId = 0;
function documentId(document: DocumentNode): number {
  let id = documentIds.get(document);
  if (id === undefined) documentIds.set(document, (id = ++nextDocumentId));
  return id;
}

/**
 * Serves a kept answer instead of executing, or keeps the answer just executed. Registered last: the query limits
 * and the other plugins' checks have run before it.
 */
export function useAnswerCache(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const { schema, document, contextValue, variableValues, operationName } = args as ExecutionArgs;
      const ctx = contextValue as RequestContext;
      const viewer = ctx.viewer;
      const membership = viewer?.membership;
      const store = ctx.deps?.answerCache;
      if (!store || !viewer || !membership || ctx.apiKey) return;
      if (!cacheableOperation(schema, document, operationName)) return;
      const key = [
        viewer.sessionId,
        membership.id,
        membership.role,
        (membership.groupIds ?? []).join(','),
        viewer.secondFactor ? 'totp' : '',
        clubDate(ctx.deps.now()),
        documentId(document),
        operationName ?? '',
        JSON.stringify(variableValues ?? {}),
      ].join('|');
      if (key.length > ANSWER_CACHE_MAX_KEY_CHARS) return;
      // Yoga's context is a copy of the request's: the HTTP layer reads the outcome on the original (Server-Timing).
      const request = (contextValue as { requestContext?: RequestContext }).requestContext ?? ctx;
      const kept = ctx.answerCacheControl ? undefined : store.lookup(key);
      if (kept) {
        request.answerCache = 'hit';
        replayHealthReads(ctx, kept.healthReads);
        setResultAndStopExecution(kept.result);
        return;
      }
      request.answerCache = 'miss';
      const stamp = store.stamp(membership.clubId);
      // Read from a replica, an answer may be older than the changes already heard: served, never kept.
      if (!stamp || (ctx.replicaReads && ctx.deps.replicas) || ctx.answerCacheControl === 'no-store') return;
      const healthReads: HealthReadRecord[] = (ctx.healthReads = []);
      return {
        onExecuteDone({ result }) {
          ctx.healthReads = undefined;
          if (Symbol.asyncIterator in result || result.errors?.length) return;
          store.keep(key, { result, healthReads, clubId: membership.clubId, ...stamp }, JSON.stringify(result).length);
        },
      };
    },
  };
}
