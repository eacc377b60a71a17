import sharp from 'sharp';
import t from 'tap';

import { createRasterizer } from '../../src/core/raster.js';
import { createSampleLogoPng, SAMPLE_LOGO_COLORS, SAMPLE_LOGO_SVG } from '../../src/core/sample-logo.js';
import { traceImage } from '../../src/core/tracer.js';

t.test('the sample logo renders once and traces back to its brand colors', async (t) => {
  const sampleLogoPng = createSampleLogoPng(createRasterizer());
  const png = await sampleLogoPng();
  t.equal(await sampleLogoPng(), png, 'rendered once');
  const meta = await sharp(png).metadata();
  t.same([meta.format, meta.width, meta.height, meta.hasAlpha], ['png', 640, 400, true]);
  const traced = await traceImage(png);
  t.same([...traced.palette].sort(), [...SAMPLE_LOGO_COLORS].sort());
  for (const color of SAMPLE_LOGO_COLORS) t.ok(SAMPLE_LOGO_SVG.includes(color));
});
