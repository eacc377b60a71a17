/**
 * MCP uploads on disk (core's UploadStore port). Their records are held in
 * memory too, and so is the count behind the upload limit: one process owns
 * the folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { UploadRecord, UploadStore } from '../../core/job-store.js';
import { checkId, isSafeId, isUploadRecord } from '../records.js';
import { expireDue, isMissing, loadRecords, removeIfPossible, type Folder } from './folder.js';

export interface FileUploads {
  port: UploadStore;
  /** Deletes the expired uploads with their images; returns how many. */
  sweepExpired(): Promise<number>;
}

/** Loads the uploads under `folder`, deleting any image whose record was never written. */
export async function openUploads(folder: Folder, now: () => number): Promise<FileUploads> {
  const { dirs } = folder;
  const uploads = new Map<string, UploadRecord>();
  const recordPath = (id: string) => join(dirs.uploads, `${id}.json`);
  const imagePath = (id: string) => join(dirs.uploads, `${id}.image`);

  async function expire(id: string): Promise<void> {
    uploads.delete(id);
    await folder.markExpired(id);
    await removeIfPossible(recordPath(id));
    await removeIfPossible(imagePath(id));
  }

  await loadRecords(dirs.uploads, isUploadRecord, uploads);
  // An image whose record was never written was never visible.
  for (const entry of await readdir(dirs.uploads)) {
    if (entry.endsWith('.image') && !uploads.has(entry.slice(0, -'.image'.length))) {
      await removeIfPossible(join(dirs.uploads, entry));
    }
  }

  const port: UploadStore = {
    async createUpload(upload, image, limit) {
      checkId(upload.id, 'upload');
      const live = [...uploads.values()].filter((u) => u.expiresAt > now());
      if (live.length >= limit) {
        return { stored: false, nextExpiryAt: Math.min(...live.map((u) => u.expiresAt)) };
      }
      // Counted at once, so concurrent uploads cannot pass the limit while this one is written.
      uploads.set(upload.id, upload);
      try {
        // The record goes last: an upload is visible after a restart only with its image.
        await folder.writeAtomicallyInOrder([
          [imagePath(upload.id), image],
          [recordPath(upload.id), JSON.stringify(upload)],
        ]);
      } catch (error) {
        uploads.delete(upload.id);
        await removeIfPossible(imagePath(upload.id));
        throw error;
      }
      return { stored: true };
    },

    async getUpload(id) {
      if (!isSafeId(id)) return { state: 'unknown' };
      const upload = uploads.get(id);
      if (!upload) return folder.pastState(id);
      if (upload.expiresAt <= now()) {
        await expire(id);
        return { state: 'expired' };
      }
      try {
        return { state: 'live', upload, image: await readFile(imagePath(id)) };
      } catch (error) {
        if (isMissing(error)) return { state: 'expired' };
        throw error;
      }
    },
  };

  return { port, sweepExpired: () => expireDue(uploads, now, expire) };
}
