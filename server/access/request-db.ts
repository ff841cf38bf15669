// The database handle a request's services use: bound to the club the request names (X-Club), so every statement
// on club-owned data carries that club (club-scope.ts). Reused by the services and by Pothos' relation loading
// (graphql/builder.ts); its transactions keep the scope.
import type { RequestContext } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { loggedClubClient } from './change-log';
import { clubScopedClient, type AthleteGroupsScope } from './club-scope';

/** Scoped clients kept per app client, most recently used last: a club's requests share one. */
const cache = new WeakMap<PrismaClient, Map<string, PrismaClient>>();
const CACHE_SIZE = 1000;

/** A membership's narrowing to the athletes of its groups (role allenatore), else undefined. */
export function athleteGroupsOfMembership(membership: { role: string; groupIds?: readonly string[] | null } | null | undefined): AthleteGroupsScope | undefined {
  return membership?.role === 'allenatore' ? { groupIds: membership.groupIds ?? [] } : undefined;
}

/** The request's coach narrowing (see athleteGroupsOfMembership). */
export const athleteGroupsOf = (ctx: RequestContext): AthleteGroupsScope | undefined => athleteGroupsOfMembership(ctx.viewer?.membership);

/** The request's logging wrapper, kept while it wraps the same scoped client. */
const logged = new WeakMap<RequestContext, { db: PrismaClient; client: PrismaClient }>();

/**
 * The request's club-scoped client, whose every write is logged in its transaction as the request's actor
 * (change-log.ts); without a club, the guarded client (club-owned models throw).
 */
export function clubDb(ctx: RequestContext): PrismaClient {
  const clubId = ctx.viewer?.membership?.clubId;
  if (!clubId) return ctx.deps.db;
  const db = scopedClient(ctx, clubId);
  let wrapper = logged.get(ctx);
  if (wrapper?.db !== db) logged.set(ctx, (wrapper = { db, client: loggedClubClient(db, ctx, clubId) }));
  return wrapper.client;
}

function scopedClient(ctx: RequestContext, clubId: string): PrismaClient {
  const groups = athleteGroupsOf(ctx);
  const key = groups ? `${clubId}|${[...groups.groupIds].sort().join(',')}` : clubId;
  const replicas = ctx.replicaReads ? ctx.deps.replicas : undefined;
  // The replica routing goes on top of the club scope, never under it (db/read-replicas.ts).
  if (replicas) return cached(ctx, `${key}|replica`, () => replicas.route(cached(ctx, key, () => clubScopedClient(ctx.deps.systemDb, clubId, groups))));
  return cached(ctx, key, () => clubScopedClient(ctx.deps.systemDb, clubId, groups));
}

function cached(ctx: RequestContext, key: string, create: () => PrismaClient): PrismaClient {
  let clients = cache.get(ctx.deps.systemDb);
  if (!clients) cache.set(ctx.deps.systemDb, (clients = new Map<string, PrismaClient>()));
  let db = clients.get(key);
  if (db) {
    clients.delete(key); // refreshed as most recently used
  } else {
    // A new extended client per request would also start Prisma's per-client caches cold every time.
    db = create();
    if (clients.size >= CACHE_SIZE) clients.delete(clients.keys().next().value!);
  }
  clients.set(key, db);
  return db;
}

/**
 * Called by each face once it knows whether the request may write (read-only: a GraphQL query, a legacy read route):
 * decides whether the request's club-scoped reads may go to a read replica, and keeps a session that writes on the
 * primary for the next seconds (READ_YOUR_WRITES_MS). Call the returned function when the request has finished: a
 * write's window then starts again from its end. Without replicas nothing changes.
 */
export function routeRequestReads(ctx: RequestContext, readOnly: boolean): () => void {
  const replicas = ctx.deps.replicas;
  if (!replicas) return () => {};
  const who = ctx.viewer?.sessionId ?? (ctx.apiKey ? `key:${ctx.apiKey.keyId}` : undefined);
  if (readOnly) {
    ctx.replicaReads = replicas.mayServe(who);
    return () => {};
  }
  ctx.replicaReads = false;
  if (who === undefined) return () => {};
  replicas.wrote(who);
  return () => replicas.wrote(who);
}
