import { readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

import sharp from 'sharp';
import t from 'tap';

import { EXPORTED_KIT_FILE } from '../../src/core/jobs.js';
import { buildTestApp } from '../helpers/app.js';
import { drawnLogo } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAAAA';

t.test('GET logo.svg serves the SVG; download=true makes it an attachment', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const inline = await app.inject(`/api/jobs/${job.id}/logo.svg`);
  t.equal(inline.statusCode, 200);
  t.equal(inline.headers['content-type'], 'image/svg+xml');
  t.match(inline.body, /^<svg [^>]*width="\d+"/);
  t.notOk(inline.headers['content-disposition']);
  t.match(inline.headers['content-security-policy'], /default-src 'none'/);
  t.match(inline.headers['cache-control'], /^private, max-age=\d+$/);

  const download = await app.inject(`/api/jobs/${job.id}/logo.svg?download=true`);
  t.match(download.headers['content-disposition'], /^attachment; filename="logo.svg"/);
  t.equal(download.body, inline.body);
  const explicit = await app.inject(`/api/jobs/${job.id}/logo.svg?download=false`);
  t.notOk(explicit.headers['content-disposition']);
  const invalid = await app.inject(`/api/jobs/${job.id}/logo.svg?download=perhaps`);
  t.equal(invalid.statusCode, 422);
  t.same(invalid.json().detail[0].loc, ['query', 'download']);
});

t.test('GET logo.pdf and logo.eps serve the SVG as print files; download=true makes them attachments', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  for (const [format, type, magic] of [
    ['pdf', 'application/pdf', /^%PDF-/],
    ['eps', 'application/postscript', /^%!PS-Adobe-3\.0 EPSF-3\.0\n/],
  ] as const) {
    const inline = await app.inject(`/api/jobs/${job.id}/logo.${format}`);
    t.equal(inline.statusCode, 200, format);
    t.equal(inline.headers['content-type'], type);
    t.match(inline.rawPayload.toString('latin1'), magic);
    t.notOk(inline.headers['content-disposition']);
    t.match(inline.headers['cache-control'], /^private, max-age=\d+$/);
    const download = await app.inject(`/api/jobs/${job.id}/logo.${format}?download=true`);
    t.match(download.headers['content-disposition'], `attachment; filename="logo.${format}"`);
    t.same(download.rawPayload, inline.rawPayload, 'kept and served again');
    t.equal((await app.inject(`/api/jobs/${job.id}/logo.${format}?download=perhaps`)).statusCode, 422);
  }
});

t.test('GET preview.png renders the SVG at its size, at most 1024 px', async (t) => {
  const { app } = await buildTestApp(t);
  const small = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const res = await app.inject(`/api/jobs/${small.id}/preview.png`);
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-type'], 'image/png');
  const meta = await sharp(res.rawPayload).metadata();
  t.same([meta.format, meta.width, meta.height], ['png', small.width, small.height]);
  t.same((await app.inject(`/api/jobs/${small.id}/preview.png`)).rawPayload, res.rawPayload, 'kept and served again');

  const upload = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    // Untrimmed, so the job is as wide as the image.
    ...(await uploadForm((await drawnLogo({ width: 2048 })).image, { trim: false })),
  });
  const large = upload.json();
  t.equal(large.width, 2048);
  const preview = await sharp((await app.inject(`/api/jobs/${large.id}/preview.png`)).rawPayload).metadata();
  t.equal(preview.width, 1024);
  t.equal(preview.height, Math.round((large.height * 1024) / 2048));
});

t.test('GET mockup/{kind}.png renders cap and tshirt; other kinds are 404', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const images: Buffer[] = [];
  for (const kind of ['cap', 'tshirt']) {
    const res = await app.inject(`/api/jobs/${job.id}/mockup/${kind}.png`);
    t.equal(res.statusCode, 200, kind);
    t.equal(res.headers['content-type'], 'image/png');
    const meta = await sharp(res.rawPayload).metadata();
    t.same([meta.width, meta.height], [1200, 1200]);
    images.push(res.rawPayload);
  }
  // Buffer.equals, not t.notSame: tap's deep diff of two 1200 px PNGs runs for minutes.
  t.notOk(images[0]!.equals(images[1]!), 'two different garments');
  const hat = await app.inject(`/api/jobs/${job.id}/mockup/hat.png`);
  t.equal(hat.statusCode, 404);
  t.match(hat.json().detail, /cap, tshirt/);
});

t.test('files of an unknown token are 404', async (t) => {
  const { app } = await buildTestApp(t);
  for (const path of ['logo.svg', 'logo.pdf', 'logo.eps', 'preview.png', 'mockup/cap.png']) {
    const res = await app.inject(`/api/jobs/${UNKNOWN}/${path}`);
    t.equal(res.statusCode, 404, path);
    t.match(res.json().detail, /No job has this token/);
    t.equal(res.headers['service-version'], '2026-10-14');
  }
  const traversal = await app.inject('/api/jobs/..%2F..%2Fetc/logo.svg');
  t.equal(traversal.statusCode, 404);
});

t.test('an expired job answers 404 asking to upload again (JOB_TTL_SECONDS=1)', async (t) => {
  const { app, dataDir } = await buildTestApp(t, { JOB_TTL_SECONDS: '1' });
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  t.equal((await app.inject(job.svg)).statusCode, 200);
  await sleep(1100);
  for (const path of ['logo.svg', 'logo.pdf', 'logo.eps', 'preview.png', 'mockup/tshirt.png']) {
    const res = await app.inject(`/api/jobs/${job.id}/${path}`);
    t.equal(res.statusCode, 404, path);
    t.match(res.json().detail, /expired.*upload the logo again/i, path);
  }
  const hide = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    payload: { hidden_colors: [] },
  });
  t.equal(hide.statusCode, 404);
  t.match(hide.json().detail, /upload the logo again/);
  const unknown = await app.inject(`/api/jobs/${UNKNOWN}/logo.svg`);
  t.notMatch(unknown.json().detail, /expired/, 'unknown tokens get another message');
  t.same(await readdir(`${dataDir}/files`), [], 'its files are deleted');
});

t.test('GET brand-kit.zip is 404 until the MCP server exported the kit, then serves it', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const before = await app.inject(`/api/jobs/${job.id}/brand-kit.zip`);
  t.equal(before.statusCode, 404);
  t.match(before.json().detail, /has not been exported[\s\S]*POST \/api\/jobs\/\{token\}\/kit/);
  const kit = Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary');
  await app.store.writeFile(job.id, EXPORTED_KIT_FILE, kit);
  const after = await app.inject(`/api/jobs/${job.id}/brand-kit.zip`);
  t.equal(after.statusCode, 200);
  t.equal(after.headers['content-type'], 'application/zip');
  t.match(after.headers['content-disposition'], /^attachment; filename="brand-kit.zip"/);
  t.same(after.rawPayload, kit);
  t.equal((await app.inject(`/api/jobs/${UNKNOWN}/brand-kit.zip`)).statusCode, 404);
});
