/**
 * Any paper, any art (issue 34): the paper is the one color that surrounds
 * the art, whatever its lightness or hue, and is removed the same way on
 * every paper; art whose border shows several colors keeps them all; a dark
 * or colored field framing its figure with a wide margin (a flag's, an
 * icon's square) stays and says so, a pale tint (a page's) does not; an image is judged lossy by its pixels,
 * not its container. Every fixture is drawn here. The marks on paper are
 * cropped close to the art, as a logo file is.
 */
import sharp from 'sharp';
import t, { type TAP } from 'tap';

import { traceImage, type TraceResult } from '../../src/core/tracer.js';
import { channelDiff, jpeg, matchPalette, renderSvg, rgba, svgDoc, type Raw } from '../helpers/fixtures.js';
import { checkSvg, hasColor, pixelAt, renderResult, type Asserts } from '../helpers/trace.js';

const NEAR_BLACK = '#101218';
const SATURATED_BLUE = '#1d4ed8';
const MID_GREY = '#808080';
const WHITE = '#ffffff';
const RED = '#d52b1e';
const GREEN = '#009246';
const ORANGE = '#f97316';
const INK = '#1f2937';
const PLATE = '#f4f2ed';
const CREAM = '#fffdd0';
const PALE_BLUE = '#c8e6ff';
const BLACK = '#000000';
const DARK_MODE_PAGE = '#121212';
const VIOLET = '#623ae8';
const PURPLE_PAGE = '#5d37da';
const GREY_INK = '#545859';
const ORCHID_PAGE = '#cd8ee8';

/** The drawing as an opaque PNG, a JPEG q80 and a lossy WebP, with each one's color tolerance. */
async function inputs(svg: string): Promise<[string, Buffer, number][]> {
  const source = renderSvg(svg);
  return [
    ['opaque PNG', source, 0],
    ['JPEG q80', await jpeg(source, 80), 4],
    ['lossy WebP', await sharp(source).webp({ quality: 85 }).toBuffer(), 6],
  ];
}

/** Expects `at` opaque in `color` (within `tolerance` per channel) and `clear` transparent. */
async function expectPixels(
  t: Asserts,
  name: string,
  result: TraceResult,
  at: [number, number, string][],
  clear: [number, number][],
  tolerance: number,
): Promise<void> {
  const out = await renderResult(result);
  for (const [x, y, color] of at) {
    const seen = pixelAt(out, x, y);
    t.ok(
      seen.alpha === 255 && channelDiff(seen.hex, color) <= tolerance + 3,
      `${name}: (${x}, ${y}) is opaque ${color} (got ${seen.hex} at alpha ${seen.alpha})`,
    );
  }
  for (const [x, y] of clear) t.equal(pixelAt(out, x, y).alpha, 0, `${name}: (${x}, ${y}) is transparent paper`);
}

t.test('a white mark on near-black paper keeps the mark and loses the paper', async (t) => {
  const body = `<path d="M6 6h44v110h80v44h-124z" fill="${WHITE}"/><circle cx="196" cy="90" r="58" fill="${WHITE}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(260, 180, body, NEAR_BLACK))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, WHITE, tolerance), `${name}: white kept (${result.palette.join(' ')})`);
    t.notOk(hasColor(result, NEAR_BLACK, 12), `${name}: the paper is no palette color`);
    t.match(
      result.warnings.join('\n'),
      /Removed background #1[0-9a-f]{5}/,
      `${name}: the warning names the dark paper`,
    );
    checkSvg(t, result);
    await expectPixels(
      t,
      name,
      result,
      [
        [28, 80, WHITE],
        [196, 90, WHITE],
      ],
      [
        [2, 2],
        [257, 177],
        [100, 60],
      ],
      tolerance,
    );
  }
});

t.test('a light plate with dark letters on dark paper keeps plate and letters', async (t) => {
  const letters = `<path d="M90 70h16v60h34v16h-50z" fill="${INK}"/><path d="M160 70h16v76h-16z" fill="${INK}"/>`;
  const body = `<rect x="3" y="3" width="264" height="210" rx="40" fill="${PLATE}"/>${letters}`;
  for (const [name, input, tolerance] of await inputs(svgDoc(270, 216, body, NEAR_BLACK))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, PLATE, tolerance), `${name}: the plate kept (${result.palette.join(' ')})`);
    t.ok(hasColor(result, INK, tolerance + 4), `${name}: the letters kept`);
    await expectPixels(
      t,
      name,
      result,
      [
        [40, 40, PLATE],
        [98, 100, INK],
        [168, 100, INK],
      ],
      [
        [1, 1],
        [268, 214],
      ],
      tolerance,
    );
  }
});

t.test('a two-color disc with a white half on dark paper stays whole', async (t) => {
  const disc = `<path d="M110 2a108 108 0 0 1 0 216z" fill="${RED}"/><path d="M110 2a108 108 0 0 0 0 216z" fill="${WHITE}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(220, 220, disc, NEAR_BLACK))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, WHITE, tolerance), `${name}: the white half is a color (${result.palette.join(' ')})`);
    t.ok(hasColor(result, RED, tolerance), `${name}: the red half is a color`);
    await expectPixels(
      t,
      name,
      result,
      [
        [60, 110, WHITE],
        [160, 110, RED],
      ],
      [
        [4, 4],
        [215, 215],
      ],
      tolerance,
    );
  }
});

