/**
 * The job gate across every instance on one Redis: at most `capacity` traces
 * at once in the whole cluster. A slot is a lease in a sorted set (holder ->
 * expiry, on Redis's clock), renewed while the trace runs, so an instance
 * that dies mid-trace frees its slot when the lease runs out.
 */
import { randomUUID } from 'node:crypto';

import type { Redis } from 'ioredis';

import type { ConcurrencyGate } from '../../core/gate.js';
import { reach } from './client.js';

/** The sorted set of held slots (under the client's key prefix). */
export const GATE_KEY = 'gate';

/** Redis's own time in ms, so instances' clocks never disagree about a lease. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Drops lapsed leases, then admits ARGV[3] for ARGV[2] ms unless ARGV[1] leases are held. */
const ACQUIRE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
return 1`;

/** Extends ARGV[2]'s lease by ARGV[1] ms, if it still holds one. */
const RENEW = `${NOW}
return redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])`;

export function redisGate(redis: Redis, capacity: number, leaseMs: number): ConcurrencyGate {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('gate capacity must be a positive integer');
  return {
    capacity,
    async tryAcquire() {
      const holder = randomUUID();
      const admitted = await reach(() => redis.eval(ACQUIRE, 1, GATE_KEY, capacity, leaseMs, holder));
      if (admitted !== 1) return null;
      // Renewed three times per lease: a missed renewal or two (Redis briefly away) does not lose the slot.
      const renewal = setInterval(() => {
        redis.eval(RENEW, 1, GATE_KEY, leaseMs, holder).catch(() => undefined);
      }, leaseMs / 3);
      renewal.unref();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        // Should Redis be away (the command fails at once), the lease lapses by itself.
        await redis.zrem(GATE_KEY, holder).catch(() => undefined);
      };
    },
  };
}
