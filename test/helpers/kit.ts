/** Brand-kit test helpers: traced drawn logos, the unpacked ZIP, and image facts. */
import { execFileSync } from 'node:child_process';

import AdmZip from 'adm-zip';
import sharp from 'sharp';

import { createBrandKitBuilder, type BrandKitLogo, type BrandKitRequest } from '../../src/core/brand-kit/index.js';
import { createRasterizer } from '../../src/core/raster.js';
import { vectorize } from '../../src/core/tracer.js';
import { drawnLogo, type DrawnLogoOptions } from './images.js';

/** One builder for every kit test, as the job service has one. */
export const buildBrandKit = createBrandKitBuilder(createRasterizer());

/** A drawn logo, traced, as the job service would hand it to the kit. */
export async function tracedLogo(drawing: DrawnLogoOptions = {}): Promise<BrandKitLogo> {
  const { svg, palette } = await vectorize((await drawnLogo(drawing)).image);
  return { svg, palette };
}

/** Every file of a ZIP by path, in archive order; reading checks each entry's CRC. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of new AdmZip(zip).getEntries()) {
    if (!entry.isDirectory) files.set(entry.entryName, entry.getData());
  }
  return files;
}

export interface UnpackedKit {
  zip: Buffer;
  files: Map<string, Buffer>;
  /** The file's bytes; throws when the kit lacks it, so a test fails on the missing path. */
  file(path: string): Buffer;
  text(path: string): string;
}

export async function buildAndUnpack(logo: BrandKitLogo, request: BrandKitRequest): Promise<UnpackedKit> {
  const zip = await buildBrandKit(logo, request);
  const files = unzip(zip);
  const file = (path: string) => {
    const data = files.get(path);
    if (!data) throw new Error(`the kit has no ${path}`);
    return data;
  };
  return { zip, files, file, text: (path) => file(path).toString('utf8') };
}

export interface Decoded {
  width: number;
  height: number;
  channels: number;
  hasAlpha: boolean;
  /** Raw pixels as decoded (channels per pixel as above). */
  data: Buffer;
}

/** Fully decodes an image (not just its header). */
export async function decode(image: Buffer): Promise<Decoded> {
  const meta = await sharp(image).metadata();
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, hasAlpha: meta.hasAlpha, data };
}

/** The RGB(A) pixel at (x, y) as '#rrggbb' plus its alpha. */
export function pixelAt(image: Decoded, x: number, y: number): { hex: string; alpha: number } {
  const i = (y * image.width + x) * image.channels;
  const hex = `#${[0, 1, 2].map((c) => image.data[i + c]!.toString(16).padStart(2, '0')).join('')}`;
  return { hex, alpha: image.channels === 4 ? image.data[i + 3]! : 255 };
}

/** Whether a command-line tool is installed (poppler's pdftoppm, pdftotext). */
export function hasTool(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
