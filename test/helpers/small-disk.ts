/**
 * A real small file system for fault tests: a tmpfs of a few megabytes that
 * the test can fill to the last byte or remount read-only, so the store meets
 * the errors of a real full or read-only disk (ENOSPC, EROFS), not imitations.
 * Mounting needs root (CAP_SYS_ADMIN), which CI has; elsewhere `mountSmallDisk`
 * answers why it cannot, and the tests say so.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Teardown } from './app.js';

const run = promisify(execFile);

export interface SmallDisk {
  dir: string;
  /** Writes a filler file until not one more byte fits. */
  fill(): Promise<void>;
  /** Deletes the filler. */
  free(): Promise<void>;
  readOnly(): Promise<void>;
  writable(): Promise<void>;
}

/** A tmpfs of `megabytes` mounted on a fresh folder and unmounted at teardown, or the reason there is none. */
export async function mountSmallDisk(t: Teardown, megabytes: number): Promise<SmallDisk | { unavailable: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return { unavailable: `cannot mount a tmpfs (needs root): ${(error as Error).message.split('\n')[0] ?? ''}` };
  }
  t.teardown(async () => {
    await run('umount', ['-l', dir]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });
  const filler = join(dir, 'filler');
  const remount = async (mode: 'ro' | 'rw') => {
    await run('mount', ['-o', `remount,${mode}`, dir]);
  };
  return {
    dir,
    async fill() {
      const { bavail, bsize } = await statfs(dir);
      // One write of what is free, then single blocks until ENOSPC: tmpfs counts whole pages.
      await writeFile(filler, Buffer.alloc(bavail * bsize)).catch(() => undefined);
      for (;;) {
        const done = await writeFile(filler, Buffer.alloc(bsize), { flag: 'a' }).then(
          () => false,
          () => true,
        );
        if (done) return;
      }
    },
    free: () => rm(filler, { force: true }),
    readOnly: () => remount('ro'),
    writable: () => remount('rw'),
  };
}
