/**
 * web/: today's minimal favicon set (favicon.ico of 16, 32 and 48 px, favicon.svg with its dark-scheme
 * colors, the 180 px touch icon), a 96 px PNG favicon, the web app manifest with its plain (`any`) and
 * maskable icons, and the <head> tags that use them.
 */
import { escapeXml } from '../escape.js';
import { KNOCKOUT, logoInBox, pathColors } from '../logo-art.js';
import { drawing } from '../raster.js';
import type { KitContext } from './context.js';
import { iconDrawing, type IconStyle } from './drawings.js';
import { GUIDE_COLORS } from './guide-content.js';
import { writeIco } from './ico.js';
import type { KitFile } from './kit-file.js';
import { htmlSafeJson, shortName } from './names.js';
import { onDarkVariant } from './variants.js';

/** Sizes inside favicon.ico, largest first as the issue asks (Windows picks by size, not order). */
const FAVICON_ICO_SIZES = [48, 32, 16] as const;

/** Tab icons use every pixel: the mark fills the square. */
const FAVICON: IconStyle = { backdrop: 'none', room: { box: 1 } };
/** iOS draws no transparency (it would turn black), so the touch icon is opaque with a margin. */
const TOUCH_ICON: IconStyle = { backdrop: 'square', room: { box: 0.75 } };
/** Maskable icons may be cropped to the central circle of 80% diameter: the mark's corners stay on it. */
const MASKABLE: IconStyle = { backdrop: 'square', room: { circle: 0.8 } };

/**
 * The manifest's icons. Browsers show an `any` icon as drawn (the mark on transparency, like a favicon)
 * and crop a `maskable` one to their own shape; each purpose has icons of its own, so neither is cropped
 * where it should not be.
 */
const MANIFEST_ICONS = [
  { size: 192, purpose: 'any', style: FAVICON, opaque: false },
  { size: 512, purpose: 'any', style: FAVICON, opaque: false },
  { size: 512, purpose: 'maskable', style: MASKABLE, opaque: true },
] as const;

type ManifestIcon = (typeof MANIFEST_ICONS)[number];

function manifestIconPath({ size, purpose }: ManifestIcon): string {
  return `icon-${purpose === 'maskable' ? 'maskable-' : ''}${size}x${size}.png`;
}

/**
 * In a dark browser theme the tab behind the favicon is dark: recolor the mark as its on-dark
 * variant does (CSS outranks the fill and stop-color attributes); a knockout takes the dark tab's
 * color. A gradient is recolored stop by stop, so one with a knocked-out stop fades into the tab
 * rather than being cut out whole as the variant's files are.
 */
function darkThemeStyle(kit: KitContext): string {
  const { mark } = kit;
  const variant = onDarkVariant(mark.palette, mark.underlays, GUIDE_COLORS.dark);
  if (!variant) return '';
  const stops = new Set(mark.art.paths.flatMap((path) => (path.ramp ? pathColors(path) : [])));
  const rules = mark.palette
    .map(({ hex }) => [hex, variant.paint(hex)] as const)
    .filter(([hex, paint]) => paint !== hex)
    .flatMap(([hex, paint]) => {
      const color = paint === KNOCKOUT ? GUIDE_COLORS.dark : paint;
      return [
        `[fill="${hex}"]{fill:${color}}`,
        ...(stops.has(hex) ? [`[stop-color="${hex}"]{stop-color:${color}}`] : []),
      ];
    });
  return `<style>@media (prefers-color-scheme: dark){${rules.join('')}}</style>`;
}

/** The mark in a square SVG, so browsers that scale favicons to a square do not stretch it. */
function faviconSvg(kit: KitContext): string {
  const { art } = kit.mark;
  const side = Math.max(art.width, art.height);
  const mark = logoInBox(art, { x: 0, y: 0, width: side, height: side });
  return `${drawing(side, side, darkThemeStyle(kit) + mark)}\n`;
}

function manifest(kit: KitContext): string {
  return htmlSafeJson({
    name: kit.name,
    short_name: shortName(kit.name),
    icons: MANIFEST_ICONS.map((icon) => ({
      src: `/${manifestIconPath(icon)}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
    theme_color: themeColor(kit),
    background_color: kit.background,
    display: 'standalone',
  });
}

/** The browser's UI color: the first color the palette files list that the logo paints (the first brand color, when given). */
function themeColor(kit: KitContext): string {
  return kit.listedColors.find((color) => color.inLogo)?.hex ?? kit.background;
}

function headTags(kit: KitContext): string {
  return [
    '<!-- Copy the files of this folder to the root of your site, then paste these tags into <head>. -->',
    '<link rel="icon" type="image/png" href="/favicon-96x96.png" sizes="96x96" />',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    '<link rel="shortcut icon" href="/favicon.ico" />',
    '<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png" />',
    `<meta name="apple-mobile-web-app-title" content="${escapeXml(shortName(kit.name))}" />`,
    '<link rel="manifest" href="/site.webmanifest" />',
    `<meta name="theme-color" content="${themeColor(kit)}" />`,
    '',
  ].join('\n');
}

export async function webFiles(kit: KitContext): Promise<KitFile[]> {
  const [icoImages, favicon96, touchIcon, manifestIcons] = await Promise.all([
    Promise.all(
      FAVICON_ICO_SIZES.map(async (size) => ({ size, png: await kit.rasterize(iconDrawing(kit, size, FAVICON)) })),
    ),
    kit.rasterize(iconDrawing(kit, 96, FAVICON)),
    kit.rasterize(iconDrawing(kit, 180, TOUCH_ICON), { opaque: true }),
    Promise.all(
      MANIFEST_ICONS.map(async (icon) => ({
        icon,
        png: await kit.rasterize(iconDrawing(kit, icon.size, icon.style), { opaque: icon.opaque }),
      })),
    ),
  ]);
  return [
    { path: 'web/favicon.ico', data: writeIco(icoImages), purpose: 'Classic favicon holding 48, 32 and 16 px images.' },
    {
      path: 'web/favicon.svg',
      data: Buffer.from(faviconSvg(kit)),
      purpose: 'Vector favicon for modern browsers; recolored for dark browser themes where the mark needs it.',
    },
    { path: 'web/favicon-96x96.png', data: favicon96, purpose: 'PNG favicon, 96 x 96 px.' },
    {
      path: 'web/apple-touch-icon.png',
      data: touchIcon,
      purpose: 'Home-screen icon for iPhone and iPad, 180 x 180 px, opaque.',
    },
    ...manifestIcons.map(({ icon, png }) => ({
      path: `web/${manifestIconPath(icon)}`,
      data: png,
      purpose:
        icon.purpose === 'maskable'
          ? `Maskable web app icon, ${icon.size} x ${icon.size} px: the logo stays inside the central safe circle.`
          : `Web app icon, ${icon.size} x ${icon.size} px, transparent, shown as drawn.`,
    })),
    {
      path: 'web/site.webmanifest',
      data: Buffer.from(manifest(kit)),
      purpose: 'Web app manifest: name, colors and icons for "Add to home screen".',
    },
    {
      path: 'web/head.html',
      data: Buffer.from(headTags(kit)),
      purpose: "The <link> and <meta> tags to paste into your pages' <head>.",
    },
  ];
}
