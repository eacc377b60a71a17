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

/**
 * A brush-script wordmark whose letters touch, drawn as our engine would write it: 512 x 199 px, six
 * letter strokes joined by one baseline stroke, so no letter stands apart and no symbol either.
 */
export function joinedLetterWordmark(color = '#7c3aed'): BrandKitLogo {
  const letters = [40, 115, 190, 265, 340, 415].map((x) => `M${x} 40h40v110h-40z`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="199" viewBox="0 0 512 199"><path fill="${color}" d="${letters}M40 135h415v15H40z"/></svg>\n`;
  return { svg, palette: [color] };
}

/** Bounds of the pixels that are drawn (not transparent) and differ from `background`, anti-aliasing included. */
export function inkBox(image: Decoded, background: string): { width: number; height: number } {
  const [br, bg, bb] = [1, 3, 5].map((i) => Number.parseInt(background.slice(i, i + 2), 16));
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * image.channels;
      const alpha = image.channels === 4 ? image.data[i + 3]! : 255;
      const d = image.data;
      const isBackground = Math.abs(d[i]! - br!) + Math.abs(d[i + 1]! - bg!) + Math.abs(d[i + 2]! - bb!) < 6;
      if (alpha === 0 || isBackground) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  return { width: right - left + 1, height: bottom - top + 1 };
}
