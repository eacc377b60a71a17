/** Mockups: 1200 px product shots with the logo printed where a print shop puts it, lit and warped with the garment. */
import { createHash } from 'node:crypto';

import t from 'tap';

import { relativeLuminance } from '../../src/core/color.js';
import { MOCKUP_KINDS, renderMockup } from '../../src/core/mockups/index.js';
import { createRasterizer } from '../../src/core/raster.js';
import { decode, pixelAt, type Decoded } from '../helpers/kit.js';

const rasterize = createRasterizer();

const logo = (fill: string, width = 300, height = 100) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><path fill="${fill}" d="M0 0h${width}v${height}H0z"/></svg>`;

/** Pixels close to pure red: the print of a red logo, whatever the light does to it. */
function redPixels(image: Decoded): [number, number][] {
  const found: [number, number][] = [];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * image.channels;
      const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      if (r > 120 && r > 2.5 * g && r > 2.5 * b) found.push([x, y]);
    }
  }
  return found;
}

t.test('each kind is a 1200 x 1200 opaque PNG with the logo on it', async (t) => {
  t.same(MOCKUP_KINDS, ['cap', 'tshirt']);
  for (const kind of MOCKUP_KINDS) {
    const image = await decode(await renderMockup(kind, logo('#ff0000'), rasterize));
    t.same([image.width, image.height], [1200, 1200], kind);
    t.ok(redPixels(image).length > 15_000, `${kind}: the red logo is printed`);
    t.equal(pixelAt(image, 5, 5).alpha, 255, `${kind}: a full picture, backdrop included`);
  }
});

t.test('the t-shirt print sits on the chest, centred, and takes on the folds and light', async (t) => {
  const image = await decode(await renderMockup('tshirt', logo('#ff0000'), rasterize));
  const red = redPixels(image);
  const xs = red.map(([x]) => x);
  const ys = red.map(([, y]) => y);
  const centreX = (Math.min(...xs) + Math.max(...xs)) / 2;
  t.ok(Math.abs(centreX - 600) < 12, `centred (${centreX})`);
  t.ok(Math.min(...ys) > 270 && Math.max(...ys) < 620, 'on the chest, below the collar');
  const reds = new Set(red.map(([x, y]) => pixelAt(image, x, y).hex));
  t.ok(reds.size > 50, `the ink is shaded by the fabric, not flat (${reds.size} tones)`);
});

t.test('the cap embroidery follows the front panel: the top edge of a straight bar bows into a smile', async (t) => {
  const red = redPixels(await decode(await renderMockup('cap', logo('#ff0000', 600, 100), rasterize)));
  const topAt = (x0: number) => Math.min(...red.filter(([x]) => Math.abs(x - x0) < 3).map(([, y]) => y));
  const xs = red.map(([x]) => x);
  const [left, right] = [Math.min(...xs), Math.max(...xs)];
  const middle = topAt((left + right) / 2);
  const ends = (topAt(left + 20) + topAt(right - 20)) / 2;
  t.ok(middle - ends > 6, `the middle sits lower than the ends (${middle} vs ${ends})`);
  // Laid flat, the bar would be 300 px wide (the print area less the warp's margin).
  const width = right - left + 1;
  t.ok(width < 295 && width > 240, `foreshortened toward its ends like a curved panel (${width} px)`);
});

t.test('the garment color contrasts with the logo: light logos go on dark fabric, dark logos on light', async (t) => {
  const fabricAt = async (fill: string) => {
    const image = await decode(await renderMockup('tshirt', logo(fill), rasterize));
    return pixelAt(image, 600, 900).hex; // the shirt's lower front, away from the print
  };
  t.ok(relativeLuminance(await fabricAt('#ffffff')) < 0.1, 'a white logo gets a dark shirt');
  t.ok(relativeLuminance(await fabricAt('#fff6d5')) < 0.1, 'a cream logo too');
  t.ok(relativeLuminance(await fabricAt('#111111')) > 0.6, 'a black logo gets a light shirt');
});

t.test('the same logo gives the same bytes', async (t) => {
  const digest = async () =>
    createHash('sha256')
      .update(await renderMockup('cap', logo('#3366cc'), rasterize))
      .digest('hex');
  t.equal(await digest(), await digest());
});
