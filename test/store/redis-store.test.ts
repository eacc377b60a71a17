/**
 * The Redis store (STORE=redis) against a Redis of the test's own: the store
 * contract, binary files, Redis's own expiry, and Redis going away and coming
 * back (STORAGE_UNAVAILABLE meanwhile, never "not found").
 */
import { randomUUID } from 'node:crypto';

import t from 'tap';

import { openRedisStore } from '../../src/store/redis-store.js';
import { redisMissing, startRedis, type TestRedis } from '../helpers/redis-server.js';
import { jobRecord, storeContract, type OpenStore } from './store-contract.js';

if (redisMissing) {
  t.pass('the Redis store', { skip: redisMissing });
} else {
  let redis: TestRedis | undefined;
  t.before(async () => {
    redis = await startRedis(t);
  });
  /** A store of its own in the shared Redis: every test has its own key prefix. */
  const open: OpenStore = async (t) => {
    if (!redis) throw new Error('Redis did not start');
    const store = await openRedisStore({ url: redis.url, keyPrefix: `test-${randomUUID()}:` });
    t.teardown(() => store.close());
    return store;
  };

  storeContract(t, open);

  t.test('while Redis is away every call is STORAGE_UNAVAILABLE at once, and it recovers by itself', async (t) => {
    const own = await startRedis(t);
    const store = await openRedisStore({ url: own.url, commandTimeoutMs: 500 });
    t.teardown(() => store.close());
    const job = jobRecord(60_000);
    await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });

    await own.stop();
    const started = Date.now();
    await t.rejects(store.getJob(job.id), { code: 'STORAGE_UNAVAILABLE' }, 'a read is 503, not "unknown"');
    await t.rejects(store.readFile(job.id, 'logo.svg'), { code: 'STORAGE_UNAVAILABLE' });
    await t.rejects(store.createJob(jobRecord(60_000), {}), { code: 'STORAGE_UNAVAILABLE' });
    await t.rejects(store.claimIdempotencyKey('k', 'fp', 1000), { code: 'STORAGE_UNAVAILABLE' });
    t.ok(Date.now() - started < 2000, `answered within the bound (${Date.now() - started} ms)`);

    await own.start();
    let back = false;
    for (let attempt = 0; attempt < 50 && !back; attempt++) {
      back = await store.getJob(job.id).then(
        () => true,
        () => false,
      );
      if (!back) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    t.ok(back, 'it reconnects by itself');
    t.same(await store.getJob(job.id), { state: 'unknown' }, 'a Redis without persistence starts empty');
  });
}
