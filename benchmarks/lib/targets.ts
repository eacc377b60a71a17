/** The targets, checked against this run's figures (relative ones against plain vtracer in the same run). */
import type { InputType } from './corpus.js';
import type { MetricUnit } from './format.js';
import type { LargeImageResult } from './large-image-check.js';
import type { EngineSummary } from './summarize.js';

export interface TargetCheck {
  label: string;
  unit: MetricUnit;
  measured: number;
  comparison: '>=' | '<=';
  threshold: number;
  /** Set when the threshold is a multiple of plain vtracer's figure in this run. */
  relativeTo: { factor: number; vtracer: number } | null;
  pass: boolean;
}

const LARGE_IMAGE_MAX_MS = 3000;
const LARGE_IMAGE_MAX_RSS_BYTES = 1.5e9;

function check(label: string, unit: MetricUnit, measured: number, comparison: '>=' | '<=', threshold: number): TargetCheck {
  // NaN (nothing measured) fails both comparisons.
  const pass = comparison === '>=' ? measured >= threshold : measured <= threshold;
  return { label, unit, measured, comparison, threshold, relativeTo: null, pass };
}

function relativeToVtracer(label: string, unit: MetricUnit, ours: number, factor: number, vtracer: number): TargetCheck {
  return { ...check(label, unit, ours, '<=', factor * vtracer), relativeTo: { factor, vtracer } };
}

function pngTargets(ours: EngineSummary, vtracer: EngineSummary): TargetCheck[] {
  return [
    check('PNG palette recall', 'rate', ours.recall, '>=', 0.99),
    check('PNG exact hex', 'rate', ours.exactHex, '>=', 0.95),
    check('PNG spurious colors per image', 'count', ours.spuriousPerImage, '<=', 0.05),
    relativeToVtracer('PNG mean error over white', 'error', ours.errorOverWhite, 0.7, vtracer.errorOverWhite),
    relativeToVtracer('PNG median SVG bytes', 'bytes', ours.medianBytes, 0.7, vtracer.medianBytes),
    relativeToVtracer('PNG median engine ms', 'ms', ours.medianMs, 2, vtracer.medianMs),
  ];
}

function jpegTargets(ours: EngineSummary, vtracer: EngineSummary): TargetCheck[] {
  return [
    check('JPEG palette recall', 'rate', ours.recall, '>=', 0.97),
    check('JPEG near-exact', 'rate', ours.nearExact, '>=', 0.9),
    check('JPEG spurious colors per image', 'count', ours.spuriousPerImage, '<=', 0.1),
    check('JPEG background IoU', 'rate', ours.backgroundIoU, '>=', 0.97),
    relativeToVtracer('JPEG mean error over white', 'error', ours.errorOverWhite, 0.8, vtracer.errorOverWhite),
    relativeToVtracer('JPEG median SVG bytes', 'bytes', ours.medianBytes, 0.25, vtracer.medianBytes),
    relativeToVtracer('JPEG median engine ms', 'ms', ours.medianMs, 2, vtracer.medianMs),
  ];
}

function largeImageTargets(large: LargeImageResult | null): TargetCheck[] {
  return [
    check('Large image engine ms', 'ms', large?.engineMs ?? Number.NaN, '<=', LARGE_IMAGE_MAX_MS),
    check('Large image peak RSS', 'memory', large?.peakRssBytes ?? Number.NaN, '<=', LARGE_IMAGE_MAX_RSS_BYTES),
  ];
}

export function evaluateTargets(
  summaryOf: (engine: 'ours' | 'vtracer', input: InputType) => EngineSummary | undefined,
  large: LargeImageResult | null,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const pngOurs = summaryOf('ours', 'png');
  const pngVtracer = summaryOf('vtracer', 'png');
  if (pngOurs && pngVtracer) checks.push(...pngTargets(pngOurs, pngVtracer));
  const jpegOurs = summaryOf('ours', 'jpg');
  const jpegVtracer = summaryOf('vtracer', 'jpg');
  if (jpegOurs && jpegVtracer) checks.push(...jpegTargets(jpegOurs, jpegVtracer));
  checks.push(...largeImageTargets(large));
  return checks;
}
