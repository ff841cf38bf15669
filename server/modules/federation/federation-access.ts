// What an organisation's API key may read right now (issue 13 point 3): for each club, the key's scopes ∩ the
// club's consent, only while the affiliation is active (and the club not archived), only for the clubs the key is
// limited to when it is. Computed once per request from the database, so a narrowed or revoked consent takes effect
// on the very next request.
import { MSG } from '../../../schema/messages';
import type { OrganisationScope } from '../../../schema/organisation-scopes';
import type { Actor } from '../../access/actor';
import { apiKeyDb } from '../../access/cross-club';
import type { RequestContext } from '../../context';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { ForbiddenError, UnauthenticatedError } from '../../lib/errors';
import { countScope } from './api-usage';

type ApiKeyActor = Extract<Actor, { kind: 'apiKey' }>;

export interface ClubReach {
  clubId: string;
  scopes: ReadonlySet<OrganisationScope>;
  minorsContacts: boolean;
}

/** The request's key, refusing any other caller: the organisations' fields are for keys only. */
export function requireApiKey(ctx: RequestContext): ApiKeyActor {
  if (!ctx.apiKey) throw new UnauthenticatedError(MSG.apiKeyRequired);
  return ctx.apiKey;
}

/**
 * The request's database access: the key's organisation's own rows and, read-only, the clubs of its reach, every
 * statement fenced (access/organisation-scope.ts), so a read that forgets to name the clubs still reaches no other.
 */
export function apiKeyClient(ctx: RequestContext): PrismaClient {
  requireApiKey(ctx);
  return apiKeyDb(ctx, async () => [...(await organisationReach(ctx)).keys()]);
}

const reachCache = new WeakMap<RequestContext, Promise<Map<string, ClubReach>>>();

/** The clubs the request's key reads, each with its effective scopes (clubs with none left out). */
export function organisationReach(ctx: RequestContext): Promise<Map<string, ClubReach>> {
  const key = requireApiKey(ctx);
  let reach = reachCache.get(ctx);
  if (!reach) {
    reach = loadReach(ctx, key);
    reachCache.set(ctx, reach);
  }
  return reach;
}

async function loadReach(ctx: RequestContext, key: ApiKeyActor): Promise<Map<string, ClubReach>> {
  // The organisation's own rows (its affiliations, each naming its club): the fence needs no club for them.
  const rows = await apiKeyClient(ctx).affiliation.findMany({
    where: {
      organisationId: key.organisationId,
      status: 'active',
      club: { archivedAt: null },
      ...(key.clubIds.length ? { clubId: { in: [...key.clubIds] } } : {}),
    },
    select: { clubId: true, scopes: true, minorsContacts: true },
  });
  const reach = new Map<string, ClubReach>();
  for (const row of rows) {
    const scopes = new Set(key.scopes.filter((s) => row.scopes.includes(s)));
    if (scopes.size) reach.set(row.clubId, { clubId: row.clubId, scopes, minorsContacts: row.minorsContacts });
  }
  return reach;
}

/** The clubs of `reach` holding any of `scopes`, narrowed to `clubIds` when given. */
export function clubsWith(reach: Map<string, ClubReach>, scopes: readonly OrganisationScope[], clubIds?: readonly string[] | null): string[] {
  return [...reach.values()].filter((c) => (!clubIds?.length || clubIds.includes(c.clubId)) && scopes.some((s) => c.scopes.has(s))).map((c) => c.clubId);
}

/**
 * Whether a field of `scope` may be answered for `clubId`: counted as used, or refused for that field only (a
 * GraphQL error on its path; the rest of the row still resolves).
 */
export async function requireScope(ctx: RequestContext, clubId: string, scope: OrganisationScope): Promise<void> {
  const club = (await organisationReach(ctx)).get(clubId);
  if (!club?.scopes.has(scope)) {
    if (ctx.apiUsage) ctx.apiUsage.refusedFields += 1;
    throw new ForbiddenError(MSG.apiScopeRefused(scope));
  }
  countScope(ctx.apiUsage, clubId, scope);
}
