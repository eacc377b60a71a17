import t from 'tap';

import { isServiceError, ServiceError } from '../../src/core/errors.js';
import { createLocalGate, runInSlot } from '../../src/core/gate.js';

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
