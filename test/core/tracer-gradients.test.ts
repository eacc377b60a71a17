/**
 * Gradients and translucency (issue 36): a region whose color changes
 * smoothly along a direction or from a center is one shape painted with a
 * gradient, not a stack of bands; flat art stays flat; translucent art keeps
 * its opacity. Every fixture is drawn here.
 */
import t from 'tap';

import { traceImage, vectorize, type TraceResult } from '../../src/core/tracer.js';
import { SAMPLE_LOGO_SVG } from '../../src/core/sample-logo.js';
import {
  busyLogo,
  fiveColorLogo,
  jpeg,
  png,
  renderSvg,
  renderSvgAt,
  rgba,
  svgDoc,
  twoColorLogo,
  type Raw,
} from '../helpers/fixtures.js';
import { pixelAt, type Asserts } from '../helpers/trace.js';

const SIZE = 256;
const VIOLET = '#6a11cb';
const BLUE = '#2575fc';

function linearRamp(id: string, from: string, to: string, [x1, y1, x2, y2]: number[]): string {
  return (
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  );
}

/** A rounded square painted with a diagonal violet-to-blue ramp, on transparency. */
const RAMP_SQUARE = svgDoc(
  SIZE,
  SIZE,
  `<defs>${linearRamp('r', VIOLET, BLUE, [16, 16, 240, 240])}</defs><rect x="16" y="16" width="224" height="224" rx="40" fill="url(#r)"/>`,
);

/** Over `backdrop`, the mean per-channel difference of the traced SVG from the source, and the share of pixels off by more than 24. */
async function fidelity(result: TraceResult, source: Buffer, backdrop = 255): Promise<{ error: number; off: number }> {
  const truth = await rgba(source);
  const ours = await rgba(renderSvgAt(result.svg, result.width));
  const over = (raw: Raw, i: number, c: number) =>
    (raw.data[i + c]! * raw.data[i + 3]! + backdrop * (255 - raw.data[i + 3]!)) / 255;
  let sum = 0;
  let off = 0;
  for (let i = 0; i < truth.data.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(over(truth, i, c) - over(ours, i, c));
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 24) off++;
  }
  const pixels = truth.data.length / 4;
  return { error: sum / (pixels * 3), off: off / pixels };
}

function gradientTags(svg: string): string[] {
  return [...svg.matchAll(/<(linear|radial)Gradient\b/g)].map((m) => m[1]!);
}

function expectStopsInPalette(t: Asserts, result: TraceResult): void {
  for (const stops of result.gradients) {
    t.ok(stops.length >= 2, `a gradient has at least two stops (${stops.join(' ')})`);
    t.ok(
      stops.every((stop) => result.palette.includes(stop)),
      'every stop color is in the palette',
    );
  }
}

t.test('a linear ramp in a rounded square becomes one linear gradient, with no bands', async (t) => {
  const source = renderSvg(RAMP_SQUARE);
  const result = await traceImage(source, { trim: false });
  t.same(gradientTags(result.svg), ['linear'], 'one linearGradient');
  t.equal(result.gradients.length, 1);
  t.match(result.svg, /gradientUnits="userSpaceOnUse"/);
  t.equal((result.svg.match(/<path\b/g) ?? []).length, 1, 'one shape, one outline');
  expectStopsInPalette(t, result);
  const { error, off } = await fidelity(result, source);
  t.ok(error <= 2, `close to the source over white (error ${error.toFixed(2)})`);
  t.ok(off <= 0.01, `no bands: ${(off * 100).toFixed(2)}% of pixels off by more than 24`);
});

t.test('a radial glow in a disc becomes a radial gradient', async (t) => {
  const glow =
    `<defs><radialGradient id="g" gradientUnits="userSpaceOnUse" cx="128" cy="128" r="112">` +
    `<stop offset="0" stop-color="#ffe14d"/><stop offset="1" stop-color="#e02424"/></radialGradient></defs>` +
    `<circle cx="128" cy="128" r="112" fill="url(#g)"/>`;
  const source = renderSvg(svgDoc(SIZE, SIZE, glow));
  const result = await traceImage(source, { trim: false });
  t.same(gradientTags(result.svg), ['radial']);
  const center = /cx="([\d.]+)" cy="([\d.]+)"/.exec(result.svg);
  t.ok(center && Math.abs(Number(center[1]) - 128) < 6 && Math.abs(Number(center[2]) - 128) < 6, 'centred on the glow');
  const { error, off } = await fidelity(result, source);
  t.ok(error <= 2.5 && off <= 0.01, `close to the source (error ${error.toFixed(2)}, off ${(off * 100).toFixed(2)}%)`);
});