t.test('a logo on saturated blue paper loses the blue and keeps its orange and white', async (t) => {
  const body =
    `<circle cx="100" cy="100" r="96" fill="${ORANGE}"/><circle cx="100" cy="100" r="40" fill="${WHITE}"/>` +
    `<rect x="200" y="30" width="96" height="140" rx="12" fill="${WHITE}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(300, 200, body, SATURATED_BLUE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, ORANGE, tolerance), `${name}: orange kept (${result.palette.join(' ')})`);
    t.ok(hasColor(result, WHITE, tolerance), `${name}: white kept`);
    t.notOk(hasColor(result, SATURATED_BLUE, 12), `${name}: the blue paper is gone`);
    await expectPixels(
      t,
      name,
      result,
      [
        [100, 100, WHITE],
        [30, 100, ORANGE],
        [250, 100, WHITE],
      ],
      [
        [3, 3],
        [250, 10],
      ],
      tolerance,
    );
  }
});

/** Full-bleed art traced from each input keeps `colors`, every pixel of `at`, and says why in `warning`. */
async function expectKeptWhole(
  t: Asserts & Pick<TAP, 'match'>,
  svg: string,
  colors: string[],
  warning: RegExp,
  at: [number, number, string][],
): Promise<void> {
  for (const [name, input, tolerance] of await inputs(svg)) {
    const result = await traceImage(input, { trim: false });
    for (const color of colors) {
      t.ok(hasColor(result, color, tolerance), `${name}: ${color} is a color (${result.palette.join(' ')})`);
    }
    t.match(result.warnings.join('\n'), warning, `${name}: the warning says why nothing was removed`);
    await expectPixels(t, name, result, at, [], tolerance);
  }
}

t.test('a three-band flag with a white band along one edge keeps it, and says why', async (t) => {
  const body = `<rect y="53" width="240" height="54" fill="${GREEN}"/><rect y="107" width="240" height="53" fill="${RED}"/>`;
  await expectKeptWhole(
    t,
    svgDoc(240, 160, body, WHITE),
    [WHITE],
    /No background removed: the art fills the frame \(its border shows 3 colors\)/,
    [
      [120, 2, WHITE],
      [2, 2, WHITE],
      [120, 80, GREEN],
    ],
  );
});

t.test('a red pattern whose white gaps run off every side keeps both colors, and says why', async (t) => {
  // Red holds the corners and most of the border; the white gaps, one piece
  // with the slash joining them, meet every side. Taking red for the paper
  // would leave nothing but the gaps.
  const body =
    `<rect width="240" height="40" fill="${RED}"/><rect y="64" width="240" height="32" fill="${RED}"/>` +
    `<rect y="120" width="240" height="40" fill="${RED}"/><path d="M104 0h40l-56 160h-40z" fill="${WHITE}"/>`;
  await expectKeptWhole(t, svgDoc(240, 160, body, WHITE), [RED, WHITE], /the art fills the frame/, [
    [200, 20, RED],
    [200, 52, WHITE],
    [20, 80, RED],
  ]);
});

t.test('a tricolour laid on a colored page with an even margin keeps its white band and loses the page', async (t) => {
  // The page is a band of one width all around, as a frame drawn at the edge
  // is; the white inside meets it along a third of two sides only.
  const bands = [GREEN, WHITE, RED].map(
    (fill, k) => `<rect x="${6 + k * 80}" y="6" width="80" height="160" fill="${fill}"/>`,
  );
  for (const [name, input, tolerance] of await inputs(svgDoc(252, 172, bands.join(''), SATURATED_BLUE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, WHITE, tolerance), `${name}: the white band kept (${result.palette.join(' ')})`);
    t.notOk(hasColor(result, SATURATED_BLUE, 12), `${name}: the page is no palette color`);
    await expectPixels(
      t,
      name,
      result,
      [
        [46, 86, GREEN],
        [126, 86, WHITE],
        [206, 86, RED],
      ],
      [
        [2, 86],
        [126, 2],
        [249, 169],
      ],
      tolerance,
    );
  }
});

t.test('an opaque PNG exported on mid-grey loses the grey', async (t) => {
  const body = `<path d="M4 4h150v40h-55v152h-40v-152h-55z" fill="${INK}"/><circle cx="226" cy="100" r="70" fill="${RED}"/>`;
  const input = renderSvg(svgDoc(300, 200, body, MID_GREY));
  const result = await traceImage(input, { trim: false });
  t.same([...result.palette].sort(), [INK, RED].sort(), 'exactly the two colors of the art');
  t.match(result.warnings.join('\n'), /Removed background #808080/);
  await expectPixels(
    t,
    'grey PNG',
    result,
    [
      [80, 20, INK],
      [226, 100, RED],
    ],
    [
      [2, 197],
      [296, 2],
      [120, 120],
    ],
    0,
  );
});

/** A deterministic grain (a linear congruential generator), `amplitude` levels either way, on every channel. */
function grained(raw: Raw, amplitude: number): Raw {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const data = Buffer.from(raw.data);
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const noise = Math.round((next() + next() + next() - 1.5) * amplitude);
      data[i + c] = Math.max(0, Math.min(255, data[i + c]! + noise));
    }
  }
  return { ...raw, data };
}

function encodePng(raw: Raw): Promise<Buffer> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } })
    .png()
    .toBuffer();
}

const FLAT_LOGO = svgDoc(
  320,
  200,
  `<circle cx="90" cy="100" r="60" fill="${ORANGE}"/><path d="M170 50h110v30h-40v80h-30v-80h-40z" fill="${INK}"/>`,
  WHITE,
);

t.test('a noised PNG of a flat logo traces with its colors, not refused as too complex', async (t) => {
  const input = await encodePng(grained(await rgba(renderSvg(FLAT_LOGO)), 10));
  const result = await traceImage(input, { trim: false });
  t.equal(result.palette.length, 2, `two colors (${result.palette.join(' ')})`);
  t.ok(hasColor(result, ORANGE, 6), 'orange within grain of the source');
  t.ok(hasColor(result, INK, 6), 'ink within grain of the source');
  t.match(result.warnings.join('\n'), /Removed background #f[0-9a-f]{5}/, 'the grainy white paper is removed');
});

t.test('a JPEG re-saved as PNG gets the JPEG’s palette, not its noise', async (t) => {
  const asJpeg = await jpeg(renderSvg(FLAT_LOGO), 70);
  const asPng = await encodePng(await rgba(asJpeg));
  const fromJpeg = await traceImage(asJpeg, { trim: false });
  const fromPng = await traceImage(asPng, { trim: false });
  t.equal(fromPng.palette.length, fromJpeg.palette.length, `as many colors (${fromPng.palette.join(' ')})`);
  for (const [color, match] of matchPalette(fromPng.palette, fromJpeg.palette).entries()) {
    t.ok(match !== undefined && match.diff <= 3, `${fromJpeg.palette[color]} of the JPEG is in the PNG's palette`);
  }
  t.ok(
    Buffer.byteLength(fromPng.svg) <= 1.2 * Buffer.byteLength(fromJpeg.svg),
    `the SVG is as small as the JPEG's (${Buffer.byteLength(fromPng.svg)} vs ${Buffer.byteLength(fromJpeg.svg)} bytes)`,
  );
});

