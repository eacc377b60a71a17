/**
 * The trace settings and the hex color: one TypeBox schema each, the single
 * source for the REST schemas, the MCP tool schemas, the CLI's checks, the
 * job store's records and the engine facade.
 */
import { Type, type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';

import {
  BRAND_COLORS_DESCRIPTION,
  BRAND_COLORS_MAX,
  COLOR_CHOICES,
  DEFAULT_SETTING_VALUES,
  SMOOTHING_DESCRIPTION,
  SMOOTHING_MAX,
  type ColorChoice,
} from './setting-values.js';

export { BRAND_COLORS_MAX, COLOR_CHOICES, SMOOTHING_MAX, type ColorChoice };

/** A color as the API writes it: '#' and six hex digits, either case. */
export const HEX_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';
export const HexColor = Type.String({
  pattern: HEX_COLOR_PATTERN,
  description: "Six-digit hex color with a leading '#', like #1a2b3c.",
});

const HEX_COLOR = new RegExp(HEX_COLOR_PATTERN);
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** Each setting's allowed values, with the description a person reads wherever it is offered. */
export const TRACE_SETTING_SCHEMAS = {
  colors: Type.Unsafe<ColorChoice>({
    type: 'integer',
    enum: [...COLOR_CHOICES],
    description: 'Number of colors (a gradient counts as one); 0 chooses automatically.',
  }),
  smoothing: Type.Integer({
    minimum: 0,
    maximum: SMOOTHING_MAX,
    description: SMOOTHING_DESCRIPTION,
  }),
  transparent: Type.Boolean({
    description:
      'Remove the background: the paper around the art, of any color. Art that fills the frame keeps every color.',
  }),
  trim: Type.Boolean({ description: 'Crop to the logo.' }),
  palette: Type.Array(HexColor, {
    maxItems: BRAND_COLORS_MAX,
    description: BRAND_COLORS_DESCRIPTION,
    examples: [['#1d4ed8', '#f59e0b']],
  }),
};

export const TraceSettingsSchema = Type.Object(TRACE_SETTING_SCHEMAS, { title: 'TraceSettings' });
export type TraceSettings = Static<typeof TraceSettingsSchema>;
export type TraceSettingName = keyof TraceSettings;

export const DEFAULT_SETTINGS: Readonly<TraceSettings> = DEFAULT_SETTING_VALUES;

/** A schema with a use's own description or default (what it accepts stays the same). */
export function restated<T extends TSchema>(schema: T, options: { description?: string; default?: unknown }) {
  return Type.Unsafe<Static<T>>({ ...schema, ...options });
}

/** What a setting accepts, for a person: "one of 0, 1, 2, ...", "a whole number from 0 to 100". */
export function settingRule(name: TraceSettingName): string {
  if (name === 'colors') return `one of ${COLOR_CHOICES.join(', ')}`;
  if (name === 'smoothing') return `a whole number from 0 to ${SMOOTHING_MAX}`;
  if (name === 'palette') return `a list of at most ${BRAND_COLORS_MAX} colors written #rrggbb`;
  return 'true or false';
}

/** The first setting that breaks its schema, said for a person; undefined when all are valid. */
export function settingsProblem(settings: Readonly<Record<TraceSettingName, unknown>>): string | undefined {
  for (const name of Object.keys(TRACE_SETTING_SCHEMAS) as TraceSettingName[]) {
    if (!Value.Check(TRACE_SETTING_SCHEMAS[name], settings[name])) {
      return `${name} must be ${settingRule(name)} (got ${String(settings[name])})`;
    }
  }
  return undefined;
}

/** Settings the caller changes: a field that is missing, undefined or null keeps its value in `base`. */
export type SettingChanges = { [K in keyof TraceSettings]?: TraceSettings[K] | null | undefined };

export function withChanges(base: Readonly<TraceSettings>, changes: SettingChanges): TraceSettings {
  const given = Object.entries(changes).filter(([, value]: [string, unknown]) => value !== undefined && value !== null);
  return { ...base, ...Object.fromEntries(given) };
}
