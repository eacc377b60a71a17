/**
 * The addon's test and benchmark hooks, from the separate build with the
 * `hooks` cargo feature (`npm run build:native:hooks`, into native/hooks/):
 * the shipped addon has none. Each call is wrapped the way the engine facade
 * wraps traceImage, so its rejections are ServiceErrors with the engine's code.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { TraceResult } from '../../native/binding.js';
import { fromNativeError } from '../../src/core/tracer.js';

interface Hooks {
  traceWithPlainVtracer(input: Buffer): Promise<TraceResult>;
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

/** Makes a threadpool job panic, to prove panics become rejections (a ServiceError, INTERNAL). */
export function traceWithForcedPanic(): Promise<never> {
  return coded(() => hooks().panicInThreadpoolForTest());
}
