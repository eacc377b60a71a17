/**
 * Every bad input gets its error code: truncated and corrupt files, other
 * formats, decompression bombs, size limits, nothing to trace, bad options.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import t from 'tap';

import { DEFAULT_SETTINGS, type ColorChoice } from '../../src/core/settings.js';
import { isImageError, ServiceError } from '../../src/core/errors.js';
import { traceImage } from '../../src/core/tracer.js';
import { PNG_SIGNATURE, bombPng, gif, jpeg, png, truncated, twoColorLogo, webp } from '../helpers/fixtures.js';
import { nativeAddon } from '../helpers/native-addon.js';
import { rejectsWithCode } from '../helpers/trace.js';

const LOGO_PNG = png(twoColorLogo());
const LOGO_JPEG = await jpeg(LOGO_PNG, 90);

const solid = (width: number, height: number, background = '#fc4c02') =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

t.test('truncated PNG: CORRUPT_IMAGE', async (t) => {
  for (const share of [0.1, 0.5, 0.9]) {
    const error = await rejectsWithCode(
      t,
      traceImage(truncated(LOGO_PNG, share)),
      'CORRUPT_IMAGE',
      `cut to ${share * 100}%`,
    );
    t.ok(isImageError(error), 'a problem with the image, not the engine');
  }
  await rejectsWithCode(t, traceImage(LOGO_PNG.subarray(0, 20)), 'CORRUPT_IMAGE', 'cut inside the IHDR chunk');
  await rejectsWithCode(
    t,
    traceImage(Buffer.concat([PNG_SIGNATURE, Buffer.from('not chunks at all, just text')])),
    'CORRUPT_IMAGE',
    'PNG signature followed by garbage',
  );
});

t.test('truncated WebP: CORRUPT_IMAGE', async (t) => {
  const file = await webp(LOGO_PNG, true);
  await rejectsWithCode(t, traceImage(truncated(file, 0.5)), 'CORRUPT_IMAGE');
  await rejectsWithCode(
    t,
    traceImage(Buffer.from('RIFF\x10\x00\x00\x00WEBPgarbage garbage', 'latin1')),
    'CORRUPT_IMAGE',
    'RIFF/WEBP header, garbage body',
  );
});

t.test('JPEG truncated inside its headers: CORRUPT_IMAGE', async (t) => {
  for (const bytes of [3, 20, 100, 300]) {
    // (The decoder's message keeps a trailing newline inside the parentheses.)
    await rejectsWithCode(t, traceImage(LOGO_JPEG.subarray(0, bytes)), 'CORRUPT_IMAGE', `first ${bytes} bytes`);
  }
});

t.test('JPEG truncated inside its scan data or missing its end marker: CORRUPT_IMAGE', async (t) => {
  // The decoder itself fills missing rows with gray; the engine checks the
  // end-of-image marker follows the last scan.
  for (const share of [0.5, 0.9]) {
    await rejectsWithCode(t, traceImage(truncated(LOGO_JPEG, share)), 'CORRUPT_IMAGE', `cut to ${share * 100}%`);
  }
  await rejectsWithCode(
    t,
    traceImage(LOGO_JPEG.subarray(0, LOGO_JPEG.length - 2)),
    'CORRUPT_IMAGE',
    'without its end marker',
  );
  const error = await traceImage(truncated(LOGO_JPEG, 0.5)).catch((e: unknown) => e as ServiceError);
  t.match(error, { message: /truncated/ }, 'the message says why');
});

t.test('a text file named .png: UNSUPPORTED_FORMAT (magic bytes, not the name)', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tracer-'));
  t.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const file = path.join(dir, 'logo.png');
  writeFileSync(file, 'This is a text file with a .png name.\n');
  const error = await rejectsWithCode(t, traceImage(readFileSync(file)), 'UNSUPPORTED_FORMAT');
  t.match(error?.message, /PNG, JPEG or WebP/, 'the message names the supported formats');
  t.ok(isImageError(error));
  await rejectsWithCode(t, traceImage(Buffer.alloc(0)), 'UNSUPPORTED_FORMAT', 'an empty file');
  await rejectsWithCode(t, traceImage(Buffer.from(twoColorLogo().svg)), 'UNSUPPORTED_FORMAT', 'an SVG');
  await rejectsWithCode(
    t,
    traceImage(LOGO_JPEG.subarray(0, 2)),
    'UNSUPPORTED_FORMAT',
    'two bytes of a JPEG (not even its magic)',
  );
});

t.test('a GIF: UNSUPPORTED_FORMAT', async (t) => {
  const file = await gif();
  t.equal(file.toString('latin1', 0, 6), 'GIF89a', 'a real GIF');
  await rejectsWithCode(t, traceImage(file), 'UNSUPPORTED_FORMAT');
});

t.test('a decompression bomb is rejected from its header, fast and without allocating', async (t) => {
  const bomb = bombPng(100000, 100000);
  t.ok(bomb.length < 2000, `the bomb is ${bomb.length} bytes`);
  // The header is well-formed (its CRC is right), so only the limits can stop it.
  t.same(
    await sharp(bomb, { limitInputPixels: false })
      .metadata()
      .then((m) => [m.width, m.height]),
    [100000, 100000],
    'sharp reads the declared size',
  );
  const before = process.memoryUsage().rss;
  const started = performance.now();
  for (let i = 0; i < 10; i++) {
    const error = await rejectsWithCode(t, traceImage(bomb), 'TOO_LARGE', `attempt ${i + 1}`);
    if (i === 0) t.match(error?.message, /100000x100000/, 'the message names the declared size');
  }
  const ms = performance.now() - started;
  const grownMb = (process.memoryUsage().rss - before) / 2 ** 20;
  t.ok(ms < 1000, `ten rejections took ${ms.toFixed(1)} ms`);
  t.ok(grownMb < 100, `resident memory grew by ${grownMb.toFixed(1)} MB (40 GB of pixels were declared)`);
});

t.test('size limits: 8..6000 px per side, at most 20 megapixels', async (t) => {
  let error = await rejectsWithCode(t, traceImage(await solid(1, 1)), 'TOO_SMALL', '1x1');
  t.match(error?.message, /1x1/);
  error = await rejectsWithCode(t, traceImage(await solid(7, 100)), 'TOO_SMALL', '7x100');
  t.match(error?.message, /7x100/);
  error = await rejectsWithCode(t, traceImage(await solid(7000, 10)), ['TOO_LARGE', 'TOO_SMALL'], '7000x10');
  t.match(error?.message, /7000x10/, 'the message names the size');
  t.equal(error?.code, 'TOO_LARGE', '7000x10 is too wide (10 px is allowed)');
  const smallest = await traceImage(await solid(8, 8));
  t.same([smallest.palette, smallest.width, smallest.height], [['#fc4c02'], 8, 8], '8x8 is accepted');
  const thin = await traceImage(await solid(6000, 10));
  t.same([thin.width, thin.height], [6000, 10], '6000x10 is accepted');
  // Headers alone (a tiny IDAT): over the area limit without any side over 6000.
  error = await rejectsWithCode(t, traceImage(bombPng(6000, 6000)), 'TOO_LARGE', '6000x6000 is 36 MP');
  t.match(error?.message, /6000x6000/);
  await rejectsWithCode(t, traceImage(bombPng(5000, 4001)), 'TOO_LARGE', '5000x4001 is just over 20 MP');
  await rejectsWithCode(
    t,
    traceImage(bombPng(5000, 4000)),
    'CORRUPT_IMAGE',
    '5000x4000 passes the limits; its data is missing',
  );
});

/** The logo JPEG with its frame header patched to declare width x height. */
function jpegDeclaring(width: number, height: number): Buffer {
  const file = Buffer.from(LOGO_JPEG);
  for (let i = 2; i + 9 < file.length && file[i] === 0xff; i += 2 + file.readUInt16BE(i + 2)) {
    const marker = file[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      file.writeUInt16BE(height, i + 5);
      file.writeUInt16BE(width, i + 7);
      return file;
    }
  }
  throw new Error('no SOF marker');
}

