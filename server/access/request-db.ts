// The database handle a request's services use: bound to the club the request names (X-Club), so every statement
// on club-owned data carries that club (club-scope.ts). Made once per request and reused by the services and by
// Pothos' relation loading (graphql/builder.ts); its transactions keep the scope.
import type { RequestContext } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { clubScopedClient, type AthleteGroupsScope } from './club-scope';

const perRequest = new WeakMap<RequestContext, PrismaClient>();

/** A coach's narrowing to the athletes of their groups (role allenatore), else undefined. */
export function athleteGroupsOf(ctx: RequestContext): AthleteGroupsScope | undefined {
  const membership = ctx.viewer?.membership;
  return membership?.role === 'allenatore' ? { groupIds: membership.groupIds ?? [] } : undefined;
}

/** The request's club-scoped client; without a club, the guarded client (club-owned models throw). */
export function clubDb(ctx: RequestContext): PrismaClient {
  const clubId = ctx.viewer?.membership?.clubId;
  if (!clubId) return ctx.deps.db;
  let db = perRequest.get(ctx);
  if (!db) {
    db = clubScopedClient(ctx.deps.systemDb, clubId, athleteGroupsOf(ctx));
    perRequest.set(ctx, db);
  }
  return db;
}
