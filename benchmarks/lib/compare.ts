/** Pixel-level fidelity of a rendered SVG against its source image. */
import type { Raster } from './raster.js';

/** A pixel whose largest channel difference exceeds this is visibly wrong, not just anti-aliased differently. */
const VISIBLY_OFF_CHANNEL_DIFFERENCE = 48;
/** Alpha above this counts as part of the shape. */
const OPAQUE_ALPHA = 127;

export type Backdrop = 'white' | 'black';

export interface PixelDifference {
  /** Mean absolute difference per RGB channel, 0..255. */
  meanError: number;
  /** Share of pixels whose largest channel difference is visibly off. */
  pixelsOffShare: number;
}

export function assertSameSize(a: Raster, b: Raster): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`cannot compare ${a.width}x${a.height} with ${b.width}x${b.height}`);
  }
}

export function compositeChannel(raster: Raster, pixelOffset: number, channel: number, backdrop: number): number {
  const alpha = raster.pixels[pixelOffset + 3]! / 255;
  const color = raster.pixels[pixelOffset + channel]!;
  const foreground = raster.premultiplied ? color : color * alpha;
  return foreground + backdrop * (1 - alpha);
}

/** Compares both images as they would look composited over the given backdrop. */
export function comparePixels(source: Raster, rendered: Raster, backdrop: Backdrop): PixelDifference {
  assertSameSize(source, rendered);
  const backdropValue = backdrop === 'white' ? 255 : 0;
  const pixelCount = source.width * source.height;
  let errorSum = 0;
  let pixelsOff = 0;
  for (let pixel = 0; pixel < pixelCount; pixel++) {
    const offset = pixel * 4;
    let largest = 0;
    for (let channel = 0; channel < 3; channel++) {
      const difference = Math.abs(
        compositeChannel(source, offset, channel, backdropValue) -
          compositeChannel(rendered, offset, channel, backdropValue),
      );
      errorSum += difference;
      largest = Math.max(largest, difference);
    }
    if (largest > VISIBLY_OFF_CHANNEL_DIFFERENCE) pixelsOff++;
  }
  return { meanError: errorSum / (pixelCount * 3), pixelsOffShare: pixelsOff / pixelCount };
}

/** Intersection over union of the two images' opaque masks; 1 when both are empty. */
export function alphaMaskIoU(a: Raster, b: Raster): number {
  assertSameSize(a, b);
  let intersection = 0;
  let union = 0;
  for (let alphaIndex = 3; alphaIndex < a.pixels.length; alphaIndex += 4) {
    const inA = a.pixels[alphaIndex]! > OPAQUE_ALPHA;
    const inB = b.pixels[alphaIndex]! > OPAQUE_ALPHA;
    if (inA && inB) intersection++;
    if (inA || inB) union++;
  }
  return union === 0 ? 1 : intersection / union;
}
