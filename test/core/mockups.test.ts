/** Mockups: 1200 px product shots with the logo printed where a print shop puts it, lit and warped with the garment. */
import t from 'tap';

import { hexToRgb, relativeLuminance } from '../../src/core/color.js';
import { FRONT_PANEL_ON_CANVAS } from '../../src/core/mockups/cap.js';
import { MOCKUP_KINDS, mockupColors, renderMockup, type MockupKind } from '../../src/core/mockups/index.js';
import { measureUnderlays } from '../../src/core/brand-kit/layering.js';
import { bestMockup, fabricFor, mockupOn } from '../../src/core/brand-kit/mockup-choice.js';
import { analyzePalette } from '../../src/core/brand-kit/palette.js';
import { parseLogoArt } from '../../src/core/logo-art.js';
import { createRasterizer } from '../../src/core/raster.js';
import { decode, pixelAt, type Decoded } from '../helpers/kit.js';

const rasterize = createRasterizer();
/** The garment's first light fabric, where a red print shows plainly. */
const lightFabric = (kind: MockupKind) => mockupColors(kind).light[0] ?? '';

const logo = (fill: string, width = 300, height = 100) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><path fill="${fill}" d="M0 0h${width}v${height}H0z"/></svg>`;

/** Pixels whose color passes `test`. */
function pixelsWhere(image: Decoded, test: (r: number, g: number, b: number) => boolean): [number, number][] {
  const found: [number, number][] = [];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * image.channels;
      if (test(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)) found.push([x, y]);
    }
  }
  return found;
}

/** Pixels close to pure red: the print of a red logo, whatever the light does to it. */
const redPixels = (image: Decoded) => pixelsWhere(image, (r, g, b) => r > 90 && r > 2.2 * g && r > 2.2 * b);
/** The same for pure blue. */
const bluePixels = (image: Decoded) => pixelsWhere(image, (r, g, b) => b > 90 && b > 2.2 * r && b > 2.2 * g);

function bounds(points: [number, number][]) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Canvas pixels where two pictures of the same size differ. */
function differences(a: Decoded, b: Decoded): [number, number][] {
  const found: [number, number][] = [];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * a.channels;
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2])
        found.push([x, y]);
    }
  }
  return found;
}

/** The mean color of the 9 x 9 pixels round (x, y): the cloth's tone without its grain. */
function meanColor(image: Decoded, x: number, y: number): [number, number, number] {
  const sum = [0, 0, 0];
  for (let dy = -4; dy <= 4; dy++) {
    for (let dx = -4; dx <= 4; dx++) {
      const { r, g, b } = hexToRgb(pixelAt(image, x + dx, y + dy).hex);
      sum[0]! += r;
      sum[1]! += g;
      sum[2]! += b;
    }
  }
  return sum.map((v) => v / 81) as [number, number, number];
}

/** Plain cloth in half light, away from the print, seams and folds. */
const PLAIN_CLOTH: Record<MockupKind, [number, number]> = { cap: [880, 480], tshirt: [780, 860] };

const toLinear = (v: number) => ((v / 255 + 0.055) / 1.055) ** 2.4;

t.test('each kind is a 1200 x 1200 opaque PNG with the logo on it, the same bytes every time', async (t) => {
  t.same(MOCKUP_KINDS, ['cap', 'tshirt']);
  for (const kind of MOCKUP_KINDS) {
    const png = await renderMockup(kind, logo('#ff0000'), rasterize, lightFabric(kind));
    const image = await decode(png);
    t.same([image.width, image.height], [1200, 1200], kind);
    t.ok(redPixels(image).length > 8_000, `${kind}: the red logo is printed`);
    t.equal(pixelAt(image, 5, 5).alpha, 255, `${kind}: a full picture, backdrop included`);
    t.ok(png.equals(await renderMockup(kind, logo('#ff0000'), rasterize, lightFabric(kind))), `${kind}: deterministic`);
  }
});

t.test('a gradient logo is printed with its ramp: both its ends show on each garment', async (t) => {
  const ramp =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100"><defs>' +
    '<linearGradient id="g0000beef" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="300" y2="0">' +
    '<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs>' +
    '<path fill="url(#g0000beef)" d="M0 0h300v100H0z"/></svg>';
  for (const kind of MOCKUP_KINDS) {
    const image = await decode(await renderMockup(kind, ramp, rasterize, lightFabric(kind)));
    t.ok(redPixels(image).length > 1_000, `${kind}: the red end is printed`);
    t.ok(bluePixels(image).length > 1_000, `${kind}: the blue end is printed`);
    const best = await decode(await bestMockup(ramp, kind, rasterize));
    t.equal(best.width, 1200, `${kind}: the API's mockup of it is drawn`);
  }
});

