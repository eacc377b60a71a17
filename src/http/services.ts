/** Our core services, made available to the routes as typed decorations of the Fastify instance. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.js';
import type { ConcurrencyGate } from '../core/gate.js';
import type { JobService } from '../core/jobs.js';
import type { RevisionService } from '../core/revisions.js';
import type { SponsorDirectory } from '../core/sponsors.js';
import type { UploadService } from '../core/uploads.js';
import type { VisitorStats } from '../core/stats.js';
import type { ServiceTerms } from '../core/terms.js';
import type { JobStore } from '../core/job-store.js';
import type { IdempotencyMode } from './schemas.js';
import type { VersionTable } from './versioning.js';

export interface Services {
  config: Config;
  store: JobStore;
  jobs: JobService;
  revisions: RevisionService;
  uploads: UploadService;
  gate: ConcurrencyGate;
  sponsors: SponsorDirectory;
  /** null when live stats are disabled. */
  stats: VisitorStats | null;
  versions: VersionTable;
  /** The configured terms (job lifetime, concurrency, upload limit) as messages state them. */
  terms: ServiceTerms;
}

declare module 'fastify' {
  // Declaration merging adds the services to Fastify's own interface; the empty body is how it is written.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends Services {}
  interface FastifyContextConfig {
    idempotency?: IdempotencyMode;
    /** How long a stored response is replayed when it outlives its result sooner than a job. */
    replayForSeconds?: number;
  }
}

async function services(app: FastifyInstance, options: Services): Promise<void> {
  app.decorate('config', options.config);
  app.decorate('store', options.store);
  app.decorate('jobs', options.jobs);
  app.decorate('revisions', options.revisions);
  app.decorate('uploads', options.uploads);
  app.decorate('gate', options.gate);
  app.decorate('sponsors', options.sponsors);
  app.decorate('stats', options.stats);
  app.decorate('versions', options.versions);
  app.decorate('terms', options.terms);
  app.decorateRequest('upload', null);
  app.addHook('onClose', async () => options.store.close());
}

export default fp(services, { name: 'services' });
