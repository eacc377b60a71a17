/**
 * The small, soft inputs people often have (a logo cut from a web page or an
 * e-mail signature): each corpus PNG shrunk to 128 px on its long side with a
 * cubic filter, kept as PNG with alpha and re-compressed as JPEG q70 on white.
 */
import sharp from 'sharp';

import type { InputType } from './corpus.js';

export const SMALL_LONG_SIDE = 128;
const SMALL_JPEG_QUALITY = 70;

export async function shrink(png: Buffer, input: InputType): Promise<Buffer> {
  const resized = sharp(png).resize(SMALL_LONG_SIDE, SMALL_LONG_SIDE, { fit: 'inside', kernel: 'cubic' });
  if (input === 'png') return resized.png().toBuffer();
  // Flatten after resizing, as a page would composite the shrunken logo.
  const small = await resized.png().toBuffer();
  return sharp(small).flatten({ background: '#ffffff' }).jpeg({ quality: SMALL_JPEG_QUALITY }).toBuffer();
}
