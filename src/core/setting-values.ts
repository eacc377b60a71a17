/**
 * The trace settings' allowed values, defaults and check as plain data and
 * code, without TypeBox: settings.ts builds the schemas from them, the engine
 * facade and the CLI check settings with `settingsProblem` (so neither loads
 * TypeBox at start-up), and the web app's controls offer them (it bundles this
 * module and nothing else of the core).
 */

export const COLOR_CHOICES = [0, 1, 2, 3, 4, 6, 8] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

export const SMOOTHING_MAX = 100;

export const SMOOTHING_DESCRIPTION = `0 follows the pixels; ${SMOOTHING_MAX} gives the fewest, roundest curves.`;

/** A color as the API writes it: '#' and six hex digits, either case. */
export const HEX_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';
const HEX_COLOR = new RegExp(HEX_COLOR_PATTERN);
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

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

export type TraceSettingName = keyof TraceSettingValues;

/** Whether a value is allowed for a setting: the rule settings.ts's schemas state for the API. */
const SETTING_CHECKS: Record<TraceSettingName, (value: unknown) => boolean> = {
  colors: (value) => (COLOR_CHOICES as readonly unknown[]).includes(value),
  smoothing: (value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= SMOOTHING_MAX,
  transparent: (value) => typeof value === 'boolean',
  trim: (value) => typeof value === 'boolean',
  palette: (value) =>
    Array.isArray(value) &&
    value.length <= BRAND_COLORS_MAX &&
    value.every((color) => typeof color === 'string' && isHexColor(color)),
};

/** What a setting accepts, for a person: "one of 0, 1, 2, ...", "a whole number from 0 to 100". */
export function settingRule(name: TraceSettingName): string {
  if (name === 'colors') return `one of ${COLOR_CHOICES.join(', ')}`;
  if (name === 'smoothing') return `a whole number from 0 to ${SMOOTHING_MAX}`;
  if (name === 'palette') return `a list of at most ${BRAND_COLORS_MAX} colors written #rrggbb`;
  return 'true or false';
}

/** The first setting that breaks its rule, said for a person; undefined when all are valid. */
export function settingsProblem(settings: Readonly<Record<TraceSettingName, unknown>>): string | undefined {
  for (const name of Object.keys(SETTING_CHECKS) as TraceSettingName[]) {
    if (!SETTING_CHECKS[name](settings[name]))
      return `${name} must be ${settingRule(name)} (got ${String(settings[name])})`;
  }
  return undefined;
}