/** The logo as lossless WebP with its VP8L header patched to declare width x height. */
async function webpDeclaring(width: number, height: number): Promise<Buffer> {
  const file = await webp(LOGO_PNG, true);
  if (file.toString('latin1', 12, 16) !== 'VP8L' || file[20] !== 0x2f) throw new Error('not a simple VP8L file');
  const bits = file.readUInt32LE(21);
  file.writeUInt32LE(((bits & 0xf0000000) >>> 0) + (height - 1) * 2 ** 14 + (width - 1), 21);
  return file;
}

t.test('bomb headers in JPEG and WebP', async (t) => {
  const started = performance.now();
  const jpegBomb = jpegDeclaring(60000, 60000);
  t.same(
    await sharp(jpegBomb, { limitInputPixels: false })
      .metadata()
      .then((m) => [m.width, m.height]),
    [60000, 60000],
    'the JPEG declares 60000x60000',
  );
  let error = await rejectsWithCode(t, traceImage(jpegBomb), 'TOO_LARGE', 'JPEG 60000x60000');
  t.match(error?.message, /60000x60000/);
  error = await rejectsWithCode(t, traceImage(await webpDeclaring(12000, 12000)), 'TOO_LARGE', 'WebP 12000x12000');
  t.match(error?.message, /12000x12000/);
  // 16384 is the largest side VP8L can declare. image-webp 0.2.4 computes
  // (1 + field) & 0x3FFF, so it reads 16384 as 0: still rejected at once, but
  // as TOO_SMALL "0x0".
  error = await rejectsWithCode(
    t,
    traceImage(await webpDeclaring(16384, 16384)),
    ['TOO_LARGE', 'TOO_SMALL'],
    'WebP 16384x16384 is rejected from its header',
  );
  t.equal(error?.code, 'TOO_LARGE', 'WebP 16384x16384: TOO_LARGE', {
    todo: 'engine (image-webp 0.2.4 decoder): a 16384 px VP8L side is read as 0, so the code is TOO_SMALL and the message says 0x0',
  });
  t.ok(performance.now() - started < 2000, 'all rejected quickly');
});

