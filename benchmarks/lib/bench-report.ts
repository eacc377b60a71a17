/** A finished run, rendered for the terminal and as benchmarks/RESULTS.md. */
import { imagesTable, inputLabel, largeImageTable, oneColorTable, targetsTable, worstImages } from './bench-tables.js';
import { formatValue } from './format.js';
import type { LargeImageResult } from './large-image-check.js';
import { describeMachineLine, type MachineInfo } from './machine.js';
import type { ImageResult } from './measure.js';
import { KIND_LABELS } from './corpus.js';
import type { EngineSummary, KindSummaries } from './summarize.js';
import { SMALL_LONG_SIDE } from './small-inputs.js';
import { renderMarkdownTable, renderTextTable } from './table.js';
import type { TargetCheck } from './targets.js';

const WORST_COUNT = 10;

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  /** e.g. "../shared/corpus/dev: 120 logos (56 one-color), png + jpg". */
  scope: string;
  notes: string[];
  summaries: EngineSummary[];
  /** Per kind of art (logo, coin, app, round, flag). */
  kinds: KindSummaries[];
  /** Each image shrunk to 128 px, scored at the corpus size; empty when not run. */
  smallSummaries: EngineSummary[];
  smallKinds: KindSummaries[];
  oneColorSummaries: EngineSummary[];
  large: LargeImageResult | null;
  largeFailure: string | null;
  /** Of the benchmark process itself, before the large-image check (which runs in a child). */
  peakRssBytes: number;
  targets: TargetCheck[];
}

function largeImageText(report: BenchReport, render: typeof renderTextTable): string {
  if (!report.large) return `Large image check failed: ${report.largeFailure ?? 'unknown error'}`;
  const warnings = report.large.warnings.map((warning) => `Engine warning: ${warning}`);
  return [render(largeImageTable(report.large)), ...warnings].join('\n\n');
}

function oneColorText(report: BenchReport, render: typeof renderTextTable): string {
  if (report.oneColorSummaries.length === 0) return 'One-color PNG logos: not measured (no PNG inputs in this run)';
  return render(oneColorTable(report.oneColorSummaries));
}

function kindTables(
  kinds: KindSummaries[],
  render: typeof renderTextTable,
  heading: (text: string) => string,
): string[] {
  return kinds.flatMap(({ kind, summaries }) => [heading(KIND_LABELS[kind]), render(imagesTable(kind, summaries)), '']);
}

function smallInputText(
  report: BenchReport,
  render: typeof renderTextTable,
  heading: (text: string) => string,
): string[] {
  if (report.smallSummaries.length === 0) return ['Small inputs: not measured (--no-small)', ''];
  return [
    render(imagesTable(`all, ${SMALL_LONG_SIDE} px`, report.smallSummaries)),
    '',
    ...kindTables(report.smallKinds, render, heading),
  ];
}

function targetTally(targets: TargetCheck[]): string {
  return `${targets.filter((target) => target.pass).length} of ${targets.length} targets pass`;
}

function worstImagesText(results: readonly ImageResult[], summaries: EngineSummary[]): string {
  const sections = summaries.map((summary) => {
    const own = results.filter((image) => image.engine === summary.engine && image.input === summary.input);
    const lines = worstImages(own, WORST_COUNT).map((line) => `  ${line}`);
    return [`${inputLabel(summary.input)} ${summary.engine}:`, ...lines].join('\n');
  });
  return [`Worst ${WORST_COUNT} images by mean error over white (failures first):`, ...sections].join('\n');
}

export function renderForTerminal(report: BenchReport, results: readonly ImageResult[]): string {
  return [
    `Logo vectorization benchmark, ${report.date}`,
    `Machine: ${describeMachineLine(report.machine)}`,
    `Corpus: ${report.scope}; ours with colors=0, trim off`,
    ...report.notes.map((note) => `Note: ${note}`),
    '',
    renderTextTable(imagesTable('all images', report.summaries)),
    '',
    ...kindTables(report.kinds, renderTextTable, (text) => `${text}:`),
    `Small inputs (${SMALL_LONG_SIDE} px on the long side, cubic; JPEG q70 on white), rendered back at the corpus size:`,
    ...smallInputText(report, renderTextTable, (text) => `${text}, small:`),
    oneColorText(report, renderTextTable),
    '',
    largeImageText(report, renderTextTable),
    '',
    `Peak RSS of the benchmark process: ${formatValue(report.peakRssBytes, 'memory')}`,
    '',
    worstImagesText(results, [
      ...report.summaries,
      ...report.oneColorSummaries.filter((summary) => summary.engine === 'potrace'),
    ]),
    '',
    renderTextTable(targetsTable(report.targets)),
    targetTally(report.targets),
  ].join('\n');
}

export function renderMarkdown(report: BenchReport): string {
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (benchmarks/run.ts) after a full run; metric definitions and targets are in issues 2, 4 and 10.',
    'Per-image figures of the run are in benchmarks/out/details.json (not committed); contact sheets of every image',
    '(source, ours, plain vtracer, on a light and a dark backdrop) are in benchmarks/sheets/.',
    'A near-twin is a pair of output colors within dE76 10 of each other that are nearest to the same true color.',
    '',
    `- Date: ${report.date}`,
    `- Machine: ${describeMachineLine(report.machine)}`,
    `- Corpus: ${report.scope}; ours with colors=0, trim off; plain vtracer with its default settings`,
    `- Peak RSS of the benchmark process: ${formatValue(report.peakRssBytes, 'memory')}`,
    ...report.notes.map((note) => `- Note: ${note}`),
    '',
    '## All images',
    '',
    renderMarkdownTable(imagesTable('all images', report.summaries)),
    '',
    '## Per kind of art',
    '',
    ...kindTables(report.kinds, renderMarkdownTable, (text) => `### ${text}\n`),
    `## Small inputs (${SMALL_LONG_SIDE} px on the long side, rendered back at the corpus size)`,
    '',
    'Each PNG shrunk with a cubic filter, kept with alpha (PNG) and re-compressed as JPEG q70 on white; the SVG is',
    'rendered at the original size and compared with the original PNG (over white, and over black for PNG input).',
    '',
    ...smallInputText(report, renderMarkdownTable, (text) => `### ${text}, small\n`),
    '## One-color PNG logos (potrace baseline)',
    '',
    oneColorText(report, renderMarkdownTable),
    '',
    '## Large image (traced in a child process)',
    '',
    largeImageText(report, renderMarkdownTable),
    '',
    '## Targets',
    '',
    renderMarkdownTable(targetsTable(report.targets)),
    '',
    `${targetTally(report.targets)}.`,
    '',
  ].join('\n');
}
