// Per-role request helpers over the in-process app: the same routes, parsers and hooks as a real client.
import type { FastifyInstance } from 'fastify';

export interface Credentials {
  token?: string;
  club?: string;
}

function authHeaders({ token, club }: Credentials = {}): Record<string, string> {
  return { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(club ? { 'x-club': club } : {}) };
}

export async function rest(app: FastifyInstance, path: string, body?: unknown, creds?: Credentials, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...authHeaders(creds), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json<{ status: boolean; context: any; message: string }>() };
}

export async function gql<T = any>(app: FastifyInstance, query: string, variables?: Record<string, unknown>, creds?: Credentials) {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...authHeaders(creds) },
    payload: JSON.stringify({ query, variables }),
  });
  return { statusCode: res.statusCode, headers: res.headers, body: res.json<{ data?: T; errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, any> }>; extensions?: Record<string, any> }>() };
}
