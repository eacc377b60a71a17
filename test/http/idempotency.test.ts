import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import t from 'tap';

import { createLocalGate } from '../../src/core/gate.js';
import { buildTestApp } from '../helpers/app.js';
import { drawnLogo, FOUR_COLORS } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';
import { controlledTracer } from '../helpers/tracer.js';

const key = (value: string) => ({ 'idempotency-key': value });

t.test('Idempotency-Key must be 1 to 255 printable ASCII characters, else 400', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const upload = await uploadForm((await drawnLogo()).image);
  const writes: { url: string; payload?: object; headers?: Record<string, string> }[] = [
    { url: '/api/sample' },
    { url: `/api/jobs/${job.id}/visibility`, payload: { hidden_colors: [] } },
    { url: `/api/jobs/${job.id}/kit` },
    { url: '/api/vectorize', payload: upload.payload, headers: upload.headers },
  ];
  for (const bad of ['', 'x'.repeat(256), 'tab\there', 'caf\u00e9']) {
    for (const request of writes) {
      const res = await app.inject({ method: 'POST', ...request, headers: { ...request.headers, ...key(bad) } });
      t.equal(res.statusCode, 400, `${request.url} with ${JSON.stringify(bad.slice(0, 12))}`);
      t.match(res.json().detail, /Idempotency-Key must be 1 to 255 printable ASCII/);
    }
  }
  const longest = await app.inject({ method: 'POST', url: '/api/sample', headers: key('~'.repeat(255)) });
  t.equal(longest.statusCode, 200, '255 printable characters are fine');
});

t.test('same key and parameters replay the first response without processing again', async (t) => {
  const tracer = controlledTracer();
  const { app } = await buildTestApp(t, {}, { trace: tracer.trace });
  const { image: logo } = await drawnLogo();
  const first = await app.inject({ method: 'POST', url: '/api/vectorize', ...(await uploadForm(logo, { colors: 2 })) });
  t.equal(first.statusCode, 200, 'no key: plain request');

  const a = await uploadForm(logo, { colors: 2 });
  const b = await uploadForm(logo, { colors: '2' });
  t.not(a.boundary, b.boundary, 'the two bodies use different multipart boundaries');
  const original = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    payload: a.payload,
    headers: { ...a.headers, ...key('k-upload') },
  });
  const replay = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    payload: b.payload,
    headers: { ...b.headers, ...key('k-upload') },
  });
  t.equal(original.statusCode, 200);
  t.notOk(original.headers['idempotent-replayed']);
  t.equal(replay.statusCode, 200);
  t.equal(replay.headers['idempotent-replayed'], 'true');
  t.equal(replay.body, original.body);
  t.equal(tracer.calls, 2, 'the replay did not trace');

  const sample = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-sample') });
  const sampleAgain = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-sample') });
  t.equal(sampleAgain.headers['idempotent-replayed'], 'true');
  t.equal(sampleAgain.json().id, sample.json().id);

  const job = sample.json();
  const hide = {
    method: 'POST' as const,
    url: `/api/jobs/${job.id}/visibility`,
    payload: { hidden_colors: [job.palette[0]] },
  };
  const hidden = await app.inject({ ...hide, headers: key('k-hide') });
  const hiddenAgain = await app.inject({ ...hide, headers: key('k-hide') });
  t.equal(hiddenAgain.headers['idempotent-replayed'], 'true');
  t.equal(hiddenAgain.json().id, hidden.json().id);
});

t.test('same key with other parameters is 422', async (t) => {
  const { app } = await buildTestApp(t);
  const { image: logo } = await drawnLogo();
  t.equal(
    (await app.inject({ method: 'POST', url: '/api/vectorize', ...(await uploadForm(logo, { colors: 2 })) }))
      .statusCode,
    200,
  );
  const firstForm = await uploadForm(logo, { colors: 2 });
  await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    payload: firstForm.payload,
    headers: { ...firstForm.headers, ...key('k1') },
  });

  const otherField = await uploadForm(logo, { colors: 4 });
  const otherFile = await uploadForm((await drawnLogo({ palette: FOUR_COLORS })).image, { colors: 2 });
  for (const [name, form] of [
    ['other field', otherField],
    ['other file', otherFile],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/vectorize',
      payload: form.payload,
      headers: { ...form.headers, ...key('k1') },
    });
    t.equal(res.statusCode, 422, name);
    t.match(res.json().detail, /already used with other parameters/);
  }
  const otherEndpoint = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k1') });
  t.equal(otherEndpoint.statusCode, 422, 'other endpoint');
});

