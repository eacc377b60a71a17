/** palette/: the logo's colors in every notation and format, measured shares, and hidden colors nowhere. */
import { execFileSync } from 'node:child_process';

import t from 'tap';

import { hexToRgb, rgbToCmyk, rgbToHsl } from '../../../src/core/color.js';
import { TWO_COLORS } from '../../helpers/images.js';
import { buildAndUnpack, decode, hasTool, tracedLogo } from '../../helpers/kit.js';

const logo = await tracedLogo({ palette: TWO_COLORS });
const kit = await buildAndUnpack(logo, { name: 'Apigee', backgroundColor: '#ffffff' });

interface PaletteJson {
  name: string;
  background_color: string;
  colors: { name: string; hex: string; rgb: object; hsl: object; cmyk_approximate: object; share: number }[];
}

/** Reads an .ase back: [group name, [swatch name, '#rrggbb'][]]. */
function readAse(ase: Buffer): { group: string; swatches: [string, string][] } {
  const text = (at: number): [string, number] => {
    const units = ase.readUInt16BE(at);
    const bytes = Buffer.from(ase.subarray(at + 2, at + 2 + units * 2)).swap16();
    return [bytes.toString('utf16le').replace(/\0$/, ''), at + 2 + units * 2];
  };
  if (ase.subarray(0, 4).toString('ascii') !== 'ASEF') throw new Error('not an ASE file');
  const count = ase.readUInt32BE(8);
  let at = 12;
  let group = '';
  const swatches: [string, string][] = [];
  for (let i = 0; i < count; i++) {
    const type = ase.readUInt16BE(at);
    const length = ase.readUInt32BE(at + 2);
    const body = at + 6;
    if (type === 0xc001) group = text(body)[0];
    if (type === 0x0001) {
      const [name, next] = text(body);
      if (ase.subarray(next, next + 4).toString('ascii') !== 'RGB ') throw new Error('not RGB');
      const channel = (k: number) =>
        Math.round(ase.readFloatBE(next + 4 + k * 4) * 255)
          .toString(16)
          .padStart(2, '0');
      swatches.push([name, `#${channel(0)}${channel(1)}${channel(2)}`]);
    }
    at = body + length;
  }
  if (at !== ase.length) throw new Error('trailing bytes');
  return { group, swatches };
}

t.test('palette.json: every color in HEX, RGB, HSL, approximate CMYK, with its measured share', async (t) => {
  const palette = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  t.equal(palette.name, 'Apigee');
  t.equal(palette.background_color, '#ffffff');
  t.same(palette.colors.map((c) => c.hex).sort(), [...logo.palette].sort(), "the logo's colors, no others");
  for (const color of palette.colors) {
    const rgb = hexToRgb(color.hex);
    t.same(color.rgb, rgb, `${color.hex} RGB`);
    t.same(color.hsl, rgbToHsl(rgb), `${color.hex} HSL`);
    t.same(color.cmyk_approximate, rgbToCmyk(rgb), `${color.hex} CMYK`);
  }
  const shares = palette.colors.map((c) => c.share);
  t.ok(Math.abs(shares.reduce((a, b) => a + b, 0) - 1) < 0.001, 'shares add up to the whole logo');
  t.same(
    shares,
    [...shares].sort((a, b) => b - a),
    'largest share first',
  );
  t.same(
    palette.colors.map((c) => c.name),
    ['Primary', 'Secondary'],
  );
});

t.test('the measured shares match the pixels of the rendered logo', async (t) => {
  const palette = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  const image = await decode(kit.file('logo/apigee-1024.png'));
  const counts = new Map<string, number>();
  for (let i = 0; i < image.data.length; i += 4) {
    if (image.data[i + 3] !== 255) continue;
    const hex = `#${[0, 1, 2].map((c) => image.data[i + c]!.toString(16).padStart(2, '0')).join('')}`;
    counts.set(hex, (counts.get(hex) ?? 0) + 1);
  }
  const solid = palette.colors.map((c) => counts.get(c.hex) ?? 0);
  const total = solid.reduce((a, b) => a + b, 0);
  palette.colors.forEach((color, i) =>
    t.ok(Math.abs(solid[i]! / total - color.share) < 0.02, `${color.hex}: ${color.share} of the logo`),
  );
});

