/** social/: each network's size, opaque, the logo kept inside the part every client shows. */
import t from 'tap';

import { buildAndUnpack, decode, pixelAt, tracedLogo, type Decoded } from '../../helpers/kit.js';

const BACKGROUND = '#f0e6d2';
const kit = await buildAndUnpack(await tracedLogo(), { name: 'Apigee', backgroundColor: BACKGROUND });

/** Pixels outside `box` that are not the background. */
function strayOutside(image: Decoded, box: { x: number; y: number; width: number; height: number }): number {
  let stray = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      if (!inside && pixelAt(image, x, y).hex !== BACKGROUND) stray += 1;
    }
  }
  return stray;
}

t.test('every social image is opaque, on the background color, with the logo in the middle', async (t) => {
  for (const [path, data] of kit.files) {
    if (!path.startsWith('social/')) continue;
    const image = await decode(data);
    t.equal(image.hasAlpha, false, `${path} is opaque`);
    t.equal(pixelAt(image, 0, 0).hex, BACKGROUND, `${path}: background color`);
    let logoPixels = 0;
    for (let i = 0; i < image.width * image.height; i++)
      if (pixelAt(image, i % image.width, Math.floor(i / image.width)).hex !== BACKGROUND) logoPixels += 1;
    t.ok(logoPixels > image.width * image.height * 0.01, `${path}: the logo is drawn (${logoPixels} px)`);
  }
});

t.test('the YouTube banner keeps the logo inside the 1546 x 423 area shown on every device', async (t) => {
  const image = await decode(kit.file('social/youtube-banner-2560x1440.png'));
  t.equal(strayOutside(image, { x: (2560 - 1546) / 2, y: (1440 - 423) / 2, width: 1546, height: 423 }), 0);
});

t.test('the avatar keeps the logo inside the circle crop', async (t) => {
  const image = await decode(kit.file('social/avatar-400x400.png'));
  let stray = 0;
  for (let y = 0; y < 400; y++)
    for (let x = 0; x < 400; x++)
      if (Math.hypot(x - 199.5, y - 199.5) > 200 && pixelAt(image, x, y).hex !== BACKGROUND) stray += 1;
  t.equal(stray, 0);
});

t.test('the share cards set the brand name under the logo', async (t) => {
  const image = await decode(kit.file('social/open-graph-1200x630.png'));
  // The caption's band: below the logo, above the bottom margin.
  let ink = 0;
  for (let y = 420; y < 560; y++) for (let x = 300; x < 900; x++) if (pixelAt(image, x, y).hex !== BACKGROUND) ink += 1;
  t.ok(ink > 500, `text pixels under the logo (${ink})`);
});
