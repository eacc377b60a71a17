/** The engines under comparison, reduced to what the metrics need. */
import type { TraceSettings } from '../../src/core/settings.js';
import { traceImage, type TraceResult } from '../../src/core/tracer.js';
import { tracePlainVtracer } from '../../test/helpers/native-hooks.js';

export const ENGINE_NAMES = ['ours', 'vtracer', 'potrace'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export interface EngineOutput {
  svg: string;
  /** '#rrggbb' fills of the SVG. */
  palette: string[];
  /** Engine time for this image. */
  ms: number;
}

function toEngineOutput(result: TraceResult): EngineOutput {
  return { svg: result.svg, palette: result.palette, ms: result.engineMs };
}

/** Automatic colors; trim off so the output lines up with the source pixels. */
export const OUR_SETTINGS: Partial<TraceSettings> = { colors: 0, trim: false };

/** `settings` beside OUR_SETTINGS: the brand-colors benchmark gives each logo its `palette`. */
export async function traceWithOurs(bytes: Buffer, settings: Partial<TraceSettings> = {}): Promise<EngineOutput> {
  return toEngineOutput(await traceImage(bytes, { ...OUR_SETTINGS, ...settings }));
}

export async function traceWithPlainVtracer(bytes: Buffer): Promise<EngineOutput> {
  return toEngineOutput(await tracePlainVtracer(bytes));
}