t.test('a figure framed by a wide colored field keeps the field, and the warning says how to remove it', async (t) => {
  // One field and a figure with a margin on every side: a flag, an icon's square, or a logo on paper.
  const body = `<path d="M104 40h32v40h40v32h-40v40h-32v-40h-40v-32h40z" fill="${WHITE}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 192, body, RED))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, RED, tolerance), `${name}: the red field is kept (${result.palette.join(' ')})`);
    t.match(
      result.warnings.join('\n'),
      /No background removed: the art sits on a #[0-9a-f]{6} field with a margin on every side.*hiding #[0-9a-f]{6} \(or deleting its path\) removes it/,
      `${name}: the warning names the field and how to remove it`,
    );
    await expectPixels(
      t,
      name,
      result,
      [
        [2, 2, RED],
        [120, 96, WHITE],
      ],
      [],
      tolerance,
    );
  }
});

t.test('the same figure framed as widely by a pale tint loses it: a pale page is paper', async (t) => {
  const body = `<path d="M104 40h32v40h40v32h-40v40h-32v-40h-40v-32h40z" fill="${RED}"/>`;
  for (const paper of [CREAM, PALE_BLUE]) {
    for (const [name, input, tolerance] of await inputs(svgDoc(240, 192, body, paper))) {
      const result = await traceImage(input, { trim: false });
      const what = `${name} on ${paper}`;
      t.ok(hasColor(result, RED, tolerance), `${what}: the figure is kept (${result.palette.join(' ')})`);
      t.notOk(hasColor(result, paper, 6), `${what}: the paper is no palette color`);
      t.match(result.warnings.join('\n'), /Removed background #[0-9a-f]{6}/, `${what}: the warning names the paper`);
      await expectPixels(
        t,
        what,
        result,
        [[120, 96, RED]],
        [
          [2, 2],
          [237, 189],
        ],
        tolerance,
      );
    }
  }
});

t.test('a black logo on a dark-mode page 5 dE off it loses the page and keeps the logo', async (t) => {
  // Nothing stands 12 dE off the page, as grain on a noisy paper would; on a
  // clean page the logo stands off its own noise.
  const body = `<path d="M4 4h36v112h-36z" fill="${BLACK}"/><circle cx="100" cy="60" r="52" fill="${BLACK}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(160, 120, body, DARK_MODE_PAGE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, BLACK, tolerance), `${name}: black kept (${result.palette.join(' ')})`);
    t.notOk(hasColor(result, DARK_MODE_PAGE, 2), `${name}: the page is no palette color`);
    t.match(result.warnings.join('\n'), /Removed background #1[0-9a-f]{5}/, `${name}: the warning names the page`);
    await expectPixels(
      t,
      name,
      result,
      [
        [20, 60, BLACK],
        [100, 60, BLACK],
      ],
      [
        [1, 1],
        [158, 118],
        [46, 60],
      ],
      tolerance,
    );
  }
});

