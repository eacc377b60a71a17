/**
 * A header-only look at an image: its format and size, checked against the
 * upload limits without decoding it. It lets POST /api/mcp/uploads turn away
 * an unusable file at once; the engine checks the same limits again when it
 * traces, so this is an early answer, not the only guard.
 */
import sharp from 'sharp';

import { ServiceError } from './errors.js';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE_PX, IMAGE_MIN_SIDE_PX } from './limits.js';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export interface ImageProbe {
  format: ImageFormat;
  width: number;
  height: number;
}

/** The format from the file's first bytes, as the engine tells them apart. */
function sniffFormat(image: Buffer): ImageFormat | null {
  if (image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'jpeg';
  if (image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Throws ServiceError (UNSUPPORTED_FORMAT, CORRUPT_IMAGE, TOO_SMALL or TOO_LARGE) like the engine would. */
export async function probeImage(image: Buffer): Promise<ImageProbe> {
  const format = sniffFormat(image);
  if (!format) throw new ServiceError('UNSUPPORTED_FORMAT', 'the file is not a PNG, JPEG or WebP image');
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(image, { limitInputPixels: false }).metadata());
  } catch (error) {
    throw new ServiceError('CORRUPT_IMAGE', `the image data is corrupt or truncated (${(error as Error).message})`);
  }
  if (!width || !height) throw new ServiceError('CORRUPT_IMAGE', 'the image header gives no size');
  if (width < IMAGE_MIN_SIDE_PX || height < IMAGE_MIN_SIDE_PX) {
    throw new ServiceError(
      'TOO_SMALL',
      `the image is ${width}x${height} px; each side must be at least ${IMAGE_MIN_SIDE_PX} px`,
    );
  }
  if (width > IMAGE_MAX_SIDE_PX || height > IMAGE_MAX_SIDE_PX || width * height > IMAGE_MAX_PIXELS) {
    throw new ServiceError(
      'TOO_LARGE',
      `the image is ${width}x${height} px; the limit is ${IMAGE_MAX_SIDE_PX} px per side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`,
    );
  }
  return { format, width, height };
}
