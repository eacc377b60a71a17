/**
 * Idempotency keys on Redis (core's RequestKeys port), by hash of the key:
 * a claim is a lease, so a crashed instance never locks a key, and each step
 * is one script, so two instances never both own a key.
 */
import type { Redis } from 'ioredis';

import type { KeptResponse, RequestKeys } from '../../core/job-store.js';
import { hashedKey } from '../records.js';
import { reach } from './client.js';

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

const keptKey = (key: string) => `idem:${hashedKey(key)}`;
const claimKey = (key: string) => `idem-claim:${hashedKey(key)}`;

export function redisRequestKeys(redis: Redis): RequestKeys {
  return {
    claimIdempotencyKey: (key, fingerprint, leaseMs) =>
      reach(async () => {
        const [state, value = ''] = (await redis.eval(
          CLAIM,
          2,
          keptKey(key),
          claimKey(key),
          fingerprint,
          String(leaseMs),
        )) as [string, string?];
        if (state === 'claimed') return { state: 'claimed' as const };
        if (state === 'in-flight') return { state: 'in-flight' as const, fingerprint: value };
        return { state: 'completed' as const, record: JSON.parse(value) as KeptResponse };
      }),

    renewIdempotencyClaim: (key, fingerprint, leaseMs) =>
      reach(async () => {
        const renewed = await redis.eval(RENEW_CLAIM, 1, claimKey(key), fingerprint, String(leaseMs));
        return renewed === 1;
      }),

    completeIdempotencyKey: (key, record) =>
      reach(async () => {
        await redis.eval(
          COMPLETE,
          2,
          keptKey(key),
          claimKey(key),
          record.fingerprint,
          JSON.stringify(record),
          String(Math.round(record.expiresAt)),
        );
      }),

    releaseIdempotencyKey: (key) =>
      reach(async () => {
        await redis.del(claimKey(key));
      }),
  };
}
