/** The parsed logo with gradients: read as the engine writes them, drawn again with their ramps, recolored stop by stop. */
import { renderAsync } from '@resvg/resvg-js';
import t from 'tap';

import { analyzePalette } from '../../src/core/brand-kit/palette.js';
import { monoVariant } from '../../src/core/brand-kit/variants.js';
import {
  colorsOf,
  KNOCKOUT,
  logoDocument,
  logoInBox,
  paintPath,
  parseLogoArt,
  type LogoPath,
} from '../../src/core/logo-art.js';
import { vectorize } from '../../src/core/tracer.js';
import { drawnLogo, GRADIENT_LOGO } from '../helpers/images.js';

/** A square filled with a left-to-right ramp from red through green to blue, as the engine writes it. */
const RAMP_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">' +
  '<defs><linearGradient id="g12345678" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="100" y2="0">' +
  '<stop offset="0" stop-color="#FF0000"/><stop offset="0.5" stop-color="#00ff00"/><stop offset="1" stop-color="#0000ff"/>' +
  '</linearGradient></defs><path fill="url(#g12345678)" d="M0 0h100v50H0z"/></svg>';

const pixelsOf = async (svg: string) => {
  const { pixels, width } = await renderAsync(svg);
  return (x: number, y: number) => [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
};

t.test('a gradient path keeps its ramp; its fill is the middle stop for one-color readers', async (t) => {
  const art = parseLogoArt(RAMP_SVG);
  const [path] = art.paths;
  t.same(path?.ramp, {
    kind: 'linear',
    x1: 0,
    y1: 0,
    x2: 100,
    y2: 0,
    stops: [
      { offset: 0, color: '#ff0000' },
      { offset: 0.5, color: '#00ff00' },
      { offset: 1, color: '#0000ff' },
    ],
  });
  t.equal(path?.fill, '#00ff00');
  t.same(colorsOf(art), ['#ff0000', '#00ff00', '#0000ff'], 'every stop is a color of the logo');
});

t.test('logoDocument draws the gradient again, and resvg renders its ramp', async (t) => {
  const svg = logoDocument(parseLogoArt(RAMP_SVG));
  t.match(svg, /<defs><linearGradient id="g[0-9a-f]{8}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="100" y2="0">/);
  t.same(parseLogoArt(svg).paths, parseLogoArt(RAMP_SVG).paths, 'parsing it again gives the same paths');
  const at = await pixelsOf(svg);
  t.ok(at(1, 25)[0]! > 240 && at(1, 25)[2]! < 20, 'red on the left');
  t.ok(at(98, 25)[2]! > 240 && at(98, 25)[0]! < 20, 'blue on the right');
});

t.test(
  'a traced gradient logo goes through parse and logoDocument with its gradient; its mono version has none',
  async (t) => {
    const traced = await vectorize((await drawnLogo(GRADIENT_LOGO)).image);
    t.ok(traced.gradients.length > 0, 'the engine traced a gradient (the premise of this test)');
    const art = parseLogoArt(traced.svg);
    t.equal(art.paths.filter((path) => path.ramp).length, traced.gradients.length, 'every gradient path is kept');
    t.same(new Set(colorsOf(art)), new Set(traced.palette), 'the colors are the palette: fills and stops');
    const redrawn = logoDocument(art);
    t.equal((redrawn.match(/<linearGradient|<radialGradient/g) ?? []).length, traced.gradients.length);
    const mono = logoDocument(art, monoVariant(await analyzePalette(art), 'mono-dark').paint);
    t.notMatch(mono, /Gradient/, 'one color has no gradient');
    t.notMatch(mono, /url\(#g/);
  },
);

/** A square filled with red-to-blue rings squeezed to half their height, as the engine writes an oval glow. */
const OVAL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">' +
  '<defs><radialGradient id="g12345678" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="40" gradientTransform="matrix(1 0 0 0.5 50 50)">' +
  '<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>' +
  '</radialGradient></defs><path fill="url(#g12345678)" d="M0 0h100v100H0z"/></svg>';

t.test(
  'an oval ramp keeps its matrix through parse and logoDocument, and resvg draws its rings as ellipses',
  async (t) => {
    const art = parseLogoArt(OVAL_SVG);
    const ramp = art.paths[0]?.ramp;
    t.same(ramp?.kind === 'radial' ? ramp.transform : undefined, [1, 0, 0, 0.5, 50, 50]);
    const svg = logoDocument(art);
    t.match(svg, /gradientTransform="matrix\(1 0 0 0\.5 50 50\)"/);
    t.same(parseLogoArt(svg).paths, art.paths, 'parsing it again gives the same paths');
    const at = await pixelsOf(svg);
    // 20 px out along the long axis is halfway out; 10 px along the short one is too.
    const [across, down] = [at(70, 50), at(50, 60)];
    t.ok(
      Math.abs(across[0]! - down[0]!) <= 8 && Math.abs(across[2]! - down[2]!) <= 8,
      `one ring (${across.join(' ')} / ${down.join(' ')})`,
    );
    t.ok(Math.abs(across[0]! - 128) <= 12, `halfway from red to blue (${across.join(' ')})`);
  },
);

t.test('painting a gradient maps each stop: one color is flat, a knockout stop knocks the shape out', async (t) => {
  const [path] = parseLogoArt(RAMP_SVG).paths as [LogoPath];
  t.same(
    paintPath(path, () => '#123456'),
    { d: path.d, fill: '#123456' },
    'every stop one color: a flat path',
  );
  t.same(
    paintPath(path, (color) => (color === '#0000ff' ? KNOCKOUT : color)),
    { d: path.d, fill: KNOCKOUT },
  );
  const swapped = paintPath(path, (color) => (color === '#ff0000' ? '#ffffff' : color));
  t.same(
    swapped.ramp?.stops.map((stop) => stop.color),
    ['#ffffff', '#00ff00', '#0000ff'],
  );
  const svg = logoDocument(parseLogoArt(RAMP_SVG), (color) => (color === '#ff0000' ? '#ffffff' : color));
  t.ok(svg.includes('stop-color="#ffffff"'), 'the recolored gradient is drawn');
});

t.test('gradient ids follow the markup: the same ramp shares one, recolored ones differ', async (t) => {
  const art = parseLogoArt(RAMP_SVG);
  const box = { x: 0, y: 0, width: 100, height: 50 };
  const ids = (markup: string) => [...markup.matchAll(/Gradient id="([^"]+)"/g)].map((match) => match[1]);
  const [plain] = ids(logoInBox(art, box));
  t.equal(ids(logoInBox(art, { ...box, x: 200 }))[0], plain, 'the same gradient, the same id');
  const [recolored] = ids(logoInBox(art, box, (color) => (color === '#ff0000' ? '#ffffff' : color)));
  t.not(recolored, plain, 'another gradient, another id: one page may hold both');
});

t.test('a gradient is read as numbers and colors only, or refused', async (t) => {
  const withAttributes = (geometry: string, stop = '<stop offset="0" stop-color="#ff0000"/>') =>
    RAMP_SVG.replace('x1="0" y1="0" x2="100" y2="0"', geometry).replace(
      '<stop offset="0" stop-color="#FF0000"/>',
      stop,
    );
  for (const [what, svg] of [
    ['a coordinate that is no number', withAttributes('x1="0" y1="0" x2="1e999" y2="0"')],
    ['script in a coordinate', withAttributes('x1="0&quot;/><script>x()</script>" y1="0" x2="100" y2="0"')],
    [
      'a stop that is not #rrggbb',
      withAttributes('x1="0" y1="0" x2="100" y2="0"', '<stop offset="0" stop-color="red"/>'),
    ],
    [
      'an offset that is no number',
      withAttributes('x1="0" y1="0" x2="100" y2="0"', '<stop offset="" stop-color="#ff0000"/>'),
    ],
    ['a fill naming no gradient', RAMP_SVG.replace('fill="url(#g12345678)"', 'fill="url(#elsewhere)"')],
    ['a gradient in bounding-box units', RAMP_SVG.replace(' gradientUnits="userSpaceOnUse"', '')],
    ['a transform not written as a matrix', OVAL_SVG.replace('matrix(1 0 0 0.5 50 50)', 'rotate(30)')],
    ['a matrix with a number missing', OVAL_SVG.replace('matrix(1 0 0 0.5 50 50)', 'matrix(1 0 0 0.5 50)')],
    ['a matrix and more', OVAL_SVG.replace('matrix(1 0 0 0.5 50 50)', 'matrix(1 0 0 0.5 50 50) scale(2)')],
  ] as const) {
    t.throws(() => parseLogoArt(svg), { name: 'LogoArtError' }, what);
  }
  const clamped = parseLogoArt(
    withAttributes('x1="0" y1="0" x2="100" y2="0"', '<stop offset="-3" stop-color="#ff0000"/>'),
  );
  t.equal(clamped.paths[0]?.ramp?.stops[0]?.offset, 0, 'offsets are held to 0 to 1, as SVG holds them');
});
