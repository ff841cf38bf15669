import type { FastifyRequest } from 'fastify';
import { MSG } from '../../schema/messages';
import { bearerFrom, resolveViewer } from '../auth/viewer';
import type { AppDeps, RequestOwn, Scope } from '../context';
import { UnauthenticatedError } from '../lib/errors';
import { newApiUsage } from '../modules/federation/api-usage';
import { API_KEY_MARK, apiKeyActor } from '../modules/organisations/api-keys.service';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Request metadata is stored with sessions and logs: a NUL byte (which PostgreSQL text cannot hold) is dropped. */
const storable = (v: string | undefined) => v?.replace(/\u0000/g, '');

export function requestMeta(req: FastifyRequest): RequestOwn['meta'] {
  return { ip: storable(req.ip), userAgent: storable(header(req, 'user-agent')) };
}

/**
 * The request's Scope, resolved once: who is asking (an API key, or a session and the club it names) from where.
 * The database access follows from it (access/scope.ts). May throw ForbiddenError for a club the session does not
 * belong to.
 */
export async function buildRequestContext(deps: AppDeps, req: FastifyRequest): Promise<Scope> {
  const bearer = bearerFrom(header(req, 'authorization'));
  if (bearer?.startsWith(API_KEY_MARK)) {
    // An organisation's key: never a session, and an unknown, expired or revoked one is refused outright.
    const apiKey = await apiKeyActor(deps.db, bearer);
    if (!apiKey) throw new UnauthenticatedError(MSG.apiKeyInvalid);
    return { deps, meta: requestMeta(req), viewer: null, apiKey, apiUsage: newApiUsage(apiKey) };
  }
  const viewer = await resolveViewer(deps, { bearer, clubToken: header(req, 'x-club') });
  const cacheControl = header(req, 'cache-control');
  if (!cacheControl) return { deps, meta: requestMeta(req), viewer };
  // HTTP's own words: `no-cache` asks for an answer computed now, `no-store` also that it is not kept (answer-cache.ts).
  const answerCacheControl = /\bno-store\b/i.test(cacheControl) ? 'no-store' : /\bno-cache\b/i.test(cacheControl) ? 'no-cache' : undefined;
  return { deps, meta: requestMeta(req), viewer, answerCacheControl };
}
