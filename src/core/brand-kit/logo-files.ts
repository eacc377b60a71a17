/**
 * logo/: the SVG in color, for dark backgrounds when it needs lightening, in one color, the mark,
 * transparent PNGs, and the logo on the background color.
 */
import { logoDocument } from '../logo-art.js';
import type { KitContext } from './context.js';
import type { KitFile } from './kit-file.js';
import { logoDrawing, logoOnBackground, sizeForLongSide } from './drawings.js';
import { clearSpaceUnits } from './usage-rules.js';
import { GUIDE_COLORS } from './guide-content.js';
import { MARK_DESCRIPTIONS, MARK_FILE } from './mark.js';
import { GRAPHICS_CONTRAST, monoVariant, onDarkVariant } from './variants.js';

const LOGO_PNG_LONG_SIDES = [256, 512, 1024, 2048] as const;
/** Long side of the logo itself in the on-background PNG; the clear space is added around it. */
const ON_BACKGROUND_LOGO_SIDE = 1024;

async function onBackgroundPng(kit: KitContext): Promise<Buffer> {
  const logo = sizeForLongSide(kit, ON_BACKGROUND_LOGO_SIDE);
  const margin = Math.round((clearSpaceUnits(kit.art) * logo.width) / kit.art.width);
  const size = { width: logo.width + 2 * margin, height: logo.height + 2 * margin };
  return kit.rasterize(logoOnBackground(kit, size, { x: margin, y: margin, ...logo }), { opaque: true });
}

export async function logoFiles(kit: KitContext): Promise<KitFile[]> {
  const base = `logo/${kit.slug}`;
  const [onBackground, ...pngs] = await Promise.all([
    onBackgroundPng(kit),
    ...LOGO_PNG_LONG_SIDES.map(async (side): Promise<KitFile> => ({
      path: `${base}-${side}.png`,
      data: await kit.rasterize(logoDrawing(kit, sizeForLongSide(kit, side))),
      purpose: `The logo, transparent PNG, ${side} px on the long side.`,
    })),
  ]);
  const onDark = onDarkVariant(kit.palette, kit.underlays, GUIDE_COLORS.dark);
  return [
    {
      path: `${base}.svg`,
      data: Buffer.from(logoDocument(kit.art)),
      purpose: 'The logo in full color, vector (SVG): the master file; scales to any size.',
    },
    ...(onDark
      ? [
          {
            path: `${base}-on-dark.svg`,
            data: Buffer.from(logoDocument(kit.art, onDark.paint)),
            purpose: `The logo for dark backgrounds: its colors under ${GRAPHICS_CONTRAST}:1 against dark are lightened, the rest kept.`,
          },
        ]
      : []),
    {
      path: MARK_FILE,
      data: Buffer.from(logoDocument(kit.mark.art)),
      purpose: `The mark, for square and small spaces (favicons, app icons, avatars): ${MARK_DESCRIPTIONS[kit.mark.source]}.`,
    },
    {
      path: `${base}-mono-dark.svg`,
      data: Buffer.from(logoDocument(kit.art, monoVariant(kit.palette, 'mono-dark').paint)),
      purpose: 'One-color logo in black, for light backgrounds, one-color print, engraving and stamps.',
    },
    {
      path: `${base}-mono-light.svg`,
      data: Buffer.from(logoDocument(kit.art, monoVariant(kit.palette, 'mono-light').paint)),
      purpose: 'One-color logo in white (reversed), for dark backgrounds and photos.',
    },
    ...pngs,
    {
      path: `${base}-on-background.png`,
      data: onBackground,
      purpose: `The logo on the background color ${kit.background} with its clear space around it.`,
    },
  ];
}
