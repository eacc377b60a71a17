/** src/store owns where jobs, uploads and idempotency records live: adapters of core's JobStore port. */
export { openFileStore, type FileStoreOptions } from './file/index.js';
export { connectRedis, type RedisOptions } from './redis/client.js';
export { redisGate } from './redis/gate.js';
export { redisStats } from './redis/stats.js';
export { redisStore, type RedisStoreOptions } from './redis/index.js';
