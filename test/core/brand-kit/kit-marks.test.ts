/**
 * The kit's square images show the mark and fill their platform's safe zone; the on-dark variant
 * appears exactly when the logo has a color under 3:1 on dark, and meets 3:1 itself.
 */
import t from 'tap';

import { GUIDE_COLORS } from '../../../src/core/brand-kit/guide-content.js';
import { measureUnderlays } from '../../../src/core/brand-kit/layering.js';
import { analyzePalette } from '../../../src/core/brand-kit/palette.js';
import { GRAPHICS_CONTRAST, onDarkVariant } from '../../../src/core/brand-kit/variants.js';
import { contrastRatio } from '../../../src/core/color.js';
import { KNOCKOUT, parseLogoArt } from '../../../src/core/logo-art.js';
import { buildAndUnpack, decode, inkBox, tracedLogo } from '../../helpers/kit.js';

const BACKGROUND = '#ffffff';
const NAVY = '#1e3a8a';
const ORANGE = '#f97316';
const kit = await buildAndUnpack(await tracedLogo({ palette: [NAVY, ORANGE, '#ffffff', ORANGE] }), {
  name: 'Acme',
  backgroundColor: BACKGROUND,
});

/** Each square image, with the side of the zone its platform always shows. */
const SAFE_ZONES: [string, number][] = [
  ['web/favicon-96x96.png', 1],
  ['web/apple-touch-icon.png', 1],
  ['web/icon-192x192.png', 1],
  ['web/icon-512x512.png', 1],
  ['web/icon-maskable-512x512.png', 0.8],
  ['ios/AppIcon.appiconset/AppIcon-180x180.png', 1],
  ['ios/AppIcon.appiconset/AppIcon-1024x1024.png', 1],
  ['android/mipmap-xxxhdpi/ic_launcher.png', 44 / 48],
  ['android/mipmap-xxxhdpi/ic_launcher_foreground.png', 66 / 108],
  ['android/mipmap-mdpi/ic_launcher_foreground.png', 66 / 108],
  ['android/mipmap-xxxhdpi/ic_launcher_monochrome.png', 66 / 108],
  ['android/play-store-icon-512x512.png', 1],
  ['social/avatar-400x400.png', 1],
];

t.test('every square icon shows the mark, its box at least 70% of the safe zone', async (t) => {
  for (const [path, zone] of SAFE_ZONES) {
    const image = await decode(kit.file(path));
    const ink = inkBox(image, BACKGROUND);
    const share = Math.max(ink.width, ink.height) / (zone * image.width);
    t.ok(share >= 0.7, `${path}: ${(share * 100).toFixed(1)}% of the safe zone`);
    t.ok(Math.abs(ink.width / ink.height - 1) < 0.08, `${path}: the square badge, not the wide logo`);
  }
  t.match(kit.text('README.txt'), /Mark \(logo\/mark\.svg.*symbol \(left of the word\)/);
  t.match(kit.text('logo/mark.svg'), /^<svg /);
  t.notOk(kit.text('logo/mark.svg').includes(ORANGE), 'mark.svg draws the badge, not the name');
  t.match(kit.text('brand-guide/brand-guide.html'), /<h2>The mark<\/h2><p>The logo combines a symbol with a word/);
});

t.test('the on-dark SVG lightens the navy, keeps the orange, and meets 3:1 on dark', async (t) => {
  const svg = kit.text('logo/acme-on-dark.svg');
  const fills = [...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map(([, fill]) => fill!);
  t.notOk(fills.includes(NAVY), 'navy is under 3:1 on dark, so it is gone');
  t.ok(fills.includes(ORANGE), 'orange reads on dark and is kept');
  for (const fill of new Set(fills)) {
    if (fill === '#000000') continue; // the mask's black: knockouts
    t.ok(contrastRatio(fill, GUIDE_COLORS.dark) >= GRAPHICS_CONTRAST, `${fill} reads on dark`);
  }
  t.match(kit.text('README.txt'), /logo\/acme-on-dark\.svg/);
});

t.test('favicon.svg recolors the navy for dark browser themes', async (t) => {
  const favicon = kit.text('web/favicon.svg');
  t.match(favicon, /<style>@media \(prefers-color-scheme: dark\)\{\[fill="#1e3a8a"\]\{fill:#ffffff\}/);
  t.match(favicon, /\[fill="#ffffff"\]\{fill:#16181d\}/, 'the white dot on the badge stays a dark hole');
  t.ok(favicon.indexOf('<style>') < favicon.indexOf('<path'), 'the style comes before the paths it recolors');
});

t.test('no on-dark SVG when every color already reads on dark', async (t) => {
  const light = await buildAndUnpack(await tracedLogo({ palette: [ORANGE, '#38bdf8'] }), {
    name: 'Acme',
    backgroundColor: BACKGROUND,
  });
  t.notOk(light.files.has('logo/acme-on-dark.svg'));
  t.ok(light.files.has('logo/acme.svg'));
});

t.test('on dark, white details on a lightened badge become holes; two dark colors get two tints', async (t) => {
  const badge = parseLogoArt(
    '<svg width="100" height="100"><path fill="#1e3a8a" d="M0 0h100v100H0z"/><path fill="#ffffff" d="M30 30h40v40H30z"/></svg>',
  );
  const variant = onDarkVariant(await analyzePalette(badge), await measureUnderlays(badge), GUIDE_COLORS.dark);
  t.equal(variant?.paint('#1e3a8a'), '#ffffff', 'the badge turns white');
  t.equal(variant?.paint('#ffffff'), KNOCKOUT, 'its white detail is cut out, so it still shows');

  const twoDark = parseLogoArt(
    '<svg width="100" height="50"><path fill="#1e3a8a" d="M0 0h60v50H0z"/><path fill="#3f1d0b" d="M70 0h30v50H70z"/></svg>',
  );
  const tinted = onDarkVariant(await analyzePalette(twoDark), await measureUnderlays(twoDark), GUIDE_COLORS.dark);
  const [first, second] = [tinted?.paint('#1e3a8a'), tinted?.paint('#3f1d0b')];
  t.equal(first, '#ffffff', 'the larger becomes white');
  t.not(second, first, 'the other a tint of its own, so they stay apart');
  t.ok(contrastRatio(second!, GUIDE_COLORS.dark) >= GRAPHICS_CONTRAST);

  const tile = parseLogoArt(
    '<svg width="100" height="100"><path fill="#f2dc4a" d="M0 0h100v100H0z"/><path fill="#2d2d2d" d="M20 20h60v60H20z"/></svg>',
  );
  t.equal(
    onDarkVariant(await analyzePalette(tile), await measureUnderlays(tile), GUIDE_COLORS.dark),
    null,
    'a dark drawing on a yellow tile is seen against the tile: nothing to lighten',
  );

  const reads = parseLogoArt('<svg width="10" height="10"><path fill="#f97316" d="M0 0h10v10H0z"/></svg>');
  t.equal(onDarkVariant(await analyzePalette(reads), await measureUnderlays(reads), GUIDE_COLORS.dark), null);
});
