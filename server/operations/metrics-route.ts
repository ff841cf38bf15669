// GET /metrics, for Prometheus. Closed unless METRICS_TOKEN is set: the metrics name the operations in use, the
// load and the refusals, which is no one else's business, and a check on the client's address would be fooled by
// a reverse proxy on the same machine (every request would come from 127.0.0.1). With the token set, the scraper
// sends it as a bearer token (Prometheus: `authorization: { credentials_file: ... }`); any other request gets 401.
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../schema/messages';
import { bearerFrom } from '../auth/viewer';
import { hashToken, safeEqual } from '../lib/tokens';
import type { AppMetrics } from './metrics';

export const METRICS_PATH = '/metrics';
const TOKEN_REFUSED = 'Token delle metriche mancante o non valido.';

export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | undefined): void {
  // Compared as hashes: equal lengths, so the comparison says nothing about the token's length either.
  const expected = token ? hashToken(token) : undefined;
  app.get(METRICS_PATH, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!expected) return reply.status(404).send({ error: MSG.routeNotFound });
    const given = bearerFrom(req.headers.authorization);
    if (!given || !safeEqual(hashToken(given), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: TOKEN_REFUSED });
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}
