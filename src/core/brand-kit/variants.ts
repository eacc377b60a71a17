/**
 * The logo's variants: full color and one-color (mono). In a mono version the
 * near-white fills of a multi-color logo become knockouts (holes), because
 * they are almost always details drawn on top of a darker shape (the wheel in
 * a badge, letters in a circle); painting them in the ink would fill them in.
 */
import { contrastRatio, relativeLuminance } from '../color.js';
import { KNOCKOUT, type Paint } from '../logo-art.js';
import type { PaletteColor } from './palette.js';

const MONO_DARK_INK = '#000000';
const MONO_LIGHT_INK = '#ffffff';
/** Fills at least this light (WCAG relative luminance) are knockouts in mono. */
const KNOCKOUT_LUMINANCE = 0.75;
/** Below this share-weighted contrast the full-color logo is too faint on a background. */
const READABLE_CONTRAST = 1.5;

export type VariantName = 'color' | 'mono-dark' | 'mono-light';

export interface Variant {
  name: VariantName;
  paint: Paint;
}

export const fullColor: Variant = { name: 'color', paint: (fill) => fill };

export function monoVariant(palette: readonly PaletteColor[], name: 'mono-dark' | 'mono-light'): Variant {
  const light = new Set(
    palette.filter((color) => relativeLuminance(color.hex) >= KNOCKOUT_LUMINANCE).map((color) => color.hex),
  );
  const knockouts = light.size < palette.length ? light : new Set<string>();
  const ink = name === 'mono-dark' ? MONO_DARK_INK : MONO_LIGHT_INK;
  return { name, paint: (fill) => (knockouts.has(fill) ? KNOCKOUT : ink) };
}

/** Mean contrast of the logo's colors against `background`, each weighted by its share. */
function logoContrast(palette: readonly PaletteColor[], background: string): number {
  return palette.reduce((sum, color) => sum + color.share * contrastRatio(color.hex, background), 0);
}

/** The full-color logo where it reads on `background`, otherwise the mono version that does. */
export function variantFor(palette: readonly PaletteColor[], background: string): Variant {
  if (logoContrast(palette, background) >= READABLE_CONTRAST) return fullColor;
  const darkInk = contrastRatio(MONO_DARK_INK, background) >= contrastRatio(MONO_LIGHT_INK, background);
  return monoVariant(palette, darkInk ? 'mono-dark' : 'mono-light');
}
