import type { FastifyRequest } from 'fastify';
import { bearerFrom, resolveViewer } from '../auth/viewer';
import type { AppDeps, RequestContext } from '../context';

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Request metadata is stored with sessions and logs: a NUL byte (which PostgreSQL text cannot hold) is dropped. */
const storable = (v: string | undefined) => v?.replace(/\u0000/g, '');

export function requestMeta(req: FastifyRequest): RequestContext['meta'] {
  return { ip: storable(req.ip), userAgent: storable(header(req, 'user-agent')) };
}

/** Resolves who is asking (may throw ForbiddenError for a club the session does not belong to). */
export async function buildRequestContext(deps: AppDeps, req: FastifyRequest): Promise<RequestContext> {
  const viewer = await resolveViewer(deps, { bearer: bearerFrom(header(req, 'authorization')), clubToken: header(req, 'x-club') });
  return { deps, meta: requestMeta(req), viewer };
}
