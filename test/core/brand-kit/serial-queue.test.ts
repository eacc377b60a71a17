import t from 'tap';

import { createSerialQueue } from '../../../src/core/brand-kit/serial-queue.js';

t.test('tasks run one at a time, in order, and a failure does not block the next', async (t) => {
  const queue = createSerialQueue();
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (n: number, fail = false) => async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    order.push(n);
    running -= 1;
    if (fail) throw new Error(`task ${n}`);
    return n;
  };
  const results = await Promise.allSettled([queue(task(1)), queue(task(2, true)), queue(task(3))]);
  t.equal(most, 1, 'never two at once');
  t.same(order, [1, 2, 3]);
  t.same(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
});
