/**
 * A wide wordmark whose letters touch (a brush script) gets a monogram like any wordmark: its small and
 * square images show a letter at least half their side, not the whole word as a thin strip.
 */
import t from 'tap';

import { findMark } from '../../../src/core/brand-kit/mark.js';
import { analyzePalette } from '../../../src/core/brand-kit/palette.js';
import { parseLogoArt } from '../../../src/core/logo-art.js';
import { buildAndUnpack, decode, inkBox, joinedLetterWordmark } from '../../helpers/kit.js';

const BACKGROUND = '#ffffff';
const logo = joinedLetterWordmark();

t.test('a wordmark wider than 2:1 whose letters join: a monogram, and the reason says so', async (t) => {
  const art = parseLogoArt(logo.svg);
  const mark = findMark(art, await analyzePalette(art), 'Swoosh');
  t.equal(mark.source, 'monogram');
  t.match(mark.reason, /more than 2 times as wide as tall with no separate symbol \(its letters join/);
  t.same([mark.art.width, mark.art.height], [100, 100]);
});

t.test('its favicon, touch icon and avatar show the monogram across at least half their side', async (t) => {
  const kit = await buildAndUnpack(logo, { name: 'Swoosh', backgroundColor: BACKGROUND });
  for (const path of ['web/favicon-96x96.png', 'web/apple-touch-icon.png', 'social/avatar-400x400.png']) {
    const image = await decode(kit.file(path));
    const ink = inkBox(image, BACKGROUND);
    const share = Math.min(ink.width, ink.height) / image.width;
    t.ok(share >= 0.5, `${path}: the mark spans ${(share * 100).toFixed(0)}% of the side`);
  }
  t.match(kit.text('README.txt'), /Mark \(logo\/mark\.svg.*they use a monogram instead/s);
  t.match(kit.text('brand-guide/brand-guide.html'), /its letters join/);
});
