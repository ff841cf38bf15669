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

/**
 * The one root field a GraphQL document asks for, as a test reads it: its value, or `{ errors }` when the request
 * failed as a whole. Fails the test on a 5xx (a refusal is never a crash).
 */
export async function rootField<T = any>(app: FastifyInstance, query: string, variables: Record<string, unknown>, creds: Credentials | null | undefined, expectBelow500: (status: number, body: string) => void): Promise<T> {
  const res = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...authHeaders(creds ?? {}) }, payload: JSON.stringify({ query, variables }) });
  expectBelow500(res.statusCode, res.body);
  const body = res.json<{ data?: Record<string, T>; errors?: unknown[] }>();
  if (body.errors) return { errors: body.errors } as T;
  return Object.values(body.data ?? {})[0];
}
