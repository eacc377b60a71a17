/**
 * src/core owns what the service does and the words it says it in: tracing, rendering, kits, jobs,
 * revisions and uploads, and the ports that adapters implement: the store (JobStore, whose parts JobFiles,
 * UploadStore and RequestKeys each service takes alone) and the ConcurrencyGate.
 */
import { createLocalGate, type ConcurrencyGate } from './gate.js';
import type { JobStore } from './job-store.js';
import { createJobService, type JobService } from './jobs.js';
import { createRasterizer } from './raster.js';
import { createRevisionService, type RevisionService } from './revisions.js';
import { createSponsorDirectory, type SponsorDirectory } from './sponsors.js';
import { createVisitorStats, type VisitorStats } from './stats.js';
import { serviceTerms, type ServiceTerms } from './terms.js';
import { timed, type ObserveWork } from './timing.js';
import { boundedTracer, type Tracer } from './tracer.js';
import { createUploadService, UPLOAD_TTL_SECONDS, type UploadService } from './uploads.js';

export type { ConcurrencyGate, JobStore, ObserveWork, Tracer, VisitorStats };

export interface CoreOptions {
  store: JobStore;
  jobTtlSeconds: number;
  maxConcurrentJobs: number;
  maxLiveUploads: number;
  traceDeadlineMs: number;
  /** A JSON file of featured sponsors, or null for none. */
  sponsorsFile: string | null;
  statsEnabled: boolean;
  /** Defaults to a local gate of maxConcurrentJobs slots. */
  gate?: ConcurrencyGate | undefined;
  /** Defaults to the tracing engine bounded by traceDeadlineMs. */
  trace?: Tracer | undefined;
  /** Told the duration of every trace, kit build and render (metrics). */
  observe?: ObserveWork | undefined;
  /** When stats are enabled: counts shared by several instances; defaults to this process's own. */
  stats?: VisitorStats | undefined;
}

/** Everything the adapters (HTTP, MCP) call. */
export interface Core {
  store: JobStore;
  jobs: JobService;
  revisions: RevisionService;
  uploads: UploadService;
  gate: ConcurrencyGate;
  sponsors: SponsorDirectory;
  /** null when live stats are disabled. */
  stats: VisitorStats | null;
  /** The configured terms (job lifetime, concurrency, upload lifetime and size) as messages state them. */
  terms: ServiceTerms;
}

/** The core's services wired together over one store, one gate and one set of render slots. */
export function createCore(options: CoreOptions): Core {
  const { store, jobTtlSeconds: ttlSeconds } = options;
  const { observe } = options;
  const trace = timed(observe, 'trace', options.trace ?? boundedTracer(options.traceDeadlineMs));
  // One set of render slots for every PNG the service draws.
  const rasterize = timed(observe, 'render', createRasterizer());
  const jobs = createJobService({ store, ttlSeconds, trace, rasterize, observe });
  return {
    store,
    jobs,
    revisions: createRevisionService({ store, jobs, ttlSeconds, trace, rasterize }),
    uploads: createUploadService({ store, maxLiveUploads: options.maxLiveUploads }),
    gate: options.gate ?? createLocalGate(options.maxConcurrentJobs),
    sponsors: createSponsorDirectory(options.sponsorsFile),
    stats: options.statsEnabled ? (options.stats ?? createVisitorStats()) : null,
    terms: serviceTerms({
      jobTtlSeconds: ttlSeconds,
      maxConcurrentJobs: options.maxConcurrentJobs,
      uploadTtlSeconds: UPLOAD_TTL_SECONDS,
    }),
  };
}
