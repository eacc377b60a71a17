/** The small pieces: color notations, measured shares, mono variants and the name's safe forms. */
import { renderAsync } from '@resvg/resvg-js';
import t from 'tap';

import { contrastRatio, hexToRgb, rgbToCmyk, rgbToHsl } from '../../../src/core/color.js';
import { measureFillShares } from '../../../src/core/fill-shares.js';
import { KNOCKOUT, logoDocument, parseLogoArt } from '../../../src/core/logo-art.js';
import { cssCommentText, fileSlug, shortName, singleLine } from '../../../src/core/brand-kit/names.js';
import { analyzePalette } from '../../../src/core/brand-kit/palette.js';
import { measureUnderlays } from '../../../src/core/brand-kit/layering.js';
import { monoVariant, variantFor } from '../../../src/core/brand-kit/variants.js';

/** A 100 x 100 badge: a red square, a white square on it covering a quarter, a blue strip beside. */
const BADGE = parseLogoArt(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">' +
    '<path fill="#e4572e" d="M0 0h100v100H0z"/><path fill="#ffffff" d="M25 25h50v50H25z"/><path fill="#1b4f9c" d="M150 0h50v100h-50z"/></svg>',
);

t.test('notations: HSL and the naive CMYK of known colors', async (t) => {
  t.same(rgbToHsl(hexToRgb('#ff0000')), { h: 0, s: 100, l: 50 });
  t.same(rgbToHsl(hexToRgb('#1b4f9c')), { h: 216, s: 70, l: 36 });
  t.same(rgbToCmyk(hexToRgb('#ff8000')), { c: 0, m: 50, y: 100, k: 0 });
  t.same(rgbToCmyk(hexToRgb('#000000')), { c: 0, m: 0, y: 0, k: 100 });
  t.equal(Math.round(contrastRatio('#000000', '#ffffff')), 21);
});

t.test('shares are the visible pixels of each fill, later paths covering earlier ones', async (t) => {
  const shares = await measureFillShares(BADGE);
  // Visible: red 10000 - 2500, white 2500, blue 5000 of 15000.
  t.ok(Math.abs(shares.get('#e4572e')! - 0.5) < 0.01, 'red');
  t.ok(Math.abs(shares.get('#ffffff')! - 1 / 6) < 0.01, 'white');
  t.ok(Math.abs(shares.get('#1b4f9c')! - 1 / 3) < 0.01, 'blue');
  const palette = await analyzePalette(BADGE);
  t.same(
    palette.map((c) => [c.name, c.hex]),
    [
      ['Primary', '#e4572e'],
      ['Secondary', '#1b4f9c'],
      ['Accent 1', '#ffffff'],
    ],
  );
});

t.test('mono: near-white details become holes, cut through what lies under them', async (t) => {
  const palette = await analyzePalette(BADGE);
  const dark = monoVariant(palette, 'mono-dark');
  t.equal(dark.paint('#ffffff'), KNOCKOUT);
  t.equal(dark.paint('#e4572e'), '#000000');
  const { pixels, width } = await renderAsync(logoDocument(BADGE, dark.paint));
  const at = (x: number, y: number) => [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
  t.same(at(10, 10), [0, 0, 0, 255], 'the red square is black');
  t.same(at(50, 50), [0, 0, 0, 0], 'the white square is a hole through it');
  t.same(at(175, 50), [0, 0, 0, 255], 'the blue strip is black');
  const allWhite = await analyzePalette(
    parseLogoArt('<svg width="10" height="10"><path fill="#ffffff" d="M0 0h10v10H0z"/></svg>'),
  );
  t.equal(monoVariant(allWhite, 'mono-dark').paint('#ffffff'), '#000000', 'a logo of only light colors keeps them');
});

t.test('on a light background the logo does not read on, the black one-color version is used', async (t) => {
  const whiteArt = parseLogoArt('<svg width="10" height="10"><path fill="#fafafa" d="M0 0h10v10H0z"/></svg>');
  const white = await analyzePalette(whiteArt);
  const underlays = await measureUnderlays(whiteArt);
  t.equal(variantFor(white, underlays, '#ffffff').name, 'mono-dark');
  t.equal(variantFor(white, underlays, '#000000').name, 'color');
  t.equal(variantFor(await analyzePalette(BADGE), await measureUnderlays(BADGE), '#ffffff').name, 'color');
});

t.test('the name in file names, one-line formats, CSS comments and the manifest', async (t) => {
  t.equal(fileSlug('Crème Brûlée & Co.'), 'creme-brulee-co');
  t.equal(fileSlug('東京'), 'brand', 'nothing usable left');
  t.equal(fileSlug('a'.repeat(100)).length, 40);
  t.equal(singleLine(' one\r\ntwo\u2028three\tfour '), 'one two three four');
  t.equal(cssCommentText('a */ b </style>'), 'a *\\/ b \\3c /style>');
  t.equal(shortName('Kubernetes project'), 'Kubernetes p');
  t.equal(
    shortName('😀😀😀😀😀😀😀😀😀😀😀😀😀'),
    '😀😀😀😀😀😀😀😀😀😀😀😀',
    'counted in characters, not UTF-16 units',
  );
});

t.test('parsing refuses what is not an engine SVG', async (t) => {
  t.throws(() => parseLogoArt('not svg'), { name: 'LogoArtError' });
  t.throws(() => parseLogoArt('<svg width="10" height="10"></svg>'), { name: 'LogoArtError' });
  t.throws(() => parseLogoArt('<svg><path fill="#000000" d="M0 0h1v1z"/></svg>'), { name: 'LogoArtError' });
});
