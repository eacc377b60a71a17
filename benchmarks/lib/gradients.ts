/**
 * The gradient benchmark (issue 36): ours beside plain vtracer on
 * dev-gradients (logos painted with linear and radial gradients, a 512 px
 * PNG with alpha and a JPEG q85 on white each), one trace at a time; and a
 * count of the flat corpora's traces that got a gradient, which must be
 * none. `npm run bench:gradients` runs it alone; `npm run bench` appends it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { PROJECT_ROOT } from './args.js';
import { summaryAndTargets } from './bench-tables.js';
import { INPUT_TYPES, readTruthArray, type InputType } from './corpus.js';
import { traceWithOurs, traceWithPlainVtracer, type EngineOutput } from './engines.js';
import { decodeImage, renderSvgAt, type Raster } from './raster.js';
import { mean, median } from './stats.js';
import type { Table } from './table.js';
import { check, relativeToVtracer, type TargetCheck } from './targets.js';
import { formatValue } from './format.js';
import { renderContactSheet, type SheetEntry } from './contact-sheet.js';

/** A pixel whose channel differs from the truth by more than this shows a band or a lost shape. */
const OFF_BY = 24;
/**
 * Median SVG bytes of ours before gradients (commit 1c11ac2), measured with
 * this benchmark's method: the size target is half of it.
 */
const BYTES_BEFORE: Record<InputType, number> = { png: 14908, jpg: 29611 };
const ERROR_BEFORE: Record<InputType, number> = { png: 1.6, jpg: 2.2 };
const FLAT_CORPORA = ['dev', 'dev-papers', 'dev-flags'] as const;
/** The contact sheet shows this many traces, the highest errors of ours first. */
const SHEET_ENTRIES = 30;

interface GradientEntry {
  name: string;
}

function isGradientEntry(value: unknown): value is GradientEntry {
  return typeof (value as Partial<GradientEntry> | null)?.name === 'string';
}

export interface GradientRecord {
  name: string;
  input: InputType;
  engine: 'ours' | 'vtracer';
  failure: string | null;
  errorOverWhite: number;
  offShare: number;
  bytes: number;
  /** Paths plus gradient stops: what a designer edits. */
  fillsAndStops: number;
  gradients: number;
  ms: number;
}

/** Mean per-channel difference over white, and the share of pixels off by more than OFF_BY. */
function overWhite(truth: Raster, svg: string): { error: number; off: number } {
  const rendered = renderSvgAt(svg, truth.width, truth.height);
  const onWhite = (raster: Raster, i: number, c: number): number => {
    const alpha = raster.pixels[i + 3]! / 255;
    const color = raster.pixels[i + c]!;
    return raster.premultiplied ? color + 255 * (1 - alpha) : color * alpha + 255 * (1 - alpha);
  };
  let sum = 0;
  let off = 0;
  for (let i = 0; i < truth.pixels.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(onWhite(truth, i, c) - onWhite(rendered, i, c));
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > OFF_BY) off++;
  }
  const pixels = truth.pixels.length / 4;
  return { error: sum / (pixels * 3), off: off / pixels };
}

