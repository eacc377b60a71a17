/** `vectorize(image, { palette })`: brand colors in, brand colors out. */
import t from 'tap';

import { vectorize } from '../../src/core/tracer.js';
import { drawnLogo, FOUR_COLORS } from '../helpers/images.js';

t.test('a JPEG whose two blues lie 4 units off their brand hex comes back in the brand hex', async (t) => {
  const { image } = await drawnLogo({ format: 'jpeg', palette: ['#2152dc', '#64a9fe'] });
  const traced = await vectorize(image, { palette: ['#1d4ed8', '#60a5fa'] });
  t.same([...traced.palette].sort(), ['#1d4ed8', '#60a5fa']);
  t.notMatch(traced.warning, /brand color/, 'every brand color matched and every traced color was one');
});

t.test('two brand blues 3 dE apart, one color to the JPEG trace, come back as two shapes of their own', async (t) => {
  // VS Code's two blues: the badge in one, the name in the other.
  const blues = ['#1070b3', '#0877b9'];
  const { image } = await drawnLogo({ format: 'jpeg', palette: blues });
  const plain = await vectorize(image);
  t.equal(plain.palette.length, 1, 'without the list, the noise makes them one color');
  const branded = await vectorize(image, { palette: blues });
  t.same([...branded.palette].sort(), [...blues].sort());
  t.notMatch(branded.warning, /brand color/);
});

t.test('a PNG keeps its exact colors, and without a palette nothing changes', async (t) => {
  const { image, palette } = await drawnLogo({ palette: FOUR_COLORS });
  const plain = await vectorize(image);
  const branded = await vectorize(image, { palette });
  t.same([...branded.palette].sort(), [...palette].sort());
  t.equal(branded.svg, plain.svg, 'exact colors given: the same SVG');
  t.equal((await vectorize(image, { palette: [] })).svg, plain.svg, 'an empty list is no palette');
});

t.test('malformed brand colors reject with INVALID_OPTION', async (t) => {
  const { image } = await drawnLogo();
  await t.rejects(vectorize(image, { palette: ['#12345'] }), { code: 'INVALID_OPTION', message: /^palette must be/ });
});