t.test('nothing to trace: NOTHING_TO_TRACE', async (t) => {
  const clear = await solid(64, 64, 'rgba(0,0,0,0)');
  const error = await rejectsWithCode(t, traceImage(clear), 'NOTHING_TO_TRACE', 'a fully transparent PNG');
  t.match(error?.message, /transparent/);
  t.ok(isImageError(error));
  await rejectsWithCode(
    t,
    traceImage(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
        .jpeg()
        .toBuffer(),
    ),
    'NOTHING_TO_TRACE',
    'a blank white JPEG (all background)',
  );
  // With transparent=false there is something: the white itself.
  const kept = await traceImage(clear, { transparent: false });
  t.same(kept.palette, ['#ffffff'], 'transparent=false traces a transparent image as its white backdrop');
});

t.test('invalid options: INVALID_OPTION', async (t) => {
  for (const colors of [5, 7, 9, 16]) {
    const error = await rejectsWithCode(
      t,
      traceImage(LOGO_PNG, { colors: colors as ColorChoice }),
      'INVALID_OPTION',
      `colors=${colors}`,
    );
    t.match(error?.message, /colors/, 'the message names the option');
  }
  for (const smoothing of [101, 1000, -1]) {
    const error = await rejectsWithCode(
      t,
      traceImage(LOGO_PNG, { smoothing }),
      'INVALID_OPTION',
      `smoothing=${smoothing}`,
    );
    t.match(error?.message, /smoothing/, 'the message names the option');
  }
  // Bounds are inclusive.
  for (const smoothing of [0, 100])
    t.ok((await traceImage(LOGO_PNG, { smoothing })).palette.length === 2, `smoothing=${smoothing} is valid`);
});

t.test('errors are ServiceErrors with a code and a readable message', async (t) => {
  const error = await traceImage(Buffer.from('nope')).catch((e: unknown) => e);
  t.ok(error instanceof ServiceError, 'a ServiceError');
  if (!(error instanceof ServiceError)) return;
  t.equal(error.name, 'ServiceError');
  t.equal(error.code, 'UNSUPPORTED_FORMAT');
  t.notMatch(error.message, /^[A-Z_]+:/, 'the code prefix is stripped from the message');
  t.ok(error.message.length > 10, 'a human-readable message');
});

t.test('the addon rejects with the code as a property and the plain reason as the message', async (t) => {
  const input = truncated(LOGO_PNG, 0.5);
  const raw = await nativeAddon.traceImage(input, DEFAULT_SETTINGS).catch((e: unknown) => e);
  t.ok(raw instanceof Error, 'an Error');
  if (!(raw instanceof Error)) return;
  t.equal((raw as Error & { code?: unknown }).code, 'CORRUPT_IMAGE', 'the code is a property');
  t.notMatch(raw.message, /^[A-Z_]+:/, 'the message carries no code prefix');
  t.match(raw.message, /^the image data is corrupt or truncated/, 'the message is the reason');
  const error = await rejectsWithCode(t, traceImage(input), 'CORRUPT_IMAGE', 'the facade keeps the code');
  t.equal(error?.message, raw.message, 'and the message as it is');
});
