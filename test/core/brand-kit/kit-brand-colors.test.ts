/**
 * Brand colors in the kit: the palette files, the guide's colors page and the README list the brand
 * colors first, in the order given, marked as brand colors; then the logo's other colors by share. A
 * brand color the logo does not paint is still listed, as not in the logo; one that is hidden is not.
 */
import t from 'tap';

import { buildBrandKit as buildPackageKit } from '../../../src/core/library.js';
import { vectorize } from '../../../src/core/tracer.js';
import { drawnLogo } from '../../helpers/images.js';
import { buildAndUnpack, unzip } from '../../helpers/kit.js';

const AMBER = '#f59e0b';
const BLUE = '#1d4ed8';
/** Not drawn: the logo does not paint it. */
const PINK = '#db2777';
/** The badge in an amber and the (larger) name in a blue 4 units off their brand hex, and a green no brand color is near. */
const DRAWN = ['#f9a20f', '#2152dc', '#43a047'];

interface PaletteJson {
  colors: { name: string; hex: string; brand: boolean; in_logo: boolean; share: number }[];
}

const { image } = await drawnLogo({ format: 'jpeg', palette: DRAWN });
const traced = await vectorize(image, { palette: [AMBER, BLUE] });
const green = traced.palette.find((color) => color !== AMBER && color !== BLUE);
const request = { name: 'Harbor', backgroundColor: '#ffffff' };

t.test('the trace paints both brand colors and the green keeps its own', async (t) => {
  t.ok(traced.palette.includes(AMBER) && traced.palette.includes(BLUE), traced.palette.join(' '));
  t.equal(traced.palette.length, 3);
  t.equal(traced.palette[0], BLUE, 'the blue has the larger share, so the brand order is not the share order');
});

t.test('a kit traced with palette [amber, blue] lists them first in that order, as brand colors', async (t) => {
  const kit = await buildAndUnpack({ svg: traced.svg, palette: traced.palette, brandColors: [AMBER, BLUE] }, request);
  const { colors } = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  t.same(
    colors.map(({ hex, brand, in_logo }) => ({ hex, brand, in_logo })),
    [
      { hex: AMBER, brand: true, in_logo: true },
      { hex: BLUE, brand: true, in_logo: true },
      { hex: green, brand: false, in_logo: true },
    ],
  );
  t.same(
    colors.map((color) => color.name),
    ['Primary', 'Secondary', 'Accent 1'],
    'named by their place in the list',
  );
  t.ok(colors.every((color) => color.share > 0));
  const manifest = JSON.parse(kit.text('web/site.webmanifest')) as { theme_color: string };
  t.equal(manifest.theme_color, AMBER, 'the browser theme color is the primary brand color, not the largest color');
  t.match(kit.text('web/head.html'), `<meta name="theme-color" content="${AMBER}" />`);

  const css = kit.text('palette/palette.css');
  t.match(css, `--brand-primary: ${AMBER}; /* brand color, `);
  t.match(css, `--brand-secondary: ${BLUE}; /* brand color, `);
  t.match(css, new RegExp(`--brand-accent-1: ${green}; /\\* [0-9.]+% of the logo \\*/`));

  const gpl = kit.text('palette/harbor.gpl').split('\n').slice(4, 7);
  t.same(
    gpl.map((row) => row.split('\t')[1]),
    [`Primary ${AMBER} (brand)`, `Secondary ${BLUE} (brand)`, `Accent 1 ${green}`],
  );
  t.match(kit.text('README.txt'), `brand colors first, in the order they were given`);
  t.match(kit.text('README.txt'), `${AMBER} (brand), ${BLUE} (brand), ${green}`);

  const guide = kit.text('brand-guide/brand-guide.html');
  const cards = [...guide.matchAll(/<div class="color">.*?<dt>HEX<\/dt><dd>(#[0-9A-F]{6})<\/dd>/g)].map((m) => m[1]);
  t.same(
    cards,
    [AMBER, BLUE, green].map((hex) => hex?.toUpperCase()),
    'the colors page in the same order',
  );
  t.equal(guide.match(/<p class="brand">Brand color<\/p>/g)?.length, 2, 'two cards say brand color');
});

t.test('a brand color the logo does not paint is listed as not in the logo', async (t) => {
  const kit = await buildAndUnpack(
    { svg: traced.svg, palette: traced.palette, brandColors: [AMBER, PINK, BLUE] },
    request,
  );
  const { colors } = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  t.same(
    colors.map((color) => color.hex),
    [AMBER, PINK, BLUE, green],
  );
  t.same(colors[1], { ...colors[1], brand: true, in_logo: false, share: 0 });
  t.match(kit.text('palette/palette.css'), `--brand-secondary: ${PINK}; /* brand color, not in the logo */`);
  t.match(kit.text('brand-guide/brand-guide.html'), /color:#[0-9a-f]{6}">Not in the logo<\/div><h3>Secondary/);
  t.notMatch(kit.text('logo/harbor.svg'), PINK, 'no logo file paints it');
  const withPinkFirst = await buildAndUnpack(
    { svg: traced.svg, palette: traced.palette, brandColors: [PINK, BLUE, AMBER] },
    request,
  );
  const manifest = JSON.parse(withPinkFirst.text('web/site.webmanifest')) as { theme_color: string };
  t.equal(manifest.theme_color, BLUE, 'the theme color is the first brand color the logo paints');
});

t.test('buildBrandKit(svg, palette, { brandColors }): one the palette leaves out goes with its shapes', async (t) => {
  const zip = await buildPackageKit(
    traced.svg,
    traced.palette.filter((color) => color !== BLUE),
    { name: 'Harbor', brandColors: ['#F59E0B', BLUE] },
  );
  const { colors } = JSON.parse(unzip(zip).get('palette/palette.json')!.toString()) as PaletteJson;
  t.same(
    colors.map(({ hex, brand }) => ({ hex, brand })),
    [
      { hex: AMBER, brand: true },
      { hex: green, brand: false },
    ],
    'upper-case hex is read, and the hidden blue is listed nowhere',
  );
});

t.test('without brand colors the list is the logo colors by share, none marked', async (t) => {
  const kit = await buildAndUnpack({ svg: traced.svg, palette: traced.palette }, request);
  const { colors } = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  t.same(
    colors.map((color) => color.hex),
    traced.palette,
  );
  t.ok(colors.every((color) => !color.brand && color.in_logo));
  t.match(kit.text('README.txt'), 'Colors (largest share first)');
  const manifest = JSON.parse(kit.text('web/site.webmanifest')) as { theme_color: string };
  t.equal(manifest.theme_color, traced.palette[0], 'the theme color is the largest color');
});

t.test('malformed or too many brand colors are refused', async (t) => {
  const logo = { svg: traced.svg, palette: traced.palette };
  await t.rejects(buildAndUnpack({ ...logo, brandColors: ['blue'] }, request), {
    code: 'UNPROCESSABLE',
    message: /brand colors must be #rrggbb \(got "blue"\)/,
  });
  const many = Array.from({ length: 17 }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}`);
  await t.rejects(buildAndUnpack({ ...logo, brandColors: many }, request), {
    code: 'UNPROCESSABLE',
    message: /at most 16 brand colors/,
  });
});