t.test('each garment comes in at least two light and two dark fabrics', async (t) => {
  for (const kind of MOCKUP_KINDS) {
    const { light, dark } = mockupColors(kind);
    t.ok(light.length >= 2 && dark.length >= 2, kind);
    for (const color of [...light, ...dark]) t.match(color, /^#[0-9a-f]{6}$/, `${kind}: ${color}`);
    t.ok(
      light.every((color) => relativeLuminance(color) > 0.5),
      `${kind}: light ones are light`,
    );
    t.ok(
      dark.every((color) => relativeLuminance(color) < 0.2),
      `${kind}: dark ones are dark`,
    );
  }
});

t.test('the chosen fabric is the one the garment is dyed in, and only offered ones are taken', async (t) => {
  for (const kind of MOCKUP_KINDS) {
    const { light, dark } = mockupColors(kind);
    const offered = [...light, ...dark];
    const seen = new Map<string, number[]>();
    for (const color of offered) {
      const image = await decode(await renderMockup(kind, logo('#ff0000'), rasterize, color));
      seen.set(color, meanColor(image, ...PLAIN_CLOTH[kind]).map(toLinear));
    }
    // Lit cloth is dye x light + sheen, the same light and sheen whatever the dye: work both out
    // from the lightest and darkest dye, then every dye must give what they predict.
    const dye = (hex: string) => Object.values(hexToRgb(hex)).map(toLinear);
    const [lightest, darkest] = [light[0]!, dark[0]!];
    const lightShare = (seen.get(lightest)![1]! - seen.get(darkest)![1]!) / (dye(lightest)[1]! - dye(darkest)[1]!);
    const sheen = seen.get(darkest)![1]! - lightShare * dye(darkest)[1]!;
    t.ok(lightShare > 0.3 && lightShare < 1.2, `${kind}: the cloth is lit (x${lightShare.toFixed(2)})`);
    for (const color of offered) {
      const expected = dye(color).map((c) => 255 * (lightShare * c + sheen) ** (1 / 2.2));
      const got = seen.get(color)!.map((c) => 255 * c ** (1 / 2.2));
      const off = Math.max(...expected.map((e, i) => Math.abs(e - got[i]!)));
      t.ok(off < 8, `${kind} in ${color}: ${got.map(Math.round).join(',')} for ${expected.map(Math.round).join(',')}`);
    }
    await t.rejects(renderMockup(kind, logo('#ff0000'), rasterize, '#ff00ff'), Error, `${kind}: not offered`);
  }
});

t.test('the print changes the chest or the front panels and nothing else', async (t) => {
  const chest = {
    cap: { left: 330, right: 720, top: 300, bottom: 700 },
    tshirt: { left: 440, right: 760, top: 340, bottom: 670 },
  };
  for (const kind of MOCKUP_KINDS) {
    const color = mockupColors(kind).light[0]!;
    const red = await decode(await renderMockup(kind, logo('#ff0000', 200, 200), rasterize, color));
    const blue = await decode(await renderMockup(kind, logo('#0000ff', 200, 200), rasterize, color));
    const changed = differences(red, blue);
    t.ok(changed.length > 10_000, `${kind}: the print covers ${changed.length} px`);
    const box = bounds(changed);
    const room = chest[kind];
    t.ok(
      box.left >= room.left && box.right <= room.right && box.top >= room.top && box.bottom <= room.bottom,
      `${kind}: the print stays in its place (${JSON.stringify(box)})`,
    );
  }
});

t.test('the t-shirt print sits on the chest, centred, and takes on the folds and light', async (t) => {
  const image = await decode(await renderMockup('tshirt', logo('#ff0000'), rasterize, lightFabric('tshirt')));
  const red = redPixels(image);
  const box = bounds(red);
  const centreX = (box.left + box.right) / 2;
  t.ok(Math.abs(centreX - 600) < 12, `centred (${centreX})`);
  t.ok(box.top > 290 && box.bottom < 600, 'on the chest, below the neckband');
  // Sleeve tip to sleeve tip the shirt is 1008 px wide; a chest print takes about 29% of that.
  const width = box.right - box.left + 1;
  t.ok(width > 270 && width < 310, `chest size (${width} px)`);
  const reds = new Set(red.map(([x, y]) => pixelAt(image, x, y).hex));
  t.ok(reds.size > 50, `the ink is shaded by the fabric, not flat (${reds.size} tones)`);
});

t.test('the cap embroidery is about half the front panel tall and follows its curve', async (t) => {
  const square = bounds(
    redPixels(await decode(await renderMockup('cap', logo('#ff0000', 200, 200), rasterize, lightFabric('cap')))),
  );
  const panel = FRONT_PANEL_ON_CANVAS.bottom - FRONT_PANEL_ON_CANVAS.top;
  const share = (square.bottom - square.top + 1) / panel;
  t.ok(share > 0.4 && share < 0.62, `a square logo is ${Math.round(share * 100)}% of the panel's height`);

  const bar = redPixels(
    await decode(await renderMockup('cap', logo('#ff0000', 600, 100), rasterize, lightFabric('cap'))),
  );
  const { left, right } = bounds(bar);
  const topAt = (x0: number) => Math.min(...bar.filter(([x]) => Math.abs(x - x0) < 3).map(([, y]) => y));
  const chord = (topAt(left + 15) + topAt(right - 15)) / 2;
  t.ok(Math.abs(topAt((left + right) / 2) - chord) > 4, 'a straight bar bends with the panels');
});

t.test('the garment color contrasts with the logo: light logos go on dark fabric, dark logos on light', async (t) => {
  const fabricAt = async (fill: string) => {
    const image = await decode(await bestMockup(logo(fill), 'tshirt', rasterize));
    return pixelAt(image, ...PLAIN_CLOTH.tshirt).hex;
  };
  t.ok(relativeLuminance(await fabricAt('#ffffff')) < 0.1, 'a white logo gets a dark shirt');
  t.ok(relativeLuminance(await fabricAt('#fff6d5')) < 0.1, 'a cream logo too');
  t.ok(relativeLuminance(await fabricAt('#111111')) > 0.6, 'a black logo gets a light shirt');
});

t.test('on a dark fabric a dark logo is printed lightened, as it reads there', async (t) => {
  const navy = logo('#1e3a8a');
  const art = parseLogoArt(navy);
  const colors = { art, palette: await analyzePalette(art), underlays: await measureUnderlays(art) };
  const dark = fabricFor(colors, 'tshirt', 'dark');
  t.ok(mockupColors('tshirt').dark.includes(dark));
  const image = await decode(await mockupOn(colors, 'tshirt', dark, rasterize));
  const print = pixelAt(image, 600, 400).hex;
  t.ok(relativeLuminance(print) > 0.5, `the navy print is white on the dark shirt (${print})`);
});
