/** src/store owns where jobs, uploads and idempotency records live: adapters of core's JobStore port. */
export { openFileStore, type FileStoreOptions } from './file/index.js';
export type { RedisOptions } from './redis/client.js';
export type { RedisStoreOptions } from './redis/index.js';

/**
 * The Redis adapters, loaded on demand: a process on the embedded default store never loads the
 * Redis client.
 */
export async function loadRedisAdapters() {
  const [client, gate, stats, store] = await Promise.all([
    import('./redis/client.js'),
    import('./redis/gate.js'),
    import('./redis/stats.js'),
    import('./redis/index.js'),
  ]);
  return {
    connectRedis: client.connectRedis,
    redisGate: gate.redisGate,
    redisStats: stats.redisStats,
    redisStore: store.redisStore,
  };
}
