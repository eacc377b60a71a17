/**
 * The logo's variants: full color, on dark (full color with the colors that
 * do not read on a dark background lightened), and one-color (mono). In a
 * mono version the near-white fills of a multi-color logo become knockouts
 * (holes), because they are almost always details drawn on top of a darker
 * shape (the wheel in a badge, letters in a circle); painting them in the ink
 * would fill them in. The on-dark version knocks out the near-white fills
 * that lie on a color it lightens, for the same reason.
 */
import { contrastRatio, hexToRgb, hslToRgb, relativeLuminance, rgbToHex, rgbToHsl } from '../color.js';
import { KNOCKOUT, type Paint } from '../logo-art.js';
import type { Underlays } from './layering.js';
import type { PaletteColor } from './palette.js';

const MONO_DARK_INK = '#000000';
const MONO_LIGHT_INK = '#ffffff';
/** Fills at least this light (WCAG relative luminance) are knockouts in mono. */
const KNOCKOUT_LUMINANCE = 0.75;
/** Below this share-weighted contrast the full-color logo is too faint on a background. */
const READABLE_CONTRAST = 1.5;

/** WCAG 2 contrast a graphic needs against its background (non-text contrast), and text (AA). */
export const GRAPHICS_CONTRAST = 3;
export const TEXT_CONTRAST = 4.5;
/** The lightest tint a lightened color takes after the first, which becomes white; then darker ones, kept apart. */
const TINT_LIGHTNESS_STEPS = [86, 78, 70, 62] as const;
const TINT_MAX_SATURATION = 70;

export type VariantName = 'color' | 'on-dark' | 'mono-dark' | 'mono-light';

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

/** A background that white stands out on better than black. */
function isDark(background: string): boolean {
  return contrastRatio(MONO_LIGHT_INK, background) > contrastRatio(MONO_DARK_INK, background);
}

/**
 * The logo's colors that stand on `background` and fall under GRAPHICS_CONTRAST there. A color lying on
 * another color of the logo (a dark drawing on a yellow tile) is seen against that one, as designed.
 */
function lowContrastColors(palette: readonly PaletteColor[], underlays: Underlays, background: string): string[] {
  return palette
    .filter((color) => !underlays.has(color.hex) && contrastRatio(color.hex, background) < GRAPHICS_CONTRAST)
    .map((color) => color.hex);
}

/** A light tint of `hex`'s own hue that reads on `dark` and is none of `taken`. */
function lightTint(hex: string, dark: string, taken: ReadonlySet<string>): string {
  const { h, s } = rgbToHsl(hexToRgb(hex));
  for (const l of TINT_LIGHTNESS_STEPS) {
    const tint = rgbToHex(hslToRgb({ h, s: Math.min(s, TINT_MAX_SATURATION), l }));
    if (!taken.has(tint) && contrastRatio(tint, dark) >= GRAPHICS_CONTRAST) return tint;
  }
  return MONO_LIGHT_INK;
}

/**
 * The logo for a dark background, or null when every color already reads on it: the colors standing on
 * it under GRAPHICS_CONTRAST become white (the largest) and light tints of their own hue (the rest); colors
 * that read are kept, except near-white details lying on a lightened color, which become knockouts.
 */
export function onDarkVariant(palette: readonly PaletteColor[], underlays: Underlays, dark: string): Variant | null {
  const low = lowContrastColors(palette, underlays, dark);
  if (low.length === 0) return null;
  const knockouts = new Set(
    palette
      .filter(
        (color) => relativeLuminance(color.hex) >= KNOCKOUT_LUMINANCE && low.includes(underlays.get(color.hex) ?? ''),
      )
      .map((color) => color.hex),
  );
  const swaps = new Map<string, string>();
  const taken = new Set(palette.map((color) => color.hex).filter((hex) => !low.includes(hex) && !knockouts.has(hex)));
  for (const hex of low) {
    const light = swaps.size === 0 && !taken.has(MONO_LIGHT_INK) ? MONO_LIGHT_INK : lightTint(hex, dark, taken);
    swaps.set(hex, light);
    taken.add(light);
  }
  return { name: 'on-dark', paint: (fill) => (knockouts.has(fill) ? KNOCKOUT : (swaps.get(fill) ?? fill)) };
}

/**
 * The logo as it reads on `background`: on a dark one the full-color logo, lightened where it must be;
 * on a light one the full-color logo, or the black one-color logo when the colors would vanish.
 */
export function variantFor(palette: readonly PaletteColor[], underlays: Underlays, background: string): Variant {
  if (isDark(background)) return onDarkVariant(palette, underlays, background) ?? fullColor;
  return logoContrast(palette, background) >= READABLE_CONTRAST ? fullColor : monoVariant(palette, 'mono-dark');
}
