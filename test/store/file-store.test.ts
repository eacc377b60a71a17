import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import t from 'tap';

import { newToken } from '../../src/core/tokens.js';
import { openFileStore } from '../../src/store/index.js';
import { newDataDir } from '../helpers/app.js';
import { clockedStore } from './clocked-store.js';
import { jobRecord, storeContract, uploadRecord } from './store-contract.js';

storeContract(t, async (t) => {
  const store = await openFileStore({ dir: await newDataDir(t), sweepIntervalMs: 0 });
  t.teardown(() => store.close());
  return store;
});

t.test('jobs and their files are stored, read and kept across a reopen', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const job = jobRecord(60_000, { now: clock.now });
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
  const job = jobRecord(1_000, { now: clock.now });
  await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
  clock.now += 1_000;
  t.same(await store.getJob(job.id), { state: 'expired' });
  t.equal(await store.readFile(job.id, 'logo.svg'), null);
  t.same(await store.getJob(newToken()), { state: 'unknown' });

  const other = jobRecord(1_000, { now: clock.now });
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
  const job = jobRecord(1_000, { now: clock.now });
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
  const job = jobRecord(60_000, { now: clock.now });
  await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
  t.equal(await store.readFile(job.id, '../../jobs/x.json'), null);
  await t.rejects(store.createJob(jobRecord(1000, { now: clock.now, id: '../escape' }), {}), /unsafe job id/);
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

t.test('uploads are stored with their image and kept across a reopen, cap count included', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const upload = uploadRecord(60_000, { now: clock.now });
  t.same(await store.createUpload(upload, Buffer.from('image'), 2), { stored: true });
  const lookup = await store.getUpload(upload.id);
  t.equal(lookup.state, 'live');
  if (lookup.state === 'live') {
    t.same(lookup.upload, upload);
    t.equal(lookup.image.toString(), 'image');
  }
  t.same(await readdir(join(dir, 'tmp')), [], 'atomic writes leave no temporary files');
  await store.close();

  const reopened = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  const again = await reopened.getUpload(upload.id);
  t.equal(again.state, 'live', 'still live after the reopen');
  if (again.state === 'live') {
    t.same(again.upload, upload);
    t.equal(again.image.toString(), 'image');
  }
  t.same(await reopened.createUpload(uploadRecord(30_000, { now: clock.now }), Buffer.from('two'), 2), {
    stored: true,
  });
  t.same(
    await reopened.createUpload(uploadRecord(60_000, { now: clock.now }), Buffer.from('three'), 2),
    { stored: false, nextExpiryAt: Math.min(upload.expiresAt, clock.now + 30_000) },
    'the reopened store counts the upload it loaded',
  );
  t.same(await reopened.getUpload(newToken()), { state: 'unknown' });
});

t.test('expired uploads are swept with their images and remembered as expired', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const short = uploadRecord(1_000, { now: clock.now });
  const shorter = uploadRecord(500, { now: clock.now });
  const long = uploadRecord(60_000, { now: clock.now });
  for (const upload of [short, shorter, long]) await store.createUpload(upload, Buffer.from(upload.id), 10);
  clock.now += 1_000;
  t.same(await store.sweepExpired(), { jobs: 0, uploads: 2, idempotencyKeys: 0 });
  t.same(
    (await readdir(join(dir, 'uploads'))).sort(),
    [`${long.id}.image`, `${long.id}.json`],
    'only the live upload has files left',
  );
  t.same(await store.getUpload(short.id), { state: 'expired' });
  t.same(await store.getUpload(shorter.id), { state: 'expired' });
  t.equal((await store.getUpload(long.id)).state, 'live');
  t.same(await store.sweepExpired(), { jobs: 0, uploads: 0, idempotencyKeys: 0 }, 'nothing left to sweep');

  // A lookup after expiry deletes at once, so the sweep does not count it again.
  clock.now += 60_000;
  t.same(await store.getUpload(long.id), { state: 'expired' });
  t.same(await readdir(join(dir, 'uploads')), []);
  t.same(await store.sweepExpired(), { jobs: 0, uploads: 0, idempotencyKeys: 0 });
});

t.test('uploads that expired while the server was down are swept on open', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const upload = uploadRecord(1_000, { now: clock.now });
  await store.createUpload(upload, Buffer.from('image'), 10);
  await store.close();
  clock.now += 2_000;
  const reopened = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  t.same(await readdir(join(dir, 'uploads')), []);
  t.same(await reopened.getUpload(upload.id), { state: 'expired' });
});

