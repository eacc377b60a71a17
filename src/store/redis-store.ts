/**
 * The job store on Redis, for several instances behind one load balancer
 * (STORE=redis). Every key carries its record's own expiry (PXAT), so Redis
 * deletes jobs, files, uploads and idempotency records itself and nothing
 * needs a sweeper. Files are stored as bytes.
 *
 *   job:<id>              job record (JSON)
 *   file:<id>:<name>      its files
 *   upload:<id>           MCP upload record (JSON), with
 *   upload-image:<id>     its image
 *   uploads               sorted set of live upload ids by expiry: the upload limit
 *   jobs                  sorted set of job ids by expiry: the count of live jobs
 *   seen:<id>             kept a week past a token's expiry, to tell "expired" from "unknown"
 *   idem:<sha256>         stored response of an Idempotency-Key
 *   idem-claim:<sha256>   the claim of a request in flight, as a lease
 *
 * Writes that must be whole are one MULTI (a job appears with all its files)
 * or one script (claims, the upload limit). Any failure to reach Redis is the
 * core's STORAGE_UNAVAILABLE: answered 503, never taken for "not found".
 * The cluster's gate shares the connection (redis-gate.ts).
 */
import { createHash } from 'node:crypto';

import type { Redis } from 'ioredis';
import Value from 'typebox/value';

import {
  JobRecordSchema,
  UploadRecordSchema,
  type KeptResponse,
  type JobRecord,
  type JobStore,
  type UploadRecord,
} from '../core/job-store.js';
import { reach } from './redis-client.js';

export interface RedisStoreOptions {
  /** How long an expired token is still recognised as expired rather than unknown. */
  expiredTokenMemoryMs?: number;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SAFE_FILE_NAME = /^[a-z0-9][a-z0-9.-]{0,63}$/;

/** Returns the stored response, or claims the key for ARGV[2] ms, or names the fingerprint holding it. */
const CLAIM = `
local record = redis.call('GET', KEYS[1])
if record then return {'completed', record} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {'claimed'} end
return {'in-flight', redis.call('GET', KEYS[2]) or ''}`;

/** Extends the claim by ARGV[2] ms while it is still ARGV[1]'s. */
const RENEW_CLAIM = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])`;

/** Stores the response unless the claim lapsed and another request holds the key now. */
const COMPLETE = `
local claim = redis.call('GET', KEYS[2])
if claim and claim ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PXAT', ARGV[3])
redis.call('DEL', KEYS[2])
return 1`;

/** Admits an upload unless ARGV[5] are live; else answers the earliest expiry. */
const ADMIT_UPLOAD = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[5]) then
  return {0, redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]}
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[6], 'PXAT', ARGV[2])
redis.call('SET', KEYS[2], ARGV[4], 'PXAT', ARGV[2])
redis.call('SET', KEYS[4], '1', 'PXAT', ARGV[7])
return {1}`;

function parsed<T>(text: string | null, isRecord: (value: unknown) => value is T): T | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const isJob = (value: unknown): value is JobRecord => Value.Check(JobRecordSchema, value);
const isUpload = (value: unknown): value is UploadRecord => Value.Check(UploadRecordSchema, value);

