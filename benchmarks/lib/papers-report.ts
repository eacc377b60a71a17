/** The papers-and-flags run, rendered for the terminal and as a markdown section. */
import { targetsTable } from './bench-tables.js';
import { formatValue, type MetricUnit } from './format.js';
import { describeMachineLine, type MachineInfo } from './machine.js';
import {
  errorRatio,
  type EngineStats,
  type FlagSummary,
  type PaperGroup,
  type ResavedComparison,
} from './papers-summary.js';
import { renderMarkdownTable, renderTextTable, type Table } from './table.js';
import type { TargetCheck } from './targets.js';

export interface PapersReport {
  date: string;
  machine: MachineInfo;
  /** One line per corpus: where it was read and how many files. */
  scope: string[];
  notes: string[];
  /** Null when dev-papers was not part of the run. */
  papers: { groups: PaperGroup[]; resaved: ResavedComparison } | null;
  flags: FlagSummary[] | null;
  targets: TargetCheck[];
}

interface Style {
  table: (table: Table) => string;
  heading: (text: string) => string;
  bullet: (text: string) => string;
}

const TERMINAL: Style = { table: renderTextTable, heading: (text) => `${text}:`, bullet: (text) => text };
const MARKDOWN: Style = {
  table: renderMarkdownTable,
  heading: (text) => `### ${text}\n`,
  bullet: (text) => `- ${text}`,
};

function describeError(error: number): string {
  return Number.isFinite(error) ? formatValue(error, 'error') : 'failed';
}

/** "error 4.20, 3.1x vtracer's 1.35", for one file or flag. */
export function describeAgainstVtracer(ours: number, vtracer: number): string {
  if (!Number.isFinite(ours)) return `ours failed, vtracer's error ${describeError(vtracer)}`;
  const times = errorRatio(ours, vtracer);
  const relation = Number.isFinite(times) ? `${times.toFixed(1)}x vtracer's` : 'vtracer';
  return `error ${describeError(ours)}, ${relation} ${describeError(vtracer)}`;
}

function ratio(ours: number, vtracer: number): string {
  const value = ours / vtracer;
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : '-';
}

function pair(ours: number, vtracer: number, unit: MetricUnit): string {
  return `${formatValue(ours, unit)} / ${formatValue(vtracer, unit)}`;
}

/** The figures both tables share, ours beside vtracer. */
function engineCells(ours: EngineStats, vtracer: EngineStats, withIoU: boolean): string[] {
  return [
    formatValue(ours.error, 'error'),
    formatValue(vtracer.error, 'error'),
    ratio(ours.error, vtracer.error),
    ...(withIoU ? [formatValue(ours.iou, 'rate'), formatValue(vtracer.iou, 'rate')] : []),
    formatValue(ours.recall, 'rate'),
    formatValue(vtracer.recall, 'rate'),
    formatValue(ours.spurious, 'count'),
    formatValue(vtracer.spurious, 'count'),
    String(ours.failures),
    pair(ours.medianBytes, vtracer.medianBytes, 'bytes'),
    pair(ours.medianMs, vtracer.medianMs, 'ms'),
  ];
}

function engineHeaders(withIoU: boolean): string[] {
  return [
    'ours error',
    'vtracer error',
    'ratio',
    ...(withIoU ? ['ours IoU', 'vtracer IoU'] : []),
    'ours recall',
    'vtracer recall',
    'ours spurious',
    'vtracer spurious',
    'ours failed',
    'median bytes ours / vtracer',
    'median ms ours / vtracer',
  ];
}

export function papersTable(groups: readonly PaperGroup[]): Table {
  return {
    headers: ['dev-papers', 'files', ...engineHeaders(true)],
    rows: groups.map((group) => [
      group.label,
      String(group.ours.files),
      ...engineCells(group.ours, group.vtracer, true),
    ]),
  };
}

export function resavedTable(resaved: ResavedComparison): Table {
  const row = (label: string, stats: EngineStats): string[] => [
    label,
    String(stats.files),
    formatValue(stats.medianBytes, 'bytes'),
    formatValue(stats.spurious, 'count'),
    formatValue(stats.error, 'error'),
    String(stats.failures),
  ];
  return {
    headers: ['resaved PNGs, ours', 'files', 'median bytes', 'spurious per image', 'error over paper', 'failed'],
    rows: [row('the PNG', resaved.png), row('re-encoded as JPEG at its quality', resaved.jpeg)],
  };
}

