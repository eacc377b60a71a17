/**
 * The embedded job store: everything on disk under one folder, so a restart
 * loses nothing. Records of live jobs are also held in memory (they are small)
 * and recently read files in a bounded cache, so reads rarely touch the disk.
 *
 *   jobs/<id>.json            live job records
 *   files/<id>/<name>         their files
 *   uploads/<id>.json         live MCP upload records, with
 *   uploads/<id>.image        their images
 *   expired/<id>              empty markers of expired tokens and upload ids,
 *                             kept to tell "expired" from "unknown"
 *   idempotency/<hash>.json   stored responses, by hash of the key
 *   tmp/                      writes land here first, then are renamed into place
 *
 * Claims of idempotency keys in flight live in memory: they only matter while
 * this process runs the request. So do the counts behind the upload limit:
 * one process owns the folder.
 */
import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { LRUCache } from 'lru-cache';
import Value from 'typebox/value';

import { storageUnavailable } from '../core/errors.js';
import {
  JobRecordSchema,
  UploadRecordSchema,
  type IdempotencyClaim,
  type KeptResponse,
  type JobRecord,
  type JobStore,
  type UploadRecord,
} from '../core/job-store.js';

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

/** Ids and file names become path segments: only these shapes may reach the file system. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SAFE_FILE_NAME = /^[a-z0-9][a-z0-9.-]{0,63}$/;
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

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The errors of a disk that is full, over quota, read-only or refuses this process: the store cannot write. */
const CANNOT_WRITE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'EROFS', 'EACCES', 'EPERM']);

/** A write's failure as callers should see it: a full or read-only disk is the service's 503, not a fault. */
function writeFailure(error: unknown): unknown {
  return CANNOT_WRITE.has((error as NodeJS.ErrnoException).code ?? '') ? storageUnavailable(error) : error;
}

/** Removes `path` if it can; a disk that refuses (read-only) leaves it for the next sweep or start. */
async function removeIfPossible(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true }).catch(() => undefined);
}

