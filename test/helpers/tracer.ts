/** A tracer around the real engine that tests can count and hold open. */
import { vectorize, type Tracer } from '../../src/core/tracer.js';

export interface ControlledTracer {
  trace: Tracer;
  /** Traces started so far. */
  readonly calls: number;
  /** Makes the next traces wait until release() is called. */
  hold(): void;
  release(): void;
  /** Resolves once a held trace is waiting. */
  waiting(): Promise<void>;
}

export function controlledTracer(): ControlledTracer {
  let calls = 0;
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  let announce: () => void = () => {};
  let announced = new Promise<void>((resolve) => (announce = resolve));
  return {
    get calls() {
      return calls;
    },
    trace: async (image, settings, signal) => {
      calls += 1;
      if (gate) {
        announce();
        await gate;
      }
      return vectorize(image, settings, signal ? { signal } : {});
    },
    hold() {
      gate = new Promise((resolve) => (open = resolve));
      announced = new Promise((resolve) => (announce = resolve));
    },
    release() {
      gate = null;
      open();
    },
    waiting: () => announced,
  };
}
