import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import t from 'tap';

import { isImageError, isServiceError, ServiceError } from '../../src/core/errors.js';
import { newToken } from '../../src/core/tokens.js';
import { createUploadService, UPLOAD_TTL_SECONDS } from '../../src/core/uploads.js';
import { openFileStore } from '../../src/store/index.js';
import { fiveColorLogo, jpeg, png, webp } from '../helpers/fixtures.js';
import { newDataDir, type Teardown } from '../helpers/app.js';
import { solidPng } from '../helpers/images.js';
import { rejectsWithCode } from '../helpers/trace.js';

const TTL_MS = UPLOAD_TTL_SECONDS * 1000;

/** An upload service over a fresh store, both on a clock the test moves. */
async function uploadService(t: Teardown, maxLiveUploads = 50) {
  const clock = { now: Date.now() };
  const dir = await newDataDir(t);
  const store = await openFileStore({ dir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => store.close());
  const uploads = createUploadService({ store, maxLiveUploads, now: () => clock.now });
  return { uploads, store, clock, dir };
}

/** Distinct small PNGs (each a solid color of its own). */
function distinctPng(i: number): Promise<Buffer> {
  return solidPng(16 + i, 16, `#${(0x102030 + i * 0x050403).toString(16).padStart(6, '0')}`);
}

type Tap = Pick<typeof t, 'pass' | 'fail'>;

/** Awaits `promise`, which must reject with UPLOAD_LIMIT; returns it for more checks. */
async function limitError(t: Tap, promise: Promise<unknown>, message: string): Promise<ServiceError | undefined> {
  try {
    await promise;
    t.fail(`${message}: expected UPLOAD_LIMIT`);
  } catch (error) {
    if (isServiceError(error, 'UPLOAD_LIMIT')) {
      t.pass(message);
      return error;
    }
    t.fail(`${message}: expected UPLOAD_LIMIT`, { found: error });
  }
  return undefined;
}

t.test('an upload records its size, hash, format and 15-minute lifetime and keeps the image', async (t) => {
  const { uploads, clock } = await uploadService(t);
  const logo = png(fiveColorLogo());
  const upload = await uploads.create(logo);
  t.match(upload.id, /^[A-Za-z0-9_-]{24}$/);
  t.equal(upload.createdAt, clock.now);
  t.equal(upload.expiresAt, clock.now + 15 * 60 * 1000, 'expires 15 minutes after creation');
  t.equal(upload.bytes, logo.length);
  t.equal(upload.sha256, createHash('sha256').update(logo).digest('hex'));
  t.same([upload.format, upload.width, upload.height], ['png', 300, 170]);
  t.ok((await uploads.image(upload.id)).equals(logo), 'image() gives back the very bytes');

  const second = await uploads.create(logo);
  t.not(second.id, upload.id, 'the same image again is another upload');
});

t.test('JPEG and WebP uploads are kept with their format', async (t) => {
  const { uploads } = await uploadService(t);
  const logo = png(fiveColorLogo());
  for (const [format, image] of [
    ['jpeg', await jpeg(logo)],
    ['webp', await webp(logo, true)],
  ] as const) {
    const upload = await uploads.create(image);
    t.same([upload.format, upload.width, upload.height], [format, 300, 170], format);
    t.ok((await uploads.image(upload.id)).equals(image));
  }
});

t.test('unusable images are refused before anything is stored', async (t) => {
  const { uploads, dir } = await uploadService(t, 1);
  await rejectsWithCode(t, uploads.create(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')), 'UNSUPPORTED_FORMAT');
  await rejectsWithCode(t, uploads.create(Buffer.from('hello, world')), 'UNSUPPORTED_FORMAT');
  await rejectsWithCode(t, uploads.create(await solidPng(4, 4)), 'TOO_SMALL');
  await rejectsWithCode(t, uploads.create(await solidPng(7000, 10)), 'TOO_LARGE');
  await rejectsWithCode(t, uploads.create(png(fiveColorLogo()).subarray(0, 20)), 'CORRUPT_IMAGE');
  t.same(await readdir(join(dir, 'uploads')), [], 'nothing written');
  // The only place (limit 1) is still free.
  const upload = await uploads.create(await solidPng(20, 20));
  t.ok(upload.id);
});

t.test('the cap on live uploads: one more waits for the earliest to expire', async (t) => {
  const { uploads, clock } = await uploadService(t, 2);
  const start = clock.now;
  const first = await uploads.create(await distinctPng(1));
  clock.now += 60_000;
  const second = await uploads.create(await distinctPng(2));
  clock.now += 60_000;

  const error = await limitError(t, uploads.create(await distinctPng(3)), 'a third live upload is refused');
  t.equal(error?.details.retryAfterSeconds, (first.expiresAt - clock.now) / 1000, 'retry after the first one expires');
  t.equal(error?.details.retryAfterSeconds, UPLOAD_TTL_SECONDS - 120);
  t.match(error?.message ?? '', /upload limit/i);
  t.ok((await uploads.image(first.id)).length > 0, 'the refusal removed nothing');

  // A rejected image does not get a place either, and does not hide the limit.
  await rejectsWithCode(t, uploads.create(Buffer.from('text')), 'UNSUPPORTED_FORMAT');

  clock.now = start + TTL_MS; // the first one's 15 minutes are over
  const third = await uploads.create(await distinctPng(3));
  t.ok(third.id, 'the expired upload freed its place');
  await t.rejects(uploads.image(first.id), { code: 'UPLOAD_EXPIRED' });

  const again = await limitError(t, uploads.create(await distinctPng(4)), 'full again');
  t.equal(
    again?.details.retryAfterSeconds,
    (second.expiresAt - clock.now) / 1000,
    'now the second one is the earliest',
  );
  t.ok((await uploads.image(second.id)).length > 0);
  t.ok((await uploads.image(third.id)).length > 0);
});

t.test('Retry-After is rounded up to whole seconds and is at least 1', async (t) => {
  const { uploads, clock } = await uploadService(t, 1);
  const first = await uploads.create(await distinctPng(1));
  clock.now = first.expiresAt - 1_500;
  t.equal((await limitError(t, uploads.create(await distinctPng(2)), '1.5 s left'))?.details.retryAfterSeconds, 2);
  clock.now = first.expiresAt - 1;
  t.equal((await limitError(t, uploads.create(await distinctPng(2)), '1 ms left'))?.details.retryAfterSeconds, 1);
  clock.now = first.expiresAt;
  t.ok((await uploads.create(await distinctPng(2))).id, 'at expiry the place is free');
});

t.test('concurrent uploads never pass the cap', async (t) => {
  const { uploads, dir } = await uploadService(t, 3);
  const images = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(distinctPng));
  const results = await Promise.allSettled(images.map((image) => uploads.create(image)));
  const stored = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r) => r.status === 'rejected');
  t.equal(stored.length, 3, 'exactly the cap is stored');
  t.equal(refused.length, 5);
  for (const r of refused) t.ok(isServiceError(r.reason, 'UPLOAD_LIMIT'), String(r.reason));
  const files = (await readdir(join(dir, 'uploads'))).sort();
  t.equal(files.filter((f) => f.endsWith('.json')).length, 3, 'three records on disk');
  t.equal(files.filter((f) => f.endsWith('.image')).length, 3, 'three images on disk');
  for (const r of stored) {
    t.ok(await uploads.image(r.value.id), 'each stored upload is readable');
  }
});

