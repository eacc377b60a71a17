/** Aggregates per-image records into one summary per engine and input type. */
import type { InputType, Kind } from './corpus.js';
import type { EngineName } from './engines.js';
import type { ImageResult, MeasuredImage } from './measure.js';
import { mean, median } from './stats.js';

export interface EngineSummary {
  engine: EngineName;
  input: InputType;
  images: number;
  failures: number;
  /** Rates over all truth colors of all images; a failed image recalls none of its colors. */
  recall: number;
  exactHex: number;
  nearExact: number;
  /** Means over the measured images. */
  spuriousPerImage: number;
  twinsPerImage: number;
  errorOverWhite: number;
  errorOverBlack: number;
  pixelsOffShare: number;
  backgroundIoU: number;
  medianBytes: number;
  medianPaths: number;
  medianMs: number;
}

function sumOf(images: readonly MeasuredImage[], pick: (image: MeasuredImage) => number): number {
  return images.reduce((sum, image) => sum + pick(image), 0);
}

function nonNull(values: readonly (number | null)[]): number[] {
  return values.filter((value): value is number => value !== null);
}

export function summarize(engine: EngineName, input: InputType, results: readonly ImageResult[]): EngineSummary {
  const measured = results.filter((result): result is MeasuredImage => result.ok);
  const truthColors = results.reduce((sum, result) => sum + result.truthPalette.length, 0);
  return {
    engine,
    input,
    images: results.length,
    failures: results.length - measured.length,
    recall: sumOf(measured, (image) => image.recalled) / truthColors,
    exactHex: sumOf(measured, (image) => image.exact) / truthColors,
    nearExact: sumOf(measured, (image) => image.nearExact) / truthColors,
    spuriousPerImage: mean(measured.map((image) => image.spurious)),
    twinsPerImage: mean(measured.map((image) => image.twins)),
    errorOverWhite: mean(measured.map((image) => image.errorOverWhite)),
    errorOverBlack: mean(nonNull(measured.map((image) => image.errorOverBlack))),
    pixelsOffShare: mean(measured.map((image) => image.pixelsOffShare)),
    backgroundIoU: mean(nonNull(measured.map((image) => image.backgroundIoU))),
    medianBytes: median(measured.map((image) => image.svgBytes)),
    medianPaths: median(measured.map((image) => image.pathCount)),
    medianMs: median(measured.map((image) => image.ms)),
  };
}

/** One kind's summaries: each engine on each input type. */
export interface KindSummaries {
  kind: Kind;
  summaries: EngineSummary[];
}
