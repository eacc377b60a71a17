/**
 * The file store's folder, shared by its parts: where everything lies, writes
 * that land whole, the markers of expired ids, and records loaded and expired.
 *
 *   jobs/<id>.json            live job records
 *   files/<id>/<name>         their files
 *   uploads/<id>.json         live MCP upload records, with
 *   uploads/<id>.image        their images
 *   expired/<id>              empty markers of expired tokens and upload ids,
 *                             kept to tell "expired" from "unknown"
 *   idempotency/<hash>.json   stored responses, by hash of the key
 *   tmp/                      writes land here first, then are renamed into place
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { storageUnavailable } from '../../core/errors.js';
import { isSafeId, parseRecord, type PastState } from '../records.js';

export interface Folder {
  readonly dirs: Readonly<Record<'jobs' | 'files' | 'expired' | 'uploads' | 'idempotency' | 'tmp', string>>;
  /** A new path in tmp/, for a write that is then moved or linked into place. */
  temporaryPath(): string;
  /** Writes `data` beside its place and renames it in, so a reader (or a restart after a crash) never sees part of it. */
  writeAtomically(path: string, data: string | Buffer): Promise<void>;
  /**
   * Writes every entry beside its place at once, then renames them in, in order: no reader (nor a restart
   * after a crash) sees part of a file, or an entry before those ahead of it (a record after its files).
   */
  writeAtomicallyInOrder(entries: readonly (readonly [path: string, data: string | Buffer])[]): Promise<void>;
  /** Leaves the marker that the id once lived; a disk that refuses it only makes the id "unknown" sooner. */
  markExpired(id: string): Promise<void>;
  /** 'expired' when the id's marker says it lived once, else 'unknown'. */
  pastState(id: string): Promise<PastState>;
  /** Deletes the markers older than `memoryMs`: their ids become unknown. */
  forgetOldMarkers(memoryMs: number, now: () => number): Promise<void>;
}

/** Makes the folders under `dir`, removing what writes stopped midway (killed, power lost) left in tmp/. */
export async function openFolder(dir: string): Promise<Folder> {
  const dirs = {
    jobs: join(dir, 'jobs'),
    files: join(dir, 'files'),
    expired: join(dir, 'expired'),
    uploads: join(dir, 'uploads'),
    idempotency: join(dir, 'idempotency'),
    tmp: join(dir, 'tmp'),
  };
  await Promise.all(Object.values(dirs).map((path) => mkdir(path, { recursive: true })));
  for (const entry of await readdir(dirs.tmp)) await removeIfPossible(join(dirs.tmp, entry));
  const markerPath = (id: string) => join(dirs.expired, id);
  const temporaryPath = () => join(dirs.tmp, randomUUID());

  const writeAtomicallyInOrder: Folder['writeAtomicallyInOrder'] = async (entries) => {
    const staged = entries.map(([path, data]) => ({ path, data, temporary: temporaryPath() }));
    try {
      // The writes go side by side (each is several round trips to the disk); the renames one by one.
      const written = await Promise.allSettled(staged.map(({ temporary, data }) => writeFile(temporary, data)));
      const failed = written.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      for (const { temporary, path } of staged) await rename(temporary, path);
    } catch (error) {
      await Promise.all(staged.map(({ temporary }) => removeIfPossible(temporary)));
      throw writeFailure(error);
    }
  };

  return {
    dirs,
    temporaryPath,

    writeAtomically(path, data) {
      return writeAtomicallyInOrder([[path, data]]);
    },

    writeAtomicallyInOrder,

    async markExpired(id) {
      await writeFile(markerPath(id), '').catch(() => undefined);
    },

    async pastState(id) {
      const marker = await stat(markerPath(id)).catch(() => null);
      return marker ? { state: 'expired' } : { state: 'unknown' };
    },

    async forgetOldMarkers(memoryMs, now) {
      for (const entry of await readdir(dirs.expired)) {
        const path = join(dirs.expired, entry);
        const marker = await stat(path).catch(() => null);
        if (marker && marker.mtimeMs + memoryMs < now()) await rm(path, { force: true });
      }
    },
  };
}

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** The errors of a disk that is full, over quota, read-only or refuses this process: the store cannot write. */
const CANNOT_WRITE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'EROFS', 'EACCES', 'EPERM']);

/** A write's failure as callers should see it: a full or read-only disk is the service's 503, not a fault. */
export function writeFailure(error: unknown): unknown {
  return CANNOT_WRITE.has((error as NodeJS.ErrnoException).code ?? '') ? storageUnavailable(error) : error;
}

/** Removes `path` if it can; a disk that refuses (read-only) leaves it for the next sweep or start. */
export async function removeIfPossible(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true }).catch(() => undefined);
}

/** Puts into `into` the records of a folder of `<id>.json` files that match their schema. */
export async function loadRecords<T extends { id: string }>(
  dir: string,
  isRecord: (value: unknown) => value is T,
  into: Map<string, T>,
): Promise<void> {
  for (const entry of await readdir(dir)) {
    const id = entry.replace(/\.json$/, '');
    if (!entry.endsWith('.json') || !isSafeId(id)) continue;
    try {
      const record = parseRecord(await readFile(join(dir, entry), 'utf8'), isRecord);
      if (record?.id === id) into.set(id, record);
    } catch {
      // A record that cannot be read is treated like a missing one; the sweep leaves it alone.
    }
  }
}

/** Expires every record of `records` whose time is up; returns how many. */
export async function expireDue(
  records: Map<string, { id: string; expiresAt: number }>,
  now: () => number,
  expireOne: (id: string) => Promise<void>,
): Promise<number> {
  const due = [...records.values()].filter((record) => record.expiresAt <= now());
  for (const record of due) await expireOne(record.id);
  return due.length;
}