t.test('image(): unknown and malformed ids are not found, expired ones are expired', async (t) => {
  const { uploads, store, clock } = await uploadService(t);
  await t.rejects(uploads.image(newToken()), { code: 'UPLOAD_NOT_FOUND' });
  for (const bad of ['', '../uploads/x', 'short', 'x'.repeat(200)]) {
    await t.rejects(uploads.image(bad), { code: 'UPLOAD_NOT_FOUND' }, JSON.stringify(bad.slice(0, 20)));
  }
  const upload = await uploads.create(await distinctPng(1));
  clock.now += TTL_MS - 1;
  t.ok(await uploads.image(upload.id), 'still there 1 ms before the end');
  clock.now += 1;
  await t.rejects(uploads.image(upload.id), { code: 'UPLOAD_EXPIRED' });
  await t.rejects(uploads.image(upload.id), /15 minutes/);
  t.same(await store.sweepExpired(), { jobs: 0, uploads: 0, idempotencyKeys: 0 }, 'already deleted on lookup');
  await t.rejects(uploads.image(upload.id), { code: 'UPLOAD_EXPIRED' }, 'still known as expired afterwards');

  const later = await uploads.create(await distinctPng(2));
  clock.now += TTL_MS;
  t.same(await store.sweepExpired(), { jobs: 0, uploads: 1, idempotencyKeys: 0 });
  await t.rejects(uploads.image(later.id), { code: 'UPLOAD_EXPIRED' }, 'expired after a sweep, too');
});

t.test('a failure from the probe is an image error, as the HTTP layer expects', async (t) => {
  const { uploads } = await uploadService(t);
  const error = await rejectsWithCode(t, uploads.create(await solidPng(4, 4)), 'TOO_SMALL');
  t.ok(isImageError(error));
});
