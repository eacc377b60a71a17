import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import t from 'tap';

import { newToken } from '../../src/core/tokens.js';
import { openFileStore } from '../../src/store/file-store.js';
import type { JobRecord } from '../../src/store/store.js';
import { newDataDir, type Teardown } from '../helpers/app.js';

function jobRecord(now: number, ttlMs: number, id = newToken()): JobRecord {
  return {
    id,
    origin: 'upload',
    createdAt: now,
    expiresAt: now + ttlMs,
    width: 10,
    height: 5,
    palette: ['#112233'],
    svgBytes: 3,
    warning: '',
    originalId: null,
    hiddenColors: [],
    settings: { colors: 0, smoothing: 20, transparent: true, trim: true },
    uploadSessionId: '',
  };
}

/** A store on a fresh folder with a clock the test moves. */
async function clockedStore(t: Teardown) {
  const clock = { now: Date.now() };
  const dir = await newDataDir(t);
  const store = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => store.close());
  return { store, clock, dir };
}

t.test('jobs and their files are stored, read and kept across a reopen', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const job = jobRecord(clock.now, 60_000);
  await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
  t.same(await store.getJob(job.id), { state: 'live', job });
  t.equal((await store.readFile(job.id, 'logo.svg'))?.toString(), '<svg/>');
  t.equal(await store.readFile(job.id, 'preview.png'), null);
  await store.writeFile(job.id, 'preview.png', Buffer.from('png'));
  t.equal((await store.readFile(job.id, 'preview.png'))?.toString(), 'png');
  t.same(await readdir(join(dir, 'tmp')), [], 'atomic writes leave no temporary files');
  await store.close();

  const reopened = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  t.same(await reopened.getJob(job.id), { state: 'live', job });
  t.equal((await reopened.readFile(job.id, 'preview.png'))?.toString(), 'png');
});

t.test('expired and unknown tokens are told apart; sweeping deletes the files', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const job = jobRecord(clock.now, 1_000);
  await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
  clock.now += 1_000;
  t.same(await store.getJob(job.id), { state: 'expired' });
  t.equal(await store.readFile(job.id, 'logo.svg'), null);
  t.same(await store.getJob(newToken()), { state: 'unknown' });

  const other = jobRecord(clock.now, 1_000);
  await store.createJob(other, { 'logo.svg': Buffer.from('<svg/>') });
  clock.now += 5_000;
  t.same(await store.sweepExpired(), { jobs: 1, uploads: 0, idempotencyKeys: 0 });
  t.same(await readdir(join(dir, 'files')), []);
  t.same(await readdir(join(dir, 'jobs')), []);
  t.same(await store.getJob(other.id), { state: 'expired' }, 'still known as expired after the sweep');

  // Markers are forgotten after a week.
  const week = 7 * 24 * 3600 * 1000;
  const aged = (clock.now - week - 1000) / 1000;
  await utimes(join(dir, 'expired', other.id), aged, aged);
  await store.sweepExpired();
  t.same(await store.getJob(other.id), { state: 'unknown' });
});

t.test('jobs that expired while the server was down are swept on open', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const job = jobRecord(clock.now, 1_000);
  await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
  await store.close();
  clock.now += 2_000;
  const reopened = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  t.same(await readdir(join(dir, 'files')), []);
  t.same(await reopened.getJob(job.id), { state: 'expired' });
});

t.test('ids and file names that are not safe path segments never reach the disk', async (t) => {
  const { store, clock } = await clockedStore(t);
  for (const id of ['../jobs', '..', 'a/b', '', 'x'.repeat(65)]) {
    t.same(await store.getJob(id), { state: 'unknown' }, JSON.stringify(id));
    t.equal(await store.readFile(id, 'logo.svg'), null);
  }
  const job = jobRecord(clock.now, 60_000);
  await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
  t.equal(await store.readFile(job.id, '../../jobs/x.json'), null);
  await t.rejects(store.createJob(jobRecord(clock.now, 1000, '../escape'), {}), /unsafe job id/);
});

t.test('corrupt records are ignored on open', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  await store.close();
  const id = newToken();
  await writeFile(join(dir, 'jobs', `${id}.json`), '{"id": "not a job"');
  const reopened = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  t.same(await reopened.getJob(id), { state: 'unknown' });
});

t.test('idempotency keys: claim, in flight, complete, release, expire', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  t.same(await store.claimIdempotencyKey('k', 'fp1', 10_000), { state: 'claimed' });
  t.same(await store.claimIdempotencyKey('k', 'fp1', 10_000), { state: 'in-flight', fingerprint: 'fp1' });
  const record = {
    fingerprint: 'fp1',
    statusCode: 200,
    contentType: 'application/json',
    body: '{"id":"x"}',
    expiresAt: clock.now + 5_000,
  };
  await store.completeIdempotencyKey('k', record);
  t.same(await store.claimIdempotencyKey('k', 'fp2', 10_000), { state: 'completed', record });
  const [file] = await readdir(join(dir, 'idempotency'));
  t.notMatch(file ?? '', /k\.json/, 'stored under a hash of the key');
  t.notMatch(await readFile(join(dir, 'idempotency', file ?? ''), 'utf8'), /"k"/);

  t.same(await store.claimIdempotencyKey('other', 'fp', 10_000), { state: 'claimed' });
  await store.releaseIdempotencyKey('other');
  t.same(
    await store.claimIdempotencyKey('other', 'fp', 10_000),
    { state: 'claimed' },
    'released keys can be claimed again',
  );

  t.same(await store.claimIdempotencyKey('lapsing', 'fp', 1_000), { state: 'claimed' });
  clock.now += 1_000;
  t.same(
    await store.claimIdempotencyKey('lapsing', 'fp', 1_000),
    { state: 'claimed' },
    'a claim lapses after its lease',
  );

  clock.now += 5_000;
  t.same(await store.claimIdempotencyKey('k', 'fp2', 10_000), { state: 'claimed' }, 'expired records are not replayed');
  t.same(await store.sweepExpired(), { jobs: 0, uploads: 0, idempotencyKeys: 1 });
  t.same(await readdir(join(dir, 'idempotency')), []);
});
