/**
 * buildApp: the whole service as a Fastify instance, without listening. The
 * composition root: it opens the store, creates the core over it (tests may
 * pass their own store, gate or tracer) and mounts the HTTP adapter.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';

import type { Config } from './config.js';
import { createCore, type ConcurrencyGate, type JobStore, type Tracer } from './core/index.js';
import { JSON_BODY_MAX_BYTES } from './core/limits.js';
import { answerClientError, answerFrameworkError } from './http/errors.js';
import { requestIdOf } from './http/lifecycle.js';
import { createMetrics } from './http/metrics.js';
import httpApi from './http/index.js';
import { SERVICE_VERSIONS, type VersionTable } from './http/versioning.js';
import { loadRedisAdapters, openFileStore } from './store/index.js';

export interface BuildOptions {
  config: Config;
  /** Fastify logger setting; defaults to the configured level. */
  logger?: boolean | { level: string };
  /** Defaults to the embedded file store under config.dataDir. */
  store?: JobStore;
  /** Defaults to a local gate of config.maxConcurrentJobs slots. */
  gate?: ConcurrencyGate;
  /** Defaults to the tracing engine bounded by config.traceDeadlineMs. */
  trace?: Tracer;
  /** Defaults to the service's version table. */
  versions?: VersionTable;
}

/**
 * Where the state lives: the embedded file store, this process's gate and its own visitor counts by
 * default; with Redis, the store, the gate (unless one is passed in) and the counts are shared by
 * every instance.
 */
async function openState(config: Config, gate: ConcurrencyGate | undefined) {
  if (config.store === 'redis' && config.redisUrl) {
    const { connectRedis, redisGate, redisStats, redisStore } = await loadRedisAdapters();
    const redis = await connectRedis({ url: config.redisUrl });
    return {
      store: redisStore(redis),
      gate: gate ?? redisGate(redis, config.maxConcurrentJobs, config.gateLeaseSeconds * 1000),
      stats: redisStats(redis),
    };
  }
  return { store: await openFileStore({ dir: config.dataDir }), gate, stats: undefined };
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const versions = options.versions ?? SERVICE_VERSIONS;
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    requestTimeout,
    // Node checks the timeouts every 30 s by default; a short timeout is checked often enough to mean it.
    // Headers alone may not take longer than the whole request.
    http: {
      headersTimeout: Math.min(30_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, requestTimeout / 4)),
    },
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id, which X-Request-Id echoes (http/lifecycle.ts).
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    keepAliveTimeout: 10_000,
    // While stopping, requests on open connections get the service's own 503 (http/lifecycle.ts).
    return503OnClosing: false,
    bodyLimit: JSON_BODY_MAX_BYTES,
    // Unknown fields are errors (a misspelt "smothing" must not pass as a default), not silently dropped;
    // types are never converted (text fields are read as their declared types first: http/text-fields.ts).
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false } },
    frameworkErrors: answerFrameworkError(versions.current),
    clientErrorHandler: answerClientError(versions.current),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const metrics = createMetrics();
  const { store, gate, stats } = options.store
    ? { store: options.store, gate: options.gate, stats: undefined }
    : await openState(config, options.gate);
  const core = createCore({
    ...config,
    store: metrics.measuredStore(store),
    gate,
    trace: options.trace,
    observe: metrics.observeWork,
    stats,
  });
  await app.register(httpApi, { ...core, config, versions, metrics });
  return app;
}
