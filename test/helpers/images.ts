/** Test images: real logos from the shared dev corpus, and images drawn here. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import sharp from 'sharp';

/** ../shared/corpus/dev from the project root. */
export const CORPUS_DIR = resolve(import.meta.dirname, '../../../shared/corpus/dev');

export function corpusLogo(name: string): Promise<Buffer> {
  return readFile(resolve(CORPUS_DIR, name));
}

/** A PNG of one color, any size. */
export function solidPng(width: number, height: number, color = '#e4572e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A corpus logo scaled to `width` px wide: more pixels, a longer trace. */
export async function largeLogo(width: number): Promise<Buffer> {
  return sharp(await corpusLogo('logo-alpinejs.png'))
    .resize({ width })
    .png()
    .toBuffer();
}
