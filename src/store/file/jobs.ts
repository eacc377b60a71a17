/**
 * Jobs and their files on disk (core's JobFiles port). Records of live jobs
 * are also held in memory (they are small) and recently read files in a
 * bounded cache, so reads rarely touch the disk.
 */
import { link, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { LRUCache } from 'lru-cache';

import type { JobFiles, JobRecord } from '../../core/job-store.js';
import { checkFileName, checkId, isJobRecord, isSafeFileName, isSafeId } from '../records.js';
import { expireDue, isMissing, loadRecords, removeIfPossible, writeFailure, type Folder } from './folder.js';

const LARGEST_CACHED_FILE = 4 * 1024 * 1024;

/** Least-recently-used cache of file contents, bounded by total bytes; files larger than a few MB are not kept. */
function byteCache(capacity: number): LRUCache<string, Buffer> {
  return new LRUCache<string, Buffer>({
    maxSize: capacity,
    maxEntrySize: Math.min(LARGEST_CACHED_FILE, capacity),
    // lru-cache counts sizes as positive integers: an empty file counts as one byte.
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
  });
}

export interface FileJobs {
  port: JobFiles;
  /** Deletes the expired jobs with their files; returns how many. */
  sweepExpired(): Promise<number>;
}

/** Loads the jobs under `folder`, deleting the files of any job whose record was never written. */
export async function openJobs(folder: Folder, now: () => number, cacheBytes: number): Promise<FileJobs> {
  const { dirs } = folder;
  const jobs = new Map<string, JobRecord>();
  const cache = byteCache(cacheBytes);
  const recordPath = (id: string) => join(dirs.jobs, `${id}.json`);
  const filePath = (id: string, name: string) => join(dirs.files, id, name);

  function liveJob(id: string): JobRecord | undefined {
    const job = isSafeId(id) ? jobs.get(id) : undefined;
    return job && job.expiresAt > now() ? job : undefined;
  }

  /**
   * Deletes the job's record and files, leaving the marker that its token expired. It is gone from
   * memory at once; on a read-only disk its files wait for a later sweep or start.
   */
  async function expire(id: string): Promise<void> {
    jobs.delete(id);
    for (const key of [...cache.keys()]) if (key.startsWith(`${id}/`)) cache.delete(key);
    await folder.markExpired(id);
    await removeIfPossible(recordPath(id));
    await removeIfPossible(join(dirs.files, id));
  }

  await loadRecords(dirs.jobs, isJobRecord, jobs);
  // The files of a job whose record was never written were never visible.
  for (const entry of await readdir(dirs.files)) {
    const recorded = jobs.has(entry) || (await stat(recordPath(entry)).catch(() => null));
    if (!recorded) await removeIfPossible(join(dirs.files, entry));
  }

  const port: JobFiles = {
    async createJob(job, files) {
      checkId(job.id, 'job');
      Object.keys(files).forEach(checkFileName);
      try {
        // Not recursive: Node reports a read-only disk under a recursive mkdir as ENOENT.
        await mkdir(join(dirs.files, job.id));
        // The record goes last: a job is visible, now and after a restart, only once every file is in place.
        await folder.writeAtomicallyInOrder([
          ...Object.entries(files).map(([name, bytes]) => [filePath(job.id, name), bytes] as const),
          [recordPath(job.id), JSON.stringify(job)],
        ]);
      } catch (error) {
        await removeIfPossible(join(dirs.files, job.id));
        throw writeFailure(error);
      }
      jobs.set(job.id, job);
    },

    async getJob(id) {
      if (!isSafeId(id)) return { state: 'unknown' };
      const job = jobs.get(id);
      if (job) {
        if (job.expiresAt > now()) return { state: 'live', job };
        await expire(id);
        return { state: 'expired' };
      }
      return folder.pastState(id);
    },

    async readFile(id, name) {
      if (!liveJob(id) || !isSafeFileName(name)) return null;
      const cacheKey = `${id}/${name}`;
      const cached = cache.get(cacheKey);
      if (cached) return cached;
      try {
        const bytes = await readFile(filePath(id, name));
        // The job may have expired while the file was read.
        if (liveJob(id)) cache.set(cacheKey, bytes);
        return bytes;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async writeFile(id, name, bytes) {
      if (!liveJob(id)) return;
      checkFileName(name);
      await folder.writeAtomically(filePath(id, name), bytes);
      if (!liveJob(id)) await removeIfPossible(filePath(id, name));
    },

    async addFileOnce(id, name, bytes) {
      if (!liveJob(id)) return null;
      checkFileName(name);
      // link() refuses an existing name, so the first complete file wins and no reader sees a partial one.
      const temporary = folder.temporaryPath();
      try {
        await writeFile(temporary, bytes);
        await link(temporary, filePath(id, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw writeFailure(error);
      } finally {
        await removeIfPossible(temporary);
      }
      return liveJob(id) ? readFile(filePath(id, name)) : null;
    },

    async countLiveJobs() {
      const at = now();
      return [...jobs.values()].filter((job) => job.expiresAt > at).length;
    },
  };

  return { port, sweepExpired: () => expireDue(jobs, now, expire) };
}
