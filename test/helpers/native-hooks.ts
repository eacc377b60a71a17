/**
 * The addon's test and benchmark hooks, from the separate build with the
 * `hooks` cargo feature (`npm run build:native:hooks`, into native/hooks/):
 * the shipped addon has none. Each call is wrapped the way the engine facade
 * wraps traceImage, so its rejections are ServiceErrors with the engine's code.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { TraceResult } from '../../native/binding.js';
import type { TraceSettings } from '../../src/core/settings.js';
import { completeSettings, fromNativeError } from '../../src/core/tracer.js';

/** A trace with the milliseconds each stage of the engine's pipeline took, in its order (`engine::STAGES`). */
export interface StagedTrace {
  result: TraceResult;
  stages: { stage: string; ms: number }[];
}

interface Hooks {
  traceWithPlainVtracer(input: Buffer): Promise<TraceResult>;
  traceWithStageTimes(input: Buffer, settings: TraceSettings): Promise<StagedTrace>;
  panicInThreadpoolForTest(): Promise<never>;
}

const HOOKS_BINDING = new URL('../../native/hooks/binding.cjs', import.meta.url);

let loaded: Hooks | undefined;

function hooks(): Hooks {
  if (!existsSync(HOOKS_BINDING)) {
    throw new Error('the hooks addon is not built: run `npm run build:native:hooks` (native/hooks/)');
  }
  loaded ??= createRequire(import.meta.url)(HOOKS_BINDING.pathname) as Hooks;
  return loaded;
}

async function coded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromNativeError(error);
  }
}

/** Benchmark baseline: plain vtracer with its default settings, none of our cleanup. */
export function tracePlainVtracer(input: Buffer): Promise<TraceResult> {
  return coded(() => hooks().traceWithPlainVtracer(input));
}

/** Our trace (settings completed as the facade does, no deadline), timed stage by stage. */
export function traceWithStageTimes(input: Buffer, settings: Partial<TraceSettings> = {}): Promise<StagedTrace> {
  return coded(() => hooks().traceWithStageTimes(input, completeSettings(settings)));
}

/** Makes a threadpool job panic, to prove panics become rejections (a ServiceError, INTERNAL). */
export function traceWithForcedPanic(): Promise<never> {
  return coded(() => hooks().panicInThreadpoolForTest());
}
