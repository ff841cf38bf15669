// The access log of organisations' API requests (issue 13 point 7): one api_requests row per request of a key
// (operation, cost, rows, scopes used, outcome) and one api_request_clubs row per club it read, which that club
// lists on its affiliations page. One statement per request, written after the answer has gone (background work).
import { apiRequestLogDb } from '../../access/cross-club';
import type { RequestContext } from '../../context';

export type ApiRequestOutcome = 'ok' | 'partial' | 'refused';

export async function writeApiRequestLog(ctx: RequestContext, status: number): Promise<void> {
  const usage = ctx.apiUsage;
  if (!usage) return;
  // The key's one write (its client is read-only): the statement names its organisation and key.
  const db = apiRequestLogDb(ctx);
  const outcome: ApiRequestOutcome = usage.refused || status >= 400 ? 'refused' : usage.refusedFields ? 'partial' : 'ok';
  const operation = (usage.operation ?? '').replace(/\u0000/g, '').slice(0, 200);
  const clubs = JSON.stringify([...usage.clubs].map(([clubId, club]) => ({ club_id: clubId, rows: club.rows, scopes: [...club.scopes] })));
  // A page may touch a hundred clubs: their rows go in with the request's, by one INSERT.
  await db.$executeRaw`
    WITH request AS (
      INSERT INTO api_requests (organisation_id, key_id, key_prefix, operation, cost, rows, scopes, outcome, ip)
      VALUES (${usage.key.organisationId}::uuid, ${usage.key.keyId}::uuid, ${usage.key.prefix}, ${operation}, ${usage.cost},
              ${usage.rows}, ${[...usage.scopes]}::text[], ${outcome}, ${ctx.meta.ip?.slice(0, 64) ?? null})
      RETURNING id, at
    )
    INSERT INTO api_request_clubs (request_id, club_id, at, rows, scopes)
    SELECT request.id, c.club_id, request.at, c.rows, c.scopes
    FROM request, jsonb_to_recordset(${clubs}::jsonb) AS c(club_id uuid, rows int, scopes text[])`;
}
