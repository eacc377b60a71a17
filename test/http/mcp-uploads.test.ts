import { createHash } from 'node:crypto';

import sharp from 'sharp';
import t from 'tap';

import type { ConcurrencyGate } from '../../src/core/gate.js';
import { UPLOAD_MAX_BYTES } from '../../src/core/limits.js';
import { openFileStore } from '../../src/store/index.js';
import { buildTestApp, newDataDir, type Teardown } from '../helpers/app.js';
import { fiveColorLogo, jpeg, png, webp } from '../helpers/fixtures.js';
import { drawnLogo, solidPng } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';

const URL_PATH = '/api/mcp/uploads';
const VERSION = '2026-10-14';
const FIVE_COLOR_PNG = png(fiveColorLogo());
const RESULT_FIELDS = ['bytes', 'expires_at', 'expires_in_seconds', 'format', 'height', 'sha256', 'upload_id', 'width'];

const key = (value: string) => ({ 'idempotency-key': value });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Distinct small PNGs (each a solid color of its own). */
function distinctPng(i: number): Promise<Buffer> {
  return solidPng(16 + i, 16, `#${(0x203040 + i * 0x070503).toString(16).padStart(6, '0')}`);
}

/** The app with the store on a clock the test moves (uploads and stored keys expire by the store's clock). */
async function clockedApp(t: Teardown, env: Record<string, string> = {}, options: { gate?: ConcurrencyGate } = {}) {
  const clock = { now: Date.now() };
  const store = await openFileStore({ dir: await newDataDir(t), sweepIntervalMs: 0, now: () => clock.now });
  const { app } = await buildTestApp(t, env, { store, ...options });
  const upload = async (file: Buffer | null, headers: Record<string, string> = {}) => {
    const form = await uploadForm(file);
    return app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
  };
  return { app, clock, upload };
}

t.test('an upload returns its id, expiry, size, hash, format and dimensions', async (t) => {
  const { app, upload } = await clockedApp(t);
  const before = Date.now();
  const res = await upload(FIVE_COLOR_PNG);
  const after = Date.now();
  t.equal(res.statusCode, 200);
  t.equal(res.headers['service-version'], VERSION);
  t.match(res.headers['content-type'], /^application\/json/);
  const body = res.json();
  t.same(Object.keys(body).sort(), RESULT_FIELDS);
  t.match(body.upload_id, /^[A-Za-z0-9_-]{24}$/);
  t.equal(body.bytes, FIVE_COLOR_PNG.length);
  t.equal(body.sha256, sha256(FIVE_COLOR_PNG), 'sha256 of the file');
  t.same([body.format, body.width, body.height], ['png', 300, 170]);

  t.match(body.expires_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'an ISO 8601 UTC time');
  const expiresAt = Date.parse(body.expires_at);
  t.ok(expiresAt >= before + 900_000 && expiresAt <= after + 900_000, '15 minutes after the upload');
  // Whole seconds left when the response was made: 900, or 899 once a millisecond has passed.
  t.ok(
    body.expires_in_seconds >= 899 && body.expires_in_seconds <= 900,
    `expires_in_seconds ${body.expires_in_seconds}`,
  );

  t.ok((await app.uploads.image(body.upload_id)).equals(FIVE_COLOR_PNG), 'the stored image is the file');
  const again = (await upload(FIVE_COLOR_PNG)).json();
  t.not(again.upload_id, body.upload_id, 'the same file again is another upload');
  t.equal(again.sha256, body.sha256);
});

t.test('JPEG and WebP uploads report their format; a drawn logo its real size', async (t) => {
  const { upload } = await clockedApp(t);
  const drawn = await drawnLogo({ width: 480 });
  for (const [format, file, width, height] of [
    ['jpeg', await jpeg(FIVE_COLOR_PNG), 300, 170],
    ['webp', await webp(FIVE_COLOR_PNG, false), 300, 170],
    ['png', drawn.image, drawn.width, drawn.height],
  ] as const) {
    const res = await upload(file);
    t.equal(res.statusCode, 200, format);
    t.same(
      [res.json().format, res.json().width, res.json().height, res.json().bytes, res.json().sha256],
      [format, width, height, file.length, sha256(file)],
      format,
    );
  }
});

