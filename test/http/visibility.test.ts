import t from 'tap';

import { createLocalGate, type ConcurrencyGate } from '../../src/core/gate.js';
import { buildTestApp } from '../helpers/app.js';
import { drawnLogo, GRADIENT_LOGO } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';
import { controlledTracer } from '../helpers/tracer.js';

t.test('hiding colors makes a new job without re-tracing and leaves the source unchanged', async (t) => {
  const tracer = controlledTracer();
  const { app } = await buildTestApp(t, {}, { trace: tracer.trace });
  const source = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const sourceSvg = (await app.inject(source.svg)).body;
  const [first, second, ...rest] = source.palette as string[];
  t.equal(tracer.calls, 1);

  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${source.id}/visibility`,
    payload: { hidden_colors: [first?.toUpperCase()] },
  });
  t.equal(res.statusCode, 200);
  const job = res.json();
  t.equal(tracer.calls, 1, 'no re-trace');
  t.not(job.id, source.id);
  t.equal(job.original_id, source.id);
  t.same(job.hidden_colors, [first]);
  t.same(job.palette, [second, ...rest]);
  t.same([job.width, job.height], [source.width, source.height]);
  t.equal(job.warning, '');
  const svg = (await app.inject(job.svg)).body;
  t.notOk(svg.includes(`fill="${first}"`), 'the hidden color is gone from the SVG');
  t.ok(svg.includes(`fill="${second}"`));
  t.equal(Buffer.byteLength(svg), job.bytes);
  t.equal((await app.inject(source.svg)).body, sourceSvg, 'source SVG unchanged');

  // Hiding more from the new job keeps the colors it already hid.
  const further = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    payload: { hidden_colors: [second, first] },
  });
  t.equal(further.statusCode, 200);
  t.same(further.json().hidden_colors, [first, second]);
  t.same(further.json().palette, rest);
  t.equal(further.json().original_id, job.id);
});

t.test('a gradient job: listed beside its palette, drawn in previews, gone with any of its stops', async (t) => {
  const { app } = await buildTestApp(t);
  const upload = {
    method: 'POST' as const,
    url: '/api/vectorize',
    ...(await uploadForm((await drawnLogo(GRADIENT_LOGO)).image)),
  };
  const source = (await app.inject(upload)).json();
  const [stops] = source.gradients as string[][];
  if (!stops) return t.fail('the drawn logo is traced with a gradient (the premise of this test)');
  t.ok(
    stops.every((stop) => source.palette.includes(stop)),
    'its stops are palette colors',
  );
  t.match((await app.inject(source.svg)).body, /<linearGradient|<radialGradient/);
  for (const path of ['preview.png', 'mockup/cap.png', 'mockup/tshirt.png']) {
    const file = await app.inject(`/api/jobs/${source.id}/${path}`);
    t.equal(file.statusCode, 200, `${path} is drawn`);
    t.equal(file.headers['content-type'], 'image/png');
  }

  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${source.id}/visibility`,
    payload: { hidden_colors: [stops.at(-1)] },
  });
  t.equal(res.statusCode, 200);
  const job = res.json();
  t.same(job.hidden_colors, [stops.at(-1)]);
  t.same(job.gradients, []);
  t.same(
    job.palette,
    source.palette.filter((color: string) => !stops.includes(color)),
  );
  t.notMatch((await app.inject(job.svg)).body, /Gradient|url\(#/, 'the gradient shape and its def are gone');
});

t.test('at least one color must stay visible', async (t) => {
  const { app } = await buildTestApp(t);
  const source = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${source.id}/visibility`,
    payload: { hidden_colors: source.palette },
  });
  t.equal(res.statusCode, 422);
  t.match(res.json().detail, /at least one/i);
});

t.test('colors outside the palette, bad hex and too many items are 422', async (t) => {
  const { app } = await buildTestApp(t);
  const source = (await app.inject({ method: 'POST', url: `/api/sample` })).json();
  const url = `/api/jobs/${source.id}/visibility`;
  const stranger = await app.inject({ method: 'POST', url, payload: { hidden_colors: ['#123456'] } });
  t.equal(stranger.statusCode, 422);
  t.match(stranger.json().detail, /#123456 is not in this job's palette/);

  const badHex = await app.inject({ method: 'POST', url, payload: { hidden_colors: ['red'] } });
  t.equal(badHex.statusCode, 422);
  t.same(badHex.json().detail[0].loc, ['body', 'hidden_colors', 0]);

  const many = await app.inject({ method: 'POST', url, payload: { hidden_colors: Array(33).fill(source.palette[0]) } });
  t.equal(many.statusCode, 422);
  t.equal(many.json().detail[0].type, 'maxItems');

  const missing = await app.inject({ method: 'POST', url, payload: {} });
  t.equal(missing.statusCode, 422);
  t.same(missing.json().detail, [{ loc: ['body', 'hidden_colors'], msg: 'Field required', type: 'missing' }]);
});

t.test('an unknown token is 404', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/api/jobs/AAAAAAAAAAAAAAAAAAAAAAAA/visibility',
    payload: { hidden_colors: [] },
  });
  t.equal(res.statusCode, 404);
  t.type(res.json().detail, 'string');
});

t.test('visibility goes through the concurrency gate: 429 when it is full', async (t) => {
  const gate = createLocalGate(1);
  const { app } = await buildTestApp(t, {}, { gate });
  const source = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const release = await gate.tryAcquire();
  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${source.id}/visibility`,
    payload: { hidden_colors: [source.palette[0]] },
  });
  release?.();
  t.equal(res.statusCode, 429);
  t.equal(res.headers['retry-after'], '2');
  t.match(res.json().detail, /one job at a time/);
});

t.test('a second request with the key of a running one is 409', async (t) => {
  // A gate that keeps its next caller waiting until the test lets it through.
  let held: Promise<void> | null = null;
  let letThrough: () => void = () => {};
  let arrived: () => void = () => {};
  const gate: ConcurrencyGate = {
    capacity: 1,
    async tryAcquire() {
      if (held) {
        arrived();
        await held;
      }
      return () => {};
    },
  };
  const { app } = await buildTestApp(t, {}, { gate });
  const source = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const request = {
    method: 'POST' as const,
    url: `/api/jobs/${source.id}/visibility`,
    headers: { 'idempotency-key': 'k-visibility' },
    payload: { hidden_colors: [source.palette[0]] },
  };
  held = new Promise<void>((resolve) => (letThrough = resolve));
  const waiting = new Promise<void>((resolve) => (arrived = resolve));
  const first = app.inject(request);
  await waiting;
  const second = await app.inject(request);
  t.equal(second.statusCode, 409);
  t.equal(second.headers['retry-after'], '1');
  held = null;
  letThrough();
  t.equal((await first).statusCode, 200);
});
