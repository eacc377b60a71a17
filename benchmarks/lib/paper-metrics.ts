/** Pixel and palette measures of an SVG traced from art laid on a colored paper. */
import { deltaE76, parseHex, rgbToLab, srgbToLinear, type Rgb } from './color.js';
import { assertSameSize, compositeChannel } from './compare.js';
import type { Raster } from './raster.js';

/** Alpha above this counts as part of the shape. */
const OPAQUE_ALPHA = 127;
/** Art this close to the paper on every channel cannot be told from it. */
const PAPER_LIKE_CHANNEL_STEP = 24;
/** A true color this far from the paper (CIE76) stands off it: a tracer has to find it. */
const STAND_OFF_DELTA_E = 12;

export const BANDS = ['dark', 'mid', 'light'] as const;
export type Band = (typeof BANDS)[number];

/** Relative luminance Y of the paper: dark below 0.25, light above 0.75. */
export function bandOf(paper: string): Band {
  const [r, g, b] = parseHex(paper).map(srgbToLinear) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  if (luminance < 0.25) return 'dark';
  return luminance > 0.75 ? 'light' : 'mid';
}

/** Mean absolute difference per RGB channel (0..255) of the two images, each composited over the paper. */
export function errorOverPaper(truth: Raster, rendered: Raster, paper: Rgb): number {
  assertSameSize(truth, rendered);
  let sum = 0;
  for (let offset = 0; offset < truth.pixels.length; offset += 4) {
    for (let channel = 0; channel < 3; channel++) {
      const backdrop = paper[channel]!;
      sum += Math.abs(
        compositeChannel(truth, offset, channel, backdrop) - compositeChannel(rendered, offset, channel, backdrop),
      );
    }
  }
  return sum / ((truth.pixels.length / 4) * 3);
}

function isPaperLike(truth: Raster, offset: number, paper: Rgb): boolean {
  return paper.every((value, channel) => Math.abs(truth.pixels[offset + channel]! - value) <= PAPER_LIKE_CHANNEL_STEP);
}

/**
 * Intersection over union of the rendered shape against the true alpha. Art
 * pixels of the paper's own color count on neither side: no tracer can tell
 * them from the paper.
 */
export function shapeIoU(truth: Raster, rendered: Raster, paper: Rgb): number {
  assertSameSize(truth, rendered);
  let intersection = 0;
  let union = 0;
  for (let offset = 0; offset < truth.pixels.length; offset += 4) {
    const inTruth = truth.pixels[offset + 3]! > OPAQUE_ALPHA;
    if (inTruth && isPaperLike(truth, offset, paper)) continue;
    const inRendered = rendered.pixels[offset + 3]! > OPAQUE_ALPHA;
    if (inTruth && inRendered) intersection++;
    if (inTruth || inRendered) union++;
  }
  return union === 0 ? 1 : intersection / union;
}

/** The true colors a tracer can be asked to find: those standing off the paper. */
export function colorsOffPaper(palette: readonly string[], paper: string): string[] {
  const paperLab = rgbToLab(parseHex(paper));
  return palette.filter((hex) => deltaE76(rgbToLab(parseHex(hex)), paperLab) > STAND_OFF_DELTA_E);
}
