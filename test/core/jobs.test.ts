import t from 'tap';

import { createJobService } from '../../src/core/jobs.js';
import { createRasterizer } from '../../src/core/raster.js';
import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import { boundedTracer } from '../../src/core/tracer.js';
import { openFileStore } from '../../src/store/index.js';
import { newDataDir, type Teardown } from '../helpers/app.js';
import { drawnLogo } from '../helpers/images.js';

async function service(t: Teardown, now = () => Date.now()) {
  const store = await openFileStore({ dir: await newDataDir(t), sweepIntervalMs: 0, now });
  t.teardown(() => store.close());
  return createJobService({ store, ttlSeconds: 60, trace: boundedTracer(60_000), rasterize: createRasterizer(), now });
}

t.test('vectorize stores the trace as a job that expires after the TTL', async (t) => {
  const jobs = await service(t);
  const job = await jobs.vectorize((await drawnLogo()).image, { ...DEFAULT_SETTINGS }, 'session-1');
  t.equal(job.origin, 'upload');
  t.equal(job.expiresAt - job.createdAt, 60_000);
  t.equal(job.uploadSessionId, 'session-1');
  t.same(job.settings, DEFAULT_SETTINGS);
  t.same(await jobs.get(job.id), job);
  t.equal((await jobs.svg(job.id)).length, job.svgBytes);
});

t.test('hideColors accumulates hidden colors and validates the request', async (t) => {
  const jobs = await service(t);
  const source = await jobs.sample(true);
  const [a, b, c, d] = source.palette as [string, string, string, string];
  const first = await jobs.hideColors(source.id, [a.toUpperCase(), a]);
  t.same(first.hiddenColors, [a]);
  t.same(first.palette, [b, c, d]);
  t.equal(first.originalId, source.id);
  const second = await jobs.hideColors(first.id, [a, b]);
  t.same(second.hiddenColors, [a, b], 'colors already hidden may be listed again');
  t.same(second.palette, [c, d]);
  await t.rejects(jobs.hideColors(second.id, [c, d]), { code: 'UNPROCESSABLE' });
  await t.rejects(jobs.hideColors(source.id, ['#010203']), /#010203 is not in this job's palette/);
  await t.rejects(jobs.get('AAAAAAAAAAAAAAAAAAAAAAAA'), { code: 'JOB_NOT_FOUND' });
});

t.test('an expired job raises JOB_EXPIRED', async (t) => {
  const clock = { now: Date.now() };
  const jobs = await service(t, () => clock.now);
  const job = await jobs.sample(true);
  clock.now += 60_000;
  await t.rejects(jobs.get(job.id), { code: 'JOB_EXPIRED' });
  await t.rejects(jobs.previewPng(job.id), { code: 'JOB_EXPIRED' });
});
