// Prometheus metrics (docs/operations.md): requests per operation, the database connections, the job queue's
// depth, rate-limit refusals, and Node's process metrics. Each app has its own registry (tests run several apps in
// one process); the process metrics are one registry per process, merged in when /metrics is read.
//
// Labels stay bounded: an operation is a route's pattern (never a raw URL or an id) or a GraphQL operation name the
// admin client defines (graphql-operations.ts); anything else collapses into one value. Per request the cost is one
// histogram observation: each route's label values are worked out once, when the route is registered.
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolCounts } from '../db/pool-counts';
import type { JobQueue } from '../jobs/queue';
import type { LimitedAction, RateLimits } from '../lib/rate-limits';
import { RateLimitError } from '../lib/errors';
import { knownOperationNames } from './graphql-operations';

export const METRIC = {
  requestDuration: 'campobase_http_request_duration_seconds',
  rateLimitRefusals: 'campobase_rate_limit_refusals_total',
  poolMax: 'campobase_db_pool_max_connections',
  poolOpen: 'campobase_db_pool_open_connections',
  poolIdle: 'campobase_db_pool_idle_connections',
  poolWaiting: 'campobase_db_pool_waiting',
  jobs: 'campobase_job_queue_jobs',
  answerCache: 'campobase_answer_cache_answers_total',
} as const;

/** What the gauges read when /metrics is asked. */
export interface MetricSources {
  /** The app's connections (server/db/pool-counts.ts). */
  poolCounts(): PoolCounts;
  /** The job queue once started (absent with JOBS=0). */
  jobs(): JobQueue | undefined;
  /** The answer cache's counts since the start (server/graphql/answer-cache.ts). */
  answerCache(): { hits: number; misses: number };
  log: { warn(obj: object, msg?: string): void };
}

type RequestLabels = 'kind' | 'operation' | 'status';

export interface AppMetrics {
  readonly requestDuration: Histogram<RequestLabels>;
  readonly rateLimitRefusals: Counter<'action'>;
  /** The text Prometheus scrapes: this app's metrics and the process'. */
  render(): Promise<{ contentType: string; body: string }>;
}

let processRegistry: Registry | undefined;
/** Node's default metrics (CPU, memory, event loop lag, GC, handles), collected once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createAppMetrics(sources: MetricSources): AppMetrics {
  processMetrics(); // from the start: the garbage collections and the event loop's delays are observed as they happen
  const registry = new Registry();
  const registers = [registry];
  const requestDuration = new Histogram<RequestLabels>({
    name: METRIC.requestDuration,
    help: 'Time from a request received to its answer sent, by operation (GraphQL operation name or route pattern) and status class',
    labelNames: ['kind', 'operation', 'status'],
    // from 1 ms: a list page's target is 2 ms of server time
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rateLimitRefusals = new Counter<'action'>({
    name: METRIC.rateLimitRefusals,
    help: 'Attempts refused by a rate limit (429), by limited action (server/lib/rate-limits.ts)',
    labelNames: ['action'],
    registers,
  });

  const pools = (): Array<[string, PoolCounts]> => {
    const jobsPool = sources.jobs()?.poolCounts();
    return jobsPool ? [['app', sources.poolCounts()], ['jobs', jobsPool]] : [['app', sources.poolCounts()]];
  };
  const poolGauge = (name: string, help: string, read: (c: PoolCounts) => number) =>
    new Gauge<'pool'>({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        this.reset();
        for (const [pool, counts] of pools()) this.set({ pool }, read(counts));
      },
    });
  poolGauge(METRIC.poolMax, 'Connections the pool may open (PGlite: its one connection)', (c) => c.max);
  poolGauge(METRIC.poolOpen, 'Connections open now', (c) => c.total);
  poolGauge(METRIC.poolIdle, 'Open connections doing nothing', (c) => c.idle);
  poolGauge(METRIC.poolWaiting, 'Queries or transactions waiting for a connection (PGlite: calls queued behind the one running)', (c) => c.waiting);

  new Gauge<'queue' | 'state'>({
    name: METRIC.jobs,
    help: 'Jobs in the queue: queued (waiting to run, deferred retries included) and active (running)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      const jobs = sources.jobs();
      if (!jobs) return;
      try {
        for (const { queue, queued, active } of await jobs.depth()) {
          this.set({ queue, state: 'queued' }, queued);
          this.set({ queue, state: 'active' }, active);
        }
      } catch (err) {
        sources.log.warn({ err }, 'metrics: job queue depth not read');
      }
    },
  });

  new Counter<'outcome'>({
    name: METRIC.answerCache,
    help: 'GraphQL queries the answer cache may keep: served from memory (hit) or executed (miss)',
    labelNames: ['outcome'],
    registers,
    collect() {
      const { hits, misses } = sources.answerCache();
      this.reset();
      this.inc({ outcome: 'hit' }, hits);
      this.inc({ outcome: 'miss' }, misses);
    },
  });

  return {
    requestDuration,
    rateLimitRefusals,
    async render() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

/** A route's children of the histogram, one per status class, made on first use (no empty series). */
function statusClasses(histogram: Histogram<RequestLabels>, kind: string, operation: string) {
  const children: Array<{ observe(value: number): void } | undefined> = [];
  return (reply: FastifyReply) => {
    const status = Math.min(5, Math.max(1, Math.floor(reply.statusCode / 100)));
    const child = (children[status] ??= histogram.labels(kind, operation, `${status}xx`));
    child.observe(reply.elapsedTime / 1000);
  };
}

