/**
 * The engine on drawn logos: exact palettes, the SVG's structure and fidelity,
 * colors=N, transparent and trim, smoothing. Formats are in
 * tracer-formats.test.ts, bad inputs in tracer-errors.test.ts, concurrency,
 * panics and abort in test/system/core/tracer-concurrency.test.ts.
 */
import sharp from 'sharp';
import t from 'tap';

import { COLOR_CHOICES, type ColorChoice } from '../../src/core/settings.js';
import { traceImage } from '../../src/core/tracer.js';
import {
  FIVE_COLORS,
  GRAY,
  NAVY,
  ORANGE,
  adjacentColorsLogo,
  alphaBox,
  badgeLogo,
  channelDiff,
  curvyLogo,
  fiveColorLogo,
  jpeg,
  matchPalette,
  meanErrorOver,
  opaqueShare,
  png,
  renderSvgAt,
  rgba,
  svgDoc,
  svgStructure,
  twoColorLogo,
  type Raw,
} from '../helpers/fixtures.js';
import { checkSvg, pixelAt, renderResult } from '../helpers/trace.js';

const sorted = (colors: readonly string[]) => [...colors].sort();
const bare = (text: string) => text.replace(/#/g, '');

/** Alpha IoU (alpha >= 128) of two same-size images. */
function maskIoU(a: Raw, b: Raw): number {
  let inter = 0;
  let union = 0;
  for (let o = 3; o < a.data.length; o += 4) {
    const x = a.data[o]! >= 128;
    const y = b.data[o]! >= 128;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union ? inter / union : 1;
}

t.test('exact palette from a two-color PNG with anti-aliased edges on transparency', async (t) => {
  const result = await traceImage(png(twoColorLogo()));
  t.same(sorted(result.palette), sorted([ORANGE, GRAY]), 'exactly #fc4c02 and #54585a, nothing for the anti-aliasing');
  t.same(result.warnings, [], 'no background to remove on a transparent PNG');
  t.equal(result.coverage.length, result.palette.length, 'one coverage share per color');
  t.ok(Math.abs(result.coverage.reduce((a, b) => a + b, 0) - 1) < 1e-6, 'coverage shares sum to 1');
  t.ok(result.engineMs > 0, 'engine time is reported');
  checkSvg(t, result);
});

t.test('the same logo as JPEG q90 on white: near-exact colors, no extras, background removed', async (t) => {
  const result = await traceImage(await jpeg(png(twoColorLogo()), 90));
  t.equal(result.palette.length, 2, `two colors, got ${result.palette.join(' ')}`);
  for (const m of matchPalette(result.palette, [ORANGE, GRAY])) {
    t.ok(m.diff <= 2, `${m.expected} recovered within 2 per channel (got ${m.got})`);
  }
  const removed = result.warnings.find((w) => w.includes('Removed background'));
  t.ok(removed, 'a warning says the background was removed', { found: result.warnings });
  const hex = /#[0-9a-f]{6}/.exec(removed ?? '')?.[0];
  t.ok(hex && channelDiff(hex, '#ffffff') <= 2, `the removed background is the white page (${hex})`);
  t.notOk(
    result.palette.some((c) => channelDiff(c, '#ffffff') <= 16),
    'no white in the palette',
  );
  checkSvg(t, result);
});

t.test(
  'a JPEG keeps two light colors apart when its pixels show two peaks (a cream face on a light plate)',
  async (t) => {
    // Bun's plate and face: 6.8 dE apart, at one lightness, each a large flat area.
    const [plate, face] = ['#f3f2ed', '#fbefdf'];
    const body =
      `<rect x="16" y="16" width="224" height="224" rx="40" fill="${plate}"/>` +
      `<ellipse cx="128" cy="132" rx="84" ry="68" fill="${face}" stroke="#000000" stroke-width="8"/>`;
    const box = { x: 16, y: 16, width: 224, height: 224 };
    const fixture = { svg: svgDoc(256, 256, body, '#ffffff'), width: 256, height: 256, box, colors: [plate, face] };
    const result = await traceImage(await jpeg(png(fixture), 85));
    for (const m of matchPalette(result.palette, [plate, face, '#000000'])) {
      t.ok(m.diff <= 4, `${m.expected} is a color of its own (nearest ${m.got}, ${m.diff} per channel)`);
    }
    const raster = await renderResult(result);
    t.ok(channelDiff(pixelAt(raster, 128, 132).hex, face) <= 4, 'the face is painted in its own color');
    t.ok(channelDiff(pixelAt(raster, 40, 40).hex, plate) <= 4, 'the plate keeps its own');
  },
);

t.test('a badge on a white page: the page goes, the badge stays', async (t) => {
  const fixture = badgeLogo();
  for (const [name, input, tolerance] of [
    ['opaque PNG', png(fixture), 0],
    ['JPEG q90', await jpeg(png(fixture), 90), 2],
  ] as const) {
    t.test(name, async (t) => {
      const result = await traceImage(input);
      const navy = matchPalette(result.palette, [NAVY])[0];
      t.ok(navy && navy.diff <= tolerance, `navy within ${tolerance} per channel (got ${navy?.got})`);
      t.notOk(
        result.palette.some((c) => c !== navy?.got && channelDiff(c, NAVY) <= 40),
        'no second, near-navy color',
      );
      t.match(result.warnings.join('\n'), /Removed background #f[ef]f[ef]f[ef]/, 'the page is removed');
      t.equal(result.width, fixture.box.width, 'trimmed to the badge (width)');
      t.equal(result.height, fixture.box.height, 'trimmed to the badge (height)');
      checkSvg(t, result);
      const out = await renderResult(result);
      const corner = [...out.data.subarray(4 * (out.width + 1), 4 * (out.width + 1) + 4)];
      t.ok(corner[3]! < 20, `outside the badge's rounded corner is transparent (${corner.join(',')})`);
      const body = [...out.data.subarray(4 * (10 * out.width + 100), 4 * (10 * out.width + 100) + 4)];
      t.ok(
        body[3] === 255 &&
          channelDiff(
            `#${body
              .slice(0, 3)
              .map((v) => v.toString(16).padStart(2, '0'))
              .join('')}`,
            NAVY,
          ) <= 2,
        `the badge is opaque navy (${body.join(',')})`,
      );
    });
  }
});

// Known engine failures run as ordinary tests whose assertions carry a tap
// `todo` directive: they print as "not ok ... # TODO <reason>" (visible, not
// counted as failures) and turn into "ok ... # TODO" once the engine is fixed.

t.test(
  'white shapes inside a badge on an opaque image are figures and stay white; transparent=false keeps them too',
  async (t) => {
    // The ring and the bar sit in a navy plate far thicker than their strokes:
    // figures, not counters (see the README's "How the engine works").
    const fixture = badgeLogo();
    for (const [name, input, tolerance] of [
      ['opaque PNG', png(fixture), 0],
      ['JPEG q90', await jpeg(png(fixture), 90), 2],
    ] as const) {
      const traced = await traceImage(input);
      t.equal(traced.palette.length, 2, `${name}: navy and white (${bare(traced.palette.join(' '))})`);
      for (const m of matchPalette(traced.palette, [NAVY, '#ffffff']))
        t.ok(m.diff <= tolerance, `${name}: ${bare(m.expected)} within ${tolerance} (got ${bare(m.got)})`);
      t.match(
        traced.warnings.join('\n'),
        /kept 2 shapes of that color as part of the art/,
        `${name}: the warning names the kept shapes`,
      );
      // The ring's stroke, left of its center (80, 80) in the source, (60, 60) after the trim.
      const out = await renderResult(traced);
      const ring = [...out.data.subarray(4 * (60 * out.width + 26), 4 * (60 * out.width + 26) + 4)];
      t.ok(
        ring[3] === 255 && ring.slice(0, 3).every((v) => v >= 255 - tolerance - 2),
        `${name}: the ring is opaque white (${ring.join(',')})`,
      );

      const kept = await traceImage(input, { transparent: false });
      const white = matchPalette(kept.palette, [NAVY, '#ffffff']);
      for (const m of white)
        t.ok(m.diff <= tolerance, `${name}, transparent=false: ${bare(m.expected)} kept (got ${bare(m.got)})`);
    }
  },
);

t.test('the SVG really traces the shapes: rendered with resvg it matches the source', async (t) => {
  for (const [name, fixture, bound, minIoU] of [
    // Bounds: about the error of a trace whose edges sit within half a pixel of
    // the source's; the thin bars of the two-color logo make edges a larger share.
    ['two-color', twoColorLogo(), 3, 0.9],
    ['five-color', fiveColorLogo(), 2.5, 0.95],
    ['curves', curvyLogo(), 2.5, 0.95],
  ] as const) {
    const source = png(fixture);
    const result = await traceImage(source, { trim: false });
    t.equal(result.width, fixture.width);
    t.equal(result.height, fixture.height);
    const s = checkSvg(t, result);
    t.same(sorted(s.fills), sorted(fixture.colors), `${name}: fills are the drawn colors`);
    const [src, out] = [await rgba(source), await renderResult(result)];
    const blank: Raw = { data: Buffer.alloc(src.data.length), width: src.width, height: src.height };
    const overWhite = meanErrorOver(src, out);
    const overBlack = meanErrorOver(src, out, [0, 0, 0]);
    t.ok(overWhite <= bound, `${name}: mean error over white ${overWhite.toFixed(2)} <= ${bound}`);
    t.ok(overBlack <= bound, `${name}: mean error over black ${overBlack.toFixed(2)} <= ${bound}`);
    t.ok(overWhite < meanErrorOver(src, blank) / 10, `${name}: ten times closer than an empty image`);
    t.ok(maskIoU(src, out) >= minIoU, `${name}: alpha mask IoU ${maskIoU(src, out).toFixed(3)} >= ${minIoU}`);
  }
});

t.test('adjacent colors leave no gap between their paths', async (t) => {
  const fixture = adjacentColorsLogo();
  const result = await traceImage(png(fixture), { trim: false });
  t.same(sorted(result.palette), sorted([ORANGE, GRAY]));
  const out = await renderResult(result);
  let holes = 0;
  // Inside the two squares, one pixel in from the outer edges; the seam is at x = 100.
  for (let y = 22; y < 98; y++) {
    for (let x = 22; x < 178; x++) if (out.data[(y * out.width + x) * 4 + 3]! < 255) holes++;
  }
  t.equal(holes, 0, 'every pixel inside the two squares is fully covered, the seam included');
  const px = (x: number) =>
    `#${[...out.data.subarray((60 * out.width + x) * 4, (60 * out.width + x) * 4 + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  t.ok(channelDiff(px(97), ORANGE) <= 2, `left of the seam is orange (${px(97)})`);
  t.ok(channelDiff(px(102), GRAY) <= 2, `right of the seam is gray (${px(102)})`);
});

t.test('colors=N is honoured on a five-color logo, for every choice the settings offer', async (t) => {
  const input = png(fiveColorLogo());
  const source = await rgba(input);
  // The settings (src/core/settings.ts) are the one list of choices; the engine takes each as given.
  const fewer = COLOR_CHOICES.filter((n) => n > 0 && n < FIVE_COLORS.length);
  const enough = COLOR_CHOICES.filter((n) => n === 0 || n >= FIVE_COLORS.length);
  t.same([...fewer, ...enough].sort(), [...COLOR_CHOICES].sort(), 'every choice is traced below');
  for (const n of fewer) {
    const result = await traceImage(input, { colors: n, trim: false });
    t.equal(result.palette.length, n, `colors=${n} gives exactly ${n}: ${result.palette.join(' ')}`);
    t.ok(
      result.palette.every((c) => (FIVE_COLORS as readonly string[]).includes(c)),
      `colors=${n}: only drawn colors, exact hexes`,
    );
    t.ok(result.palette.includes(ORANGE), `colors=${n}: the largest color is kept`);
    checkSvg(t, result);
    const iou = maskIoU(source, await renderResult(result));
    t.ok(iou >= 0.95, `colors=${n}: merged colors still cover the logo (IoU ${iou.toFixed(3)})`);
  }
  for (const n of enough) {
    const result = await traceImage(input, { colors: n });
    t.same(sorted(result.palette), sorted(FIVE_COLORS), `colors=${n} on a five-color logo gives its five colors`);
  }
  t.same([...COLOR_CHOICES], [0, 1, 2, 3, 4, 6, 8], 'the documented choices');
});

t.test('colors=N on a JPEG counts logo colors only (the removed page is not one)', async (t) => {
  const input = await jpeg(png(fiveColorLogo()), 90);
  for (const n of [2, 4] as ColorChoice[]) {
    const result = await traceImage(input, { colors: n });
    t.equal(result.palette.length, n, `colors=${n}: ${result.palette.join(' ')}`);
    t.notOk(
      result.palette.some((c) => channelDiff(c, '#ffffff') <= 16),
      'no white',
    );
    for (const c of result.palette) {
      const nearest = matchPalette([...FIVE_COLORS], [c])[0];
      t.ok(nearest && nearest.diff <= 2, `${c} is a drawn color within 2 (${nearest?.got})`);
    }
  }
  const auto = await traceImage(input);
  t.equal(auto.palette.length, 5, `automatic: the five colors, ${auto.palette.join(' ')}`);
  for (const m of matchPalette(auto.palette, FIVE_COLORS)) t.ok(m.diff <= 2, `${m.expected} within 2 (got ${m.got})`);
});

t.test('transparent=false keeps the background', async (t) => {
  const onWhite = png(twoColorLogo('#ffffff'));
  t.test('opaque PNG on white', async (t) => {
    const kept = await traceImage(onWhite, { transparent: false });
    t.same(sorted(kept.palette), sorted([ORANGE, GRAY, '#ffffff']), 'white joins the palette');
    t.equal(kept.width, 200, 'nothing to trim: full width');
    t.equal(kept.height, 120, 'nothing to trim: full height');
    t.same(kept.warnings, [], 'nothing removed');
    checkSvg(t, kept);
    const out = await renderResult(kept);
    t.ok(opaqueShare(out) >= 0.999, `the SVG covers the whole image (${(opaqueShare(out) * 100).toFixed(2)}% opaque)`);
    const removed = await traceImage(onWhite);
    t.same(sorted(removed.palette), sorted([ORANGE, GRAY]), 'transparent=true (default) removes the white page');
    t.match(removed.warnings.join('\n'), /Removed background #ffffff/);
  });
  t.test('PNG with alpha is flattened onto white', async (t) => {
    const kept = await traceImage(png(twoColorLogo()), { transparent: false, trim: false });
    t.ok(kept.palette.includes('#ffffff'), `white is in the palette: ${kept.palette.join(' ')}`);
    t.same(sorted(kept.palette.filter((c) => c !== '#ffffff')), sorted([ORANGE, GRAY]), 'the logo colors stay exact');
    t.ok(opaqueShare(await renderResult(kept)) >= 0.999, 'the SVG covers the whole image');
  });
  t.test('JPEG', async (t) => {
    const kept = await traceImage(await jpeg(onWhite, 90), { transparent: false });
    t.equal(kept.palette.length, 3, `orange, gray and white: ${kept.palette.join(' ')}`);
    for (const m of matchPalette(kept.palette, [ORANGE, GRAY, '#ffffff']))
      t.ok(m.diff <= 2, `${m.expected} within 2 (got ${m.got})`);
    t.equal(kept.width, 200);
    t.equal(kept.height, 120);
    t.ok(opaqueShare(await renderResult(kept)) >= 0.999, 'the SVG covers the whole image');
  });
});

t.test('trim crops to the content box; trim=false keeps the source size', async (t) => {
  for (const [name, fixture] of [
    ['two-color', twoColorLogo()],
    ['five-color', fiveColorLogo()],
  ] as const) {
    const input = png(fixture);
    const drawn = alphaBox(await rgba(input));
    if (!drawn) throw new Error('fixture has no content');
    const trimmed = await traceImage(input, { trim: true });
    t.ok(
      Math.abs(trimmed.width - fixture.box.width) <= 1,
      `${name}: width ${trimmed.width} is the drawn ${fixture.box.width} within 1`,
    );
    t.ok(
      Math.abs(trimmed.height - fixture.box.height) <= 1,
      `${name}: height ${trimmed.height} is the drawn ${fixture.box.height} within 1`,
    );
    t.ok(
      Math.abs(trimmed.width - drawn.width) <= 1 && Math.abs(trimmed.height - drawn.height) <= 1,
      `${name}: and the half-covered pixels' box within 1`,
    );
    checkSvg(t, trimmed);
    // The trimmed drawing sits where the content was: compare with the source cropped to the box.
    const crop = await rgba(
      await sharp(input)
        .extract({ left: drawn.x, top: drawn.y, width: trimmed.width, height: trimmed.height })
        .png()
        .toBuffer(),
    );
    const error = meanErrorOver(crop, await renderResult(trimmed));
    const blank = meanErrorOver(crop, { data: Buffer.alloc(crop.data.length), width: crop.width, height: crop.height });
    // Bound 5: the cropped image has less empty margin, so the same edges weigh more.
    t.ok(
      error <= 5 && error < blank / 8,
      `${name}: the trimmed SVG lines up with the cropped source (mean error ${error.toFixed(2)}, empty ${blank.toFixed(2)})`,
    );
    const full = await traceImage(input, { trim: false });
    t.equal(full.width, fixture.width, `${name}: trim=false keeps the width`);
    t.equal(full.height, fixture.height, `${name}: trim=false keeps the height`);
  }
  t.test('JPEG on white: trimmed after the background is removed', async (t) => {
    const fixture = twoColorLogo();
    const result = await traceImage(await jpeg(png(fixture), 90));
    t.ok(Math.abs(result.width - fixture.box.width) <= 2, `width ${result.width} ~ ${fixture.box.width}`);
    t.ok(Math.abs(result.height - fixture.box.height) <= 2, `height ${result.height} ~ ${fixture.box.height}`);
  });
});

t.test('smoothing: 0 and 100 both trace', async (t) => {
  const fixture = curvyLogo();
  const input = png(fixture);
  const source = await rgba(input);
  for (const smoothing of [0, 100]) {
    const result = await traceImage(input, { smoothing, trim: false });
    t.same(sorted(result.palette), sorted(fixture.colors), `smoothing=${smoothing}: the drawn colors`);
    checkSvg(t, result);
    const error = meanErrorOver(source, await renderResult(result));
    t.ok(error <= 4, `smoothing=${smoothing}: mean error ${error.toFixed(2)} <= 4`);
  }
});

t.test('smoothing 0 follows the pixels at least as closely as the default', async (t) => {
  // Straight edges must stay straight at smoothing 0 (vtracer's fitting bent them into S-curves).
  const input = png(twoColorLogo());
  const source = await rgba(input);
  const errors: Record<number, number> = {};
  for (const smoothing of [0, 20]) {
    errors[smoothing] = meanErrorOver(source, await renderResult(await traceImage(input, { smoothing, trim: false })));
  }
  const [e0, e20] = [errors[0]!, errors[20]!];
  t.ok(e0 <= e20 + 0.25, `mean error at smoothing 0 (${e0.toFixed(2)}) <= at smoothing 20 (${e20.toFixed(2)}) + 0.25`);
  t.ok(e0 <= 3, `mean error at smoothing 0 (${e0.toFixed(2)}) <= 3`);
});

const NOT_MONOTONIC = { todo: 'engine: path bytes are not monotonic in smoothing' };

t.test('more smoothing never gives more path bytes', async (t) => {
  for (const [name, fixture] of [
    ['curves', curvyLogo()],
    ['five-color', fiveColorLogo()],
  ] as const) {
    const input = png(fixture);
    const bytes: number[] = [];
    for (const smoothing of [0, 20, 60, 100]) {
      bytes.push(svgStructure((await traceImage(input, { smoothing })).svg).pathBytes);
    }
    t.comment(`${name}: path bytes at smoothing 0, 20, 60, 100: ${bytes.join(', ')}`);
    for (let i = 1; i < bytes.length; i++) {
      t.ok(
        bytes[i]! <= bytes[i - 1]!,
        `${name}: smoothing ${[0, 20, 60, 100][i]} (${bytes[i]} B) <= smoothing ${[0, 20, 60, 100][i - 1]} (${bytes[i - 1]} B)`,
        NOT_MONOTONIC,
      );
    }
  }
});

t.test('a very large logo is traced downscaled, with a warning, at its original size', async (t) => {
  const fixture = fiveColorLogo();
  const input = renderSvgAt(fixture.svg, 4500); // 4500x2550, 11.5 MP: within the limits
  const result = await traceImage(input, { trim: false });
  t.same([result.width, result.height], [4500, 2550], 'the SVG keeps the source size');
  const warning = result.warnings.find((w) => w.startsWith('Traced at'));
  t.ok(warning, `a warning says it was downscaled: ${result.warnings.join(' | ')}`);
  t.match(warning, /4500x2550/, 'naming the source size');
  t.match(warning, /1\/\d+/, 'and the factor');
  t.same(sorted(result.palette), sorted(FIVE_COLORS), 'the palette stays exact');
  checkSvg(t, result);
  const small = await traceImage(png(fixture));
  t.notOk(
    small.warnings.some((w) => w.startsWith('Traced at')),
    'no such warning at the drawn size',
  );
});
