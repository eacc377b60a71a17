/**
 * Jobs and their files on Redis (core's JobFiles port): a job appears with
 * all its files in one MULTI, and its files expire with it.
 */
import type { Redis } from 'ioredis';

import type { JobFiles, JobRecord } from '../../core/job-store.js';
import { checkFileName, checkId, isJobRecord, isSafeFileName, isSafeId, parseRecord } from '../records.js';
import { reach } from './client.js';
import type { SeenMarkers } from './keys.js';

export function redisJobs(redis: Redis, seen: SeenMarkers): JobFiles {
  async function liveJob(id: string): Promise<JobRecord | null> {
    if (!isSafeId(id)) return null;
    const job = parseRecord(await redis.get(`job:${id}`), isJobRecord);
    return job && job.expiresAt > Date.now() ? job : null;
  }

  return {
    createJob: (job, files) =>
      reach(async () => {
        checkId(job.id, 'job');
        Object.keys(files).forEach(checkFileName);
        const at = String(job.expiresAt);
        const write = redis.multi();
        for (const [name, bytes] of Object.entries(files)) write.set(`file:${job.id}:${name}`, bytes, 'PXAT', at);
        write.set(seen.key(job.id), '1', 'PXAT', String(seen.until(job.expiresAt)));
        write.set(`job:${job.id}`, JSON.stringify(job), 'PXAT', at);
        write.zadd('jobs', at, job.id);
        await write.exec();
      }),

    getJob: (id) =>
      reach(async () => {
        if (!isSafeId(id)) return { state: 'unknown' as const };
        const job = await liveJob(id);
        return job ? { state: 'live' as const, job } : seen.pastState(id);
      }),

    readFile: (id, name) =>
      reach(async () => {
        if (!isSafeId(id) || !isSafeFileName(name)) return null;
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

    countLiveJobs: () =>
      reach(async () => {
        const replies = await redis.multi().zremrangebyscore('jobs', '-inf', Date.now()).zcard('jobs').exec();
        return Number(replies?.[1]?.[1] ?? 0);
      }),
  };
}
