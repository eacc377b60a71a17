/**
 * The tracing engine's TypeScript facade and the only importer of the native
 * addon. Work runs on the libuv threadpool; failures arrive as TraceError
 * with a stable code.
 */
import { createRequire } from 'node:module';

// The addon's types, which napi generates as binding.d.ts beside the loader binding.cjs.
import type * as NativeBinding from '../../native/binding.js';
import type { TraceOptions, TraceResult } from '../../native/binding.js';
import { COLOR_CHOICES, DEFAULT_SETTINGS, isColorChoice, type TraceSettings } from './settings.js';

export type { TraceResult };

// Both src/core and dist/core sit two levels below the project root.
const binding = createRequire(import.meta.url)('../../native/binding.cjs') as typeof NativeBinding;

export const TRACE_ERROR_CODES = [
  'UNSUPPORTED_FORMAT',
  'CORRUPT_IMAGE',
  'TOO_SMALL',
  'TOO_LARGE',
  'NOTHING_TO_TRACE',
  'TOO_COMPLEX',
  'INVALID_OPTION',
  'ABORTED',
  'INTERNAL',
] as const;
export type TraceErrorCode = (typeof TRACE_ERROR_CODES)[number];

export class TraceError extends Error {
  override readonly name = 'TraceError';
  constructor(
    readonly code: TraceErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** Problems with the image itself (as opposed to the engine failing). */
  get isUserError(): boolean {
    return this.code !== 'INTERNAL' && this.code !== 'ABORTED';
  }
}

function isTraceErrorCode(code: unknown): code is TraceErrorCode {
  return (TRACE_ERROR_CODES as readonly unknown[]).includes(code);
}

/** A rejection from the native addon as a TraceError: the engine's errors carry their code as `code`. */
export function toTraceError(error: unknown): TraceError {
  if (!(error instanceof Error)) return new TraceError('INTERNAL', String(error));
  const { code } = error as Error & { code?: unknown };
  if (isTraceErrorCode(code)) return new TraceError(code, error.message);
  // napi-rs rejects a trace cancelled before it started with its own AbortError.
  if (error.name === 'AbortError' || /abort/i.test(error.message)) {
    return new TraceError('ABORTED', 'the trace was cancelled before it ran');
  }
  return new TraceError('INTERNAL', error.message);
}

async function callNative(run: () => Promise<TraceResult>, signal?: AbortSignal): Promise<TraceResult> {
  // napi-rs only listens for a future abort; one that already happened is ours to honour.
  if (signal?.aborted) throw new TraceError('ABORTED', 'the trace was cancelled before it ran');
  try {
    return await run();
  } catch (error) {
    throw toTraceError(error);
  }
}

/** Settings the native layer would otherwise coerce (a negative smoothing wraps to u32, 20.5 truncates). */
function checkSettings(settings: TraceSettings): void {
  if (!Number.isInteger(settings.colors) || !isColorChoice(settings.colors)) {
    throw new TraceError('INVALID_OPTION', `colors must be one of ${COLOR_CHOICES.join(', ')} (got ${String(settings.colors)})`);
  }
  if (!Number.isInteger(settings.smoothing) || settings.smoothing < 0 || settings.smoothing > 100) {
    throw new TraceError('INVALID_OPTION', `smoothing must be a whole number from 0 to 100 (got ${String(settings.smoothing)})`);
  }
  for (const flag of ['transparent', 'trim'] as const) {
    if (typeof settings[flag] !== 'boolean') {
      throw new TraceError('INVALID_OPTION', `${flag} must be true or false (got ${String(settings[flag])})`);
    }
  }
}

/** How one trace may run. */
export interface TraceBounds {
  /** Most CPU time the engine may spend on it once started; past it the trace fails with TOO_COMPLEX. */
  deadlineMs?: number;
  /** Aborting cancels a queued trace and stops a running one (ABORTED). */
  signal?: AbortSignal;
}

/** Trace a PNG, JPEG or WebP logo (the file's bytes) into an SVG with its exact palette. */
export async function traceImage(
  input: Buffer,
  settings: Partial<TraceSettings> = {},
  { deadlineMs, signal }: TraceBounds = {},
): Promise<TraceResult> {
  const complete = { ...DEFAULT_SETTINGS, ...settings };
  checkSettings(complete);
  const options: TraceOptions = deadlineMs === undefined ? complete : { ...complete, deadlineMs };
  return callNative(() => binding.traceImage(input, options, signal ?? null), signal);
}

/** The engine as the services use it; `signal` aborts the trace (the caller went away). */
export type Tracer = (image: Buffer, settings: TraceSettings, signal?: AbortSignal) => Promise<TraceResult>;

/** The engine with every trace bounded by `deadlineMs`. */
export function boundedTracer(deadlineMs: number): Tracer {
  return (image, settings, signal) => traceImage(image, settings, { deadlineMs, ...(signal ? { signal } : {}) });
}

/** Benchmark baseline: plain vtracer with its default settings, none of our cleanup. */
export function tracePlainVtracer(input: Buffer): Promise<TraceResult> {
  return callNative(() => binding.traceWithPlainVtracer(input));
}
