/** The concurrency gate over a real socket: one job at a time, others get 429 at once. */
import t from 'tap';

import { buildTestApp } from '../helpers/app.js';
import { drawnLogo } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';

t.test('concurrent uploads: one is processed, the others get 429 at once with Retry-After', async (t) => {
  const { app } = await buildTestApp(t, { MAX_CONCURRENT_JOBS: '1' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // A large logo keeps the first trace running while the others arrive.
  const form = await uploadForm((await drawnLogo({ width: 3000 })).image);
  const upload = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/api/vectorize`, { method: 'POST', body: form.payload, headers: form.headers });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as { detail: string },
      ms: performance.now() - started,
    };
  };
  const results = await Promise.all([upload(), upload(), upload(), upload()]);
  const ok = results.filter((r) => r.status === 200);
  const busy = results.filter((r) => r.status === 429);
  t.equal(ok.length + busy.length, results.length, 'every answer is 200 or 429');
  t.ok(ok.length >= 1, 'at least one upload was processed');
  t.ok(busy.length >= 1, 'at least one upload found the gate full');
  const slowest = Math.max(...ok.map((r) => r.ms));
  for (const r of busy) {
    t.equal(r.retryAfter, '2');
    t.match(r.body.detail, /one job at a time/);
    t.ok(r.ms < slowest, '429 came before the processed upload finished: no queueing');
  }
});

t.test('MAX_CONCURRENT_JOBS=2 admits two at once', async (t) => {
  const { app } = await buildTestApp(t, { MAX_CONCURRENT_JOBS: '2' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const form = await uploadForm((await drawnLogo({ width: 3000 })).image);
  const statuses = await Promise.all(
    [1, 2].map(
      async () =>
        (await fetch(`${base}/api/vectorize`, { method: 'POST', body: form.payload, headers: form.headers })).status,
    ),
  );
  t.same(statuses, [200, 200]);
});

t.test('GETs and health keep answering while a large trace runs', async (t) => {
  const { app } = await buildTestApp(t);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const job = (await (await fetch(`${base}/api/sample`, { method: 'POST' })).json()) as { svg: string };
  const form = await uploadForm((await drawnLogo({ width: 4000 })).image);
  let tracing = true;
  // Settles with the status, or the error, so a failure is reported rather than thrown mid-loop.
  const trace = fetch(`${base}/api/vectorize`, { method: 'POST', body: form.payload, headers: form.headers })
    .then(
      (res) => res.status,
      (error: unknown) => String(error),
    )
    .finally(() => {
      tracing = false;
    });
  const answer = (url: string) =>
    fetch(url).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => 0,
    );
  const latencies: number[] = [];
  const statuses = new Set<number>();
  const deadline = performance.now() + 60_000;
  while (tracing && performance.now() < deadline) {
    const started = performance.now();
    for (const status of await Promise.all([answer(`${base}/api/health`), answer(`${base}${job.svg}`)])) {
      statuses.add(status);
    }
    latencies.push(performance.now() - started);
  }
  t.same([...statuses], [200], 'every answer was 200');
  t.equal(await trace, 200);
  t.ok(latencies.length >= 3, `answered ${latencies.length} times during the trace`);
  t.ok(Math.max(...latencies) < 250, `slowest answer ${Math.max(...latencies).toFixed(1)} ms`);
});
