/**
 * GET /metrics: Prometheus text with requests by route pattern and status,
 * the durations of traces and renders, the store's calls, gate rejections,
 * idempotency replays and Node's process metrics.
 */
import t from 'tap';

import { createLocalGate } from '../../src/core/gate.js';
import { buildTestApp } from '../helpers/app.js';

/** The value of the series `name{labels}` in the exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

t.test('what the service did shows up in /metrics', async (t) => {
  const gate = createLocalGate(1);
  const { app } = await buildTestApp(t, {}, { gate });
  await app.inject({ method: 'GET', url: '/api/health' });
  const headers = { 'idempotency-key': 'metrics-key' };
  const made = await app.inject({ method: 'POST', url: '/api/sample', headers });
  t.equal(made.statusCode, 200);
  await app.inject({ method: 'POST', url: '/api/sample', headers });
  const { id } = made.json<{ id: string }>();
  await app.inject({ method: 'GET', url: `/api/jobs/${id}/preview.png` });
  await app.inject({ method: 'GET', url: '/api/jobs/unknown-token/logo.svg' });
  const release = await gate.tryAcquire();
  t.equal((await app.inject({ method: 'POST', url: '/api/sample' })).statusCode, 429, 'the gate is full');
  release?.();

  const res = await app.inject({ method: 'GET', url: '/metrics' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  const text = res.body;
  t.equal(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'), 1);
  t.equal(
    sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/jobs/:token/logo.svg",status="404"}'),
    1,
    'by route pattern, never by token',
  );
  t.notMatch(text, /unknown-token/, 'no token appears');
  t.equal(sample(text, 'logo_work_duration_seconds_count{kind="trace",outcome="ok"}'), 1, 'one trace');
  t.ok((sample(text, 'logo_work_duration_seconds_count{kind="render",outcome="ok"}') ?? 0) >= 1, 'renders');
  t.equal(sample(text, 'logo_gate_rejections_total{route="/api/sample"}'), 1, 'the 429');
  t.equal(sample(text, 'logo_idempotency_replays_total{route="/api/sample"}'), 1, 'the replay');
  t.ok(
    (sample(text, 'logo_store_duration_seconds_count{operation="createJob",outcome="ok"}') ?? 0) >= 1,
    'store calls',
  );
  t.equal(sample(text, 'logo_live_jobs'), 1, 'the live jobs');
  t.match(text, /^process_cpu_user_seconds_total /m, "Node's process metrics");
  t.match(text, /^nodejs_eventloop_lag_p99_seconds /m, 'event-loop lag');
});

t.test('/metrics is not part of the public API document', async (t) => {
  const { app } = await buildTestApp(t);
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: object }>();
  t.notOk(Object.keys(document.paths).includes('/metrics'));
});