t.test('a tilted oval glow becomes a radial gradient whose rings are ellipses', async (t) => {
  // Circles of a glow squeezed to half their width and turned 30 degrees.
  const glow =
    `<defs><radialGradient id="g" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="100">` +
    `<stop offset="0" stop-color="#ffe14d"/><stop offset="1" stop-color="#e02424"/></radialGradient></defs>` +
    `<circle r="100" transform="translate(128 128) rotate(30) scale(1 0.5)" fill="url(#g)"/>`;
  const source = renderSvg(svgDoc(SIZE, SIZE, glow));
  const result = await traceImage(source, { trim: false });
  t.same(gradientTags(result.svg), ['radial']);
  const matrix = /gradientTransform="matrix\(([^)]*)\)"/.exec(result.svg)?.[1]?.split(' ').map(Number);
  t.ok(matrix?.length === 6, `its rings are drawn through a matrix (${result.svg.slice(0, 240)})`);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = matrix ?? [];
  t.ok(Math.abs(Math.atan2(b, a) * (180 / Math.PI) - 30) < 3, `the long axis turned 30 degrees (${a} ${b})`);
  t.ok(Math.abs(Math.hypot(c, d) / Math.hypot(a, b) - 0.5) < 0.05, `half as wide as long (${c} ${d})`);
  t.ok(Math.abs(e - 128) < 4 && Math.abs(f - 128) < 4, `centred on the glow (${e} ${f})`);
  const { error, off } = await fidelity(result, source);
  t.ok(error <= 2.5 && off <= 0.01, `close to the source (error ${error.toFixed(2)}, off ${(off * 100).toFixed(2)}%)`);
});

t.test('two ramps meeting at a hard edge stay two gradients', async (t) => {
  const body =
    `<defs>${linearRamp('a', VIOLET, BLUE, [0, 16, 0, 240])}${linearRamp('b', '#f97316', '#facc15', [0, 16, 0, 240])}</defs>` +
    `<rect x="16" y="16" width="112" height="224" fill="url(#a)"/><rect x="128" y="16" width="112" height="224" fill="url(#b)"/>`;
  const source = renderSvg(svgDoc(SIZE, SIZE, body));
  const result = await traceImage(source, { trim: false });
  t.equal(result.gradients.length, 2, 'one gradient each side of the edge');
  const { error, off } = await fidelity(result, source);
  t.ok(error <= 2.5 && off <= 0.02, `the edge stays sharp (error ${error.toFixed(2)}, off ${(off * 100).toFixed(2)}%)`);
});

t.test('flat art with anti-aliased edges gets no gradient, as PNG and as JPEG', async (t) => {
  const flat = png(twoColorLogo());
  for (const [name, input] of [
    ['PNG', flat],
    ['JPEG q70', await jpeg(flat, 70)],
  ] as const) {
    const result = await traceImage(input);
    t.same(result.gradients, [], `${name}: no gradient`);
    t.notMatch(result.svg, /Gradient/, `${name}: flat fills only`);
  }
});

t.test('hundreds of overlapping flat discs get no gradient, whatever the smoothing', async (t) => {
  // Traced at half size, the discs' small overlaps blend much of each region's area: no ring model may
  // read a disc's edge inside another as a ramp.
  const busy = busyLogo(2200, 900);
  for (const smoothing of [0, 50]) {
    const result = await traceImage(busy, { smoothing });
    t.same(result.gradients, [], `smoothing ${smoothing}: no gradient`);
    t.equal(result.palette.length, 4, `smoothing ${smoothing}: the four flat colors`);
  }
});

t.test('flat art asked for fewer colors than it has gets no gradient', async (t) => {
  // Two flat colors merged into one label, their edge oblique, give mean
  // colors that change gradually along any axis: still flat art.
  for (const [name, image] of [
    ['the sample logo', renderSvg(SAMPLE_LOGO_SVG)],
    ['five flat colors', png(fiveColorLogo())],
  ] as const) {
    for (const colors of [2, 3] as const) {
      const result = await traceImage(image, { colors });
      t.same(result.gradients, [], `${name} at colors=${colors}: no gradient`);
    }
  }
});

t.test('a ramp saved as JPEG q70 still becomes a gradient', async (t) => {
  const source = renderSvg(RAMP_SQUARE);
  const result = await traceImage(await jpeg(source, 70), { trim: false });
  t.ok(result.gradients.length >= 1, 'a gradient despite the noise');
  t.ok(result.gradients.length <= 2, `not a stack of bands (${result.gradients.length})`);
  const { error } = await fidelity(result, source);
  t.ok(error <= 3, `close to the source over white (error ${error.toFixed(2)})`);
});

t.test('overlapping translucent discs keep their opacity', async (t) => {
  const body =
    `<circle cx="100" cy="128" r="70" fill="#e11d48" fill-opacity="0.5"/>` +
    `<circle cx="156" cy="128" r="70" fill="#2563eb" fill-opacity="0.5"/>`;
  const source = renderSvg(svgDoc(SIZE, SIZE, body));
  const result = await traceImage(source, { trim: false });
  t.match(result.svg, /fill-opacity="0\.\d+"/, 'the SVG keeps the translucency');
  const truth = await rgba(source);
  const ours = await rgba(renderSvgAt(result.svg, result.width));
  for (const [x, y, where] of [
    [60, 128, 'the red disc alone'],
    [128, 128, 'the overlap'],
    [200, 128, 'the blue disc alone'],
  ] as const) {
    const [want, got] = [pixelAt(truth, x, y), pixelAt(ours, x, y)];
    t.ok(Math.abs(want.alpha - got.alpha) <= 8, `${where}: alpha ${got.alpha} as the source's ${want.alpha}`);
  }
  for (const backdrop of [255, 0]) {
    const { error } = await fidelity(result, source, backdrop);
    t.ok(error <= 2, `looks as the source over ${backdrop === 255 ? 'white' : 'black'} (error ${error.toFixed(2)})`);
  }
});

t.test('vectorize() returns the gradients beside the palette', async (t) => {
  const result = await vectorize(renderSvg(RAMP_SQUARE));
  t.equal(result.gradients.length, 1);
  t.ok(result.gradients[0]!.every((stop) => result.palette.includes(stop)));
});
