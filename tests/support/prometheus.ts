// Reading the Prometheus text format that GET /metrics answers (server/operations/metrics.ts).
import type { FastifyInstance } from 'fastify';

/** The metrics text, read with the bearer token; throws unless it answers 200. */
export async function metricsOf(app: FastifyInstance, token: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}: ${res.body}`);
  return res.body;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * The value of the one sample named `name` whose labels include `labels`, or the sum over several (undefined when
 * none matches).
 */
export function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const m = SAMPLE.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(Array.from((m[2] ?? '').matchAll(LABEL), (l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) total = (total ?? 0) + Number(m[3]);
  }
  return total;
}
