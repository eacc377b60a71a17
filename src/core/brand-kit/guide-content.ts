/**
 * What the brand guide says, decided once and set by both the PDF and the
 * HTML version: the variants for light and dark, the usage rules and the text.
 */
import type { LogoArt } from '../logo-art.js';
import type { KitContext } from './context.js';
import type { PaletteColor } from './palette.js';
import { CMYK_NOTE } from './palette-files.js';
import { clearSpaceUnits, minimumSize, type MinimumSize } from './usage-rules.js';
import { monoVariant, variantFor, type Variant, type VariantName } from './variants.js';

/** The guide's own neutral colors. */
export const GUIDE_COLORS = {
  ink: '#111827',
  muted: '#6b7280',
  rule: '#e5e7eb',
  panel: '#f3f4f6',
  light: '#ffffff',
  dark: '#16181d',
  good: '#15803d',
  bad: '#dc2626',
} as const;

export interface Section {
  title: string;
  paragraphs: string[];
}

export interface GuideContent {
  name: string;
  /** File-name form of the name, for the file names the guide mentions. */
  slug: string;
  art: LogoArt;
  palette: PaletteColor[];
  background: string;
  onLight: Variant;
  onDark: Variant;
  monoDark: Variant;
  monoLight: Variant;
  /** In the logo's own units. */
  clearSpace: number;
  minimum: MinimumSize;
  logo: Section;
  space: Section;
  colors: Section;
  mono: Section;
  usage: Section;
}

const VARIANT_WORDS: Record<VariantName, string> = {
  color: 'the full-color logo',
  'mono-dark': 'the black one-color logo',
  'mono-light': 'the white (reversed) one-color logo',
};

export function guideContent(kit: KitContext): GuideContent {
  const onLight = variantFor(kit.palette, GUIDE_COLORS.light);
  const onDark = variantFor(kit.palette, GUIDE_COLORS.dark);
  const minimum = minimumSize(kit.art);
  const { screenPx, printMm } = minimum;
  return {
    name: kit.name,
    slug: kit.slug,
    art: kit.art,
    palette: kit.palette,
    background: kit.background,
    onLight,
    onDark,
    monoDark: monoVariant(kit.palette, 'mono-dark'),
    monoLight: monoVariant(kit.palette, 'mono-light'),
    clearSpace: clearSpaceUnits(kit.art),
    minimum,
    logo: {
      title: 'The logo',
      paragraphs: [
        onLight.name === onDark.name
          ? `Use ${VARIANT_WORDS[onLight.name]} on light and on dark backgrounds alike.`
          : `On white and light backgrounds use ${VARIANT_WORDS[onLight.name]}; on dark backgrounds use ${VARIANT_WORDS[onDark.name]}.`,
        'Always start from the files in the kit: never redraw, retype or trace the logo again.',
      ],
    },
    space: {
      title: 'Clear space and minimum size',
      paragraphs: [
        'Keep a clear space of x on every side of the logo, where x is a quarter of its shorter side. No text, image or edge may enter it.',
        `Minimum size: ${screenPx.width} x ${screenPx.height} px on screen, ${printMm.width} x ${printMm.height} mm in print. Smaller than that, details fill in; use the icon files of the kit for small sizes.`,
      ],
    },
    colors: {
      title: 'Colors',
      paragraphs: [`The colors of the logo, largest share first. ${CMYK_NOTE}`],
    },
    mono: {
      title: 'One-color logo',
      paragraphs: [
        'Where color is not available (one-color print, embroidery, engraving, stamps), use the one-color logo: black on light backgrounds, white on dark backgrounds and photos.',
      ],
    },
    usage: {
      title: "Do and don't",
      paragraphs: ['Keep the logo as it is. Do not add shadows, outlines, gradients or other effects.'],
    },
  };
}