t.test('a file over 10 MB is 413 and takes no place', async (t) => {
  const { upload } = await clockedApp(t, { MAX_LIVE_UPLOADS: '1' });
  const res = await upload(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 7));
  t.equal(res.statusCode, 413);
  t.match(res.json().detail, /10 MB/);
  t.equal(res.headers['service-version'], VERSION);
  t.equal((await upload(FIVE_COLOR_PNG)).statusCode, 200, 'the only place is still free');
});

t.test('a missing file, a non-image and an unusable image are 422 and take no place', async (t) => {
  const { app, upload } = await clockedApp(t, { MAX_LIVE_UPLOADS: '1' });

  const missing = await upload(null);
  t.equal(missing.statusCode, 422, 'no file');
  t.same(missing.json().detail, [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
  t.equal(missing.headers['service-version'], VERSION);

  const wrongField = new FormData();
  wrongField.append('image', new Blob([new Uint8Array(FIVE_COLOR_PNG)], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: wrongField });
  const underAnotherName = await app.inject({
    method: 'POST',
    url: URL_PATH,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  });
  t.equal(underAnotherName.statusCode, 422, 'a file under another field name');
  t.same(underAnotherName.json().detail[0].loc, ['body', 'file']);

  const json = await app.inject({ method: 'POST', url: URL_PATH, payload: { file: 'abc' } });
  t.equal(json.statusCode, 422, 'not a multipart body');
  t.ok(Array.isArray(json.json().detail));

  const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
  const cases: [string, Buffer, RegExp][] = [
    ['text', Buffer.from('just some text, not an image'), /PNG, JPEG or WebP/],
    ['a GIF', gif, /PNG, JPEG or WebP/],
    ['too small', await solidPng(4, 4), /at least 8 px/],
    ['too wide', await solidPng(7000, 10), /6000 px/],
    ['a corrupt header', FIVE_COLOR_PNG.subarray(0, 20), /corrupt|truncated/],
  ];
  for (const [name, file, message] of cases) {
    const res = await upload(file);
    t.equal(res.statusCode, 422, name);
    t.type(res.json().detail, 'string', `${name}: a message`);
    t.match(res.json().detail, message, name);
    t.equal(res.headers['service-version'], VERSION);
  }
  t.equal((await upload(FIVE_COLOR_PNG)).statusCode, 200, 'the only place is still free');
});

t.test('once MAX_LIVE_UPLOADS are live, the next upload is 429 until the earliest expires', async (t) => {
  const { upload, clock } = await clockedApp(t, { MAX_LIVE_UPLOADS: '2' });
  const first = await upload(await distinctPng(1));
  const second = await upload(await distinctPng(2));
  t.same([first.statusCode, second.statusCode], [200, 200]);

  const refused = await upload(await distinctPng(3));
  t.equal(refused.statusCode, 429);
  t.equal(refused.headers['service-version'], VERSION);
  t.match(refused.json().detail, /upload limit/i);
  const retryAfter = Number(refused.headers['retry-after']);
  t.ok(Number.isInteger(retryAfter), `Retry-After is whole seconds (${refused.headers['retry-after']})`);
  const untilFirstExpires = (Date.parse(first.json().expires_at) - Date.now()) / 1000;
  t.ok(
    retryAfter >= Math.floor(untilFirstExpires) && retryAfter <= Math.ceil(untilFirstExpires) + 1,
    `Retry-After ${retryAfter} is the time until the first upload expires (${untilFirstExpires.toFixed(1)} s)`,
  );

  clock.now = Date.parse(first.json().expires_at) + 1;
  const later = await upload(await distinctPng(3));
  t.equal(later.statusCode, 200, 'the expired upload freed its place');
  t.equal((await upload(await distinctPng(4))).statusCode, 429, 'and the cap holds again');
});

t.test('uploads do not need the job slot: a busy gate does not refuse them', async (t) => {
  const busy: ConcurrencyGate = { capacity: 1, tryAcquire: async () => null };
  const { upload } = await clockedApp(t, {}, { gate: busy });
  t.equal((await upload(FIVE_COLOR_PNG)).statusCode, 200);
});

t.test('Idempotency-Key replays the upload without storing another', async (t) => {
  const { app, upload } = await clockedApp(t, { MAX_LIVE_UPLOADS: '2' });
  const first = await upload(FIVE_COLOR_PNG, key('k-upload'));
  t.equal(first.statusCode, 200);
  t.notOk(first.headers['idempotent-replayed']);

  // Each uploadForm call uses a new multipart boundary: the file content is what counts.
  for (const attempt of [1, 2]) {
    const replay = await upload(FIVE_COLOR_PNG, key('k-upload'));
    t.equal(replay.statusCode, 200, `replay ${attempt}`);
    t.equal(replay.headers['idempotent-replayed'], 'true');
    t.equal(replay.headers['service-version'], VERSION);
    t.equal(replay.json().upload_id, first.json().upload_id, 'the same upload_id');
    t.equal(replay.body, first.body);
  }

  const second = await upload(await distinctPng(1));
  t.equal(second.statusCode, 200, 'the replays took no place: the second of two is free');
  t.equal((await upload(await distinctPng(2))).statusCode, 429, 'now both places are taken');
  const replayWhenFull = await upload(FIVE_COLOR_PNG, key('k-upload'));
  t.equal(replayWhenFull.statusCode, 200, 'a replay is answered even when the cap is reached');
  t.equal(replayWhenFull.json().upload_id, first.json().upload_id);

  const otherFile = await upload(await distinctPng(3), key('k-upload'));
  t.equal(otherFile.statusCode, 422, 'same key, other file');
  t.match(otherFile.json().detail, /already used with other parameters/);
  const otherEndpoint = await app.inject({ method: 'POST', url: '/api/sample', headers: key('k-upload') });
  t.equal(otherEndpoint.statusCode, 422, 'same key on another endpoint');
});

t.test('a 429 is not stored for its key: the retry runs once a place is free', async (t) => {
  const { upload, clock } = await clockedApp(t, { MAX_LIVE_UPLOADS: '1' });
  const taken = await upload(await distinctPng(1));
  t.equal(taken.statusCode, 200);
  const refused = await upload(FIVE_COLOR_PNG, key('k-later'));
  t.equal(refused.statusCode, 429);

  clock.now = Date.parse(taken.json().expires_at) + 1;
  const retried = await upload(FIVE_COLOR_PNG, key('k-later'));
  t.equal(retried.statusCode, 200, 'the retry after 429 ran');
  t.notOk(retried.headers['idempotent-replayed']);
  t.not(retried.json().upload_id, taken.json().upload_id);
});

t.test('a key is replayed for the 15 minutes its upload lives, not the two hours of a job', async (t) => {
  const { upload, clock } = await clockedApp(t);
  const first = await upload(FIVE_COLOR_PNG, key('k-lifetime'));
  t.equal(first.statusCode, 200);

  clock.now += 14 * 60 * 1000;
  const replay = await upload(FIVE_COLOR_PNG, key('k-lifetime'));
  t.equal(replay.headers['idempotent-replayed'], 'true', 'replayed 14 minutes later');
  t.equal(replay.json().upload_id, first.json().upload_id);

  clock.now += 2 * 60 * 1000; // 16 minutes after the upload: it is gone, and so is its key
  const afterwards = await upload(FIVE_COLOR_PNG, key('k-lifetime'));
  t.equal(afterwards.statusCode, 200);
  t.notOk(afterwards.headers['idempotent-replayed'], 'not replayed once the upload expired');
  t.not(afterwards.json().upload_id, first.json().upload_id, 'a new upload');
});
