/**
 * The JobStore contract: what every adapter of the core's port must do,
 * whatever it stores in. test/store/file-store.test.ts and
 * test/system/store/redis-store.test.ts run it against their store. Expiry is real
 * time (Redis keeps its own clock), so lifetimes here are a few hundred ms.
 */
import type { Test } from 'tap';

import type { JobRecord, JobStore, UploadRecord } from '../../src/core/job-store.js';
import { newToken } from '../../src/core/tokens.js';

/** A fresh, empty store, closed at the test's teardown. */
export type OpenStore = (t: Test) => Promise<JobStore>;

const SHORT_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a record is made with besides its lifetime: an id of its own and the creation time, by default. */
interface RecordOptions {
  id?: string;
  now?: number;
}

export function jobRecord(ttlMs: number, { id = newToken(), now = Date.now() }: RecordOptions = {}): JobRecord {
  return {
    id,
    origin: 'upload',
    createdAt: now,
    expiresAt: now + ttlMs,
    width: 10,
    height: 5,
    palette: ['#112233'],
    svgBytes: 6,
    warning: '',
    originalId: null,
    hiddenColors: [],
    settings: { colors: 0, smoothing: 20, transparent: true, trim: true },
    uploadSessionId: '',
  };
}

export function uploadRecord(ttlMs: number, { id = newToken(), now = Date.now() }: RecordOptions = {}): UploadRecord {
  return {
    id,
    createdAt: now,
    expiresAt: now + ttlMs,
    bytes: 5,
    sha256: 'a'.repeat(64),
    format: 'png',
    width: 8,
    height: 8,
  };
}

const UNSAFE_IDS = ['../jobs', '..', 'a/b', '', 'x'.repeat(65)];

