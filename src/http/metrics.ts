/**
 * GET /metrics in the Prometheus text format (prom-client), on every
 * instance: requests by route and status, request, trace, kit and render
 * durations, gate rejections, idempotency replays, the store's latency and
 * errors, and Node's own process metrics. An operator endpoint: it is not in
 * the public API's OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import type { JobStore, ObserveWork } from '../core/index.js';
import { REPLAY_HEADER } from './idempotency.js';

/** Seconds: from a cached file read to a trace at its deadline and a kit build. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** For the core: the duration of every trace, kit build and render. */
  observeWork: ObserveWork;
  /** The store with every call timed and its failures counted. */
  measuredStore(store: JobStore): JobStore;
}

/**
 * `histogram`'s series for `labels`, made once: prom-client hashes a label set on every call, which
 * on the hot path (every request, every store call) costs more than the observation itself.
 */
function seriesOf<L extends string>(histogram: Histogram<L>): (...values: string[]) => Histogram.Internal<L> {
  const made = new Map<string, Histogram.Internal<L>>();
  return (...values) => {
    const key = values.join('\u0000');
    let series = made.get(key);
    if (!series) {
      series = histogram.labels(...values);
      made.set(key, series);
    }
    return series;
  };
}

/** One registry per app, so several apps in one process (tests) never mix their numbers. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const work = new Histogram({
    name: 'logo_work_duration_seconds',
    help: 'Duration of traces, kit builds and PNG renders (kind), and whether they failed (outcome).',
    labelNames: ['kind', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const storeCalls = new Histogram({
    name: 'logo_store_duration_seconds',
    help: 'Duration of job store calls by operation and outcome.',
    labelNames: ['operation', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const storeSeries = seriesOf(storeCalls);
  return {
    registry,
    observeWork: (kind, seconds, failed) => {
      work.observe({ kind, outcome: failed ? 'error' : 'ok' }, seconds);
    },
    measuredStore(store) {
      const measured = { ...store };
      for (const [name, call] of Object.entries(store) as [
        keyof JobStore,
        (...args: unknown[]) => Promise<unknown>,
      ][]) {
        (measured as Record<string, unknown>)[name] = async (...args: unknown[]) => {
          const started = performance.now();
          let outcome = 'error';
          try {
            const result = await call(...args);
            outcome = 'ok';
            return result;
          } finally {
            storeSeries(name, outcome).observe((performance.now() - started) / 1000);
          }
        };
      }
      return measured;
    },
  };
}

async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const { registry } = app.metrics;
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by method, route pattern and status, with their durations.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const gateRejections = new Counter({
    name: 'logo_gate_rejections_total',
    help: 'Requests turned away with 429 because every job slot was taken.',
    labelNames: ['route'],
    registers: [registry],
  });
  const replays = new Counter({
    name: 'logo_idempotency_replays_total',
    help: 'Stored responses replayed for a repeated Idempotency-Key.',
    labelNames: ['route'],
    registers: [registry],
  });

  const { store } = app;
  new Gauge({
    name: 'logo_live_jobs',
    help: 'Jobs (revisions included) live in the store now: on Redis, in the whole cluster.',
    registers: [registry],
    async collect() {
      // Unknown (NaN) while the store cannot be reached; its errors show in the store metrics.
      this.set(await store.countLiveJobs().catch(() => Number.NaN));
    },
  });
  const requestSeries = seriesOf(requests);
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: tokens would make every series unique.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    requestSeries(request.method, route, status).observe(reply.elapsedTime / 1000);
    if (status === '429') gateRejections.inc({ route });
    if (reply.getHeader(REPLAY_HEADER) === 'true') replays.inc({ route });
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['services'] });
