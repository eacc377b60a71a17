/**
 * The concurrency gate: at most `capacity` jobs run at once and a caller that
 * finds it full is turned away at once, never queued. The interface is async
 * so a gate shared through Redis can implement it.
 */
import { busy } from './errors.js';
import { BUSY_RETRY_AFTER_SECONDS } from './limits.js';

/** Gives the slot back; calling it more than once is harmless. */
export type Release = () => void;

export interface ConcurrencyGate {
  readonly capacity: number;
  /** A release function when a slot was free, otherwise null. */
  tryAcquire(): Promise<Release | null>;
}

export function createLocalGate(capacity: number): ConcurrencyGate {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('gate capacity must be a positive integer');
  let running = 0;
  return {
    capacity,
    async tryAcquire() {
      if (running >= capacity) return null;
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
      };
    },
  };
}

/** Runs `work` in a slot of the gate, or throws BUSY when none is free. */
export async function runInSlot<T>(gate: ConcurrencyGate, work: () => Promise<T>): Promise<T> {
  const release = await gate.tryAcquire();
  if (!release) throw busy(BUSY_RETRY_AFTER_SECONDS);
  try {
    return await work();
  } finally {
    release();
  }
}
