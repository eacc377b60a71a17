/** src/store owns where jobs, uploads and idempotency records live: adapters of core's JobStore port. */
export { openFileStore, type FileStoreOptions } from './file-store.js';
export { openRedisStore, type RedisStoreOptions } from './redis-store.js';
