/**
 * The native addon itself, for tests of its boundary, and its test-only
 * export wrapped the way the engine facade wraps traceImage.
 */
import { createRequire } from 'node:module';

import type * as NativeBinding from '../../native/binding.js';
import { fromNativeError } from '../../src/core/tracer.js';

export const nativeAddon = createRequire(import.meta.url)('../../native/binding.cjs') as typeof NativeBinding;

/** Makes a threadpool job panic, to prove panics become rejections (a ServiceError, INTERNAL). */
export async function traceWithForcedPanic(): Promise<never> {
  try {
    return await nativeAddon.panicInThreadpoolForTest();
  } catch (error) {
    throw fromNativeError(error);
  }
}
