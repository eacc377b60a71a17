/** The benchmark's tables and diagnostics, built from summaries and per-image records. */
import type { InputType } from './corpus.js';
import { formatValue, type MetricUnit } from './format.js';
import type { LargeImageResult } from './large-image-check.js';
import type { ImageResult } from './measure.js';
import type { EngineSummary } from './summarize.js';
import { renderMarkdownTable, renderTextTable, type Table } from './table.js';
import type { TargetCheck } from './targets.js';

interface SummaryRow {
  label: string;
  unit: MetricUnit;
  pick: (summary: EngineSummary) => number;
}

const IMAGES: SummaryRow = { label: 'images', unit: 'number', pick: (s) => s.images };
const FAILED: SummaryRow = { label: 'failed', unit: 'number', pick: (s) => s.failures };
const ERROR_OVER_WHITE: SummaryRow = { label: 'mean error over white', unit: 'error', pick: (s) => s.errorOverWhite };
const ERROR_OVER_BLACK: SummaryRow = {
  label: 'mean error over black (PNG)',
  unit: 'error',
  pick: (s) => s.errorOverBlack,
};
const PIXELS_OFF: SummaryRow = { label: 'pixels off by > 48', unit: 'share', pick: (s) => s.pixelsOffShare };
const MEDIAN_BYTES: SummaryRow = { label: 'median SVG size', unit: 'bytes', pick: (s) => s.medianBytes };
const MEDIAN_PATHS: SummaryRow = { label: 'median path elements', unit: 'number', pick: (s) => s.medianPaths };
const MEDIAN_MS: SummaryRow = { label: 'median engine time', unit: 'ms', pick: (s) => s.medianMs };

const ALL_LOGOS_ROWS: SummaryRow[] = [
  IMAGES,
  FAILED,
  { label: 'palette recall (dE76 <= 3)', unit: 'rate', pick: (s) => s.recall },
  { label: 'exact hex', unit: 'rate', pick: (s) => s.exactHex },
  { label: 'near-exact (<= 1 per channel)', unit: 'rate', pick: (s) => s.nearExact },
  { label: 'spurious colors per image', unit: 'count', pick: (s) => s.spuriousPerImage },
  { label: 'near-twin colors per image', unit: 'count', pick: (s) => s.twinsPerImage },
  ERROR_OVER_WHITE,
  ERROR_OVER_BLACK,
  PIXELS_OFF,
  { label: 'background IoU (JPEG)', unit: 'rate', pick: (s) => s.backgroundIoU },
  MEDIAN_BYTES,
  MEDIAN_PATHS,
  MEDIAN_MS,
];

const ONE_COLOR_ROWS: SummaryRow[] = [
  IMAGES,
  FAILED,
  ERROR_OVER_WHITE,
  ERROR_OVER_BLACK,
  PIXELS_OFF,
  MEDIAN_BYTES,
  MEDIAN_PATHS,
  MEDIAN_MS,
];

export function inputLabel(input: InputType): string {
  return input === 'png' ? 'PNG' : 'JPEG';
}

function columnLabel(summary: EngineSummary, withInput: boolean): string {
  return withInput ? `${inputLabel(summary.input)} ${summary.engine}` : summary.engine;
}

function metricTable(title: string, rows: SummaryRow[], columns: EngineSummary[], withInput: boolean): Table {
  return {
    headers: [title, ...columns.map((summary) => columnLabel(summary, withInput))],
    rows: rows.map((row) => [row.label, ...columns.map((summary) => formatValue(row.pick(summary), row.unit))]),
  };
}

/** A set of images (all, one kind, the small inputs), ours beside plain vtracer for each input type. */
export function imagesTable(title: string, summaries: EngineSummary[]): Table {
  return metricTable(title, ALL_LOGOS_ROWS, summaries, true);
}

/** The one-color PNG subset, where potrace is the baseline. */
export function oneColorTable(summaries: EngineSummary[]): Table {
  return metricTable('one-color PNG logos', ONE_COLOR_ROWS, summaries, false);
}

export function largeImageTable(large: LargeImageResult): Table {
  return {
    headers: ['large image', 'size', 'engine time', 'wall time', 'peak RSS (child)', 'SVG size'],
    rows: [
      [
        large.logo,
        `${large.width}x${large.height}`,
        formatValue(large.engineMs, 'ms'),
        formatValue(large.wallMs, 'ms'),
        formatValue(large.peakRssBytes, 'memory'),
        formatValue(large.svgBytes, 'bytes'),
      ],
    ],
  };
}

/**
 * How many more digits than its unit's (up to 3) a target's figures need
 * for the measured value to differ from a threshold it rounds to: "0.950
 * >= 0.950 FAIL" reads as a bug, "0.9496 >= 0.9500 FAIL" does not.
 */
function extraDigits({ measured, threshold, unit }: TargetCheck): number {
  let extra = 0;
  while (
    extra < 3 &&
    measured !== threshold &&
    formatValue(measured, unit, extra) === formatValue(threshold, unit, extra)
  ) {
    extra++;
  }
  return extra;
}

function describeThreshold(target: TargetCheck, extra: number): string {
  const threshold = `${target.comparison} ${formatValue(target.threshold, target.unit, extra)}`;
  if (target.relativeTo === null) return threshold;
  const { factor, baseline, value } = target.relativeTo;
  return `${threshold} (${factor}x ${baseline} ${formatValue(value, target.unit)})`;
}

export function targetsTable(targets: TargetCheck[]): Table {
  return {
    headers: ['target', 'measured', 'threshold', 'result'],
    rows: targets.map((target) => {
      const extra = extraDigits(target);
      return [
        target.label,
        formatValue(target.measured, target.unit, extra),
        describeThreshold(target, extra),
        target.pass ? 'PASS' : 'FAIL',
      ];
    }),
  };
}

function describeWorst(image: ImageResult): string {
  if (!image.ok) return `FAILED: ${image.failure}`;
  const spurious = image.spurious > 0 ? `, ${image.spurious} spurious` : '';
  return (
    `error ${formatValue(image.errorOverWhite, 'error')}, ` +
    `off ${formatValue(image.pixelsOffShare, 'share')}, ` +
    `${image.palette.length} output / ${image.truthPalette.length} true colors, ` +
    `${image.recalled} recalled${spurious}`
  );
}

/** Failures first, then the highest mean error over white: where a developer should look. */
export function worstImages(results: readonly ImageResult[], count: number): string[] {
  const errorOf = (image: ImageResult): number => (image.ok ? image.errorOverWhite : Infinity);
  const worst = [...results].sort((a, b) => errorOf(b) - errorOf(a)).slice(0, count);
  const nameWidth = Math.max(0, ...worst.map((image) => image.name.length));
  return worst.map((image) => `${image.name.padEnd(nameWidth)}  ${describeWorst(image)}`);
}

/**
 * A benchmark part's summary table and its targets: printed to the console, and returned as the
 * markdown lines that end its section.
 */
export function summaryAndTargets(summary: Table, targets: TargetCheck[]): string[] {
  console.log(`\n${renderTextTable(summary)}\n\n${renderTextTable(targetsTable(targets))}`);
  return [renderMarkdownTable(summary), '', '### Targets', '', renderMarkdownTable(targetsTable(targets)), ''];
}
