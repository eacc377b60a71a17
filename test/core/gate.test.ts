import t from 'tap';

import { isServiceError, ServiceError } from '../../src/core/errors.js';
import { createLocalGate, runInSlot, runWhenFree } from '../../src/core/gate.js';

t.test('the local gate admits `capacity` holders and never queues', async (t) => {
  const gate = createLocalGate(2);
  const a = await gate.tryAcquire();
  const b = await gate.tryAcquire();
  t.type(a, 'function');
  t.type(b, 'function');
  t.equal(await gate.tryAcquire(), null, 'full: null at once');
  a?.();
  a?.(); // a second release gives nothing extra back
  const c = await gate.tryAcquire();
  t.type(c, 'function');
  t.equal(await gate.tryAcquire(), null);
});

t.test('runInSlot releases after success and failure, and throws BUSY when full', async (t) => {
  const gate = createLocalGate(1);
  t.equal(await runInSlot(gate, async () => 42), 42);
  await t.rejects(
    runInSlot(gate, async () => Promise.reject(new Error('boom'))),
    /boom/,
  );
  let busy: unknown;
  await runInSlot(gate, async () => {
    busy = await runInSlot(gate, async () => 'never').catch((error: unknown) => error);
  });
  t.ok(isServiceError(busy, 'BUSY'));
  t.equal((busy as ServiceError).details.retryAfterSeconds, 2);
  t.type(await gate.tryAcquire(), 'function', 'the slot came back');
});

t.test('capacity must be a positive integer', async (t) => {
  t.throws(() => createLocalGate(0));
});

t.test(
  'runWhenFree on a gate of one runs tasks one at a time, in order, and a failure does not block the next',
  async (t) => {
    const gate = createLocalGate(1);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task =
      (n: number, fail = false) =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
        running -= 1;
        if (fail) throw new Error(`task ${n}`);
        return n;
      };
    const results = await Promise.allSettled([
      runWhenFree(gate, task(1)),
      runWhenFree(gate, task(2, true)),
      runWhenFree(gate, task(3)),
    ]);
    t.equal(most, 1, 'never two at once');
    t.same(order, [1, 2, 3]);
    t.same(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
  },
);

t.test('a released slot goes to the longest waiter before any newcomer, and every slot comes back', async (t) => {
  const gate = createLocalGate(2);
  const first = await gate.acquire();
  const second = await gate.acquire();
  const granted: string[] = [];
  const waiters = ['a', 'b'].map((name) => gate.acquire().then((release) => (granted.push(name), release)));
  t.equal(await gate.tryAcquire(), null, 'full while callers wait');
  first();
  first(); // a second release gives nothing extra back
  const a = await waiters[0]!;
  t.same(granted, ['a']);
  t.equal(await gate.tryAcquire(), null, 'the slot went to the waiter, not to a newcomer');
  second();
  const b = await waiters[1]!;
  t.same(granted, ['a', 'b']);
  a();
  b();
  t.type(await gate.tryAcquire(), 'function');
  t.type(await gate.tryAcquire(), 'function');
  t.equal(await gate.tryAcquire(), null, 'still two slots, no more');
});
