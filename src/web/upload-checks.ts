/**
 * What the page checks before it uploads, with the service's own limits (from
 * GET /api): the format, the size in bytes and the size in pixels. Each
 * refusal says why. Until the limits are known the service alone checks them.
 */
import type { Limits } from './api.js';

const FORMATS: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };
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
  if (file.type in FORMATS) return file.type;
  if (file.type) return undefined;
  // Some systems give no type: the name's extension decides.
  return EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''];
}

async function pixelSize(file: File): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

/** Why this file cannot be uploaded, or undefined when it can. */
export async function refusal(file: File, limits: Limits | undefined): Promise<string | undefined> {
  const type = mediaType(file);
  if (!type) {
    return `${file.name || 'This file'} is not a PNG, JPEG or WebP image. Save the logo in one of these formats and try again.`;
  }
  // Until GET /api has answered, the service alone checks the limits.
  if (!limits) return undefined;
  if (file.size > limits.upload_max_bytes) {
    return `${file.name || 'This image'} is ${formatBytes(file.size)}; the limit is ${formatBytes(limits.upload_max_bytes)}. Export it smaller and try again.`;
  }
  if (file.size === 0) return `${file.name || 'This file'} is empty.`;
  const size = await pixelSize(file);
  if (!size)
    return `${file.name || 'This file'} could not be read as a ${FORMATS[type] ?? 'image'} image; it may be damaged.`;
  const { width, height } = size;
  const shortest = Math.min(width, height);
  const longest = Math.max(width, height);
  if (shortest < limits.image_min_side_px) {
    return `The image is ${width} x ${height} px; each side must be at least ${limits.image_min_side_px} px.`;
  }
  if (longest > limits.image_max_side_px) {
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
