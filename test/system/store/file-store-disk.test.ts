// The file store on a real small disk (a tmpfs the test fills or remounts read-only): needs root to mount.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import t from 'tap';

import { openFileStore } from '../../../src/store/index.js';
import { mountSmallDisk } from '../../helpers/small-disk.js';
import { clockedStore } from '../../store/clocked-store.js';
import { jobRecord, uploadRecord } from '../../store/store-contract.js';

t.test('a full disk refuses new jobs and uploads as STORAGE_UNAVAILABLE and keeps what it holds', async (t) => {
  const disk = await mountSmallDisk(t, 2);
  if ('unavailable' in disk) return void t.pass('a small disk', { skip: disk.unavailable });
  const { store, clock } = await clockedStore(t, disk.dir);
  const kept = jobRecord(60_000, { now: clock.now });
  await store.createJob(kept, { 'logo.svg': Buffer.from('<svg/>') });

  await disk.fill();
  const refused = jobRecord(60_000, { now: clock.now });
  await t.rejects(store.createJob(refused, { 'logo.svg': Buffer.alloc(64 * 1024) }), {
    code: 'STORAGE_UNAVAILABLE',
    cause: { code: 'ENOSPC' },
  });
  t.same(await store.getJob(refused.id), { state: 'unknown' }, 'the refused job was never made');
  await t.rejects(store.createUpload(uploadRecord(60_000, { now: clock.now }), Buffer.alloc(64 * 1024), 10), {
    code: 'STORAGE_UNAVAILABLE',
  });
  await t.rejects(store.addFileOnce(kept.id, 'review-token', Buffer.alloc(64 * 1024)), {
    code: 'STORAGE_UNAVAILABLE',
  });
  t.equal((await store.readFile(kept.id, 'logo.svg'))?.toString(), '<svg/>', 'what was stored is still read');
  t.same(await readdir(join(disk.dir, 'tmp')), [], 'no temporary file is left');
  t.same(await readdir(join(disk.dir, 'files')), [kept.id], 'no part of the refused job is left');

  await disk.free();
  await store.createJob(refused, { 'logo.svg': Buffer.from('<svg/>') });
  t.equal((await store.getJob(refused.id)).state, 'live', 'writes work again once there is room');
});

t.test('a read-only disk serves what it holds, refuses writes, and still expires jobs', async (t) => {
  const disk = await mountSmallDisk(t, 2);
  if ('unavailable' in disk) return void t.pass('a small disk', { skip: disk.unavailable });
  const { store, clock } = await clockedStore(t, disk.dir);
  const lasting = jobRecord(60_000, { now: clock.now });
  const brief = jobRecord(1_000, { now: clock.now });
  await store.createJob(lasting, { 'logo.svg': Buffer.from('<svg/>') });
  await store.createJob(brief, { 'logo.svg': Buffer.from('<svg/>') });

  await disk.readOnly();
  await t.rejects(store.createJob(jobRecord(60_000, { now: clock.now }), { 'logo.svg': Buffer.from('<svg/>') }), {
    code: 'STORAGE_UNAVAILABLE',
    cause: { code: 'EROFS' },
  });
  await t.rejects(store.writeFile(lasting.id, 'preview.png', Buffer.from('png')), { code: 'STORAGE_UNAVAILABLE' });
  t.equal((await store.readFile(lasting.id, 'logo.svg'))?.toString(), '<svg/>');
  clock.now += 1_000;
  t.same(await store.getJob(brief.id), { state: 'expired' }, 'an expired job is expired although its files stay');
  t.same(await store.sweepExpired().catch((error: unknown) => error), { jobs: 0, uploads: 0, idempotencyKeys: 0 });

  const reopened = await openFileStore({ dir: disk.dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => reopened.close());
  t.equal((await reopened.getJob(lasting.id)).state, 'live', 'a server starts on a read-only disk');
  await disk.writable();
});
