import sharp from 'sharp';
import t from 'tap';

import { probeImage } from '../../src/core/image-probe.js';
import { IMAGE_MAX_SIDE_PX, IMAGE_MIN_SIDE_PX } from '../../src/core/limits.js';
import { bombPng, fiveColorLogo, ihdr, jpeg, png, PNG_SIGNATURE, webp } from '../helpers/fixtures.js';
import { drawnLogo, solidPng } from '../helpers/images.js';
import { rejectsWithCode } from '../helpers/trace.js';

t.test('PNG, JPEG and WebP are recognised with their own width and height', async (t) => {
  const logo = png(fiveColorLogo());
  const drawnPng = await drawnLogo();
  const drawnJpeg = await drawnLogo({ format: 'jpeg', width: 400 });
  const cases: [string, Buffer, 'png' | 'jpeg' | 'webp', number, number][] = [
    ['png', logo, 'png', 300, 170],
    ['jpeg', await jpeg(logo), 'jpeg', 300, 170],
    ['lossless webp', await webp(logo, true), 'webp', 300, 170],
    ['lossy webp', await webp(logo, false), 'webp', 300, 170],
    ['a tall narrow PNG', await solidPng(9, 40), 'png', 9, 40],
    ['a drawn PNG', drawnPng.image, 'png', drawnPng.width, drawnPng.height],
    ['a drawn JPEG', drawnJpeg.image, 'jpeg', drawnJpeg.width, drawnJpeg.height],
  ];
  for (const [name, image, format, width, height] of cases) {
    t.same(await probeImage(image), { format, width, height }, name);
  }
});

t.test('anything but PNG, JPEG or WebP is UNSUPPORTED_FORMAT', async (t) => {
  await rejectsWithCode(t, probeImage(Buffer.from('not an image at all, just text\n')), 'UNSUPPORTED_FORMAT', 'text');
  await rejectsWithCode(t, probeImage(Buffer.alloc(0)), 'UNSUPPORTED_FORMAT', 'an empty file');
  const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
  t.equal(gif.toString('latin1', 0, 3), 'GIF', 'the fixture is a real GIF');
  const error = await rejectsWithCode(t, probeImage(gif), 'UNSUPPORTED_FORMAT', 'a GIF');
  t.match(error?.message ?? '', /PNG, JPEG or WebP/);
  const tiff = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
    .tiff()
    .toBuffer();
  await rejectsWithCode(t, probeImage(tiff), 'UNSUPPORTED_FORMAT', 'a TIFF, which sharp could read');
});

t.test('each side must be at least 8 px', async (t) => {
  for (const [width, height] of [
    [4, 4],
    [IMAGE_MIN_SIDE_PX - 1, 100],
    [100, IMAGE_MIN_SIDE_PX - 1],
  ] as const) {
    const error = await rejectsWithCode(
      t,
      probeImage(await solidPng(width, height)),
      'TOO_SMALL',
      `${width}x${height}`,
    );
    t.match(error?.message ?? '', new RegExp(`${width}x${height} px.*at least ${IMAGE_MIN_SIDE_PX} px`));
  }
  t.same(await probeImage(await solidPng(IMAGE_MIN_SIDE_PX, IMAGE_MIN_SIDE_PX)), {
    format: 'png',
    width: IMAGE_MIN_SIDE_PX,
    height: IMAGE_MIN_SIDE_PX,
  });
});

t.test('more than 6000 px per side or 20 megapixels is too large, read from the header alone', async (t) => {
  const wide = await sharp({ create: { width: 7000, height: 10, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const error = await rejectsWithCode(t, probeImage(wide), 'TOO_LARGE', 'a real 7000x10 PNG');
  t.match(error?.message ?? '', /7000x10 px/);
  await rejectsWithCode(t, probeImage(bombPng(10, IMAGE_MAX_SIDE_PX + 1)), 'TOO_LARGE', '10x6001');
  // 5000 x 4001 px is within 6000 per side but over 20 megapixels. The header claims it; the
  // data would decode to ~80 MB, so a quick answer proves nothing was decoded.
  const started = process.hrtime.bigint();
  await rejectsWithCode(t, probeImage(bombPng(5000, 4001)), 'TOO_LARGE', 'over 20 megapixels');
  t.ok(Number(process.hrtime.bigint() - started) / 1e6 < 1000, 'answered without decoding the pixels');
  t.same(
    await probeImage(bombPng(IMAGE_MAX_SIDE_PX, 3333)),
    { format: 'png', width: IMAGE_MAX_SIDE_PX, height: 3333 },
    '6000 x 3333 (just under 20 megapixels) passes',
  );
});

t.test('a corrupt header is CORRUPT_IMAGE', async (t) => {
  const cases: [string, Buffer][] = [
    ['the PNG signature alone', PNG_SIGNATURE],
    ['the PNG signature and garbage', Buffer.concat([PNG_SIGNATURE, Buffer.from('garbage garbage garbage garbage')])],
    ['a PNG cut inside its header', (await drawnLogo()).image.subarray(0, 30)],
    ['a PNG header declaring 0 px', Buffer.concat([PNG_SIGNATURE, ihdr(0, 10, 8, 6)])],
    ['the JPEG magic and nothing else', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1, 2, 3])],
    ['a RIFF/WEBP box without a bitstream', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 garbage!', 'latin1')],
  ];
  for (const [name, image] of cases) {
    const error = await rejectsWithCode(t, probeImage(image), 'CORRUPT_IMAGE', name);
    t.match(error?.message ?? '', /corrupt|truncated|no size/, name);
  }
});

t.test('only the header is read: a file cut short after it passes (the engine checks it again)', async (t) => {
  const { image, width, height } = await drawnLogo();
  t.same(await probeImage(image.subarray(0, 400)), { format: 'png', width, height });
});
