// CORS for the two API faces, /graphql and /api. The admin client is served from the same origin (and in
// development through Vite's proxy, which the browser sees as the same origin too), so by default no origin gets
// a CORS header and a page of another site cannot read an answer. CORS_ORIGINS lists the sites that may.
// Credentials are never allowed: requests authenticate with a bearer token and X-Club, not with cookies.
import type { FastifyInstance } from 'fastify';

const API_PATH = /^\/(api|graphql)(\/|\?|$)/;
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = 'authorization, cache-control, content-type, x-club, x-xsrf-token';
/** How long a browser may reuse a preflight answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (req, reply) => {
    if (!API_PATH.test(req.url)) return;
    const origin = req.headers.origin;
    const listed = typeof origin === 'string' && allowed.has(origin);
    // The answer differs by origin only when some origin is allowed: caches must keep them apart.
    if (allowed.size > 0) reply.header('vary', 'Origin');
    if (listed) reply.header('access-control-allow-origin', origin);
    // A preflight is answered here for every API path; without the allow headers the browser refuses the call.
    if (req.method === 'OPTIONS') {
      if (listed) {
        reply
          .header('access-control-allow-methods', ALLOWED_METHODS)
          .header('access-control-allow-headers', ALLOWED_HEADERS)
          .header('access-control-max-age', PREFLIGHT_MAX_AGE);
      }
      return reply.status(204).send();
    }
  });
}
