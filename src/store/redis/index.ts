/**
 * The job store on Redis, for several instances behind one load balancer
 * (STORE=redis): its parts, jobs, uploads and request keys, make one
 * JobStore over one connection (client.ts), which the cluster's gate
 * (gate.ts) and visitor counts (stats.ts) share. Redis expires every key
 * itself (keys.ts), so nothing needs a sweeper. Writes that must be whole are
 * one MULTI or one script. Any failure to reach Redis is the core's
 * STORAGE_UNAVAILABLE: answered 503, never taken for "not found".
 */
import type { Redis } from 'ioredis';

import type { JobStore } from '../../core/job-store.js';
import { EXPIRED_ID_MEMORY_MS } from '../records.js';
import { reach } from './client.js';
import { redisJobs } from './jobs.js';
import { seenMarkers } from './keys.js';
import { redisRequestKeys } from './request-keys.js';
import { redisUploads } from './uploads.js';

export interface RedisStoreOptions {
  /** How long an expired token is still recognised as expired rather than unknown. */
  expiredTokenMemoryMs?: number;
}

/** The store over `redis`; closing it closes the connection. */
export function redisStore(redis: Redis, options: RedisStoreOptions = {}): JobStore {
  const seen = seenMarkers(redis, options.expiredTokenMemoryMs ?? EXPIRED_ID_MEMORY_MS);
  return {
    ...redisJobs(redis, seen),
    ...redisUploads(redis, seen),
    ...redisRequestKeys(redis),

    ping: () =>
      reach(async () => {
        await redis.ping();
      }),

    // Redis expires every key itself.
    sweepExpired: async () => ({ jobs: 0, uploads: 0, idempotencyKeys: 0 }),

    async close() {
      await redis.quit().catch(() => {
        redis.disconnect();
      });
    },
  };
}
