/**
 * What the page checks before it uploads, with the service's own limits (from
 * GET /api): the format, the size in bytes and the size in pixels. Each
 * refusal says why. Until the limits are known the service alone checks them.
 */
import type { Limits } from './api.js';

const EXTENSIONS: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** Bytes as a person reads them: 812 B, 2.8 KB, 10 MB (no trailing .0). */
export function formatBytes(bytes: number): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'B'] : bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${Number(value.toFixed(1))} ${unit}`;
}

function mediaType(file: File): string | undefined {
  if (Object.values(EXTENSIONS).includes(file.type)) return file.type;
  if (file.type) return undefined;
  // Some systems give no type: the name's extension decides.
  return EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''];
}

export interface PixelSize {
  width: number;
  height: number;
}

/** The image's size in pixels, or undefined when the browser cannot decode it. */
export async function pixelSize(file: File): Promise<PixelSize | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

/** Why this file cannot be uploaded, judged without decoding it (type, bytes), or undefined. */
export function fileRefusal(file: File, limits: Limits | undefined): string | undefined {
  if (!mediaType(file)) {
    return `${file.name || 'This file'} is not a PNG, JPEG or WebP image. Save the logo in one of these formats and try again.`;
  }
  if (file.size === 0) return `${file.name || 'This file'} is empty.`;
  // Until GET /api has answered, the service alone checks the limits.
  if (limits && file.size > limits.upload_max_bytes) {
    return `${file.name || 'This image'} is ${formatBytes(file.size)}; the limit is ${formatBytes(limits.upload_max_bytes)}. Export it smaller and try again.`;
  }
  return undefined;
}

/** Why an image of this size cannot be uploaded, or undefined. */
export function pixelRefusal(file: File, size: PixelSize | undefined, limits: Limits | undefined): string | undefined {
  if (!size) return `${file.name || 'This file'} could not be read as an image; it may be damaged.`;
  if (!limits) return undefined;
  const { width, height } = size;
  if (Math.min(width, height) < limits.image_min_side_px) {
    return `The image is ${width} x ${height} px; each side must be at least ${limits.image_min_side_px} px.`;
  }
  if (Math.max(width, height) > limits.image_max_side_px) {
    return `The image is ${width} x ${height} px; each side must be at most ${limits.image_max_side_px} px. Scale it down and try again.`;
  }
  if (width * height > limits.image_max_megapixels * 1_000_000) {
    return `The image is ${((width * height) / 1_000_000).toFixed(1)} megapixels; the limit is ${limits.image_max_megapixels}. Scale it down and try again.`;
  }
  return undefined;
}

/** An image among pasted or dropped items, if any. */
export function firstImage(files: FileList | null | undefined): File | undefined {
  return (
    Array.from(files ?? []).find((file) => file.type.startsWith('image/') || mediaType(file) !== undefined) ??
    Array.from(files ?? [])[0]
  );
}
