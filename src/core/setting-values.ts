/**
 * The trace settings' allowed values and defaults as plain data, without
 * TypeBox: settings.ts builds the schemas from them, and the web app's
 * controls offer them (it bundles this module and nothing else of the core).
 */

export const COLOR_CHOICES = [0, 1, 2, 3, 4, 6, 8] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

export const SMOOTHING_MAX = 100;

export const SMOOTHING_DESCRIPTION = `0 follows the pixels; ${SMOOTHING_MAX} gives the fewest, roundest curves.`;

/** Most brand colors one trace takes (the `palette` setting). */
export const BRAND_COLORS_MAX = 16;

export const BRAND_COLORS_DESCRIPTION =
  `Brand colors, 1 to ${BRAND_COLORS_MAX} '#rrggbb': each traced color close to one (the same color moved by JPEG ` +
  'noise) becomes the nearest of them exactly, and traced colors that become one merge into one shape; colors close ' +
  'to none keep their own. Empty (the default): the traced colors as they are.';

/** A list of colors written as text: separated by commas, spaces or line breaks. */
export function splitColorList(text: string): string[] {
  return text.split(/[\s,]+/).filter((color) => color !== '');
}

/**
 * Brand colors pasted in any common form, '#rrggbb' each: with or without
 * '#', three or six digits, separated by commas, spaces or lines. `unreadable`
 * keeps the pieces that are no color.
 */
export function readBrandColors(text: string): { colors: string[]; unreadable: string[] } {
  const colors: string[] = [];
  const unreadable: string[] = [];
  for (const piece of splitColorList(text)) {
    const digits = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(piece)?.[1]?.toLowerCase();
    if (digits === undefined) unreadable.push(piece);
    else colors.push(`#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`);
  }
  return { colors: [...new Set(colors)], unreadable };
}

/** The trace settings, one value each: what the engine takes, the form fields and a revision's `settings`. */
export interface TraceSettingValues {
  colors: ColorChoice;
  smoothing: number;
  transparent: boolean;
  trim: boolean;
  /** Brand colors, '#rrggbb'; empty when none. */
  palette: string[];
}

export const DEFAULT_SETTING_VALUES: Readonly<TraceSettingValues> = Object.freeze({
  colors: 0,
  smoothing: 20,
  transparent: true,
  trim: true,
  palette: [],
});