t.test('a thin wordmark 5 dE off its purple page keeps beside a white mark', async (t) => {
  // The white mark makes the page paper at the usual reach; the wordmark's
  // strokes meet the page with half their pixels, as noise would, but lie
  // far from any edge that rings.
  const strokes = [0, 1, 2, 3].map((k) => `<path d="M${110 + k * 24} 30h8v60h-8z" fill="${VIOLET}"/>`).join('');
  const body = `<circle cx="50" cy="60" r="44" fill="${WHITE}"/>${strokes}`;
  for (const [name, input, tolerance] of await inputs(svgDoc(200, 120, body, PURPLE_PAGE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, VIOLET, tolerance), `${name}: the wordmark's violet kept (${result.palette.join(' ')})`);
    await expectPixels(
      t,
      name,
      result,
      [
        [50, 60, WHITE],
        [114, 60, VIOLET],
        [186, 60, VIOLET],
      ],
      [
        [1, 1],
        [126, 60],
      ],
      tolerance,
    );
  }
});

t.test('grey bars on a saturated page keep their grey: the chroma the page bleeds into them is no color', async (t) => {
  // 4:2:0 subsampling keeps each pixel's luma and spreads its chroma: along
  // every edge the bars take the page's purple at their own lightness, a
  // rim twice as wide in a copy blown up from a small one. Such a rim, 19 dE
  // off the grey, folds into it rather than staying a color of its own.
  const bars = [0, 1, 2, 3].map((k) => `<rect x="${100 + k * 50}" y="24" width="28" height="112" fill="${GREY_INK}"/>`);
  const body = `<circle cx="48" cy="80" r="40" fill="${ORANGE}"/>${bars.join('')}`;
  const source = renderSvg(svgDoc(340, 160, body, ORCHID_PAGE));
  const blownUp = await sharp(await jpeg(await sharp(source).resize(170, 80).toBuffer(), 60))
    .resize(340, 160)
    .png()
    .toBuffer();
  const cases: [string, Buffer][] = [
    ['lossy WebP', await sharp(blownUp).webp({ quality: 75 }).toBuffer()],
    ['JPEG q80', await jpeg(blownUp, 80)],
  ];
  for (const [name, input] of cases) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, GREY_INK, 8), `${name}: the bars' grey kept (${result.palette.join(' ')})`);
    t.ok(hasColor(result, ORANGE, 8), `${name}: the orange kept`);
    t.equal(result.palette.length, 2, `${name}: no rim color beside grey and orange (${result.palette.join(' ')})`);
    await expectPixels(
      t,
      name,
      result,
      [
        [114, 80, GREY_INK],
        [48, 80, ORANGE],
      ],
      [
        [3, 3],
        [139, 80],
      ],
      8,
    );
  }
});

