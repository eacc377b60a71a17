/**
 * Live visitor counts shared by every instance on one Redis (STORE=redis), as
 * the core's VisitorStats port: the same privacy as the local counts (a
 * visitor is a salted hash, the salt is random, shared through Redis for one
 * UTC day only, and never leaves it). Distinct visitors and upload sessions
 * of the day are HyperLogLogs (bounded memory, about 1% error); the last 5
 * minutes a sorted set by time; the rest counters. A day's keys expire two
 * days later. Counting never delays a request: its commands are pipelined
 * and their failures ignored; reading answers STORAGE_UNAVAILABLE (503).
 */
import { createHash, randomBytes } from 'node:crypto';

import type { Redis } from 'ioredis';

import { RECENT_WINDOW_MS, utcDay, type StatsSnapshot, type VisitorStats } from '../../core/stats.js';
import { reach } from './client.js';

const DAY_KEYS_LIVE_SECONDS = 2 * 24 * 3600;

export function redisStats(redis: Redis, now: () => number = Date.now): VisitorStats {
  const salts = new Map<string, Promise<Buffer>>();

  /** The day's salt: the first instance to need it makes it, the others read it. */
  function saltOf(day: string): Promise<Buffer> {
    let salt = salts.get(day);
    if (!salt) {
      salt = (async () => {
        const key = `stats:${day}:salt`;
        await redis.set(key, randomBytes(16), 'EX', DAY_KEYS_LIVE_SECONDS, 'NX');
        const shared = await redis.getBuffer(key);
        if (!shared) throw new Error('the day salt vanished');
        return shared;
      })();
      // Only today's salt is kept; a failed read is tried again next time.
      salts.clear();
      salts.set(day, salt);
      salt.catch(() => salts.delete(day));
    }
    return salt;
  }

  async function anonymised(day: string, value: string): Promise<string> {
    return createHash('sha256')
      .update(await saltOf(day))
      .update(value)
      .digest('base64url')
      .slice(0, 22);
  }

  /** Runs a count in the background: stats must never slow or fail a request. */
  function count(work: (day: string, at: number) => Promise<unknown>): void {
    const at = now();
    work(utcDay(at), at).catch(() => undefined);
  }

  return {
    record(clientAddress) {
      count(async (day, at) => {
        const visitor = await anonymised(day, clientAddress);
        await redis
          .multi()
          .pfadd(`stats:${day}:visitors`, visitor)
          .zadd(`stats:${day}:recent`, at, visitor)
          .incr(`stats:${day}:requests`)
          .incr('stats:requests')
          .set('stats:since', new Date(at).toISOString(), 'NX')
          .expire(`stats:${day}:visitors`, DAY_KEYS_LIVE_SECONDS)
          .expire(`stats:${day}:recent`, DAY_KEYS_LIVE_SECONDS)
          .expire(`stats:${day}:requests`, DAY_KEYS_LIVE_SECONDS)
          .exec();
      });
    },

    recordUpload(uploadSessionId) {
      count(async (day) => {
        const write = redis.multi().incr(`stats:${day}:uploads`).expire(`stats:${day}:uploads`, DAY_KEYS_LIVE_SECONDS);
        if (uploadSessionId !== '') {
          write
            .pfadd(`stats:${day}:sessions`, await anonymised(day, uploadSessionId))
            .expire(`stats:${day}:sessions`, DAY_KEYS_LIVE_SECONDS);
        }
        await write.exec();
      });
    },

    snapshot: () =>
      reach(async (): Promise<StatsSnapshot> => {
        const at = now();
        const day = utcDay(at);
        const recent = `stats:${day}:recent`;
        const replies = await redis
          .multi()
          .zremrangebyscore(recent, '-inf', at - RECENT_WINDOW_MS)
          .zcard(recent)
          .pfcount(`stats:${day}:visitors`)
          .get(`stats:${day}:requests`)
          .get('stats:requests')
          .get(`stats:${day}:uploads`)
          .pfcount(`stats:${day}:sessions`)
          .get('stats:since')
          .exec();
        const value = (index: number) => replies?.[index]?.[1];
        return {
          day,
          visitorsLast5Minutes: Number(value(1) ?? 0),
          visitorsToday: Number(value(2) ?? 0),
          requestsToday: Number(value(3) ?? 0),
          requestsSinceStart: Number(value(4) ?? 0),
          uploadsToday: Number(value(5) ?? 0),
          uploadSessionsToday: Number(value(6) ?? 0),
          since: typeof value(7) === 'string' ? String(value(7)) : new Date(at).toISOString(),
        };
      }),
  };
}
