/** Trace settings shared by the engine facade, the HTTP schemas, the MCP tools and the CLI. */

export const COLOR_CHOICES = [0, 1, 2, 3, 4, 6, 8] as const;
export type ColorChoice = (typeof COLOR_CHOICES)[number];

export interface TraceSettings {
  /** 0 chooses the count automatically; otherwise at most this many colors. */
  colors: ColorChoice;
  /** 0 follows the pixels, 100 gives the fewest, roundest curves. */
  smoothing: number;
  /** Remove the background (transparent pixels, or the border color of an opaque image). */
  transparent: boolean;
  /** Crop to the content's bounding box. */
  trim: boolean;
}

export const DEFAULT_SETTINGS: Readonly<TraceSettings> = Object.freeze({
  colors: 0,
  smoothing: 20,
  transparent: true,
  trim: true,
});

export function isColorChoice(value: number): value is ColorChoice {
  return (COLOR_CHOICES as readonly number[]).includes(value);
}

/** Settings the caller changes: a field that is missing, undefined or null keeps its value in `base`. */
export type SettingChanges = { [K in keyof TraceSettings]?: TraceSettings[K] | null };

export function withChanges(base: Readonly<TraceSettings>, changes: SettingChanges): TraceSettings {
  const given = Object.entries(changes).filter(([, value]) => value !== undefined && value !== null);
  return { ...base, ...Object.fromEntries(given) };
}