t.test('a blank near-black image keeps its one color, and the warning says nothing stands off it', async (t) => {
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 160, '', NEAR_BLACK))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, NEAR_BLACK, tolerance), `${name}: the field is kept (${result.palette.join(' ')})`);
    t.match(
      result.warnings.join('\n'),
      /No background removed: nothing stands far off the #[0-9a-f]{6} that fills the image.*hiding #[0-9a-f]{6}/,
      `${name}: the warning says there is nothing on the field`,
    );
  }
});

t.test('white diagonals reaching the corners of a blue field keep both colors', async (t) => {
  const saltire = `<path d="M0 0L240 160M240 0L0 160" stroke="${WHITE}" stroke-width="28"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 160, saltire, SATURATED_BLUE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, WHITE, tolerance), `${name}: white kept (${result.palette.join(' ')})`);
    t.ok(hasColor(result, SATURATED_BLUE, tolerance), `${name}: blue kept`);
    t.match(result.warnings.join('\n'), /the art fills the frame \(its border shows 2 colors\)/, `${name}: says why`);
    await expectPixels(
      t,
      name,
      result,
      [
        [2, 2, WHITE],
        [120, 80, WHITE],
        [120, 10, SATURATED_BLUE],
      ],
      [],
      tolerance,
    );
  }
});

t.test('a dark field with a canton in one corner and a star keeps its field', async (t) => {
  // The canton's white diagonals and red cross cut its own navy into triangles open to the field.
  const canton =
    `<path d="M0 0L120 80M120 0L0 80" stroke="${WHITE}" stroke-width="16"/>` +
    `<path d="M60 0V80M0 40H120" stroke="${WHITE}" stroke-width="20"/>` +
    `<path d="M60 0V80M0 40H120" stroke="${RED}" stroke-width="10"/>` +
    `<path d="M180 100l8 20h20l-16 13 6 21-18-12-18 12 6-21-16-13h20z" fill="${WHITE}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 160, canton, NEAR_BLACK))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, NEAR_BLACK, tolerance), `${name}: the field is kept (${result.palette.join(' ')})`);
    t.match(result.warnings.join('\n'), /the art fills the frame/, `${name}: says why`);
    await expectPixels(
      t,
      name,
      result,
      [
        [200, 40, NEAR_BLACK],
        [120, 150, NEAR_BLACK],
        [60, 40, RED],
      ],
      [],
      tolerance,
    );
  }
});

