// The database handle a request's services use: bound to the club the request names (X-Club), so every statement
// on club-owned data carries that club (club-scope.ts). Made once per request and reused by the services and by
// Pothos' relation loading (graphql/builder.ts); its transactions keep the scope.
import type { RequestContext } from '../context';
import type { PrismaClient } from '../generated/prisma/client.js';
import { clubScopedClient } from './club-scope';

const perRequest = new WeakMap<RequestContext, PrismaClient>();

/** The request's club-scoped client; without a club, the guarded client (club-owned models throw). */
export function clubDb(ctx: RequestContext): PrismaClient {
  const clubId = ctx.viewer?.membership?.clubId;
  if (!clubId) return ctx.deps.db;
  let db = perRequest.get(ctx);
  if (!db) {
    db = clubScopedClient(ctx.deps.systemDb, clubId);
    perRequest.set(ctx, db);
  }
  return db;
}
