// The spec's anti-forgery pair: the server issues an XSRF-TOKEN cookie and, when a request sends the
// X-XSRF-TOKEN header (as axios does from the cookie), the two must match. Requests are authorised by a
// bearer token, not by cookies, so a request without the header is not refused: legacy programs keep working.
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../schema/messages';
import { randomToken, safeEqual } from '../lib/tokens';
import { failure } from '../compat/envelope';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export function registerXsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/graphql')) return;
    const cookie = req.cookies[XSRF_COOKIE];
    const header = req.headers[XSRF_HEADER];
    if (typeof header === 'string' && header !== '' && !(cookie && safeEqual(cookie, header))) {
      return reply.status(403).send(failure(MSG.xsrfMismatch));
    }
    if (!cookie) {
      // Readable by the page's script on purpose: that is how the client copies it into the header.
      reply.setCookie(XSRF_COOKIE, randomToken(), { path: '/', sameSite: 'lax', httpOnly: false, secure: req.protocol === 'https' });
    }
  });
}
