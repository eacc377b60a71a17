/** Our core services, made available to the routes as typed decorations of the Fastify instance. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Config } from '../config.js';
import type { Core } from '../core/index.js';
import type { Metrics } from './metrics.js';
import type { IdempotencyMode } from './schemas.js';
import type { VersionTable } from './versioning.js';

/** The core's services, with the config and the version table the HTTP layer also reads. */
export interface Services extends Core {
  config: Config;
  versions: VersionTable;
  metrics: Metrics;
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
  app.decorate('metrics', options.metrics);
  app.decorateRequest('upload', null);
  app.addHook('onClose', async () => options.store.close());
}

export default fp(services, { name: 'services' });
