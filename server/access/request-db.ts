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
  let clients = cache.get(ctx.deps.systemDb);
  if (!clients) cache.set(ctx.deps.systemDb, (clients = new Map<string, PrismaClient>()));
  let db = clients.get(key);
  if (db) {
    clients.delete(key); // refreshed as most recently used
  } else {
    // A new extended client per request would also start Prisma's per-client caches cold every time.
    db = clubScopedClient(ctx.deps.systemDb, clubId, groups);
    if (clients.size >= CACHE_SIZE) clients.delete(clients.keys().next().value!);
  }
  clients.set(key, db);
  return db;
}
