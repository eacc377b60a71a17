/**
 * The heavy work of the service, timed for whoever watches it (the HTTP
 * adapter turns it into metrics); the core itself keeps no numbers.
 */
export type WorkKind = 'trace' | 'kit' | 'render';

/** Told each time a piece of work ends: what it was, how long it took, whether it failed. */
export type ObserveWork = (kind: WorkKind, seconds: number, failed: boolean) => void;

/** `work`, reporting each call's duration to `observe` (unchanged when there is nobody to tell). */
export function timed<A extends unknown[], R>(
  observe: ObserveWork | undefined,
  kind: WorkKind,
  work: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  if (!observe) return work;
  return async (...args) => {
    const started = performance.now();
    let failed = true;
    try {
      const result = await work(...args);
      failed = false;
      return result;
    } finally {
      observe(kind, (performance.now() - started) / 1000, failed);
    }
  };
}
