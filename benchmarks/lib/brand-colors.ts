/**
 * Brand colors in, brand colors out (issue 38): ours on the dev corpus with
 * each logo's true palette given as `palette`, beside the same trace without
 * it, and with one true color left out of the list (its art should keep its
 * traced color). Exact recall and error are the dev benchmark's own
 * (`scorePalette`, `measureOutput`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { PROJECT_ROOT } from './args.js';
import { summaryAndTargets } from './bench-tables.js';
import { loadTruth, readLogo, type InputType, type LogoTruth } from './corpus.js';
import { traceWithOurs } from './engines.js';
import { formatValue } from './format.js';
import { measureOutput, type ImageSubject } from './measure.js';
import { scorePalette } from './palette-score.js';
import { decodeImage } from './raster.js';
import { mean } from './stats.js';
import type { Table } from './table.js';
import { check, type TargetCheck } from './targets.js';

/** The paper of the corpus's JPEGs, which no logo's list needs to name. */
const WHITE_PAPER = '#ffffff';

const RUNS = ['without', 'true palette', 'one left out'] as const;
type Run = (typeof RUNS)[number];

interface BrandRecord {
  name: string;
  input: InputType;
  run: Run;
  /** The colors recall counts: the given list, or the truth when none is given. */
  listed: number;
  /** How many of them the SVG paints with their exact hex. */
  exact: number;
  /** Colors of the SVG outside the true palette, white paper excluded. */
  outside: number;
  /** Against the input itself, as the dev benchmark scores it. */
  errorOverWhite: number;
  /** Against the true art (the PNG over white): the brand colors are the truth the JPEG moved. */
  errorToTruth: number;
  /** `one left out`: whether the left-out color's art kept a color of its own near it. */
  leftOutKept: boolean | null;
  failure: string | null;
}

export interface BrandSummary {
  input: InputType;
  run: Run;
  images: number;
  failures: number;
  exactRecall: number;
  outsidePerImage: number;
  meanError: number;
  meanErrorToTruth: number;
  /** `one left out` only. */
  leftOutKept: number | null;
}

async function measureLogo(corpusDir: string, truth: LogoTruth, input: InputType): Promise<BrandRecord[]> {
  const bytes = await readLogo(corpusDir, truth.name, input);
  const pngTwin = await decodeImage(await readLogo(corpusDir, truth.name, 'png'));
  const reference = input === 'png' ? pngTwin : await decodeImage(bytes);
  const subject: ImageSubject = { truth, input, reference, pngTwin };
  const truthPalette = truth.palette.map((color) => color.toLowerCase());
  // The truth lists colors largest first: leave out the smallest, the likeliest to be forgotten.
  const leftOut = truthPalette.length > 1 ? truthPalette.at(-1) : undefined;
  const runs: [Run, string[]][] = [
    ['without', []],
    ['true palette', truthPalette],
  ];
  if (leftOut) runs.push(['one left out', truthPalette.slice(0, -1)]);
  const records: BrandRecord[] = [];
  for (const [run, palette] of runs) {
    const counted = run === 'without' ? truthPalette : palette;
    const base = { name: truth.name, input, run, listed: counted.length };
    try {
      const output = await traceWithOurs(bytes, { palette });
      const own = output.palette.filter((color) => !palette.includes(color));
      records.push({
        ...base,
        exact: scorePalette(counted, output.palette).exact,
        outside: output.palette.filter((color) => color !== WHITE_PAPER && !truthPalette.includes(color)).length,
        errorOverWhite: measureOutput(subject, 'ours', output).errorOverWhite,
        errorToTruth: measureOutput({ ...subject, reference: pngTwin }, 'ours', output).errorOverWhite,
        leftOutKept: leftOut && run === 'one left out' ? scorePalette([leftOut], own).recalled === 1 : null,
        failure: null,
      });
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      records.push({
        ...base,
        exact: 0,
        outside: 0,
        errorOverWhite: NaN,
        errorToTruth: NaN,
        leftOutKept: null,
        failure,
      });
    }
  }
  return records;
}

function summarize(records: readonly BrandRecord[], input: InputType, run: Run): BrandSummary {
  const own = records.filter((record) => record.input === input && record.run === run);
  const ok = own.filter((record) => record.failure === null);
  const sum = (pick: (record: BrandRecord) => number) => ok.reduce((total, record) => total + pick(record), 0);
  const kept = ok.filter((record) => record.leftOutKept !== null);
  return {
    input,
    run,
    images: own.length,
    failures: own.length - ok.length,
    exactRecall: sum((record) => record.exact) / sum((record) => record.listed),
    outsidePerImage: sum((record) => record.outside) / ok.length,
    meanError: mean(ok.map((record) => record.errorOverWhite)),
    meanErrorToTruth: mean(ok.map((record) => record.errorToTruth)),
    leftOutKept: kept.length > 0 ? kept.filter((record) => record.leftOutKept).length / kept.length : null,
  };
}

