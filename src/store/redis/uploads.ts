/**
 * MCP uploads on Redis (core's UploadStore port): one script checks the limit
 * across every instance and stores the upload, so no two can both pass it.
 */
import type { Redis } from 'ioredis';

import type { UploadStore } from '../../core/job-store.js';
import { checkId, isSafeId, isUploadRecord, parseRecord } from '../records.js';
import { reach } from './client.js';
import type { SeenMarkers } from './keys.js';

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

export function redisUploads(redis: Redis, seen: SeenMarkers): UploadStore {
  return {
    createUpload: (upload, image, limit) =>
      reach(async () => {
        checkId(upload.id, 'upload');
        const [stored, nextExpiryAt = '0'] = (await redis.eval(
          ADMIT_UPLOAD,
          4,
          'uploads',
          `upload:${upload.id}`,
          `upload-image:${upload.id}`,
          seen.key(upload.id),
          String(Date.now()),
          String(upload.expiresAt),
          upload.id,
          JSON.stringify(upload),
          String(limit),
          image,
          String(seen.until(upload.expiresAt)),
        )) as [number, string?];
        return stored === 1
          ? { stored: true as const }
          : { stored: false as const, nextExpiryAt: Number(nextExpiryAt) };
      }),

    getUpload: (id) =>
      reach(async () => {
        if (!isSafeId(id)) return { state: 'unknown' as const };
        const [record, image] = await Promise.all([redis.get(`upload:${id}`), redis.getBuffer(`upload-image:${id}`)]);
        const upload = parseRecord(record, isUploadRecord);
        if (upload && image && upload.expiresAt > Date.now()) return { state: 'live' as const, upload, image };
        return seen.pastState(id);
      }),
  };
}
