/**
 * The service's one concurrency primitive: a gate admits at most `capacity`
 * holders at once. The job gate turns a caller that finds it full away at once
 * (runInSlot), and its interface is async so a gate shared through Redis can
 * implement it. A local gate can also make callers wait their turn
 * (runWhenFree), as the render slots and the one-kit-at-a-time build do.
 * Whoever owns the work creates its gate; none lives at module level.
 */
import { busy } from './errors.js';
import { BUSY_RETRY_AFTER_SECONDS } from './limits.js';

/**
 * Gives the slot back; calling it more than once is harmless. A gate shared
 * through Redis returns a promise that settles once every instance sees the
 * slot free, so a caller's next request finds it free wherever it lands.
 */
export type Release = () => void | Promise<void>;

export interface ConcurrencyGate {
  readonly capacity: number;
  /** A release function when a slot was free, otherwise null. */
  tryAcquire(): Promise<Release | null>;
}

/** A gate within this process, which can also queue callers. */
export interface LocalGate extends ConcurrencyGate {
  /** A release function once a slot is free; waiting callers get slots in the order they asked. */
  acquire(): Promise<Release>;
}

export function createLocalGate(capacity: number): LocalGate {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('gate capacity must be a positive integer');
  let running = 0;
  const waiting: ((release: Release) => void)[] = [];

  /** Releasing hands the slot straight to the longest waiter, so no newcomer can take it first. */
  function releaseOnce(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next(releaseOnce());
      else running -= 1;
    };
  }

  function take(): Release {
    running += 1;
    return releaseOnce();
  }

  return {
    capacity,
    async tryAcquire() {
      return running < capacity ? take() : null;
    },
    acquire() {
      if (running < capacity) return Promise.resolve(take());
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

async function holding<T>(release: Release, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await release();
  }
}

/** Runs `work` in a slot of the gate, or throws BUSY when none is free. */
export async function runInSlot<T>(gate: ConcurrencyGate, work: () => Promise<T>): Promise<T> {
  const release = await gate.tryAcquire();
  if (!release) throw busy(BUSY_RETRY_AFTER_SECONDS);
  return holding(release, work);
}

/** Runs `work` in a slot of the gate, waiting for one when all are taken; a failure frees the slot for the next. */
export async function runWhenFree<T>(gate: LocalGate, work: () => Promise<T>): Promise<T> {
  return holding(await gate.acquire(), work);
}