t.test('diagonals of the corners’ color running under a cross to the middle keep every color', async (t) => {
  const basque =
    `<path d="M0 0L240 160M240 0L0 160" stroke="${GREEN}" stroke-width="24"/>` +
    `<path d="M120 0V160M0 80H240" stroke="${WHITE}" stroke-width="20"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 160, basque, RED))) {
    const result = await traceImage(input, { trim: false });
    for (const color of [GREEN, RED, WHITE]) {
      t.ok(hasColor(result, color, tolerance), `${name}: ${color} kept (${result.palette.join(' ')})`);
    }
    await expectPixels(
      t,
      name,
      result,
      [
        [2, 2, GREEN],
        [60, 40, GREEN],
        [120, 10, WHITE],
      ],
      [],
      tolerance,
    );
  }
});

t.test('on a colored paper, what the art encloses in its color is a cut-out and seams stay art', async (t) => {
  const TAN = '#d5a269';
  // An orange app-icon plate, paper in its corners, with a white bar beside a red one (a seam whose JPEG blend lands near tan) and a round cut-out.
  const plate =
    `<rect width="240" height="160" rx="30" fill="${ORANGE}"/>` +
    `<rect x="70" y="50" width="50" height="60" fill="${WHITE}"/><rect x="120" y="50" width="20" height="60" fill="${RED}"/>` +
    `<circle cx="170" cy="80" r="14" fill="${TAN}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 160, plate, TAN))) {
    const result = await traceImage(input, { trim: false });
    t.notOk(hasColor(result, TAN, 12), `${name}: no shape keeps the paper's color (${result.palette.join(' ')})`);
    await expectPixels(
      t,
      name,
      result,
      [
        [95, 80, WHITE],
        [130, 80, RED],
        [40, 140, ORANGE],
      ],
      [
        [170, 80],
        [1, 1],
      ],
      tolerance,
    );
    const out = await renderResult(result);
    const seam = [119, 120, 121].map((x) => pixelAt(out, x, 80).alpha);
    t.ok(
      seam.every((alpha) => alpha === 255),
      `${name}: the seam between white and red is opaque (${seam.join(' ')})`,
    );
  }
});

t.test('a logo on a gently graded page loses the whole page, not only its border shade', async (t) => {
  // A page lit from one corner, #f7f7f7 to #e4e4e4 (7 dE): its far shades are colors of their own
  // to the palette, but they meet the page without an edge.
  const page =
    '<defs><linearGradient id="page" x1="0" y1="0" x2="0.4" y2="1">' +
    '<stop offset="0" stop-color="#f7f7f7"/><stop offset="1" stop-color="#e4e4e4"/></linearGradient></defs>' +
    '<rect width="280" height="220" fill="url(#page)"/>';
  const body = `${page}<path d="M40 40h60v140h-60z" fill="${INK}"/><circle cx="190" cy="110" r="60" fill="${ORANGE}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(280, 220, body))) {
    const result = await traceImage(input, { trim: false });
    t.same(
      matchPalette(result.palette, [INK, ORANGE]).map((m) => m.diff <= tolerance + 4),
      [true, true],
      name,
    );
    t.equal(result.palette.length, 2, `${name}: no shade of the page is a color (${result.palette.join(' ')})`);
    await expectPixels(
      t,
      name,
      result,
      [
        [70, 110, INK],
        [190, 110, ORANGE],
      ],
      [
        [2, 2],
        [277, 2],
        [2, 217],
        [277, 217],
        [140, 210],
        [265, 180],
      ],
      tolerance,
    );
  }
});

t.test('a pale plate meeting the frame with its edge stays beside a graded page', async (t) => {
  const page =
    '<defs><linearGradient id="page" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#f4f4f4"/></linearGradient></defs>' +
    '<rect width="280" height="220" fill="url(#page)"/>';
  const plate = '#e0e0e0';
  const body = `${page}<rect x="60" y="120" width="160" height="100" fill="${plate}"/><path d="M120 40h40v60h-40z" fill="${INK}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(280, 220, body))) {
    const result = await traceImage(input, { trim: false });
    await expectPixels(
      t,
      name,
      result,
      [
        [140, 70, INK],
        [140, 200, plate],
        [70, 217, plate],
      ],
      [
        [2, 2],
        [277, 217],
        [20, 200],
      ],
      tolerance,
    );
  }
});

t.test('transparent=false keeps any paper as a color', async (t) => {
  const input = renderSvg(svgDoc(200, 160, `<circle cx="100" cy="80" r="50" fill="${WHITE}"/>`, SATURATED_BLUE));
  const result = await traceImage(input, { trim: false, transparent: false });
  t.ok(hasColor(result, SATURATED_BLUE, 0), `the blue paper stays (${result.palette.join(' ')})`);
  t.equal(pixelAt(await renderResult(result), 3, 3).alpha, 255, 'the corner is opaque');
});
