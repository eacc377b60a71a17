/**
 * The trace settings and the hex color as TypeBox schemas, built from the
 * values in setting-values.ts: the source for the REST schemas, the MCP tool
 * schemas and the job store's records.
 */
import { Type, type Static, type TSchema } from 'typebox';

import {
  BRAND_COLORS_DESCRIPTION,
  BRAND_COLORS_MAX,
  COLOR_CHOICES,
  DEFAULT_SETTING_VALUES,
  HEX_COLOR_PATTERN,
  SMOOTHING_DESCRIPTION,
  SMOOTHING_MAX,
  type ColorChoice,
  type TraceSettingName,
} from './setting-values.js';

export { BRAND_COLORS_MAX, COLOR_CHOICES, HEX_COLOR_PATTERN, SMOOTHING_MAX, type ColorChoice, type TraceSettingName };
export { isHexColor, settingRule, settingsProblem } from './setting-values.js';

export const HexColor = Type.String({
  pattern: HEX_COLOR_PATTERN,
  description: "Six-digit hex color with a leading '#', like #1a2b3c.",
});

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

export const DEFAULT_SETTINGS: Readonly<TraceSettings> = DEFAULT_SETTING_VALUES;

/** A schema with a use's own description or default (what it accepts stays the same). */
export function restated<T extends TSchema>(schema: T, options: { description?: string; default?: unknown }) {
  return Type.Unsafe<Static<T>>({ ...schema, ...options });
}

/** Settings the caller changes: a field that is missing, undefined or null keeps its value in `base`. */
export type SettingChanges = { [K in keyof TraceSettings]?: TraceSettings[K] | null | undefined };

export function withChanges(base: Readonly<TraceSettings>, changes: SettingChanges): TraceSettings {
  const given = Object.entries(changes).filter(([, value]: [string, unknown]) => value !== undefined && value !== null);
  return { ...base, ...Object.fromEntries(given) };
}
