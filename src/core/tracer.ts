/**
 * The tracing engine's TypeScript facade and the only importer of the native
 * addon. Work runs on the libuv threadpool; failures arrive as ServiceError
 * with one of the TRACE_ERROR_CODES.
 */
import { createRequire } from 'node:module';

// The addon's types, which napi generates as binding.d.ts beside the loader binding.cjs.
import type * as NativeBinding from '../../native/binding.js';
import type { TraceResult } from '../../native/binding.js';
import { ServiceError, TRACE_ERROR_CODES, type TraceErrorCode } from './errors.js';
import { loadNativeAddon } from './native-build.js';
import { DEFAULT_SETTING_VALUES as DEFAULT_SETTINGS, settingsProblem } from './setting-values.js';
import type { TraceSettings } from './settings.js';

export type { TraceResult };

const loaded = loadNativeAddon((loader) => createRequire(import.meta.url)(loader) as typeof NativeBinding);
const binding = loaded.addon;
/** The addon build this process traces with (`native-build.ts`): the same SVGs either way. */
export const NATIVE_BUILD = loaded.build;

function isTraceErrorCode(code: unknown): code is TraceErrorCode {
  return (TRACE_ERROR_CODES as readonly unknown[]).includes(code);
}

const cancelled = () => new ServiceError('ABORTED', 'the trace was cancelled before it ran');

/** A rejection from the native addon as a ServiceError: the engine's errors carry their code as `code`. */
export function fromNativeError(error: unknown): ServiceError {
  if (!(error instanceof Error)) return new ServiceError('INTERNAL', String(error));
  const { code } = error as Error & { code?: unknown };
  if (isTraceErrorCode(code)) return new ServiceError(code, error.message);
  // napi-rs rejects a trace cancelled before it started with its own AbortError.
  if (error.name === 'AbortError') return cancelled();
  return new ServiceError('INTERNAL', error.message);
}

async function callNative(run: () => Promise<TraceResult>, signal?: AbortSignal): Promise<TraceResult> {
  // napi-rs only listens for a future abort; one that already happened is ours to honour.
  if (signal?.aborted) throw cancelled();
  try {
    return await run();
  } catch (error) {
    throw fromNativeError(error);
  }
}

/** How one trace may run. */
export interface TraceBounds {
  /** Most CPU time the engine may spend on it once started; past it the trace fails with TOO_COMPLEX. */
  deadlineMs?: number;
  /** Aborting cancels a queued trace and stops a running one (ABORTED). */
  signal?: AbortSignal;
}

/**
 * Settings with the defaults filled in, every value checked against its schema: the one place that does
 * both (the engine takes the settings as given). Throws INVALID_OPTION naming the first bad value.
 */
export function completeSettings(settings: Partial<TraceSettings> = {}): TraceSettings {
  const complete = { ...DEFAULT_SETTINGS, ...settings };
  const problem = settingsProblem(complete);
  if (problem) throw new ServiceError('INVALID_OPTION', problem);
  return complete;
}

/** Trace a PNG, JPEG or WebP logo (the file's bytes) into an SVG with its exact palette. */
export async function traceImage(
  input: Buffer,
  settings: Partial<TraceSettings> = {},
  { deadlineMs, signal }: TraceBounds = {},
): Promise<TraceResult> {
  const complete = completeSettings(settings);
  return callNative(() => binding.traceImage(input, complete, deadlineMs ?? null, signal ?? null), signal);
}

/** A logo as SVG: what `vectorize` returns to the package's users, the server, the MCP tools and the CLI. */
export interface Vectorized {
  /**
   * The SVG document, one `<path>` per shape: its fill a palette color, or a
   * `<linearGradient>` or `<radialGradient>` (in `<defs>`) whose stops are.
   */
  svg: string;
  /** The '#rrggbb' colors of the SVG, largest area first: its flat fills and its gradients' stops. */
  palette: string[];
  /** Each gradient's stop colors, in order along it (every one is also in `palette`). */
  gradients: string[][];
  /** The SVG's size in pixels (after trimming, when `trim` is on). */
  width: number;
  height: number;
  /** The engine's notes on automatic adjustments (background removal, resizing), '; '-separated; '' when none. */
  warning: string;
  /** Where the SVG's top-left corner sits in the uploaded image: not 0 when `trim` cropped a margin away. */
  sourceOffset: { x: number; y: number };
}

/**
 * Vectorize a PNG, JPEG or WebP logo (the file's bytes) into an SVG with its exact palette.
 * Settings left out take their defaults. Rejects with a ServiceError whose `code` says why
 * (UNSUPPORTED_FORMAT, CORRUPT_IMAGE, TOO_SMALL, TOO_LARGE, NOTHING_TO_TRACE, TOO_COMPLEX,
 * INVALID_OPTION, ABORTED).
 */
export async function vectorize(
  image: Buffer,
  settings: Partial<TraceSettings> = {},
  bounds: TraceBounds = {},
): Promise<Vectorized> {
  const { svg, palette, gradients, width, height, warnings, left, top } = await traceImage(image, settings, bounds);
  return { svg, palette, gradients, width, height, warning: warnings.join('; '), sourceOffset: { x: left, y: top } };
}

/** The engine as the services use it; `signal` aborts the trace (the caller went away). */
export type Tracer = (image: Buffer, settings: TraceSettings, signal?: AbortSignal) => Promise<Vectorized>;

/** The engine with every trace bounded by `deadlineMs`. */
export function boundedTracer(deadlineMs: number): Tracer {
  return (image, settings, signal) => vectorize(image, settings, { deadlineMs, ...(signal ? { signal } : {}) });
}
