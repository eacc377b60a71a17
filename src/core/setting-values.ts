/**
 * The trace settings' allowed values and defaults as plain data, without
 * TypeBox: settings.ts builds the schemas from them, and the web app's
 * controls offer them (it bundles this module and nothing else of the core).
 */

export const COLOR_CHOICES = [0, 1, 2, 3, 4, 6, 8] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

export const SMOOTHING_MAX = 100;

export const SMOOTHING_DESCRIPTION = `0 follows the pixels; ${SMOOTHING_MAX} gives the fewest, roundest curves.`;

/** The trace settings, one value each: what the engine takes, the form fields and a revision's `settings`. */
export interface TraceSettingValues {
  colors: ColorChoice;
  smoothing: number;
  transparent: boolean;
  trim: boolean;
}

export const DEFAULT_SETTING_VALUES: Readonly<TraceSettingValues> = Object.freeze({
  colors: 0,
  smoothing: 20,
  transparent: true,
  trim: true,
});