async function measure(
  name: string,
  input: InputType,
  engine: GradientRecord['engine'],
  truth: Raster,
  trace: () => Promise<EngineOutput>,
): Promise<{ record: GradientRecord; svg: string | null }> {
  const base = { name, input, engine };
  try {
    const out = await trace();
    const { error, off } = overWhite(truth, out.svg);
    const count = (pattern: RegExp): number => out.svg.match(pattern)?.length ?? 0;
    const record: GradientRecord = {
      ...base,
      failure: null,
      errorOverWhite: error,
      offShare: off,
      bytes: Buffer.byteLength(out.svg),
      fillsAndStops: count(/<path\b/g) - count(/fill="url\(/g) + count(/<stop\b/g),
      gradients: count(/<(linear|radial)Gradient\b/g),
      ms: out.ms,
    };
    return { record, svg: out.svg };
  } catch (error) {
    const failed = { errorOverWhite: NaN, offShare: NaN, bytes: NaN, fillsAndStops: NaN, gradients: 0, ms: NaN };
    return { record: { ...base, failure: (error as Error).message, ...failed }, svg: null };
  }
}

interface GradientSummary {
  input: InputType;
  engine: GradientRecord['engine'];
  images: number;
  failed: number;
  error: number;
  offShare: number;
  medianBytes: number;
  medianFillsAndStops: number;
  withGradient: number;
  medianMs: number;
  maxMs: number;
}

function summarize(records: GradientRecord[], input: InputType, engine: GradientRecord['engine']): GradientSummary {
  const mine = records.filter((r) => r.input === input && r.engine === engine);
  const ok = mine.filter((r) => r.failure === null);
  return {
    input,
    engine,
    images: mine.length,
    failed: mine.length - ok.length,
    error: mean(ok.map((r) => r.errorOverWhite)),
    offShare: mean(ok.map((r) => r.offShare)),
    medianBytes: median(ok.map((r) => r.bytes)),
    medianFillsAndStops: median(ok.map((r) => r.fillsAndStops)),
    withGradient: ok.filter((r) => r.gradients > 0).length / Math.max(1, mine.length),
    medianMs: median(ok.map((r) => r.ms)),
    maxMs: Math.max(...ok.map((r) => r.ms)),
  };
}

function summaryTable(summaries: GradientSummary[]): Table {
  return {
    headers: [
      'dev-gradients',
      'images',
      'error over white',
      `pixels off > ${OFF_BY}`,
      'median bytes',
      'median fills + stops',
      'with a gradient',
      'median ms',
      'max ms',
      'failed',
    ],
    rows: summaries.map((s) => [
      `${s.input.toUpperCase()}, ${s.engine === 'ours' ? 'ours' : 'plain vtracer'}`,
      String(s.images),
      formatValue(s.error, 'error'),
      formatValue(s.offShare, 'share'),
      formatValue(s.medianBytes, 'bytes'),
      formatValue(s.medianFillsAndStops, 'number'),
      formatValue(s.withGradient, 'share'),
      formatValue(s.medianMs, 'ms'),
      formatValue(s.maxMs, 'ms'),
      String(s.failed),
    ]),
  };
}

function gradientTargets(summaries: GradientSummary[], flatWithGradient: number | null): TargetCheck[] {
  const of = (input: InputType, engine: GradientRecord['engine']) =>
    summaries.find((s) => s.input === input && s.engine === engine)!;
  const targets = INPUT_TYPES.flatMap((input) => {
    const [ours, vtracer] = [of(input, 'ours'), of(input, 'vtracer')];
    const label = (what: string) => `Gradients ${input.toUpperCase()}: ${what}`;
    return [
      check(label('error over white'), 'error', ours.error, '<=', ERROR_BEFORE[input]),
      check(label(`pixels off by > ${OFF_BY}`), 'share', ours.offShare, '<=', 0.01),
      check(label('median bytes, half of before'), 'bytes', ours.medianBytes, '<=', BYTES_BEFORE[input] / 2),
      relativeToVtracer(label('median bytes'), 'bytes', ours.medianBytes, 1, vtracer.medianBytes),
      check(label('median fills + stops'), 'number', ours.medianFillsAndStops, '<=', 8),
      check(label('logos with a gradient'), 'share', ours.withGradient, '>=', 0.8),
      relativeToVtracer(label('median engine time'), 'ms', ours.medianMs, 2, vtracer.medianMs),
      check(label('slowest logo'), 'ms', ours.maxMs, '<=', 300),
    ];
  });
  if (flatWithGradient !== null) {
    targets.push(check('Flat corpora: traces with a gradient', 'number', flatWithGradient, '<=', 0));
  }
  return targets;
}

/** How many traces of the flat corpora beside `gradientsDir` got a gradient, and which. */
async function flatCorporaGradients(corpusRoot: string): Promise<{ traces: number; withGradient: string[] } | null> {
  const withGradient: string[] = [];
  let traces = 0;
  for (const corpus of FLAT_CORPORA) {
    const dir = path.join(corpusRoot, corpus);
    const files = await readdir(dir).catch(() => null);
    if (files === null) return null;
    for (const file of files.filter((f) => /\.(png|jpe?g|webp)$/.test(f)).sort()) {
      const svg = await traceWithOurs(await readFile(path.join(dir, file))).then(
        (out) => out.svg,
        () => '',
      );
      traces++;
      if (/<(linear|radial)Gradient\b/.test(svg)) withGradient.push(`${corpus}/${file}`);
    }
  }
  return { traces, withGradient };
}

interface GradientsRun {
  markdown: string;
  records: GradientRecord[];
  sheet: Buffer;
}

/** Runs the gradient benchmark over `gradientsDir` (and, with `flat`, the flat corpora beside it). */
async function measureGradients(gradientsDir: string, limit: number | null, flat: boolean): Promise<GradientsRun> {
  const entries = (await readTruthArray(path.join(gradientsDir, 'truth.json'), isGradientEntry, 'name')).slice(
    0,
    limit ?? undefined,
  );
  const records: GradientRecord[] = [];
  const sheetEntries: { entry: SheetEntry; error: number }[] = [];
  for (const { name } of entries) {
    const truth = await decodeImage(await readFile(path.join(gradientsDir, `${name}.png`)));
    for (const input of INPUT_TYPES) {
      const bytes = await readFile(path.join(gradientsDir, `${name}.${input}`));
      const ours = await measure(name, input, 'ours', truth, () => traceWithOurs(bytes));
      const vtracer = await measure(name, input, 'vtracer', truth, () => traceWithPlainVtracer(bytes));
      records.push(ours.record, vtracer.record);
      sheetEntries.push({
        entry: { name: `${name}.${input}`, source: bytes, sourceType: input, ours: ours.svg, vtracer: vtracer.svg },
        error: ours.record.failure === null ? ours.record.errorOverWhite : Infinity,
      });
    }
  }
  const summaries = INPUT_TYPES.flatMap((input) => [
    summarize(records, input, 'ours'),
    summarize(records, input, 'vtracer'),
  ]);
  const flatCount = flat ? await flatCorporaGradients(path.dirname(gradientsDir)) : null;
  const targets = gradientTargets(summaries, flatCount ? flatCount.withGradient.length : null);
  const lines = [
    '## Gradient logos (dev-gradients)',
    '',
    `- Corpus: ${entries.length} logos painted with gradients, each a PNG with alpha and a JPEG q85 on white`,
    '- Error: mean absolute difference per RGB channel of the SVG and the PNG, both over white; pixels off: any channel off by more than 24.',
    '- Fills + stops: flat paths plus gradient stops. Engine time: in the engine, one trace at a time.',
    flatCount
      ? `- Flat corpora (${FLAT_CORPORA.join(', ')}): ${flatCount.withGradient.length} of ${flatCount.traces} traces got a gradient${flatCount.withGradient.length > 0 ? `: ${flatCount.withGradient.join(', ')}` : ''}`
      : '- Flat corpora: not checked in this run',
    '',
    ...summaryAndTargets(summaryTable(summaries), targets),
  ];
  const worst = sheetEntries.sort((a, b) => b.error - a.error).slice(0, SHEET_ENTRIES);
  const sheet = renderContactSheet(
    `dev-gradients, the ${worst.length} highest errors of ours over white: source, ours, plain vtracer on grey and dark`,
    worst.map((w) => w.entry),
  );
  return { markdown: lines.join('\n'), records, sheet };
}

export interface GradientsOptions {
  /** The dev corpus; dev-gradients (and the flat corpora) are read beside it. */
  devDir: string;
  limit: number | null;
  /** Count the gradients of the flat corpora too. */
  flat: boolean;
}

/**
 * Runs the benchmark, prints it and writes RESULTS-gradients.md, the contact
 * sheet and gradients.json (a full run into benchmarks/, a partial one into
 * benchmarks/out/); returns the markdown section, or null with no corpus.
 */
export async function runGradientsBenchmark(options: GradientsOptions): Promise<string | null> {
  const gradientsDir = path.join(path.dirname(options.devDir), 'dev-gradients');
  if (!existsSync(path.join(gradientsDir, 'truth.json'))) {
    console.error(`Note: no corpus at ${gradientsDir}: gradients skipped`);
    return null;
  }
  const run = await measureGradients(gradientsDir, options.limit, options.flat);
  const fullRun = options.limit === null && options.flat;
  const benchmarks = path.join(PROJECT_ROOT, 'benchmarks');
  const out = path.join(benchmarks, 'out');
  const sheetDir = fullRun ? path.join(benchmarks, 'sheets') : out;
  await mkdir(out, { recursive: true });
  await mkdir(sheetDir, { recursive: true });
  const resultsFile = path.join(fullRun ? benchmarks : out, 'RESULTS-gradients.md');
  await writeFile(resultsFile, `# Benchmark results: gradients\n\n${run.markdown}`);
  await writeFile(path.join(sheetDir, 'gradients.png'), run.sheet);
  await writeFile(path.join(out, 'gradients.json'), `${JSON.stringify(run.records, null, 1)}\n`);
  const written = [resultsFile, path.join(sheetDir, 'gradients.png')].map((f) => path.relative(PROJECT_ROOT, f));
  console.log(`\nWrote ${written.join(', ')}, benchmarks/out/gradients.json`);
  return run.markdown;
}
