/**
 * The embedded job store: everything on disk under one folder (its layout in
 * folder.ts), so a restart loses nothing. Here its parts, jobs, uploads and
 * request keys, make one JobStore, swept of expired records on a timer.
 */
import { readdir } from 'node:fs/promises';

import { storageUnavailable } from '../../core/errors.js';
import type { JobStore } from '../../core/job-store.js';
import { EXPIRED_ID_MEMORY_MS } from '../records.js';
import { openFolder } from './folder.js';
import { openJobs } from './jobs.js';
import { fileRequestKeys } from './request-keys.js';
import { openUploads } from './uploads.js';

export interface FileStoreOptions {
  dir: string;
  /** How often expired jobs are deleted; 0 disables the timer (call sweepExpired yourself). */
  sweepIntervalMs?: number;
  /** How long an expired token is still recognised as expired rather than unknown. */
  expiredTokenMemoryMs?: number;
  /** Bytes of recently read files kept in memory (positive). */
  fileCacheBytes?: number;
  now?: () => number;
}

export async function openFileStore(options: FileStoreOptions): Promise<JobStore> {
  const now = options.now ?? Date.now;
  const expiredTokenMemoryMs = options.expiredTokenMemoryMs ?? EXPIRED_ID_MEMORY_MS;
  const folder = await openFolder(options.dir);
  const jobs = await openJobs(folder, now, options.fileCacheBytes ?? 64 * 1024 * 1024);
  const uploads = await openUploads(folder, now);
  const requestKeys = fileRequestKeys(folder, now);

  const store: JobStore = {
    ...jobs.port,
    ...uploads.port,
    ...requestKeys.port,

    async ping() {
      // A full or read-only disk still serves what it holds: the store is up while its folder can be read.
      await readdir(folder.dirs.jobs).catch((error: unknown) => {
        throw storageUnavailable(error);
      });
    },

    async sweepExpired() {
      const expiredJobs = await jobs.sweepExpired();
      const expiredUploads = await uploads.sweepExpired();
      requestKeys.dropLapsedClaims();
      await folder.forgetOldMarkers(expiredTokenMemoryMs, now);
      return { jobs: expiredJobs, uploads: expiredUploads, idempotencyKeys: await requestKeys.sweepKeptResponses() };
    },

    async close() {
      clearInterval(timer);
    },
  };

  // A read-only disk still serves what it holds; the sweep tries again on its timer.
  await store.sweepExpired().catch(() => undefined);
  const interval = options.sweepIntervalMs ?? 60_000;
  const timer =
    interval > 0
      ? setInterval(() => {
          store.sweepExpired().catch(() => {
            // Retried at the next tick; reads never serve an expired job meanwhile.
          });
        }, interval).unref()
      : undefined;
  return store;
}
