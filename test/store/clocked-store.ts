import { openFileStore } from '../../src/store/index.js';
import { newDataDir, type Teardown } from '../helpers/app.js';

/** A store on `dir` (a fresh folder by default) with a clock the test moves. */
export async function clockedStore(t: Teardown, dir?: string) {
  const clock = { now: Date.now() };
  const storeDir = dir ?? (await newDataDir(t));
  const store = await openFileStore({ dir: storeDir, sweepIntervalMs: 0, now: () => clock.now });
  t.teardown(() => store.close());
  return { store, clock, dir: storeDir };
}