t.test('an image left without its record is removed on open; records with images stay', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const kept = uploadRecord(60_000, { now: clock.now });
  await store.createUpload(kept, Buffer.from('kept'), 10);
  await store.close();
  const orphan = newToken();
  await writeFile(join(dir, 'uploads', `${orphan}.image`), 'half-written upload');
  const reopened = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  t.same((await readdir(join(dir, 'uploads'))).sort(), [`${kept.id}.image`, `${kept.id}.json`]);
  t.same(await reopened.getUpload(orphan), { state: 'unknown' });
  t.equal((await reopened.getUpload(kept.id)).state, 'live');
});

t.test('upload ids that are not safe path segments never reach the disk', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  for (const id of ['../jobs/x', '..', 'a/b', '', 'x'.repeat(65)]) {
    t.same(await store.getUpload(id), { state: 'unknown' }, JSON.stringify(id));
    await t.rejects(
      store.createUpload(uploadRecord(60_000, { now: clock.now, id }), Buffer.from('x'), 10),
      /unsafe upload id/,
      `createUpload ${JSON.stringify(id)}`,
    );
  }
  t.same(await readdir(join(dir, 'uploads')), []);
  t.same(await readdir(dir).then((entries) => entries.sort()), [
    'expired',
    'files',
    'idempotency',
    'jobs',
    'tmp',
    'uploads',
  ]);
  t.same(
    await store.createUpload(uploadRecord(60_000, { now: clock.now }), Buffer.from('x'), 1),
    { stored: true },
    'nothing was counted',
  );
});

t.test(
  'recently read files are served from memory, least recently used first out, within the byte bound',
  async (t) => {
    const clock = { now: Date.now() };
    const dir = await newDataDir(t);
    const store = await openFileStore({ dir, sweepIntervalMs: 0, fileCacheBytes: 10, now: () => clock.now });
    t.teardown(() => store.close());
    const job = jobRecord(60_000, { now: clock.now });
    await store.createJob(job, {
      a: Buffer.from('aaaa'),
      b: Buffer.from('bbbb'),
      c: Buffer.from('cccc'),
      big: Buffer.from('x'.repeat(11)),
    });
    /** Changes the file on disk behind the store's back: a read that still sees the old bytes came from memory. */
    const changeOnDisk = (name: string) => writeFile(join(dir, 'files', job.id, name), name.toUpperCase());
    const read = async (name: string) => (await store.readFile(job.id, name))?.toString();

    t.equal(await read('a'), 'aaaa');
    t.equal(await read('b'), 'bbbb');
    await changeOnDisk('a');
    t.equal(await read('a'), 'aaaa', 'a is served from memory, and is now the most recently used');
    t.equal(await read('c'), 'cccc', '12 bytes would exceed the bound of 10: b, the least recently used, goes');
    await changeOnDisk('b');
    await changeOnDisk('c');
    t.equal(await read('c'), 'cccc', 'c stayed');
    t.equal(await read('b'), 'B', 'b was read from disk again');

    t.equal(await read('big'), 'x'.repeat(11));
    await changeOnDisk('big');
    t.equal(await read('big'), 'BIG', 'a file larger than the bound is never kept');
  },
);

t.test('what a stopped process half wrote is removed on open; complete jobs keep their files', async (t) => {
  const { store, clock, dir } = await clockedStore(t);
  const kept = jobRecord(60_000, { now: clock.now });
  await store.createJob(kept, { 'logo.svg': Buffer.from('<svg/>') });
  await store.close();
  // A kill between a job's files and its record, and in the middle of a temporary write.
  const unrecorded = newToken();
  await mkdir(join(dir, 'files', unrecorded));
  await writeFile(join(dir, 'files', unrecorded, 'logo.svg'), '<svg');
  await writeFile(join(dir, 'tmp', 'cut-short'), '{"id":');
  const reopened = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  t.same(await readdir(join(dir, 'files')), [kept.id]);
  t.same(await readdir(join(dir, 'tmp')), []);
  t.same(await reopened.getJob(unrecorded), { state: 'unknown' });
  t.equal((await reopened.readFile(kept.id, 'logo.svg'))?.toString(), '<svg/>');
});