export function flagsTable(summaries: readonly FlagSummary[]): Table {
  return {
    headers: ['dev-flags', 'flags', ...engineHeaders(false)],
    rows: summaries.map(({ input, ours, vtracer }) => [
      input === 'png' ? 'PNG' : 'JPEG',
      String(ours.files),
      ...engineCells(ours, vtracer, false),
    ]),
  };
}

function flagLists(summaries: readonly FlagSummary[]): string[] {
  return summaries.flatMap(({ input, aboveTwice, missedColors }) => {
    const name = input === 'png' ? 'PNG' : 'JPEG';
    const above = aboveTwice.map((flag) => `${flag.name} (${describeAgainstVtracer(flag.ours, flag.vtracer)})`);
    const lines = [`${name} flags above 2x vtracer's error: ${above.length === 0 ? 'none' : above.join(', ')}`];
    if (input === 'png') {
      lines.push(`PNG flags missing a true color: ${missedColors.length === 0 ? 'none' : missedColors.join(', ')}`);
    }
    return lines;
  });
}

function tally(targets: readonly TargetCheck[]): string {
  return `${targets.filter((target) => target.pass).length} of ${targets.length} targets pass`;
}

function body(report: PapersReport, style: Style): string[] {
  const lines: string[] = [];
  if (report.papers) {
    lines.push(style.heading('Art on colored papers (dev-papers)'), style.table(papersTable(report.papers.groups)), '');
    lines.push(style.heading('PNGs that were JPEGs'), style.table(resavedTable(report.papers.resaved)), '');
    const { bytesRatio } = report.papers.resaved;
    lines.push(
      `Median bytes of ours, PNG over JPEG: ${Number.isFinite(bytesRatio) ? bytesRatio.toFixed(2) : '-'}x`,
      '',
    );
  }
  if (report.flags) {
    lines.push(style.heading('Opaque flags (dev-flags)'), style.table(flagsTable(report.flags)), '');
    lines.push(...flagLists(report.flags).map(style.bullet), '');
  }
  lines.push(style.heading('Targets'), style.table(targetsTable(report.targets)), '', `${tally(report.targets)}.`);
  return lines;
}

const DEFINITIONS = [
  "Error: mean absolute difference per RGB channel (0..255); on dev-papers of the SVG and the true dev/ image, each composited over the file's own paper; on dev-flags over white against the PNG.",
  'IoU: rendered alpha > 127 against the true alpha > 127, leaving out art pixels within 24 units of the paper on every channel.',
  'Recall: share of true colors recalled (an output color within dE76 3); on dev-papers only the colors standing off the paper (dE76 > 12). Spurious: output colors further than dE76 10 from every true color, a kept paper included.',
];

function header(report: PapersReport, style: Style): string[] {
  return [
    style.bullet(`Date: ${report.date}`),
    style.bullet(`Machine: ${describeMachineLine(report.machine)}`),
    ...report.scope.map((line) => style.bullet(`Corpus: ${line}`)),
    style.bullet('Ours with its default settings (background removal on), trim off; plain vtracer with its defaults'),
    ...report.notes.map((note) => style.bullet(`Note: ${note}`)),
  ];
}

export function renderPapersForTerminal(report: PapersReport): string {
  return ['Papers and flags benchmark', ...header(report, TERMINAL), '', ...body(report, TERMINAL)].join('\n');
}

/** A `##` section: appended to RESULTS.md by `npm run bench`, or the body of RESULTS-papers.md. */
export function renderPapersMarkdown(report: PapersReport): string {
  return [
    '## Colored papers and opaque flags',
    '',
    'Written after a full run of `npm run bench:papers` (benchmarks/papers.ts), or of `npm run bench`, which appends it to',
    'RESULTS.md.',
    'Per-file records are in benchmarks/out/papers.json (not committed); contact sheets of the 40 worst dev-papers files',
    'and the 20 worst flags (source, ours, plain vtracer, on grey and dark) are benchmarks/sheets/papers-worst.png and',
    'flags-worst.png.',
    '',
    ...header(report, MARKDOWN),
    ...DEFINITIONS.map((line) => `- ${line}`),
    '',
    ...body(report, MARKDOWN),
    '',
  ].join('\n');
}