function summaryTable(summaries: readonly BrandSummary[]): Table {
  return {
    headers: [
      'input, palette given',
      'images',
      'failed',
      'exact recall',
      'outside / image',
      'error to input',
      'error to truth',
      'left-out kept',
    ],
    rows: summaries.map((s) => [
      `${s.input}, ${s.run}`,
      String(s.images),
      String(s.failures),
      formatValue(s.exactRecall, 'rate'),
      formatValue(s.outsidePerImage, 'number'),
      formatValue(s.meanError, 'error'),
      formatValue(s.meanErrorToTruth, 'error'),
      s.leftOutKept === null ? '-' : formatValue(s.leftOutKept, 'rate'),
    ]),
  };
}

function brandTargets(summaries: readonly BrandSummary[]): TargetCheck[] {
  const of = (input: InputType, run: Run) => summaries.find((s) => s.input === input && s.run === run);
  const jpegTrue = of('jpg', 'true palette');
  const jpegWithout = of('jpg', 'without');
  const pngTrue = of('png', 'true palette');
  const pngWithout = of('png', 'without');
  return [
    check('JPEG, true palette: exact-hex recall', 'rate', jpegTrue?.exactRecall ?? NaN, '>=', 0.98),
    check('JPEG, true palette: colors outside it per image', 'number', jpegTrue?.outsidePerImage ?? NaN, '<=', 0.1),
    check(
      'JPEG, true palette: error to truth no worse than without',
      'error',
      jpegTrue?.meanErrorToTruth ?? NaN,
      '<=',
      jpegWithout?.meanErrorToTruth ?? NaN,
    ),
    check(
      'PNG, true palette: exact recall as without',
      'rate',
      pngTrue?.exactRecall ?? NaN,
      '>=',
      pngWithout?.exactRecall ?? NaN,
    ),
    check(
      'PNG, true palette: error no worse than without',
      'error',
      pngTrue?.meanError ?? NaN,
      '<=',
      pngWithout?.meanError ?? NaN,
    ),
  ];
}

export interface BrandColorsOptions {
  corpusDir: string;
  limit: number | null;
}

/**
 * Runs the benchmark, prints it and writes RESULTS-palette.md (a full run
 * into benchmarks/, a partial one into benchmarks/out/) and
 * benchmarks/out/palette.json; returns the markdown section.
 */
export async function runBrandColorsBenchmark(options: BrandColorsOptions): Promise<string> {
  const all = await loadTruth(options.corpusDir);
  const logos = options.limit === null ? all : all.slice(0, options.limit);
  const records: BrandRecord[] = [];
  for (const truth of logos) {
    for (const input of ['jpg', 'png'] as const) records.push(...(await measureLogo(options.corpusDir, truth, input)));
  }
  const summaries = (['jpg', 'png'] as const).flatMap((input) => RUNS.map((run) => summarize(records, input, run)));
  const targets = brandTargets(summaries);
  const markdown = [
    '## Brand colors in, brand colors out (the palette setting)',
    '',
    `- Corpus: ${path.relative(PROJECT_ROOT, options.corpusDir)}, ${logos.length} images as JPEG (q80 on white) and PNG, each traced without a palette, with its true palette given, and (${records.filter((r) => r.run === 'one left out').length / 2} with two or more colors) with its smallest true color left out of the list`,
    "- Exact recall: the listed colors (the truth, without a palette) the SVG paints with their exact hex. Outside / image: colors of the SVG not in the true palette, white paper excluded (left out: the left-out color's own traced color counts). Error to input: as in the dev benchmark, over white, against the input itself (a JPEG's moved colors included); error to truth: against the PNG original over white.",
    '- Left-out kept: the SVG keeps a color within 3 dE of the left-out color that is not a listed one.',
    '',
    ...summaryAndTargets(summaryTable(summaries), targets),
  ].join('\n');
  const benchmarks = path.join(PROJECT_ROOT, 'benchmarks');
  const out = path.join(benchmarks, 'out');
  await mkdir(out, { recursive: true });
  const resultsFile = path.join(options.limit === null ? benchmarks : out, 'RESULTS-palette.md');
  await writeFile(resultsFile, `# Benchmark results: brand colors\n\n${markdown}`);
  await writeFile(path.join(out, 'palette.json'), `${JSON.stringify(records, null, 1)}\n`);
  console.log(`\nWrote ${path.relative(PROJECT_ROOT, resultsFile)}, benchmarks/out/palette.json`);
  return markdown;
}