t.test('two concurrent requests with one key: the second gets 409 with Retry-After', async (t) => {
  const tracer = controlledTracer();
  const { app } = await buildTestApp(t, {}, { trace: tracer.trace });
  tracer.hold();
  const first = app.inject({ method: 'POST', url: '/api/sample', headers: key('k-concurrent') });
  await tracer.waiting();
  const second = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-concurrent') });
  t.equal(second.statusCode, 409);
  t.equal(second.headers['retry-after'], '1');
  t.match(second.json().detail, /still running/);
  tracer.release();
  const done = await first;
  t.equal(done.statusCode, 200);
  const third = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-concurrent') });
  t.equal(third.headers['idempotent-replayed'], 'true');
  t.equal(third.json().id, done.json().id);
  t.equal(tracer.calls, 1);
});

t.test('two truly concurrent requests with one key: one runs, the other is 409', async (t) => {
  const { app } = await buildTestApp(t);
  // A large logo keeps the first trace running while the second request arrives.
  const form = await uploadForm((await drawnLogo({ width: 1500 })).image);
  const send = () =>
    app.inject({
      method: 'POST',
      url: '/api/vectorize',
      payload: form.payload,
      headers: { ...form.headers, ...key('k-race') },
    });
  const statuses = (await Promise.all([send(), send()])).map((r) => r.statusCode).sort();
  t.same(statuses, [200, 409]);
});

t.test('only successes are stored: a retry after 429 or 422 runs again', async (t) => {
  const gate = createLocalGate(1);
  const tracer = controlledTracer();
  const { app } = await buildTestApp(t, {}, { gate, trace: tracer.trace });
  const release = await gate.tryAcquire();
  const busy = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-retry') });
  t.equal(busy.statusCode, 429);
  release?.();
  const retried = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-retry') });
  t.equal(retried.statusCode, 200);
  t.notOk(retried.headers['idempotent-replayed']);

  const job = retried.json();
  const everything = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    headers: key('k-422'),
    payload: { hidden_colors: job.palette },
  });
  t.equal(everything.statusCode, 422);
  const fixed = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    headers: key('k-422'),
    payload: { hidden_colors: job.palette.slice(1) },
  });
  t.equal(fixed.statusCode, 200, 'the failed attempt did not bind the key to its parameters');
});

t.test('kit validates the key but stores nothing', async (t) => {
  const { app, dataDir } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const url = `/api/jobs/${job.id}/kit`;
  const first = await app.inject({ method: 'POST', url, headers: key('k-kit'), payload: { name: 'One' } });
  const other = await app.inject({ method: 'POST', url, headers: key('k-kit'), payload: { name: 'Two' } });
  t.equal(first.statusCode, 200);
  t.equal(other.statusCode, 200, 'other parameters with the same key still run');
  t.notOk(other.headers['idempotent-replayed']);
  t.match(other.headers['content-disposition'], /two-kit\.zip/);
  t.same(await readdir(`${dataDir}/idempotency`), []);
});

t.test('keys expire with their job and are not replayed afterwards', async (t) => {
  const { app } = await buildTestApp(t, { JOB_TTL_SECONDS: '1' });
  const first = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-ttl') });
  await sleep(1100);
  const again = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-ttl') });
  t.equal(again.statusCode, 200);
  t.notOk(again.headers['idempotent-replayed']);
  t.not(again.json().id, first.json().id);
});

t.test('a kept response that is not one this server wrote is never replayed', async (t) => {
  const { app, dataDir } = await buildTestApp(t);
  const headers = { 'idempotency-key': 'kept-elsewhere' };
  t.equal((await app.inject({ method: 'POST', url: '/api/sample', headers })).statusCode, 200, 'the first request');
  const dir = join(dataDir, 'idempotency');
  const [file] = await readdir(dir);
  const kept = JSON.parse(await readFile(join(dir, file!), 'utf8')) as { fingerprint: string; expiresAt: number };
  // The key and the expiry the store reads, but not the reply to send.
  await writeFile(join(dir, file!), JSON.stringify({ fingerprint: kept.fingerprint, expiresAt: kept.expiresAt }));
  const again = await app.inject({ method: 'POST', url: '/api/sample', headers });
  t.equal(again.statusCode, 500, 'an internal error, not a made-up replay');
  t.not(again.headers['idempotent-replayed'], 'true', 'nothing is replayed');
});
