/**
 * Bounded work over HTTP: an image that is not a logo gets 422 at once and
 * frees the gate, a trace past TRACE_DEADLINE_MS gets 422, and a client that
 * goes away stops its trace, frees the gate and leaves no job behind.
 */
import t from 'tap';

import { ServiceError } from '../../../src/core/errors.js';
import { boundedTracer, type Tracer } from '../../../src/core/tracer.js';
import { buildTestApp } from '../../helpers/app.js';
import { busyLogo } from '../../helpers/fixtures.js';
import { checkerboard, noise } from '../../helpers/hostile.js';
import { drawnLogo } from '../../helpers/images.js';
import { uploadForm } from '../../helpers/multipart.js';

t.test('a checkerboard and noise get 422 "too complex for a logo" at once, and the gate is free after', async (t) => {
  const { app } = await buildTestApp(t);
  for (const hostile of [await checkerboard(1000, 1000, 1), await noise(1000)]) {
    const form = await uploadForm(hostile.image);
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...form });
    const ms = performance.now() - started;
    t.equal(res.statusCode, 422, hostile.name);
    t.match(res.json<{ detail: string }>().detail, /^This image cannot be traced: the image is too complex for a logo/);
    t.ok(ms < 1500, `${hostile.name}: answered in ${ms.toFixed(0)} ms`);
    const next = await uploadForm((await drawnLogo()).image);
    const after = await app.inject({ method: 'POST', url: '/api/vectorize', ...next });
    t.equal(after.statusCode, 200, 'the next upload is traced');
  }
});

t.test('a trace past TRACE_DEADLINE_MS gets 422 naming the deadline', async (t) => {
  const { app } = await buildTestApp(t, { TRACE_DEADLINE_MS: '100' });
  const form = await uploadForm(busyLogo(1400, 2000), { smoothing: 0 });
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...form });
  const ms = performance.now() - started;
  t.equal(res.statusCode, 422);
  t.match(res.json<{ detail: string }>().detail, /too complex for a logo \(tracing did not finish within 100 ms\)/);
  t.ok(ms < 1000, `answered in ${ms.toFixed(0)} ms`);
});

t.test('a client that disconnects stops its trace: the gate is free at once and no job is made', async (t) => {
  const outcomes: string[] = [];
  const engine = boundedTracer(60_000);
  const trace: Tracer = (image, settings, signal) => {
    outcomes.push('started');
    return engine(image, settings, signal).then(
      (result) => (outcomes.push('finished'), result),
      (error: unknown) => {
        outcomes.push(error instanceof ServiceError ? error.code : String(error));
        throw error;
      },
    );
  };
  const { app } = await buildTestApp(t, {}, { trace });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const busy = await uploadForm(busyLogo(1400, 2000), { smoothing: 0 });
  const alone = performance.now();
  t.equal(
    (await fetch(`${base}/api/vectorize`, { method: 'POST', body: busy.payload, headers: busy.headers })).status,
    200,
  );
  const fullMs = performance.now() - alone;

  const controller = new AbortController();
  const leaving = fetch(`${base}/api/vectorize`, {
    method: 'POST',
    body: busy.payload,
    headers: busy.headers,
    signal: controller.signal,
  }).catch((error: unknown) => error);
  while (outcomes.filter((o) => o === 'started').length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  controller.abort();
  const left = performance.now();
  await leaving;
  // The gate frees as soon as the trace stops: poll with a small logo until it is admitted.
  const small = await uploadForm((await drawnLogo()).image);
  let status = 0;
  while (performance.now() - left < fullMs * 3) {
    status = (await fetch(`${base}/api/vectorize`, { method: 'POST', body: small.payload, headers: small.headers }))
      .status;
    if (status !== 429) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const freedMs = performance.now() - left;
  t.comment(
    `a full trace takes ${fullMs.toFixed(0)} ms; the gate was free ${freedMs.toFixed(0)} ms after the client left`,
  );
  t.equal(status, 200, 'the next upload is admitted');
  t.ok(freedMs < fullMs, 'before the abandoned trace would have finished');
  t.same(
    outcomes.slice(0, 4),
    ['started', 'finished', 'started', 'ABORTED'],
    'the abandoned trace was aborted, not finished',
  );
});