export function storeContract(t: Test, open: OpenStore): void {
  t.test('a job is stored with its files, read back as bytes, and added to', async (t) => {
    const store = await open(t);
    const job = jobRecord(60_000);
    const binary = Buffer.from([0, 255, 10, 13, 0x89, 0x50]);
    await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>'), 'preview.png': binary });
    t.same(await store.getJob(job.id), { state: 'live', job });
    t.equal((await store.readFile(job.id, 'logo.svg'))?.toString(), '<svg/>');
    t.ok((await store.readFile(job.id, 'preview.png'))?.equals(binary), 'bytes come back unchanged');
    t.equal(await store.readFile(job.id, 'mockup-cap.png'), null, 'a file never written is null');
    await store.writeFile(job.id, 'mockup-cap.png', Buffer.from('png'));
    t.equal((await store.readFile(job.id, 'mockup-cap.png'))?.toString(), 'png');
    t.same(await store.getJob(newToken()), { state: 'unknown' });
    t.equal(await store.readFile(newToken(), 'logo.svg'), null);
  });

  t.test('a job and its files expire together; its token is then "expired", not "unknown"', async (t) => {
    const store = await open(t);
    const job = jobRecord(SHORT_MS);
    await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
    await store.createJob(jobRecord(60_000), { 'logo.svg': Buffer.from('<svg/>') });
    t.equal(await store.countLiveJobs(), 2, 'both count while live');
    await sleep(SHORT_MS + 100);
    t.equal(await store.countLiveJobs(), 1, 'an expired job counts no more');
    t.same(await store.getJob(job.id), { state: 'expired' });
    t.equal(await store.readFile(job.id, 'logo.svg'), null);
    await store.writeFile(job.id, 'late.png', Buffer.from('x'));
    t.equal(await store.readFile(job.id, 'late.png'), null, 'a write to an expired job is dropped');
    t.equal(await store.addFileOnce(job.id, 'review-token', Buffer.from('x')), null);
  });

  t.test('ids and file names that are not safe never reach the storage', async (t) => {
    const store = await open(t);
    for (const id of UNSAFE_IDS) {
      t.same(await store.getJob(id), { state: 'unknown' }, JSON.stringify(id));
      t.equal(await store.readFile(id, 'logo.svg'), null);
      t.same(await store.getUpload(id), { state: 'unknown' });
      await t.rejects(store.createUpload(uploadRecord(60_000, { id }), Buffer.from('x'), 10), /unsafe upload id/);
    }
    await t.rejects(store.createJob(jobRecord(60_000, { id: '../escape' }), {}), /unsafe job id/);
    const job = jobRecord(60_000);
    await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
    t.equal(await store.readFile(job.id, '../../jobs/x.json'), null);
    await t.rejects(store.addFileOnce(job.id, '../escape', Buffer.from('x')), /unsafe file name/);
    await t.rejects(store.createJob(jobRecord(60_000), { '../x': Buffer.from('x') }), /unsafe file name/);
  });

  t.test('addFileOnce keeps the first file of a name, also among concurrent callers', async (t) => {
    const store = await open(t);
    const job = jobRecord(60_000);
    await store.createJob(job, { 'logo.svg': Buffer.from('<svg/>') });
    const contenders = ['first', 'second', 'third', 'fourth'].map((text) => Buffer.from(text));
    const answers = await Promise.all(contenders.map((bytes) => store.addFileOnce(job.id, 'review-token', bytes)));
    const stored = await store.readFile(job.id, 'review-token');
    t.ok(stored && contenders.some((bytes) => bytes.equals(stored)), 'one of the contenders was stored whole');
    for (const answer of answers) t.same(answer, stored, 'every caller is told the stored content');
    t.same(
      await store.addFileOnce(job.id, 'review-token', Buffer.from('later')),
      stored,
      'a later call changes nothing',
    );
    t.equal(await store.addFileOnce(newToken(), 'other', Buffer.from('x')), null, 'null for an unknown job');
  });

  t.test('idempotency keys: claim, in flight, complete, replay, release, lapse, expire', async (t) => {
    const store = await open(t);
    t.same(await store.claimIdempotencyKey('k', 'fp1', 10_000), { state: 'claimed' });
    t.same(await store.claimIdempotencyKey('k', 'fp2', 10_000), { state: 'in-flight', fingerprint: 'fp1' });
    const record = {
      fingerprint: 'fp1',
      statusCode: 200,
      contentType: 'application/json',
      body: '{"id":"x"}',
      expiresAt: Date.now() + SHORT_MS * 2,
    };
    await store.completeIdempotencyKey('k', record);
    t.same(await store.claimIdempotencyKey('k', 'fp2', 10_000), { state: 'completed', record });

    t.same(await store.claimIdempotencyKey('released', 'fp', 10_000), { state: 'claimed' });
    await store.releaseIdempotencyKey('released');
    t.same(await store.claimIdempotencyKey('released', 'fp', 10_000), { state: 'claimed' }, 'claimed again');

    t.same(await store.claimIdempotencyKey('renewed', 'fp1', SHORT_MS), { state: 'claimed' });
    await sleep(SHORT_MS / 2);
    t.equal(await store.renewIdempotencyClaim('renewed', 'fp1', SHORT_MS), true, 'its holder renews a claim');
    t.equal(await store.renewIdempotencyClaim('renewed', 'fp2', SHORT_MS), false, 'nobody else does');
    await sleep(SHORT_MS / 2 + 50);
    t.same(
      await store.claimIdempotencyKey('renewed', 'fp2', 10_000),
      { state: 'in-flight', fingerprint: 'fp1' },
      'a renewed claim outlives its first lease',
    );

    t.same(await store.claimIdempotencyKey('lapsing', 'fp1', SHORT_MS), { state: 'claimed' });
    await sleep(SHORT_MS + 50);
    t.same(await store.claimIdempotencyKey('lapsing', 'fp2', 10_000), { state: 'claimed' }, 'a claim lapses');
    t.equal(await store.renewIdempotencyClaim('lapsing', 'fp1', SHORT_MS), false, 'a lapsed claim is not renewed');
    await store.completeIdempotencyKey('lapsing', { ...record, fingerprint: 'fp1' });
    t.same(
      await store.claimIdempotencyKey('lapsing', 'fp3', 10_000),
      { state: 'in-flight', fingerprint: 'fp2' },
      'a request whose lease lapsed to another cannot store its response over that claim',
    );

    await sleep(SHORT_MS * 2);
    t.same(await store.claimIdempotencyKey('k', 'fp2', 10_000), { state: 'claimed' }, 'an expired record is gone');
  });

  t.test('uploads: stored with their image, limited to the live ones, expired then', async (t) => {
    const store = await open(t);
    const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
    const early = uploadRecord(SHORT_MS);
    const late = uploadRecord(60_000);
    t.same(await store.createUpload(late, image, 2), { stored: true });
    t.same(await store.createUpload(early, Buffer.from('early'), 2), { stored: true });
    const lookup = await store.getUpload(late.id);
    t.equal(lookup.state, 'live');
    if (lookup.state === 'live') {
      t.same(lookup.upload, late);
      t.ok(lookup.image.equals(image), 'the image comes back unchanged');
    }
    const refused = uploadRecord(60_000);
    t.same(await store.createUpload(refused, Buffer.from('x'), 2), { stored: false, nextExpiryAt: early.expiresAt });
    t.same(await store.getUpload(refused.id), { state: 'unknown' }, 'a refused upload is not stored');
    await sleep(SHORT_MS + 100);
    t.same(await store.getUpload(early.id), { state: 'expired' });
    t.same(
      await store.createUpload(uploadRecord(60_000), Buffer.from('x'), 2),
      { stored: true },
      'an expired upload counts no more',
    );
    t.same(await store.getUpload(newToken()), { state: 'unknown' });
  });
}
