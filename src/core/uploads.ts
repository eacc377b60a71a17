/**
 * MCP temporary uploads: an image posted to /api/mcp/uploads is checked,
 * kept for UPLOAD_TTL_SECONDS and named by an upload_id that the vectorize_logo tool
 * accepts. A cap on live uploads bounds the disk they take.
 */
import { createHash } from 'node:crypto';

import { uploadExpired, uploadLimit, uploadNotFound } from './errors.js';
import { probeImage } from './image-probe.js';
import { spokenDuration } from './terms.js';
import { isWellFormedToken, newToken } from './tokens.js';
import type { UploadRecord, UploadStore } from './job-store.js';

/** The spec's lifetime of a temporary upload. */
export const UPLOAD_TTL_SECONDS = 15 * 60;

export interface UploadServiceOptions {
  store: UploadStore;
  /** Most uploads alive at once; one more gets UPLOAD_LIMIT. */
  maxLiveUploads: number;
  now?: () => number;
}

export interface UploadService {
  /** Checks the image (format, size) and keeps it; throws an image error or UPLOAD_LIMIT. */
  create(image: Buffer): Promise<UploadRecord>;
  /** The image of a live upload, or UPLOAD_NOT_FOUND / UPLOAD_EXPIRED. */
  image(uploadId: string): Promise<Buffer>;
}

export function createUploadService(options: UploadServiceOptions): UploadService {
  const { store, maxLiveUploads } = options;
  const now = options.now ?? Date.now;

  return {
    async create(image) {
      const { format, width, height } = await probeImage(image);
      const createdAt = now();
      const upload: UploadRecord = {
        id: newToken(),
        createdAt,
        expiresAt: createdAt + UPLOAD_TTL_SECONDS * 1000,
        bytes: image.length,
        sha256: createHash('sha256').update(image).digest('hex'),
        format,
        width,
        height,
      };
      const admission = await store.createUpload(upload, image, maxLiveUploads);
      if (!admission.stored) {
        throw uploadLimit(Math.max(1, Math.ceil((admission.nextExpiryAt - now()) / 1000)));
      }
      return upload;
    },

    async image(uploadId) {
      if (!isWellFormedToken(uploadId)) throw uploadNotFound(uploadId);
      const lookup = await store.getUpload(uploadId);
      if (lookup.state === 'live') return lookup.image;
      throw lookup.state === 'expired'
        ? uploadExpired(uploadId, spokenDuration(UPLOAD_TTL_SECONDS))
        : uploadNotFound(uploadId);
    },
  };
}
