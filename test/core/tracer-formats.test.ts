/**
 * Input formats: PNG color types and bit depths, WebP (lossless, lossy,
 * animated), JPEG EXIF orientation and CMYK. Each fixture's layout is checked
 * first, so a test cannot pass on a file that is not what it claims to be.
 */
import sharp from 'sharp';
import t from 'tap';

import { traceImage } from '../../src/core/tracer.js';
import {
  GRAY,
  ORANGE,
  animatedWebp,
  channelDiff,
  colorCentroid,
  encodePng,
  indexedPng,
  matchPalette,
  png,
  pngHeader,
  recolored,
  renderSvg,
  rgba,
  snapToPalette,
  twoColorLogo,
  webp,
} from '../helpers/fixtures.js';
import { checkSvg, pixelAt, renderResult } from '../helpers/trace.js';

const sorted = (colors: readonly string[]) => [...colors].sort();
const LOGO = twoColorLogo();
const GRAYS = ['#333333', '#999999'];
const GRAY_LOGO = recolored(LOGO, GRAYS);

t.test('PNG color types and bit depths (encoded by hand from the drawn logo)', async (t) => {
  const alpha = await rgba(png(LOGO));
  const opaque = await rgba(await sharp(png(LOGO)).flatten({ background: '#ffffff' }).png().toBuffer());
  const grayAlpha = await rgba(png(GRAY_LOGO));
  const grayOpaque = await rgba(await sharp(png(GRAY_LOGO)).flatten({ background: '#ffffff' }).png().toBuffer());
  const cases = [
    { name: 'gray', colorType: 0, raw: grayOpaque, colors: GRAYS, page: true },
    { name: 'RGB', colorType: 2, raw: opaque, colors: [ORANGE, GRAY], page: true },
    { name: 'gray + alpha', colorType: 4, raw: grayAlpha, colors: GRAYS, page: false },
    { name: 'RGBA', colorType: 6, raw: alpha, colors: [ORANGE, GRAY], page: false },
  ] as const;
  for (const c of cases) {
    for (const bitDepth of [8, 16] as const) {
      const file = encodePng(c.raw, c.colorType, bitDepth);
      t.same(
        pngHeader(file),
        { width: 200, height: 120, bitDepth, colorType: c.colorType },
        `${c.name} ${bitDepth}-bit: the header says so`,
      );
      const result = await traceImage(file);
      t.same(
        sorted(result.palette),
        sorted(c.colors),
        `${c.name} ${bitDepth}-bit: exact palette ${result.palette.join(' ')}`,
      );
      t.equal(
        result.warnings.some((w) => w.startsWith('Removed background #ffffff')),
        c.page,
        `${c.name} ${bitDepth}-bit: white page removed only when opaque`,
      );
      t.same([result.width, result.height], [160, 80], `${c.name} ${bitDepth}-bit: trimmed to the logo`);
    }
  }
});

t.test('palette PNGs', async (t) => {
  t.test('indexed with tRNS, built by hand from the snapped logo', async (t) => {
    const file = indexedPng(snapToPalette(await rgba(png(LOGO)), [ORANGE, GRAY]));
    t.same(pngHeader(file), { width: 200, height: 120, bitDepth: 8, colorType: 3 });
    t.ok(file.includes(Buffer.from('tRNS')), 'has a tRNS chunk');
    const result = await traceImage(file);
    t.same(sorted(result.palette), sorted([ORANGE, GRAY]), 'exact palette');
    t.same(result.warnings, []);
    checkSvg(t, result);
  });
  t.test('written by sharp (libimagequant, 4-bit, anti-aliased edges)', async (t) => {
    const file = await sharp(png(LOGO)).png({ palette: true, colours: 16, dither: 0 }).toBuffer();
    t.equal(pngHeader(file).colorType, 3, 'indexed color');
    const result = await traceImage(file);
    t.equal(result.palette.length, 2, `two colors: ${result.palette.join(' ')}`);
    for (const m of matchPalette(result.palette, [ORANGE, GRAY]))
      t.ok(m.diff <= 2, `${m.expected} within 2 (got ${m.got})`);
  });
});