export async function openFileStore(options: FileStoreOptions): Promise<JobStore> {
  const now = options.now ?? Date.now;
  const expiredTokenMemoryMs = options.expiredTokenMemoryMs ?? 7 * 24 * 3600 * 1000;
  const dirs = {
    jobs: join(options.dir, 'jobs'),
    files: join(options.dir, 'files'),
    expired: join(options.dir, 'expired'),
    uploads: join(options.dir, 'uploads'),
    idempotency: join(options.dir, 'idempotency'),
    tmp: join(options.dir, 'tmp'),
  };
  await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true })));

  const jobs = new Map<string, JobRecord>();
  const uploads = new Map<string, UploadRecord>();
  const cache = byteCache(options.fileCacheBytes ?? 64 * 1024 * 1024);
  const claims = new Map<string, { fingerprint: string; until: number }>();

  /** Writes `data` beside its place and renames it in, so a reader (or a restart after a crash) never sees part of it. */
  async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
    const temporary = join(dirs.tmp, randomUUID());
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await removeIfPossible(temporary);
      throw writeFailure(error);
    }
  }

  const recordPath = (id: string) => join(dirs.jobs, `${id}.json`);
  const filePath = (id: string, name: string) => join(dirs.files, id, name);
  const uploadRecordPath = (id: string) => join(dirs.uploads, `${id}.json`);
  const uploadImagePath = (id: string) => join(dirs.uploads, `${id}.image`);
  const expiredMarkerPath = (id: string) => join(dirs.expired, id);
  const idempotencyPath = (key: string) =>
    join(dirs.idempotency, `${createHash('sha256').update(key).digest('hex')}.json`);

  function liveJob(id: string): JobRecord | undefined {
    const job = SAFE_ID.test(id) ? jobs.get(id) : undefined;
    return job && job.expiresAt > now() ? job : undefined;
  }

  /** Leaves the marker that the id once lived; a disk that refuses it only makes the id "unknown" sooner. */
  async function markExpired(id: string): Promise<void> {
    await writeFile(expiredMarkerPath(id), '').catch(() => undefined);
  }

  /**
   * Deletes the job's record and files, leaving the marker that its token expired. It is gone from
   * memory at once; on a read-only disk its files wait for a later sweep or start.
   */
  async function expire(id: string): Promise<void> {
    jobs.delete(id);
    for (const key of [...cache.keys()]) if (key.startsWith(`${id}/`)) cache.delete(key);
    await markExpired(id);
    await removeIfPossible(recordPath(id));
    await removeIfPossible(join(dirs.files, id));
  }

  async function expireUpload(id: string): Promise<void> {
    uploads.delete(id);
    await markExpired(id);
    await removeIfPossible(uploadRecordPath(id));
    await removeIfPossible(uploadImagePath(id));
  }

  /** Expires every record of `records` whose time is up; returns how many. */
  async function expireDue(
    records: Map<string, { id: string; expiresAt: number }>,
    expireOne: (id: string) => Promise<void>,
  ): Promise<number> {
    const due = [...records.values()].filter((record) => record.expiresAt <= now());
    for (const record of due) await expireOne(record.id);
    return due.length;
  }

  /** The records of a folder of `<id>.json` files that match their schema. */
  async function loadRecords<T extends { id: string }>(
    dir: string,
    isRecord: (value: unknown) => value is T,
    into: Map<string, T>,
  ): Promise<void> {
    for (const entry of await readdir(dir)) {
      const id = entry.replace(/\.json$/, '');
      if (!entry.endsWith('.json') || !SAFE_ID.test(id)) continue;
      try {
        const record: unknown = JSON.parse(await readFile(join(dir, entry), 'utf8'));
        if (isRecord(record) && record.id === id) into.set(id, record);
      } catch {
        // A record that cannot be read is treated like a missing one; the sweep leaves it alone.
      }
    }
  }

  /** 'expired' when the id's marker says it lived once, else 'unknown'. */
  async function pastState(id: string): Promise<{ state: 'expired' } | { state: 'unknown' }> {
    const marker = await stat(expiredMarkerPath(id)).catch(() => null);
    return marker ? { state: 'expired' } : { state: 'unknown' };
  }

  async function sweepIdempotency(): Promise<number> {
    let removed = 0;
    for (const entry of await readdir(dirs.idempotency)) {
      const path = join(dirs.idempotency, entry);
      try {
        const record = JSON.parse(await readFile(path, 'utf8')) as KeptResponse;
        if (!(record.expiresAt > now())) {
          await rm(path, { force: true });
          removed += 1;
        }
      } catch (error) {
        if (!isMissing(error)) await rm(path, { force: true });
      }
    }
    return removed;
  }

  async function forgetOldExpiredTokens(): Promise<void> {
    for (const entry of await readdir(dirs.expired)) {
      const path = join(dirs.expired, entry);
      const marker = await stat(path).catch(() => null);
      if (marker && marker.mtimeMs + expiredTokenMemoryMs < now()) await rm(path, { force: true });
    }
  }

  async function readKeptResponse(key: string): Promise<KeptResponse | null> {
    try {
      const record = JSON.parse(await readFile(idempotencyPath(key), 'utf8')) as KeptResponse;
      return record.expiresAt > now() ? record : null;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  /**
   * What a process stopped mid-write (killed, or its machine lost power) leaves behind: temporary
   * files, the files of a job whose record was never written, an upload's image without its record.
   * None of it was ever visible; all of it goes.
   */
  async function removeLeftoversOfStoppedWrites(): Promise<void> {
    for (const entry of await readdir(dirs.tmp)) await removeIfPossible(join(dirs.tmp, entry));
    for (const entry of await readdir(dirs.files)) {
      const recorded = jobs.has(entry) || (await stat(recordPath(entry)).catch(() => null));
      if (!recorded) await removeIfPossible(join(dirs.files, entry));
    }
    for (const entry of await readdir(dirs.uploads)) {
      if (entry.endsWith('.image') && !uploads.has(entry.slice(0, -'.image'.length))) {
        await removeIfPossible(join(dirs.uploads, entry));
      }
    }
  }

  const store: JobStore = {
    async createJob(job, files) {
      if (!SAFE_ID.test(job.id)) throw new Error(`unsafe job id ${JSON.stringify(job.id)}`);
      const names = Object.keys(files);
      const unsafe = names.find((name) => !SAFE_FILE_NAME.test(name));
      if (unsafe !== undefined) throw new Error(`unsafe file name ${JSON.stringify(unsafe)}`);
      try {
        // Not recursive: Node reports a read-only disk under a recursive mkdir as ENOENT.
        await mkdir(join(dirs.files, job.id));
        for (const [name, bytes] of Object.entries(files)) await writeAtomically(filePath(job.id, name), bytes);
        // The record goes last: a job is visible, now and after a restart, only once every file is in place.
        await writeAtomically(recordPath(job.id), JSON.stringify(job));
      } catch (error) {
        await removeIfPossible(join(dirs.files, job.id));
        throw writeFailure(error);
      }
      jobs.set(job.id, job);
    },

    async getJob(id) {
      if (!SAFE_ID.test(id)) return { state: 'unknown' };
      const job = jobs.get(id);
      if (job) {
        if (job.expiresAt > now()) return { state: 'live', job };
        await expire(id);
        return { state: 'expired' };
      }
      return pastState(id);
    },

    async readFile(id, name) {
      if (!liveJob(id) || !SAFE_FILE_NAME.test(name)) return null;
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
      if (!SAFE_FILE_NAME.test(name)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
      await writeAtomically(filePath(id, name), bytes);
      if (!liveJob(id)) await removeIfPossible(filePath(id, name));
    },

    async addFileOnce(id, name, bytes) {
      if (!liveJob(id)) return null;
      if (!SAFE_FILE_NAME.test(name)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
      // link() refuses an existing name, so the first complete file wins and no reader sees a partial one.
      const temporary = join(dirs.tmp, randomUUID());
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

    async createUpload(upload, image, limit) {
      if (!SAFE_ID.test(upload.id)) throw new Error(`unsafe upload id ${JSON.stringify(upload.id)}`);
      const live = [...uploads.values()].filter((u) => u.expiresAt > now());
      if (live.length >= limit) {
        return { stored: false, nextExpiryAt: Math.min(...live.map((u) => u.expiresAt)) };
      }
      // Counted at once, so concurrent uploads cannot pass the limit while this one is written.
      uploads.set(upload.id, upload);
      try {
        await writeAtomically(uploadImagePath(upload.id), image);
        await writeAtomically(uploadRecordPath(upload.id), JSON.stringify(upload));
      } catch (error) {
        uploads.delete(upload.id);
        await removeIfPossible(uploadImagePath(upload.id));
        throw error;
      }
      return { stored: true };
    },

    async getUpload(id) {
      if (!SAFE_ID.test(id)) return { state: 'unknown' };
      const upload = uploads.get(id);
      if (!upload) return pastState(id);
      if (upload.expiresAt <= now()) {
        await expireUpload(id);
        return { state: 'expired' };
      }
      try {
        return { state: 'live', upload, image: await readFile(uploadImagePath(id)) };
      } catch (error) {
        if (isMissing(error)) return { state: 'expired' };
        throw error;
      }
    },

    async claimIdempotencyKey(key, fingerprint, leaseMs) {
      const at = now();
      const claim = claims.get(key);
      if (claim && claim.until > at) return { state: 'in-flight', fingerprint: claim.fingerprint };
      // Claim before reading the disk, so a concurrent request sees the claim.
      claims.set(key, { fingerprint, until: at + leaseMs });
      const record = await readKeptResponse(key);
      if (record) {
        claims.delete(key);
        return { state: 'completed', record } satisfies IdempotencyClaim;
      }
      return { state: 'claimed' };
    },

    async renewIdempotencyClaim(key, fingerprint, leaseMs) {
      const claim = claims.get(key);
      if (claim?.fingerprint !== fingerprint || claim.until <= now()) return false;
      claim.until = now() + leaseMs;
      return true;
    },

    async completeIdempotencyKey(key, record) {
      // A request whose lease lapsed, and whose key another request claimed since, stores nothing.
      const claim = claims.get(key);
      if (claim && claim.fingerprint !== record.fingerprint) return;
      await writeAtomically(idempotencyPath(key), JSON.stringify(record));
      claims.delete(key);
    },

    async releaseIdempotencyKey(key) {
      claims.delete(key);
    },

    async countLiveJobs() {
      const at = now();
      return [...jobs.values()].filter((job) => job.expiresAt > at).length;
    },

    async ping() {
      // A full or read-only disk still serves what it holds: the store is up while its folder can be read.
      await readdir(dirs.jobs).catch((error: unknown) => {
        throw storageUnavailable(error);
      });
    },

    async sweepExpired() {
      const expiredJobs = await expireDue(jobs, expire);
      const expiredUploads = await expireDue(uploads, expireUpload);
      for (const [key, claim] of claims) if (claim.until <= now()) claims.delete(key);
      await forgetOldExpiredTokens();
      return { jobs: expiredJobs, uploads: expiredUploads, idempotencyKeys: await sweepIdempotency() };
    },

    async close() {
      clearInterval(timer);
    },
  };

  await loadRecords(dirs.jobs, (value): value is JobRecord => Value.Check(JobRecordSchema, value), jobs);
  await loadRecords(dirs.uploads, (value): value is UploadRecord => Value.Check(UploadRecordSchema, value), uploads);
  await removeLeftoversOfStoppedWrites();
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
