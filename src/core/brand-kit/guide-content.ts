/**
 * What the brand guide says, decided once and set by both the PDF and the
 * HTML version: the variants for light and dark, the usage rules and the text.
 */
import { contrastRatio } from '../color.js';
import type { LogoArt } from '../logo-art.js';
import type { KitContext } from './context.js';
import { MARK_FILE, type MarkSource } from './mark.js';
import { listingOrder, type ListedColor, type PaletteColor, type PaletteGradient } from './palette.js';
import { CMYK_NOTE } from './palette-files.js';
import { clearSpaceUnits, minimumSize, type MinimumSize } from './usage-rules.js';
import {
  GRAPHICS_CONTRAST,
  monoVariant,
  TEXT_CONTRAST,
  variantFor,
  type Variant,
  type VariantName,
} from './variants.js';

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
  /** The colors page's cards. */
  listedColors: ListedColor[];
  gradients: PaletteGradient[];
  background: string;
  onLight: Variant;
  onDark: Variant;
  monoDark: Variant;
  monoLight: Variant;
  /** The square and small images' mark, as it reads on the guide's light and dark panels. */
  mark: { art: LogoArt; source: MarkSource; onLight: Variant; onDark: Variant };
  /** In the logo's own units. */
  clearSpace: number;
  minimum: MinimumSize;
  logo: Section;
  markSection: Section;
  space: Section;
  colors: Section;
  mono: Section;
  usage: Section;
}

const VARIANT_WORDS: Record<VariantName, string> = {
  color: 'the full-color logo',
  'on-dark': `the dark-background version, whose colors under ${GRAPHICS_CONTRAST}:1 against dark are lightened`,
  'mono-dark': 'the black one-color logo',
  'mono-light': 'the white (reversed) one-color logo',
};

/** A color's WCAG 2 contrast against one of the guide's backdrops, and what it is good enough for. */
export interface Contrast {
  backdrop: 'white' | 'dark';
  ratio: number;
  /** Body text (AA): TEXT_CONTRAST. */
  text: boolean;
  /** Graphics and large text: GRAPHICS_CONTRAST. */
  graphics: boolean;
}

export function contrastsOf(hex: string): Contrast[] {
  return (['white', 'dark'] as const).map((backdrop) => {
    const ratio = contrastRatio(hex, backdrop === 'white' ? GUIDE_COLORS.light : GUIDE_COLORS.dark);
    return { backdrop, ratio, text: ratio >= TEXT_CONTRAST, graphics: ratio >= GRAPHICS_CONTRAST };
  });
}

/** 'On dark 4.5:1: text pass, graphics pass', the ratio rounded down; `verdict` may dress each word. */
export function contrastLine(
  contrast: Contrast,
  verdict: (pass: boolean) => string = (pass) => (pass ? 'pass' : 'fail'),
): string {
  const ratio = `${(Math.floor(contrast.ratio * 10) / 10).toFixed(1)}:1`;
  return `On ${contrast.backdrop} ${ratio}: text ${verdict(contrast.text)}, graphics ${verdict(contrast.graphics)}`;
}

export function guideContent(kit: KitContext): GuideContent {
  const onLight = variantFor(kit.palette, kit.underlays, GUIDE_COLORS.light);
  const onDark = variantFor(kit.palette, kit.underlays, GUIDE_COLORS.dark);
  const { mark } = kit;
  const minimum = minimumSize(kit.art);
  const { screenPx, printMm } = minimum;
  return {
    name: kit.name,
    slug: kit.slug,
    art: kit.art,
    palette: kit.palette,
    listedColors: kit.listedColors,
    gradients: kit.gradients,
    background: kit.background,
    onLight,
    onDark,
    monoDark: monoVariant(kit.palette, 'mono-dark'),
    monoLight: monoVariant(kit.palette, 'mono-light'),
    mark: {
      art: mark.art,
      source: mark.source,
      onLight: variantFor(mark.palette, mark.underlays, GUIDE_COLORS.light),
      onDark: variantFor(mark.palette, mark.underlays, GUIDE_COLORS.dark),
    },
    clearSpace: clearSpaceUnits(kit.art),
    minimum,
    logo: {
      title: 'The logo',
      paragraphs: [
        onLight.name === onDark.name
          ? `Use ${VARIANT_WORDS[onLight.name]} on light and on dark backgrounds alike.`
          : `On white and light backgrounds use ${VARIANT_WORDS[onLight.name]}; on dark backgrounds use ${VARIANT_WORDS[onDark.name]}.`,
        ...(onDark.name === 'on-dark' ? [`That version is logo/${kit.slug}-on-dark.svg.`] : []),
        'Always start from the files in the kit: never redraw, retype or trace the logo again.',
      ],
    },
    markSection: {
      title: 'The mark',
      paragraphs: [
        mark.reason,
        `Favicons, app icons and profile pictures show the mark (${MARK_FILE}) instead of the whole logo. Use it wherever the space is square or small; use the whole logo everywhere else.`,
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
      paragraphs: [
        `The colors of the logo, ${listingOrder(kit.listedColors)}. ${CMYK_NOTE}`,
        `For print, send logo/${kit.slug}.pdf or logo/${kit.slug}.eps (vector, in the same RGB colors as the SVG); for four-color printing, give the printer the CMYK separation of each color below.`,
        ...(kit.gradients.length > 0
          ? [
              'Its gradients run through these colors in the order shown; where a gradient cannot be reproduced (one-color print, embroidery), use its colors flat or the one-color logo.',
            ]
          : []),
        `Contrast is measured against white and against dark (${GUIDE_COLORS.dark}), as WCAG 2 does: text needs ${TEXT_CONTRAST}:1, graphics and large text ${GRAPHICS_CONTRAST}:1.`,
      ],
    },
    mono: {
      title: 'One-color logo',
      paragraphs: [
        'Where color is not available (one-color print, embroidery, engraving, stamps), use the one-color logo: black on light backgrounds, white on dark backgrounds and photos.',
      ],
    },
    usage: {
      title: "Do and don't",
      paragraphs: [
        kit.gradients.length > 0
          ? 'Keep the logo as it is. Do not add shadows, outlines or other effects, and keep its gradients as they are.'
          : 'Keep the logo as it is. Do not add shadows, outlines, gradients or other effects.',
      ],
    },
  };
}