const GRAPHQL_OTHER = 'other';

/** /graphql: by the operation name the request gives (the one Yoga runs), when the admin client defines it. */
function graphqlObserver(histogram: Histogram<RequestLabels>): onResponseHookHandler {
  const known = knownOperationNames();
  const byName = new Map<string, ReturnType<typeof statusClasses>>();
  const observerOf = (name: string) => {
    let observe = byName.get(name);
    if (!observe) byName.set(name, (observe = statusClasses(histogram, 'graphql', name)));
    return observe;
  };
  return (req, reply, done) => {
    const params = (req.method === 'GET' ? req.query : req.body) as { operationName?: unknown } | null | undefined;
    const name = params?.operationName;
    observerOf(typeof name === 'string' && known.has(name) ? name : GRAPHQL_OTHER)(reply);
    done();
  };
}

/** Any other route: its method and pattern (`POST /api/athlete/load`, `GET /files/:id`); the client's files as one. */
function routeObserver(histogram: Histogram<RequestLabels>, route: RouteOptions): onResponseHookHandler {
  const staticFile = route.config !== undefined && 'file' in route.config; // @fastify/static's routes set config.file
  const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
  const observe = statusClasses(histogram, 'http', staticFile ? 'static' : `${method} ${route.url}`);
  return (_req, reply, done) => {
    observe(reply);
    done();
  };
}

/**
 * Times every answer. Registered before any route: each route gets its own onResponse hook, with its labels ready;
 * requests no route matched (the client's pages, CORS preflights, unknown paths) are counted by one hook.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const histogram = metrics.requestDuration;
  app.addHook('onRoute', (route) => {
    const observe = route.url === '/graphql' ? graphqlObserver(histogram) : routeObserver(histogram, route);
    const hooks = route.onResponse ? (Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]) : [];
    route.onResponse = [...hooks, observe];
  });
  const preflight = statusClasses(histogram, 'http', 'OPTIONS (preflight)');
  const clientPage = statusClasses(histogram, 'http', 'client page');
  const unmatched = statusClasses(histogram, 'http', 'unmatched');
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (req.is404) (req.method === 'OPTIONS' ? preflight : reply.statusCode < 400 ? clientPage : unmatched)(reply);
    done();
  });
}

/** Counts every refusal of the rate limits by action; everything else is the limits' own. */
export function countRefusals(limits: RateLimits, refusals: AppMetrics['rateLimitRefusals']): RateLimits {
  const counters = new Map<LimitedAction, { inc(): void }>();
  const counterOf = (action: LimitedAction) => {
    let counter = counters.get(action);
    if (!counter) {
      counters.set(action, (counter = refusals.labels(action)));
      refusals.inc({ action }, 0); // the series exists from the action's first use, so increase() sees the first refusal
    }
    return counter;
  };
  const counted: RateLimits = Object.create(limits) as RateLimits;
  counted.consume = async (action, keys) => {
    const counter = counterOf(action);
    try {
      await limits.consume(action, keys);
    } catch (error) {
      if (error instanceof RateLimitError) counter.inc();
      throw error;
    }
  };
  return counted;
}
