import t from 'tap';

import { SAMPLE_LOGO_COLORS } from '../../src/core/sample-logo.js';
import { buildTestApp } from '../helpers/app.js';
import { uploadForm } from '../helpers/multipart.js';

t.test('POST /api/sample without a body creates a demo job without warning', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ method: 'POST', url: '/api/sample' });
  t.equal(res.statusCode, 200);
  const job = res.json();
  t.same(Object.keys(job).sort(), ['bytes', 'gradients', 'height', 'id', 'palette', 'source_offset', 'svg', 'width']);
  t.same(job.gradients, [], 'the built-in logo is drawn in flat colors');
  t.same([...job.palette].sort(), [...SAMPLE_LOGO_COLORS].sort(), 'the built-in logo has its four brand colors');

  for (const path of ['logo.svg', 'preview.png', 'mockup/cap.png', 'mockup/tshirt.png']) {
    const file = await app.inject(`/api/jobs/${job.id}/${path}`);
    t.equal(file.statusCode, 200, `the sample job works with ${path}`);
  }
  const kit = await app.inject({ method: 'POST', url: `/api/jobs/${job.id}/kit` });
  t.equal(kit.statusCode, 200);
  const hidden = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    payload: { hidden_colors: [job.palette[0]] },
  });
  t.equal(hidden.statusCode, 200);
});

t.test('trim is an optional urlencoded form field, default true', async (t) => {
  const { app } = await buildTestApp(t);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const trimmed = (
    await app.inject({ method: 'POST', url: '/api/sample', headers: form, payload: 'trim=true' })
  ).json();
  const whole = (await app.inject({ method: 'POST', url: '/api/sample', headers: form, payload: 'trim=false' })).json();
  const empty = await app.inject({ method: 'POST', url: '/api/sample', headers: form, payload: '' });
  t.equal(empty.statusCode, 200);
  t.same([empty.json().width, empty.json().height], [trimmed.width, trimmed.height], 'default is trim=true');
  t.ok(whole.width > trimmed.width && whole.height > trimmed.height, 'trim=false keeps the margin');
  t.not(trimmed.id, whole.id);
  // The built-in logo's art starts at (80, 60) of its 640 x 400 canvas.
  t.same(whole.source_offset, { x: 0, y: 0 }, 'an untrimmed SVG starts at the corner of the image');
  const offset = trimmed.source_offset as { x: number; y: number };
  t.ok(Math.abs(offset.x - 80) <= 1 && Math.abs(offset.y - 60) <= 1, 'trim says where the cropped SVG sits');
  t.ok(offset.x + Number(trimmed.width) <= 640 && offset.y + Number(trimmed.height) <= 400, 'inside the image');
});

t.test('GET /api/sample.png is the image the sandbox traces', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject('/api/sample.png');
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-type'], 'image/png');
  t.match(res.headers['cache-control'], /max-age=\d+/);
  t.same(
    [res.rawPayload.readUInt32BE(16), res.rawPayload.readUInt32BE(20)],
    [640, 400],
    'the PNG header gives 640 x 400',
  );
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm(res.rawPayload)),
  });
  t.equal(uploaded.statusCode, 200, 'it can be uploaded like any logo');
  const sample = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  t.same([...uploaded.json().palette].sort(), [...sample.palette].sort(), 'and traces to the same colors');
});

t.test('an invalid trim value is 422', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/api/sample',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'trim=sometimes',
  });
  t.equal(res.statusCode, 422);
  t.same(res.json().detail[0].loc, ['body', 'trim']);
});
