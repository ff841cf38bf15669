// The access log of organisations' API requests (issue 13 point 7): one api_requests row per request of a key
// (operation, cost, rows, scopes used, outcome) and one api_request_clubs row per club it read, which that club
// lists on its affiliations page. Written after the answer (background work), in one transaction per request.
import type { RequestContext } from '../../context';
import type { PrismaClient } from '../../generated/prisma/client.js';

export type ApiRequestOutcome = 'ok' | 'partial' | 'refused';

export async function writeApiRequestLog(db: PrismaClient, ctx: RequestContext, status: number): Promise<void> {
  const usage = ctx.apiUsage;
  if (!usage) return;
  const outcome: ApiRequestOutcome = usage.refused || status >= 400 ? 'refused' : usage.refusedFields ? 'partial' : 'ok';
  const at = new Date();
  const prefix = await db.organisationApiKey.findUnique({ where: { id: usage.key.keyId }, select: { prefix: true } });
  await db.apiRequest.create({
    data: {
      at,
      organisationId: usage.key.organisationId,
      keyId: usage.key.keyId,
      keyPrefix: prefix?.prefix ?? '',
      operation: (usage.operation ?? '').replace(/\u0000/g, '').slice(0, 200),
      cost: usage.cost,
      rows: usage.rows,
      scopes: [...usage.scopes],
      outcome,
      ip: ctx.meta.ip?.slice(0, 64) ?? null,
      clubs: { create: [...usage.clubs].map(([clubId, club]) => ({ clubId, at, rows: club.rows, scopes: [...club.scopes] })) },
    },
    select: { id: true },
  });
}
