import sharp from 'sharp';
import t from 'tap';

import { createRasterizer } from '../../src/core/raster.js';
import { REVIEW_SHEET_WIDTH, renderReviewSheet } from '../../src/core/review-sheet.js';

const rasterize = createRasterizer();

/** Two squares side by side: red on the left, blue on the right. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">' +
  '<path fill="#d01010" d="M0 0h100v100H0z"/><path fill="#1020d0" d="M100 0h100v100H100z"/></svg>';

async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[data[at], data[at + 1], data[at + 2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
}

t.test('the sheet shows the logo on three surfaces above a swatch per color', async (t) => {
  const png = await renderReviewSheet(SVG, ['#d01010', '#1020d0'], [], rasterize);
  const meta = await sharp(png).metadata();
  t.equal(meta.format, 'png');
  t.equal(meta.width, REVIEW_SHEET_WIDTH);
  t.equal(meta.hasAlpha, false, 'opaque, so every viewer shows the same surfaces');
  // Panels are 360 x 270 from (16, 16), each 376 px apart; the logo is centred in each.
  for (const left of [16, 392, 768]) {
    t.equal(await pixel(png, left + 180 - 40, 16 + 135), '#d01010', `red half in the panel at x=${left}`);
    t.equal(await pixel(png, left + 180 + 40, 16 + 135), '#1020d0', `blue half in the panel at x=${left}`);
  }
  t.equal(await pixel(png, 392 + 5, 16 + 5), '#ffffff', 'the white surface');
  t.equal(await pixel(png, 768 + 5, 16 + 5), '#1f2430', 'the dark surface');
  // Swatches start at y = 16 + 270 + 20 + 16 = 322, 120 px apart.
  t.equal(await pixel(png, 16 + 20, 322 + 20), '#d01010');
  t.equal(await pixel(png, 136 + 20, 322 + 20), '#1020d0');
});

t.test('hidden colors get a faded, struck-through swatch after the visible ones, and rows wrap', async (t) => {
  const oneRow = await renderReviewSheet(SVG, ['#d01010'], ['#1020d0'], rasterize);
  const hiddenSwatch = await pixel(oneRow, 136 + 30, 322 + 20);
  t.not(hiddenSwatch, '#1020d0', 'faded');
  t.equal(await pixel(oneRow, 136 + 20, 322 + 20), '#d0353f', 'the strike crosses its centre');
  const palette = Array.from({ length: 12 }, (_, i) => `#${(i * 16 + 16).toString(16).padStart(2, '0')}0000`);
  const twoRows = await renderReviewSheet(SVG, palette, [], rasterize);
  t.ok((await sharp(twoRows).metadata()).height > (await sharp(oneRow).metadata()).height, 'a second row of swatches');
});
