/**
 * Writes test/fixtures/bad/: the files of the bad-input suite (test/helpers/bad-inputs.ts), so anyone can
 * send them with curl. Every file is drawn from fixed inputs (sharp, hand-made bytes, the seeded generators
 * of test/helpers/hostile.ts), so running this again writes the same bytes. Each file is checked to be what
 * its name claims before it is written.
 *
 *   npm run fixtures:bad
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import sharp from 'sharp';

import { BAD_FIXTURE_FILES, BAD_FIXTURES_DIR } from '../test/helpers/bad-inputs.js';
import { animatedWebp, bombPng, gif, recolored, renderSvg, truncated, twoColorLogo } from '../test/helpers/fixtures.js';
import { checkerboard, noise } from '../test/helpers/hostile.js';
import { drawnLogo, solidPng } from '../test/helpers/images.js';

/** A 24-bit BMP of one color: the 54-byte header and bottom-up rows padded to 4 bytes. */
function bmp(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) file.set([b, g, r], 54 + y * stride + x * 3);
  }
  return file;
}

/** `jpeg` with its frame header changed to claim `width` x `height` px; the data behind it is the small image's. */
function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  // Segments follow the start-of-image marker: 0xff, a type, a big-endian length that counts itself.
  for (let at = 2; at + 9 < out.length; at += 2 + out.readUInt16BE(at + 2)) {
    const type = out.readUInt8(at + 1);
    if (out[at] === 0xff && type >= 0xc0 && type <= 0xc2) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return out;
    }
  }
  throw new Error('no frame header in the JPEG');
}

/** A lossless WebP with its header changed to claim `width` x `height` px (at most 16383 each). */
function webpClaiming(webp: Buffer, width: number, height: number): Buffer {
  claim(webp.toString('latin1', 12, 16) === 'VP8L', 'the lossless WebP', 'a plain VP8L file');
  const out = Buffer.from(webp);
  // After the 0x2f signature: 14 bits width - 1, 14 bits height - 1, then alpha and version bits.
  const bits = out.readUInt32LE(21);
  out.writeUInt32LE(((bits & 0xf0000000) | (width - 1) | ((height - 1) << 14)) >>> 0, 21);
  return out;
}

/** Throws unless `ok`: a fixture must be what its name says. */
function claim(ok: boolean, file: string, what: string): void {
  if (!ok) throw new Error(`${file} is not ${what}`);
}

async function files(): Promise<Record<string, Buffer>> {
  const logo = await drawnLogo();
  const logoJpeg = (await drawnLogo({ format: 'jpeg' })).image;
  const logoWebp = await sharp(logo.image).webp({ lossless: true }).toBuffer();
  const onWhite = () => sharp(logo.image).flatten({ background: '#ffffff' });
  const other = renderSvg(recolored(twoColorLogo(), ['#1e88e5', '#43a047']).svg);
  const out: Record<string, Buffer> = {
    'truncated.png': truncated(logo.image, 0.5),
    'truncated.jpg': truncated(logoJpeg, 0.5),
    'truncated.webp': truncated(logoWebp, 0.5),
    'empty.png': Buffer.alloc(0),
    'text-renamed.png': Buffer.from('This is a text file renamed to .png, not an image.\n'),
    'logo.svg': Buffer.from(twoColorLogo().svg),
    'logo.gif': await gif(),
    'logo.bmp': bmp(64, 40, [0xfc, 0x4c, 0x02]),
    'logo.tiff': await onWhite().tiff().toBuffer(),
    'bomb-100000x100000.png': bombPng(100_000, 100_000),
    'bomb-5000x4001.png': bombPng(5000, 4001),
    'bomb-65500x65500.jpg': jpegClaiming(logoJpeg, 65_500, 65_500),
    'bomb-16383x16383.webp': webpClaiming(logoWebp, 16_383, 16_383),
    'size-1x1.png': await solidPng(1, 1),
    'size-7x7.png': await solidPng(7, 7),
    'size-7000x10.png': await solidPng(7000, 10),
    // 20.1 megapixels, each side within 6000 px; one palette entry keeps the file small.
    'size-5000x4020.png': await sharp(await solidPng(5000, 4020))
      .png({ palette: true, compressionLevel: 9 })
      .toBuffer(),
    'cmyk.jpg': await onWhite().toColourspace('cmyk').jpeg({ quality: 90 }).toBuffer(),
    'progressive.jpg': await onWhite().jpeg({ quality: 90, progressive: true }).toBuffer(),
    '16-bit.png': await sharp(logo.image).toColourspace('rgb16').png().toBuffer(),
    'interlaced.png': await sharp(logo.image).png({ progressive: true }).toBuffer(),
    'animated.webp': await animatedWebp([renderSvg(twoColorLogo().svg), other]),
    // Stored 512x160 and shown turned a quarter clockwise: 160x512.
    'exif-rotated.jpg': await onWhite().jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer(),
    'checkerboard-1px-1000.png': (await checkerboard(1000, 1000, 1)).image,
    'checkerboard-2px-2000.png': (await checkerboard(2000, 2000, 2)).image,
    // Random pixels do not compress: 512 px keeps the folder small and is still refused as noise.
    'noise-512.png': (await noise(512)).image,
  };
  const meta = (file: string) => sharp(out[file], { animated: true, limitInputPixels: false }).metadata();
  claim((await meta('cmyk.jpg')).space === 'cmyk', 'cmyk.jpg', 'CMYK');
  claim((await meta('progressive.jpg')).isProgressive, 'progressive.jpg', 'progressive');
  claim((await meta('16-bit.png')).depth === 'ushort', '16-bit.png', '16 bits per sample');
  claim((await meta('interlaced.png')).isProgressive, 'interlaced.png', 'interlaced');
  claim((await meta('animated.webp')).pages === 2, 'animated.webp', 'two frames');
  claim((await meta('exif-rotated.jpg')).orientation === 6, 'exif-rotated.jpg', 'EXIF orientation 6');
  claim((await meta('size-5000x4020.png')).width === 5000, 'size-5000x4020.png', '5000 px wide');
  claim((await meta('bomb-65500x65500.jpg')).width === 65_500, 'bomb-65500x65500.jpg', 'claiming 65500 px');
  claim((await meta('bomb-16383x16383.webp')).height === 16_383, 'bomb-16383x16383.webp', 'claiming 16383 px');
  return out;
}

const written = await files();
const listed = new Set(BAD_FIXTURE_FILES);
for (const name of Object.keys(written)) claim(listed.has(name), name, 'named by a case of test/helpers/bad-inputs.ts');
for (const name of listed) claim(name in written, name, 'written by this script');

await mkdir(BAD_FIXTURES_DIR, { recursive: true });
// Files no case names any more go, so the folder is exactly what the suite sends.
for (const name of await readdir(BAD_FIXTURES_DIR)) {
  if (!(name in written)) await rm(join(BAD_FIXTURES_DIR, name));
}
let total = 0;
for (const [name, bytes] of Object.entries(written)) {
  await writeFile(join(BAD_FIXTURES_DIR, name), bytes);
  total += bytes.length;
}
console.log(`${Object.keys(written).length} files, ${(total / 1024).toFixed(0)} KB in ${BAD_FIXTURES_DIR}`);