t.test('grayscale PNGs written by sharp', async (t) => {
  const gray = await sharp(renderSvg(recolored(twoColorLogo('#ffffff'), GRAYS).svg))
    .removeAlpha()
    .toColourspace('b-w')
    .png()
    .toBuffer();
  t.equal(pngHeader(gray).colorType, 0, 'sharp wrote plain grayscale');
  const opaque = await traceImage(gray);
  t.same(sorted(opaque.palette), GRAYS, 'exact grays');
  t.match(opaque.warnings.join('\n'), /Removed background #ffffff/);
  const grayAlpha = await sharp(png(GRAY_LOGO)).toColourspace('b-w').png().toBuffer();
  t.equal(pngHeader(grayAlpha).colorType, 4, 'sharp wrote grayscale with alpha');
  t.same(sorted((await traceImage(grayAlpha)).palette), GRAYS, 'exact grays');
});

t.test('16-bit PNG written by sharp', async (t) => {
  const file = await sharp(png(LOGO)).toColourspace('rgb16').png().toBuffer();
  t.equal(pngHeader(file).bitDepth, 16, 'sharp wrote 16 bits per sample');
  // sharp widens 8-bit samples as v << 8 (0xfc -> 0xfc00, not 0xfcfc), which
  // rounds back to v - 1 for large v: within 1 unit is the exact answer here.
  const result = await traceImage(file);
  t.equal(result.palette.length, 2, result.palette.join(' '));
  for (const m of matchPalette(result.palette, [ORANGE, GRAY]))
    t.ok(m.diff <= 1, `${m.expected} within 1 (got ${m.got})`);
});

t.test('WebP', async (t) => {
  const source = png(LOGO);
  t.test('lossless: exact colors', async (t) => {
    const file = await webp(source, true);
    t.equal(file.toString('latin1', 12, 16), 'VP8L', 'a VP8L (lossless) bitstream');
    const result = await traceImage(file);
    t.same(sorted(result.palette), sorted([ORANGE, GRAY]));
    t.same([result.width, result.height], [160, 80]);
    checkSvg(t, result);
  });
  t.test('lossy: near colors, nothing extra', async (t) => {
    const file = await webp(source, false);
    t.ok(file.includes(Buffer.from('VP8 ')), 'a VP8 (lossy) bitstream');
    const result = await traceImage(file);
    t.equal(result.palette.length, 2, result.palette.join(' '));
    for (const m of matchPalette(result.palette, [ORANGE, GRAY]))
      t.ok(m.diff <= 3, `${m.expected} within 3 (got ${m.got})`);
    t.ok(
      Math.abs(result.width - 160) <= 2 && Math.abs(result.height - 80) <= 2,
      `trimmed to the logo (${result.width}x${result.height})`,
    );
  });
  t.test('animated: the first frame is traced', async (t) => {
    const other = ['#1e88e5', '#43a047'];
    const frames = [source, renderSvg(recolored(LOGO, other).svg)];
    for (const [order, expected] of [
      [frames, [ORANGE, GRAY]],
      [[...frames].reverse(), other],
    ] as const) {
      const file = await animatedWebp([...order]);
      const meta = await sharp(file, { animated: true }).metadata();
      t.equal(meta.pages, 2, 'two frames');
      t.ok(file.includes(Buffer.from('ANIM')) && file.includes(Buffer.from('ANMF')), 'ANIM and ANMF chunks');
      const result = await traceImage(file);
      t.same(sorted(result.palette), sorted(expected), `palette of the first frame: ${result.palette.join(' ')}`);
    }
  });
});

t.test('JPEG EXIF orientation is applied', async (t) => {
  const base = sharp(png(LOGO)).flatten({ background: '#ffffff' });
  // Upright, the orange mark is left of the gray bars. Orientation 6 shows the
  // stored image turned 90 degrees clockwise (left goes to top), 8 turned
  // counter-clockwise (left goes to bottom), 3 upside down (left goes right).
  const cases = [
    { orientation: 1, size: [200, 120], orangeFirst: 'x' },
    { orientation: 6, size: [120, 200], orangeFirst: 'y' },
    { orientation: 8, size: [120, 200], orangeLast: 'y' },
    { orientation: 3, size: [200, 120], orangeLast: 'x' },
  ] as const;
  for (const c of cases) {
    const file = await base.clone().jpeg({ quality: 90 }).withMetadata({ orientation: c.orientation }).toBuffer();
    t.equal((await sharp(file).metadata()).orientation, c.orientation, `the file carries orientation ${c.orientation}`);
    const result = await traceImage(file, { trim: false });
    t.same([result.width, result.height], c.size, `orientation ${c.orientation}: ${result.width}x${result.height}`);
    const trimmed = await traceImage(file);
    const box = c.size[0] > c.size[1] ? [160, 80] : [80, 160];
    t.ok(
      Math.abs(trimmed.width - box[0]!) <= 2 && Math.abs(trimmed.height - box[1]!) <= 2,
      `orientation ${c.orientation}: trimmed ${trimmed.width}x${trimmed.height} ~ ${box.join('x')}`,
    );
    const out = await renderResult(result);
    const orange = colorCentroid(out, matchPalette(result.palette, [ORANGE])[0]?.got ?? ORANGE, 4);
    const gray = colorCentroid(out, matchPalette(result.palette, [GRAY])[0]?.got ?? GRAY, 4);
    if ('orangeFirst' in c)
      t.ok(
        orange[c.orangeFirst] < gray[c.orangeFirst],
        `orientation ${c.orientation}: orange before gray along ${c.orangeFirst}`,
      );
    else
      t.ok(
        orange[c.orangeLast] > gray[c.orangeLast],
        `orientation ${c.orientation}: orange after gray along ${c.orangeLast}`,
      );
  }
});

/** A CMYK JPEG of the logo on white, or why sharp could not write one here. */
async function cmykJpeg(): Promise<{ file: Buffer } | { skip: string }> {
  try {
    const file = await sharp(png(LOGO))
      .flatten({ background: '#ffffff' })
      .toColourspace('cmyk')
      .jpeg({ quality: 90 })
      .toBuffer();
    const meta = await sharp(file).metadata();
    if (meta.space !== 'cmyk' || meta.channels !== 4)
      return { skip: `sharp wrote ${meta.space} with ${meta.channels} channels, not CMYK` };
    return { file };
  } catch (error) {
    return { skip: `sharp cannot write a CMYK JPEG here: ${String(error)}` };
  }
}
const cmyk = await cmykJpeg();

t.test('CMYK JPEG', { skip: 'skip' in cmyk ? cmyk.skip : false }, async (t) => {
  if (!('file' in cmyk)) return;
  const file = cmyk.file;
  // sharp (lcms, its built-in CMYK profile) reads the colors back as:
  const managed = await rgba(file);
  const [orangeRef, grayRef] = [pixelAt(managed, 28, 60).hex, pixelAt(managed, 140, 34).hex];
  const result = await traceImage(file);
  t.equal(result.palette.length, 2, `two logo colors: ${result.palette.join(' ')}`);
  t.match(
    result.warnings.join('\n'),
    /Removed background #f[ef]f[ef]f[ef]/,
    'the white page is recognised (not inverted to black)',
  );
  t.same([result.width, result.height], [160, 80], 'trimmed to the logo');
  // The engine converts CMYK without a color profile (the file carries none),
  // so colors differ from sharp's managed conversion; they must stay the same
  // colors: orange stays orange, gray stays a neutral dark gray.
  const [orange, gray] = matchPalette(result.palette, [orangeRef, grayRef]);
  t.comment(`CMYK: engine ${orange?.got} ${gray?.got}, sharp (lcms) ${orangeRef} ${grayRef}, source ${ORANGE} ${GRAY}`);
  t.ok(orange && orange.got !== gray?.got, 'orange and gray are told apart');
  t.ok(orange && orange.diff <= 40, `orange within 40 per channel of sharp's reading (${orange?.got} vs ${orangeRef})`);
  t.ok(gray && gray.diff <= 40, `gray within 40 per channel of sharp's reading (${gray?.got} vs ${grayRef})`);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt((orange?.got ?? '#000000').slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  t.ok(r > 200 && r > g && g > b, `the orange is still orange (${orange?.got})`);
  t.ok(channelDiff(gray?.got ?? '#ffffff', '#000000') < 128, `the gray is still dark (${gray?.got})`);
});