t.test('palette.css declares a custom property per color', async (t) => {
  const css = kit.text('palette/palette.css');
  const palette = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  t.match(css, /:root \{/);
  t.ok(css.includes(`--brand-primary: ${palette.colors[0]!.hex};`));
  t.ok(css.includes(`--brand-secondary: ${palette.colors[1]!.hex};`));
  t.match(css, /--brand-background: #ffffff;/);
  t.equal((css.match(/\{/g) ?? []).length, (css.match(/\}/g) ?? []).length, 'balanced braces');
});

t.test('the .ase swatches read back as the palette, in one group named after the brand', async (t) => {
  const ase = readAse(kit.file('palette/apigee.ase'));
  const palette = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  t.equal(ase.group, 'Apigee');
  t.same(
    ase.swatches.map(([, hex]) => hex),
    palette.colors.map((c) => c.hex),
  );
  t.same(
    ase.swatches.map(([name]) => name),
    palette.colors.map((c) => `${c.name} ${c.hex}`),
  );
});

t.test('the GIMP palette lists the colors as R G B and name', async (t) => {
  const lines = kit.text('palette/apigee.gpl').trimEnd().split('\n');
  t.same(lines.slice(0, 2), ['GIMP Palette', 'Name: Apigee']);
  const palette = JSON.parse(kit.text('palette/palette.json')) as PaletteJson;
  const rows = lines.filter((line) => /^\s*\d+\s+\d+\s+\d+\t/.test(line));
  t.same(
    rows.map((row) => row.trim().split(/\s+/).slice(0, 3).map(Number)),
    palette.colors.map((c) => {
      const { r, g, b } = hexToRgb(c.hex);
      return [r, g, b];
    }),
  );
});

t.test('a hidden color (absent from the SVG) is absent from every file', async (t) => {
  // The orange badge is hidden; the gray name stays.
  const [hidden, kept] = TWO_COLORS;
  t.ok(logo.palette.includes(hidden), 'the traced logo has the color');
  const svg = logo.svg.replace(new RegExp(`<path fill="${hidden}"[^>]*/>`), '');
  // The job's palette may still list it: the SVG is what counts.
  const visible = await buildAndUnpack({ ...logo, svg }, { name: 'Apigee', backgroundColor: '#ffffff' });
  const palette = JSON.parse(visible.text('palette/palette.json')) as PaletteJson;
  t.same(
    palette.colors.map((c) => c.hex),
    [kept],
  );
  t.same(palette.colors[0]!.share, 1);
  for (const [path, data] of visible.files) {
    if (/\.(png|ico|pdf|ase)$/.test(path)) continue;
    t.notOk(data.toString('utf8').toLowerCase().includes(hidden.slice(1)), `${path} does not mention it`);
  }
  t.same(
    readAse(visible.file('palette/apigee.ase')).swatches.map(([, hex]) => hex),
    [kept],
    '.ase',
  );
  if (hasTool('pdftotext')) {
    const guide = execFileSync('pdftotext', ['-', '-'], {
      input: visible.file('brand-guide/brand-guide.pdf'),
    }).toString();
    t.ok(
      guide.includes(kept.toUpperCase()) && !guide.includes(hidden.slice(1).toUpperCase()),
      'the PDF guide lists only the visible color',
    );
  }
  const image = await decode(visible.file('logo/apigee-1024.png'));
  let orange = 0;
  for (let i = 0; i < image.data.length; i += 4)
    if (image.data[i]! > 200 && image.data[i + 1]! < 120 && image.data[i + 3]! > 0) orange += 1;
  t.equal(orange, 0, 'no orange pixel in the rendered logo');
});
