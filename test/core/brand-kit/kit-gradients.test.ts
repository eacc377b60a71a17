/** A gradient logo's kit: its color files keep the gradient, one-color files cannot, and the palette shows each ramp. */
import { execFileSync } from 'node:child_process';

import t from 'tap';

import { hexToRgb, type Rgb } from '../../../src/core/color.js';
import { parseLogoArt } from '../../../src/core/logo-art.js';
import { GRADIENT_LOGO, RAMP } from '../../helpers/images.js';
import { buildAndUnpack, decode, hasTool, pixelAt, tracedLogo } from '../../helpers/kit.js';

const logo = await tracedLogo(GRADIENT_LOGO);
const ramp = parseLogoArt(logo.svg).paths.find((path) => path.ramp)?.ramp;
const stops = ramp?.stops.map((stop) => stop.color) ?? [];
const kit = await buildAndUnpack(logo, { name: 'Gradia', backgroundColor: '#ffffff' });

/** Every color of an SVG's gradients, as it writes them. */
const stopColors = (svg: string) => [...svg.matchAll(/stop-color="(#[0-9a-f]{6})"/g)].map((match) => match[1]);

t.test('the traced logo has a gradient (the premise of these tests)', async (t) => {
  t.ok(ramp, 'a path is filled with a gradient');
  t.ok(stops.length >= 2, 'of two stops or more');
});

t.test('the color logo files keep the gradient; the one-color ones have none', async (t) => {
  for (const path of ['logo/gradia.svg', 'logo/mark.svg']) {
    const svg = kit.text(path);
    t.match(svg, /<linearGradient id="g[0-9a-f]{8}" gradientUnits="userSpaceOnUse"/, `${path} has the gradient`);
    t.same(stopColors(svg), stops, `${path}: its stops as traced`);
    t.match(svg, /<path fill="url\(#g[0-9a-f]{8}\)"/, `${path}: a shape is filled with it`);
  }
  t.match(kit.text('web/favicon.svg'), /Gradient/, 'the vector favicon too');
  for (const path of ['logo/gradia-mono-dark.svg', 'logo/gradia-mono-light.svg']) {
    t.notMatch(kit.text(path), /Gradient|url\(#g/, `${path} is one color`);
  }
});

t.test("the logo's PNG shows the ramp: the badge runs from the first color to the last", async (t) => {
  const image = await decode(kit.file('logo/gradia-1024.png'));
  const art = parseLogoArt(logo.svg);
  if (ramp?.kind !== 'linear') return t.fail('the badge is a linear gradient');
  const scale = image.width / art.width;
  // On the gradient's own line, a little in from its ends.
  const at = (x: number) =>
    hexToRgb(
      pixelAt(image, Math.round((x - art.viewBox.x) * scale), Math.round((ramp.y1 - art.viewBox.y) * scale)).hex,
    );
  const near = (found: Rgb, wanted: string) => {
    const { r, g, b } = hexToRgb(wanted);
    return Math.max(Math.abs(found.r - r), Math.abs(found.g - g), Math.abs(found.b - b)) < 40;
  };
  t.ok(near(at(ramp.x1 + 4), RAMP[0]), `near ${RAMP[0]} where it starts`);
  t.ok(near(at(ramp.x2 - 4), RAMP[1]), `near ${RAMP[1]} where it ends`);
});

t.test('palette.json and palette.css give the gradient as a ramp of its stops', async (t) => {
  const palette = JSON.parse(kit.text('palette/palette.json')) as {
    colors: { hex: string }[];
    gradients: { name: string; type: string; stops: { offset: number; hex: string }[]; css: string }[];
  };
  t.same(palette.gradients.length, 1);
  const [gradient] = palette.gradients;
  t.equal(gradient?.name, 'Gradient 1');
  t.equal(gradient?.type, 'linear');
  t.same(
    gradient?.stops.map((stop) => stop.hex),
    stops,
  );
  t.equal(gradient?.stops[0]?.offset, 0);
  t.match(gradient?.css, /^linear-gradient\(90deg, #[0-9a-f]{6} 0%, .* 100%\)$/, 'runs left to right, as drawn');
  for (const stop of stops)
    t.ok(
      palette.colors.some((color) => color.hex === stop),
      `${stop} is a palette color`,
    );
  t.ok(kit.text('palette/palette.css').includes(`--brand-gradient-1: ${gradient?.css};`));
  t.match(kit.text('README.txt'), new RegExp(`Gradient 1: ${stops.join(' -> ')}`));
});

t.test('the guide shows the gradient on its colors page, in the PDF and the HTML', async (t) => {
  const html = kit.text('brand-guide/brand-guide.html');
  t.match(html, /<div class="ramp"><div class="bar" style="background:linear-gradient\(90deg, #[0-9a-f]{6} 0%/);
  t.ok(html.includes('Gradient 1'));
  t.match(kit.file('brand-guide/brand-guide.pdf').toString('latin1'), /\/ShadingType 2/, 'the PDF draws a shading');
  if (hasTool('pdftotext')) {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
      input: kit.file('brand-guide/brand-guide.pdf'),
    }).toString('utf8');
    t.ok(text.includes('Gradient 1'), 'the PDF names it');
    t.ok(text.includes(stops[0]?.toUpperCase() ?? '?'), 'with its stops');
  }
});

t.test("leaving a stop out of the kit's palette leaves the gradient's shape out of every file", async (t) => {
  const without = await buildAndUnpack(
    { svg: logo.svg, palette: logo.palette.filter((color) => color !== stops[0]) },
    { name: 'Gradia', backgroundColor: '#ffffff' },
  );
  t.notMatch(without.text('logo/gradia.svg'), /Gradient/);
  const palette = JSON.parse(without.text('palette/palette.json')) as { colors: { hex: string }[]; gradients: [] };
  t.same(palette.gradients, []);
  for (const stop of stops)
    t.notOk(
      palette.colors.some((color) => color.hex === stop),
      `${stop} is gone with it`,
    );
});
