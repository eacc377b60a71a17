/** The mark the square and small images show: the symbol of a combination logo, a monogram of a wordmark, a square logo whole. */
import t from 'tap';

import { findMark } from '../../../src/core/brand-kit/mark.js';
import { analyzePalette } from '../../../src/core/brand-kit/palette.js';
import { contrastRatio } from '../../../src/core/color.js';
import { parseLogoArt } from '../../../src/core/logo-art.js';
import { vectorize } from '../../../src/core/tracer.js';
import { subpathsOf } from '../../../src/core/svg-path.js';
import { drawnLogo, type DrawnLogoOptions } from '../../helpers/images.js';

const BADGE = '#1e3a8a';
const NAME = '#f97316';

async function markOf(layout: DrawnLogoOptions['layout'], name = 'Acme') {
  const drawn = await drawnLogo({ layout, palette: [BADGE, NAME, '#ffffff', NAME] });
  const { svg } = await vectorize(drawn.image);
  const art = parseLogoArt(svg);
  return { art, mark: findMark(art, await analyzePalette(art), name) };
}

/** The colors that show: the engine layers a color under the next, and a sliver of it may peek out at a curve. */
async function visibleFills(art: ReturnType<typeof parseLogoArt>): Promise<string[]> {
  return (await analyzePalette(art))
    .filter((color) => color.share > 0.01)
    .map((color) => color.hex)
    .sort();
}

/** The bounds of every subpath of the art, in its own units. */
function extent(art: ReturnType<typeof parseLogoArt>) {
  const boxes = art.paths.flatMap((path) => subpathsOf(path.d).map((subpath) => subpath.box));
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  return {
    width: Math.max(...boxes.map((b) => b.x + b.width)) - left,
    height: Math.max(...boxes.map((b) => b.y + b.height)) - top,
  };
}

t.test('a symbol left of a word: the symbol, without the letters', async (t) => {
  const { art, mark } = await markOf('wordmark');
  t.equal(mark.source, 'symbol');
  t.match(mark.reason, /left of the word/);
  t.same(await visibleFills(mark.art), [BADGE, '#ffffff'].sort(), 'the badge and its dot show, no letters');
  const { width, height } = extent(mark.art);
  t.ok(Math.abs(width / height - 1) < 0.05, `the square badge (${width.toFixed(1)} x ${height.toFixed(1)})`);
  t.ok(height > 0.75 * art.height, 'as tall as the logo');
  t.same([mark.art.width, mark.art.height], [mark.art.viewBox.width, mark.art.viewBox.height], 'cropped to the symbol');
});

t.test('a symbol above a word: the symbol', async (t) => {
  const { art, mark } = await markOf('stacked');
  t.equal(mark.source, 'symbol');
  t.match(mark.reason, /above the word/);
  t.same(await visibleFills(mark.art), [BADGE, '#ffffff'].sort(), 'no letters');
  t.ok(extent(mark.art).width < 0.5 * art.width, 'narrower than the word');
});

t.test('a pure wordmark: a monogram of the name, its letter readable on its plate', async (t) => {
  const { art, mark } = await markOf('name', 'zebra crossing');
  t.equal(mark.source, 'monogram');
  t.match(mark.reason, /wordmark with no separate symbol/);
  t.same([mark.art.width, mark.art.height], [100, 100], 'square');
  const [plate, letter] = mark.art.paths;
  const primary = (await analyzePalette(art))[0]!.hex;
  t.equal(plate?.fill, primary, 'the plate in the main brand color');
  t.ok(contrastRatio(letter!.fill, plate!.fill) >= 3, 'the letter stands out on it');
  const glyph = extent({ ...mark.art, paths: [letter!] });
  t.ok(glyph.height > 50 && glyph.height < 60, 'the letter takes about half the plate');
  t.match(letter?.d, /^M/, 'drawn as a path: no font needed to show it');
});

t.test('the monogram takes the first letter or digit, and gives up without one', async (t) => {
  const { art } = await markOf('name');
  const palette = await analyzePalette(art);
  const letterOf = (name: string) => findMark(art, palette, name).art.paths[1]?.d;
  t.equal(letterOf('  "zed"'), letterOf('Z'), 'punctuation and case do not matter');
  t.not(letterOf('Zed'), letterOf('Ace'));
  t.equal(findMark(art, palette, '★★★').source, 'whole', 'no letter: the logo is used whole');
});

t.test('a square logo is its own mark', async (t) => {
  const { art, mark } = await markOf('icon');
  t.equal(mark.source, 'whole');
  t.equal(mark.art, art);
  t.match(mark.reason, /close to square/);
});
