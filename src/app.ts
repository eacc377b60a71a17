/**
 * buildApp: the whole service as a Fastify instance, without listening.
 * Services are created here (or passed in by tests) and every plugin and
 * route group is registered explicitly, in dependency order.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';

import type { Config } from './config.js';
import { createLocalGate, type ConcurrencyGate } from './core/gate.js';
import { createJobService } from './core/jobs.js';
import { createRasterizer } from './core/raster.js';
import { createRevisionService } from './core/revisions.js';
import { boundedTracer, type Tracer } from './core/tracer.js';
import { createSponsorDirectory } from './core/sponsors.js';
import { createVisitorStats } from './core/stats.js';
import { serviceTerms } from './core/terms.js';
import { createUploadService, UPLOAD_TTL_SECONDS } from './core/uploads.js';
import editor from './http/editor.js';
import allowedMethods from './http/allowed-methods.js';
import apiIndex from './http/api-index.js';
import errors, { answerClientError, answerFrameworkError } from './http/errors.js';
import health from './http/health.js';
import idempotency from './http/idempotency.js';
import jobFiles from './http/job-files.js';
import kit from './http/kit.js';
import mcp from './http/mcp.js';
import mcpUploads from './http/mcp-uploads.js';
import openapi from './http/openapi.js';
import thirdPartyPlugins from './http/plugins.js';
import { hostCheck } from './http/public-url.js';
import securityHeaders from './http/security-headers.js';
import textFields from './http/text-fields.js';
import portal from './http/portal.js';
import sample from './http/sample.js';
import services from './http/services.js';
import sponsors from './http/sponsors.js';
import stats from './http/stats.js';
import vectorize from './http/vectorize.js';
import versioning, { SERVICE_VERSIONS, type VersionTable } from './http/versioning.js';
import visibility from './http/visibility.js';
import { openFileStore } from './store/file-store.js';
import type { JobStore } from './core/job-store.js';

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

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const versions = options.versions ?? SERVICE_VERSIONS;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Unknown fields are errors (a misspelt "smothing" must not pass as a default), not silently dropped;
    // types are never converted (text fields are read as their declared types first: http/text-fields.ts).
    ajv: { customOptions: { allErrors: true, removeAdditional: false, coerceTypes: false } },
    frameworkErrors: answerFrameworkError(versions.current),
    clientErrorHandler: answerClientError(versions.current),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const store = options.store ?? (await openFileStore({ dir: config.dataDir }));
  const trace = options.trace ?? boundedTracer(config.traceDeadlineMs);
  // One set of render slots for every PNG the service draws.
  const rasterize = createRasterizer();
  const jobs = createJobService({ store, ttlSeconds: config.jobTtlSeconds, trace, rasterize });
  await app.register(services, {
    config,
    store,
    jobs,
    revisions: createRevisionService({ store, jobs, ttlSeconds: config.jobTtlSeconds, trace, rasterize }),
    uploads: createUploadService({ store, maxLiveUploads: config.maxLiveUploads }),
    gate: options.gate ?? createLocalGate(config.maxConcurrentJobs),
    sponsors: createSponsorDirectory(config.sponsorsFile),
    stats: config.statsEnabled ? createVisitorStats() : null,
    versions,
    terms: serviceTerms({
      jobTtlSeconds: config.jobTtlSeconds,
      maxConcurrentJobs: config.maxConcurrentJobs,
      uploadTtlSeconds: UPLOAD_TTL_SECONDS,
    }),
  });
  await app.register(allowedMethods);
  await app.register(errors);
  // CORS first: its hook must run before any other can turn a request away, so browsers can read the error.
  await app.register(thirdPartyPlugins);
  await app.register(securityHeaders);
  await app.register(versioning, { table: versions });
  await app.register(hostCheck);
  await app.register(textFields);
  await app.register(idempotency);
  // The document collects the routes registered after it.
  await app.register(openapi);
  await app.register(health);
  await app.register(apiIndex);
  await app.register(portal);
  await app.register(sponsors);
  await app.register(stats);
  await app.register(vectorize);
  await app.register(sample);
  await app.register(visibility);
  await app.register(jobFiles);
  await app.register(kit);
  await app.register(editor);
  await app.register(mcpUploads);
  await app.register(mcp);
  return app;
}
