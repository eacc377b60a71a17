/**
 * MCP temporary uploads: an image posted to /api/mcp/uploads is checked,
 * kept for 15 minutes and named by an upload_id that the vectorize_logo tool
 * accepts. A cap on live uploads bounds the disk they take.
 */
import { createHash } from 'node:crypto';

import { UploadExpiredError, UploadLimitError, UploadNotFoundError } from './errors.js';
import { probeImage } from './image-probe.js';
import { isWellFormedToken, newToken } from './tokens.js';
import type { JobStore, UploadRecord } from './job-store.js';

/** The spec's lifetime of a temporary upload. */
export const UPLOAD_TTL_SECONDS = 15 * 60;

export interface UploadServiceOptions {
  store: JobStore;
  /** Most uploads alive at once; one more gets UploadLimitError. */
  maxLiveUploads: number;
  now?: () => number;
}

export interface UploadService {
  /** Checks the image (format, size) and keeps it; throws TraceError or UploadLimitError. */
  create(image: Buffer): Promise<UploadRecord>;
  /** The image of a live upload, or UploadNotFoundError / UploadExpiredError. */
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
        throw new UploadLimitError(Math.max(1, Math.ceil((admission.nextExpiryAt - now()) / 1000)));
      }
      return upload;
    },

    async image(uploadId) {
      if (!isWellFormedToken(uploadId)) throw new UploadNotFoundError(uploadId);
      const lookup = await store.getUpload(uploadId);
      if (lookup.state === 'live') return lookup.image;
      throw lookup.state === 'expired' ? new UploadExpiredError(uploadId) : new UploadNotFoundError(uploadId);
    },
  };
}
