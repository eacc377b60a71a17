/**
 * One Redis connection per instance, shared by the job store and the cluster
 * gate (STORE=redis). Commands are bounded in time and fail at once while
 * Redis is away, so no request hangs; the client reconnects by itself.
 */
import { Redis } from 'ioredis';

import { isServiceError, storageUnavailable } from '../../core/errors.js';
import { isUnsafeRefusal } from '../records.js';

export interface RedisOptions {
  url: string;
  /** Prefix of every key, so one Redis can hold other data too. */
  keyPrefix?: string;
  /** Longest one command may take before the request gets 503. */
  commandTimeoutMs?: number;
}

export async function connectRedis(options: RedisOptions): Promise<Redis> {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix ?? 'lv:',
    commandTimeout: options.commandTimeoutMs ?? 2000,
    // While Redis is away, commands fail at once (503) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    lazyConnect: true,
  });
  // Errors reach callers as rejected commands; the event only reports them.
  redis.on('error', () => undefined);
  // A server may start before its Redis: it answers 503 until the client connects.
  await redis.connect().catch(() => undefined);
  return redis;
}

/** Runs `work`; a failure to reach Redis becomes STORAGE_UNAVAILABLE, the caller's own refusals pass. */
export async function reach<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isServiceError(error) || isUnsafeRefusal(error)) throw error;
    throw storageUnavailable(error);
  }
}
