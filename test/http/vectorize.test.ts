import t from 'tap';

import { UPLOAD_MAX_BYTES } from '../../src/core/limits.js';
import { buildTestApp } from '../helpers/app.js';
import { drawnLogo, solidPng } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';

t.test('POST /api/vectorize traces a drawn logo into a job with every result field', async (t) => {
  const { app } = await buildTestApp(t);
  const logo = await drawnLogo();
  const form = await uploadForm(logo.image);
  const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...form });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['service-version'], '2026-10-14');
  const job = res.json();
  t.match(job.id, /^[A-Za-z0-9_-]{24}$/);
  t.equal(job.svg, `/api/jobs/${job.id}/logo.svg`);
  t.ok(job.palette.length > 0);
  for (const color of job.palette) t.match(color, /^#[0-9a-f]{6}$/);
  // Trimmed to the drawn shapes.
  t.equal(job.width, logo.content.width);
  t.equal(job.height, logo.content.height);
  t.type(job.warning, 'string');
  t.notOk('original_id' in job, 'no hide-colors fields');

  const svg = await app.inject(job.svg);
  t.equal(svg.statusCode, 200);
  t.equal(Buffer.byteLength(svg.body), job.bytes, 'bytes is the size of the SVG');
  for (const color of job.palette) t.ok(svg.body.includes(`fill="${color}"`));
});

t.test('form fields are applied, with the documented defaults', async (t) => {
  const { app } = await buildTestApp(t);
  const { image: logo } = await drawnLogo();
  const defaults = (await app.inject({ method: 'POST', url: '/api/vectorize', ...(await uploadForm(logo)) })).json();
  const untrimmed = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm(logo, {
      colors: 1,
      smoothing: 80,
      transparent: false,
      trim: false,
      upload_session_id: 'tab-7',
    })),
  });
  t.equal(untrimmed.statusCode, 200);
  const job = untrimmed.json();
  t.equal(job.palette.length, 1, 'colors=1 gives one color');
  t.not(job.id, defaults.id, 'the same file with other settings is another job');
  t.ok(job.width >= defaults.width && job.height >= defaults.height, 'trim=false keeps the margins');
});

t.test('a JPEG upload works too', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm((await drawnLogo({ format: 'jpeg' })).image)),
  });
  t.equal(res.statusCode, 200);
});

t.test('invalid form fields give 422 with a list of {loc, msg, type}', async (t) => {
  const { app } = await buildTestApp(t);
  const { image: logo } = await drawnLogo();
  const res = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm(logo, { colors: 5, smoothing: 101, trim: 'maybe' })),
  });
  t.equal(res.statusCode, 422);
  const { detail } = res.json();
  t.same(
    detail.map((p: { loc: unknown[] }) => p.loc),
    [
      ['body', 'colors'],
      ['body', 'smoothing'],
      ['body', 'trim'],
    ],
  );
  for (const problem of detail) {
    t.type(problem.msg, 'string');
    t.type(problem.type, 'string');
  }
  t.equal(detail[0].type, 'enum');
  t.match(detail[0].msg, /0, 1, 2, 3, 4, 6, 8/);
});

t.test('a missing file is a validation problem at body.file', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...(await uploadForm(null, { colors: 2 })) });
  t.equal(res.statusCode, 422);
  t.same(res.json().detail, [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
});

t.test('a body that is not multipart is 422', async (t) => {
  const { app } = await buildTestApp(t);
  const json = await app.inject({ method: 'POST', url: '/api/vectorize', payload: { file: 'x' } });
  t.equal(json.statusCode, 422);
  t.same(json.json().detail[0].loc, ['body']);
  const none = await app.inject({ method: 'POST', url: '/api/vectorize' });
  t.equal(none.statusCode, 422);
});

t.test('uploads over 10 MB get 413; exactly 10 MB is read in full', async (t) => {
  const { app } = await buildTestApp(t);
  const over = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 7))),
  });
  t.equal(over.statusCode, 413);
  t.match(over.json().detail, /10 MB/);
  t.equal(over.headers['service-version'], '2026-10-14');

  const limit = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm(Buffer.alloc(UPLOAD_MAX_BYTES, 7))),
  });
  t.equal(limit.statusCode, 422, 'not truncated: the engine sees the whole file and rejects its format');
});

t.test('images the engine cannot use give 422 with a message', async (t) => {
  const { app } = await buildTestApp(t);
  const cases: [string, Buffer, RegExp][] = [
    ['too small', await solidPng(7, 7), /at least 8 px/],
    ['too wide', await solidPng(6001, 10), /6000 px/],
    ['over 20 megapixels', await solidPng(5000, 4001), /20 megapixels/],
    ['not an image format we take', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), /PNG, JPEG or WebP/],
    ['corrupt', (await drawnLogo()).image.subarray(0, 400), /corrupt|truncated/],
  ];
  for (const [name, image, message] of cases) {
    const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...(await uploadForm(image)) });
    t.equal(res.statusCode, 422, name);
    t.match(res.json().detail, message, name);
  }
});

t.test('a server fault is 500 without its internals', async (t) => {
  const { app } = await buildTestApp(
    t,
    {},
    {
      trace: async () => {
        throw new Error('secret stack details');
      },
    },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm(await solidPng(64, 64))),
  });
  t.equal(res.statusCode, 500);
  t.notMatch(res.body, /secret/);
  t.type(res.json().detail, 'string');
  t.equal(res.headers['service-version'], '2026-10-14');
});