/** The store over `redis`; closing it closes the connection. */
export function redisStore(redis: Redis, options: RedisStoreOptions = {}): JobStore {
  const expiredTokenMemoryMs = options.expiredTokenMemoryMs ?? 7 * 24 * 3600 * 1000;
  const hashed = (key: string) => createHash('sha256').update(key).digest('hex');
  const seenUntil = (expiresAt: number) => expiresAt + expiredTokenMemoryMs;

  async function pastState(id: string): Promise<{ state: 'expired' } | { state: 'unknown' }> {
    return (await redis.exists(`seen:${id}`)) ? { state: 'expired' } : { state: 'unknown' };
  }

  async function liveJob(id: string): Promise<JobRecord | null> {
    if (!SAFE_ID.test(id)) return null;
    const job = parsed(await redis.get(`job:${id}`), isJob);
    return job && job.expiresAt > Date.now() ? job : null;
  }

  function checkFileName(name: string): void {
    if (!SAFE_FILE_NAME.test(name)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
  }

  return {
    createJob: (job, files) =>
      reach(async () => {
        if (!SAFE_ID.test(job.id)) throw new Error(`unsafe job id ${JSON.stringify(job.id)}`);
        Object.keys(files).forEach(checkFileName);
        const at = String(job.expiresAt);
        const write = redis.multi();
        for (const [name, bytes] of Object.entries(files)) write.set(`file:${job.id}:${name}`, bytes, 'PXAT', at);
        write.set(`seen:${job.id}`, '1', 'PXAT', String(seenUntil(job.expiresAt)));
        write.set(`job:${job.id}`, JSON.stringify(job), 'PXAT', at);
        write.zadd('jobs', at, job.id);
        await write.exec();
      }),

    getJob: (id) =>
      reach(async () => {
        if (!SAFE_ID.test(id)) return { state: 'unknown' as const };
        const job = await liveJob(id);
        return job ? { state: 'live' as const, job } : pastState(id);
      }),

    readFile: (id, name) =>
      reach(async () => {
        if (!SAFE_ID.test(id) || !SAFE_FILE_NAME.test(name)) return null;
        return redis.getBuffer(`file:${id}:${name}`);
      }),

    writeFile: (id, name, bytes) =>
      reach(async () => {
        checkFileName(name);
        const job = await liveJob(id);
        if (job) await redis.set(`file:${id}:${name}`, bytes, 'PXAT', String(job.expiresAt));
      }),

    addFileOnce: (id, name, bytes) =>
      reach(async () => {
        checkFileName(name);
        const job = await liveJob(id);
        if (!job) return null;
        await redis.set(`file:${id}:${name}`, bytes, 'PXAT', String(job.expiresAt), 'NX');
        return redis.getBuffer(`file:${id}:${name}`);
      }),

    claimIdempotencyKey: (key, fingerprint, leaseMs) =>
      reach(async () => {
        const hash = hashed(key);
        const [state, value = ''] = (await redis.eval(
          CLAIM,
          2,
          `idem:${hash}`,
          `idem-claim:${hash}`,
          fingerprint,
          String(leaseMs),
        )) as [string, string?];
        if (state === 'claimed') return { state: 'claimed' as const };
        if (state === 'in-flight') return { state: 'in-flight' as const, fingerprint: value };
        return { state: 'completed' as const, record: JSON.parse(value) as KeptResponse };
      }),

    renewIdempotencyClaim: (key, fingerprint, leaseMs) =>
      reach(async () => {
        const renewed = await redis.eval(RENEW_CLAIM, 1, `idem-claim:${hashed(key)}`, fingerprint, String(leaseMs));
        return renewed === 1;
      }),

    completeIdempotencyKey: (key, record) =>
      reach(async () => {
        const hash = hashed(key);
        await redis.eval(
          COMPLETE,
          2,
          `idem:${hash}`,
          `idem-claim:${hash}`,
          record.fingerprint,
          JSON.stringify(record),
          String(Math.round(record.expiresAt)),
        );
      }),

    releaseIdempotencyKey: (key) =>
      reach(async () => {
        await redis.del(`idem-claim:${hashed(key)}`);
      }),

    createUpload: (upload, image, limit) =>
      reach(async () => {
        if (!SAFE_ID.test(upload.id)) throw new Error(`unsafe upload id ${JSON.stringify(upload.id)}`);
        const [stored, nextExpiryAt = '0'] = (await redis.eval(
          ADMIT_UPLOAD,
          4,
          'uploads',
          `upload:${upload.id}`,
          `upload-image:${upload.id}`,
          `seen:${upload.id}`,
          String(Date.now()),
          String(upload.expiresAt),
          upload.id,
          JSON.stringify(upload),
          String(limit),
          image,
          String(seenUntil(upload.expiresAt)),
        )) as [number, string?];
        return stored === 1
          ? { stored: true as const }
          : { stored: false as const, nextExpiryAt: Number(nextExpiryAt) };
      }),

    getUpload: (id) =>
      reach(async () => {
        if (!SAFE_ID.test(id)) return { state: 'unknown' as const };
        const [record, image] = await Promise.all([redis.get(`upload:${id}`), redis.getBuffer(`upload-image:${id}`)]);
        const upload = parsed(record, isUpload);
        if (upload && image && upload.expiresAt > Date.now()) return { state: 'live' as const, upload, image };
        return pastState(id);
      }),

    countLiveJobs: () =>
      reach(async () => {
        const replies = await redis.multi().zremrangebyscore('jobs', '-inf', Date.now()).zcard('jobs').exec();
        return Number(replies?.[1]?.[1] ?? 0);
      }),

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
