/**
 * The Redis store (STORE=redis) against a Redis of the test's own: the store
 * contract, binary files, Redis's own expiry, and Redis going away and coming
 * back (STORAGE_UNAVAILABLE meanwhile, never "not found").
 */
import { randomUUID } from 'node:crypto';

import t, { type Test } from 'tap';

import { loadRedisAdapters } from '../../../src/store/index.js';
import { redisMissing, startRedis, type TestRedis } from '../../helpers/redis-server.js';
import { jobRecord, storeContract, type OpenStore } from '../../store/store-contract.js';

const { connectRedis, redisGate, redisStats, redisStore } = await loadRedisAdapters();

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
    const store = redisStore(await connectRedis({ url: redis.url, keyPrefix: `test-${randomUUID()}:` }));
    t.teardown(() => store.close());
    return store;
  };

  /** Two connections to the shared Redis under one fresh key prefix, as two instances see it. */
  const twoInstances = async (t: Test) => {
    if (!redis) throw new Error('Redis did not start');
    const keyPrefix = `test-${randomUUID()}:`;
    const connections = await Promise.all([
      connectRedis({ url: redis.url, keyPrefix }),
      connectRedis({ url: redis.url, keyPrefix }),
    ]);
    t.teardown(() => {
      for (const connection of connections) connection.disconnect();
    });
    return connections;
  };

  storeContract(t, open);

  t.test('while Redis is away every call is STORAGE_UNAVAILABLE at once, and it recovers by itself', async (t) => {
    const own = await startRedis(t);
    const store = redisStore(await connectRedis({ url: own.url, commandTimeoutMs: 500 }));
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

  t.test('the cluster gate admits `capacity` holders across connections; a dead holder frees its slot', async (t) => {
    const [a, b] = await twoInstances(t);
    const leaseMs = 600;
    const onA = redisGate(a, 2, leaseMs);
    const onB = redisGate(b, 2, leaseMs);
    const first = await onA.tryAcquire();
    const second = await onB.tryAcquire();
    t.ok(first && second, 'two slots, one on each instance');
    t.equal(await onA.tryAcquire(), null, 'a third is turned away');
    await second?.();
    const third = await onA.tryAcquire();
    t.ok(third, 'a released slot is free at once');

    await new Promise((resolve) => setTimeout(resolve, leaseMs * 2));
    t.equal(await onB.tryAcquire(), null, 'held slots are renewed past their lease');

    // Instance A dies holding both: its connection goes, and with it the renewals.
    a.disconnect();
    const started = Date.now();
    let freed = await onB.tryAcquire();
    while (!freed && Date.now() - started < leaseMs * 3) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      freed = await onB.tryAcquire();
    }
    t.ok(freed, `a dead instance's slot is free within its lease (${Date.now() - started} ms)`);
    t.ok(Date.now() - started <= leaseMs + 200, 'and not later than the lease');
    await first?.();
    await third?.();
  });

  t.test('visitor counts are shared by the instances, one salt a day, and start again the next day', async (t) => {
    const [a, b] = await twoInstances(t);
    const clock = { now: Date.parse('2026-11-23T12:00:00Z') };
    const onA = redisStats(a, () => clock.now);
    const onB = redisStats(b, () => clock.now);
    onA.record('198.51.100.1');
    onA.record('198.51.100.2');
    onB.record('198.51.100.1');
    onB.record('198.51.100.3');
    onA.recordUpload('session-1');
    onB.recordUpload('session-1');
    onB.recordUpload('');
    // Counting is fire-and-forget: wait until the counts have landed.
    let snapshot = await onB.snapshot();
    for (let attempt = 0; attempt < 50 && snapshot.uploadsToday < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      snapshot = await onB.snapshot();
    }
    t.match(
      snapshot,
      {
        day: '2026-11-23',
        visitorsToday: 3,
        visitorsLast5Minutes: 3,
        requestsToday: 4,
        requestsSinceStart: 4,
        uploadsToday: 3,
        uploadSessionsToday: 1,
      },
      'one visitor seen by both instances counts once: they share the day salt',
    );
    t.same(await onA.snapshot(), snapshot, 'both instances read the same counts');
    t.notMatch(JSON.stringify(await a.keys('*')), /198\.51\.100/, 'no address is stored');

    clock.now += 6 * 60 * 1000;
    t.equal((await onA.snapshot()).visitorsLast5Minutes, 0, 'the 5-minute window moves on');
    clock.now = Date.parse('2026-11-24T00:00:01Z');
    const nextDay = await onA.snapshot();
    t.match(nextDay, { day: '2026-11-24', visitorsToday: 0, requestsToday: 0, uploadsToday: 0, requestsSinceStart: 4 });
  });
}
