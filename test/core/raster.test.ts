import sharp from 'sharp';
import t from 'tap';

import { createRasterizer, scaleToFit } from '../../src/core/raster.js';

const rasterize = createRasterizer();

t.test('rasterize renders at a scale, transparent unless a background is given', async (t) => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect x="10" width="10" height="20" fill="#00ff00"/></svg>';
  const half = await sharp(await rasterize(svg, { scale: 0.5 }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  t.same([half.info.width, half.info.height, half.info.channels], [20, 10, 4]);
  t.equal(half.data[3], 0, 'transparent corner');
  const filled = await sharp(await rasterize(svg, { background: '#ffffff' }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  t.same([...filled.data.subarray(0, 4)], [255, 255, 255, 255]);
});

t.test('scaleToFit shrinks to the long side and never enlarges', async (t) => {
  t.equal(scaleToFit(2048, 1024, 1024), 0.5);
  t.equal(scaleToFit(100, 4096, 1024), 0.25);
  t.equal(scaleToFit(300, 200, 1024), 1);
});
