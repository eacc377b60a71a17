/**
 * The Redis store's keys, and the markers its jobs and uploads share. Every
 * key carries its record's own expiry (PXAT), so Redis deletes them itself.
 *
 *   job:<id>              job record (JSON)
 *   file:<id>:<name>      its files
 *   jobs                  sorted set of job ids by expiry: the count of live jobs
 *   upload:<id>           MCP upload record (JSON), with
 *   upload-image:<id>     its image
 *   uploads               sorted set of live upload ids by expiry: the upload limit
 *   seen:<id>             kept a week (by default) past a token's expiry, to tell "expired" from "unknown"
 *   idem:<sha256>         stored response of an Idempotency-Key
 *   idem-claim:<sha256>   the claim of a request in flight, as a lease
 */
import type { Redis } from 'ioredis';

import type { PastState } from '../records.js';

/** The `seen:<id>` markers of jobs and uploads. */
export interface SeenMarkers {
  key(id: string): string;
  /** When the marker of a record that expires at `expiresAt` goes (epoch ms). */
  until(expiresAt: number): number;
  /** 'expired' when the id's marker says it lived once, else 'unknown'. */
  pastState(id: string): Promise<PastState>;
}

export function seenMarkers(redis: Redis, memoryMs: number): SeenMarkers {
  const key = (id: string) => `seen:${id}`;
  return {
    key,
    until: (expiresAt) => expiresAt + memoryMs,
    pastState: async (id) => ((await redis.exists(key(id))) ? { state: 'expired' } : { state: 'unknown' }),
  };
}
