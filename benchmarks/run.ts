/**
 * Quality and speed benchmark (issue 2): our tracer beside plain vtracer on every
 * corpus logo as PNG and as JPEG, and beside potrace on the one-color PNGs.
 * Everything runs sequentially so the engine timings are not disturbed.
 */
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { exitUnlessCorpus, PROJECT_ROOT, parseBenchArgs, USAGE, type BenchOptions } from './lib/args.js';
import { renderForTerminal, renderMarkdown, type BenchReport } from './lib/bench-report.js';
import { inputLabel } from './lib/bench-tables.js';
import { renderContactSheet, type SheetEntry } from './lib/contact-sheet.js';
import {
  INPUT_TYPES,
  KIND_LABELS,
  KINDS,
  kindOf,
  loadTruth,
  readLogo,
  type InputType,
  type LogoTruth,
} from './lib/corpus.js';
import { traceWithOurs, traceWithPlainVtracer, type EngineName, type EngineOutput } from './lib/engines.js';
import { LARGE_IMAGE_LOGO, runLargeImageCheck, type LargeImageResult } from './lib/large-image-check.js';
import { describeMachine } from './lib/machine.js';
import { measureOutput, recordFailure, type ImageResult, type ImageSubject } from './lib/measure.js';
import { runBrandColorsBenchmark } from './lib/brand-colors.js';
import { runGradientsBenchmark } from './lib/gradients.js';
import { runPapersBenchmark } from './lib/papers.js';
import { DEFAULT_SPEED_REPS, runSpeedBenchmark } from './lib/speed.js';
import { alphaToPbm, isPotraceInstalled, runPotrace } from './lib/potrace.js';
import { decodeImage } from './lib/raster.js';
import { shrink } from './lib/small-inputs.js';
import { summarize, type EngineSummary, type KindSummaries } from './lib/summarize.js';
import { evaluateTargets, fidelityTargets, type SeamTotals } from './lib/targets.js';
import { countSeamPixels } from './lib/seams.js';

const BENCHMARKS_DIR = path.join(PROJECT_ROOT, 'benchmarks');
const OUT_DIR = path.join(BENCHMARKS_DIR, 'out');
/** Images per contact sheet: enough to scan, small enough to view at real size. */
const SHEET_SIZE = 40;

/** Measures one engine's trace; `svgs` keeps the SVG (null on failure) for the contact sheets. */
async function measureEngine(
  subject: ImageSubject,
  engine: EngineName,
  trace: () => Promise<EngineOutput>,
  svgs?: Map<EngineName, string | null>,
): Promise<ImageResult> {
  try {
    const output = await trace();
    svgs?.set(engine, output.svg);
    return measureOutput(subject, engine, output);
  } catch (error) {
    svgs?.set(engine, null);
    return recordFailure(subject, engine, error);
  }
}

/** Ours and plain vtracer on one input, with the contact-sheet entry of the pair. */
async function measurePair(
  subject: ImageSubject,
  bytes: Buffer,
  traceOurs: () => Promise<EngineOutput>,
): Promise<{ results: ImageResult[]; sheet: SheetEntry }> {
  const svgs = new Map<EngineName, string | null>();
  const results = [
    await measureEngine(subject, 'ours', traceOurs, svgs),
    await measureEngine(subject, 'vtracer', () => traceWithPlainVtracer(bytes), svgs),
  ];
  const sheet: SheetEntry = {
    name: subject.truth.name,
    source: bytes,
    sourceType: subject.input,
    ours: svgs.get('ours') ?? null,
    vtracer: svgs.get('vtracer') ?? null,
  };
  return { results, sheet };
}

/** Seam pixels of our SVG for one multi-color logo (issue 4), at 1x and 4x. */
interface SeamRecord {
  name: string;
  input: InputType;
  at1x: number;
  at4x: number;
}

/** Our trace, noting its seam pixels when it has more than one color. */
async function traceCountingSeams(
  bytes: Buffer,
  name: string,
  input: InputType,
  seams: SeamRecord[],
): Promise<EngineOutput> {
  const output = await traceWithOurs(bytes);
  if (output.palette.length > 1) {
    const width = Number(/width="(\d+)"/.exec(output.svg)?.[1]);
    seams.push({
      name,
      input,
      at1x: countSeamPixels(output.svg, width, 1),
      at4x: countSeamPixels(output.svg, width, 4),
    });
  }
  return output;
}

function totalSeams(seams: SeamRecord[], inputTypes: InputType[]): SeamTotals[] {
  return inputTypes.map((input) => {
    const records = seams.filter((record) => record.input === input);
    const sum = (pick: (record: SeamRecord) => number) => records.reduce((total, record) => total + pick(record), 0);
    return { input, logos: records.length, at1x: sum((record) => record.at1x), at4x: sum((record) => record.at4x) };
  });
}

interface LogoRun {
  results: ImageResult[];
  small: ImageResult[];
  sheets: SheetEntry[];
}

async function benchmarkLogo(
  truth: LogoTruth,
  options: BenchOptions,
  withPotrace: boolean,
  seams: SeamRecord[],
): Promise<LogoRun> {
  const pngBytes = await readLogo(options.corpusDir, truth.name, 'png');
  const pngTwin = await decodeImage(pngBytes);
  const run: LogoRun = { results: [], small: [], sheets: [] };
  for (const input of options.inputTypes) {
    const bytes = input === 'png' ? pngBytes : await readLogo(options.corpusDir, truth.name, input);
    const subject: ImageSubject = {
      truth,
      input,
      reference: input === 'png' ? pngTwin : await decodeImage(bytes),
      pngTwin,
    };
    const pair = await measurePair(subject, bytes, () => traceCountingSeams(bytes, truth.name, input, seams));
    run.results.push(...pair.results);
    run.sheets.push(pair.sheet);
    if (withPotrace && input === 'png' && truth.palette.length === 1) {
      const pbm = alphaToPbm(pngTwin);
      run.results.push(await measureEngine(subject, 'potrace', () => runPotrace(pbm, truth.palette[0]!)));
    }
    if (options.small) {
      // Scored against the full-size PNG original: the upscaling people come for.
      const smallBytes = await shrink(pngBytes, input);
      const smallSubject: ImageSubject = { truth, input, reference: pngTwin, pngTwin };
      run.small.push(...(await measurePair(smallSubject, smallBytes, () => traceWithOurs(smallBytes))).results);
    }
  }
  return run;
}

/** The first calls pay for loading the addon and starting the threadpool; keep that out of the timings. */
async function warmUp(options: BenchOptions, truth: LogoTruth): Promise<void> {
  const bytes = await readLogo(options.corpusDir, truth.name, 'png');
  await traceWithOurs(bytes);
  await traceWithPlainVtracer(bytes);
}

function showProgress(done: number, total: number, name: string): void {
  if (!process.stderr.isTTY) return;
  process.stderr.write(`\r\x1b[K[${done}/${total}] ${name}`);
  if (done === total) process.stderr.write('\r\x1b[K');
}

function summarizeAll(results: ImageResult[], inputTypes: InputType[]): EngineSummary[] {
  return inputTypes.flatMap((input) =>
    (['ours', 'vtracer'] as const).map((engine) =>
      summarize(
        engine,
        input,
        results.filter((image) => image.engine === engine && image.input === input),
      ),
    ),
  );
}

function summarizeByKind(results: ImageResult[], inputTypes: InputType[]): KindSummaries[] {
  return KINDS.map((kind) => ({
    kind,
    summaries: summarizeAll(
      results.filter((image) => image.kind === kind),
      inputTypes,
    ),
  })).filter((entry) => entry.summaries.some((summary) => summary.images > 0));
}

/** Contact sheets per kind and input type, at most SHEET_SIZE images each; returns how many were written. */
async function writeContactSheets(dir: string, entries: SheetEntry[]): Promise<number> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  let written = 0;
  for (const kind of KINDS) {
    for (const input of INPUT_TYPES) {
      const own = entries.filter((entry) => kindOf(entry.name) === kind && entry.sourceType === input);
      for (let start = 0; start < own.length; start += SHEET_SIZE) {
        const part = own.length > SHEET_SIZE ? `-${start / SHEET_SIZE + 1}` : '';
        const title = `${KIND_LABELS[kind]}, ${inputLabel(input)} input: source, ours, plain vtracer on light and dark`;
        await writeFile(
          path.join(dir, `${kind}-${input}${part}.png`),
          renderContactSheet(title, own.slice(start, start + SHEET_SIZE)),
        );
        written++;
      }
    }
  }
  return written;
}

function summarizeOneColorPng(results: ImageResult[], withPotrace: boolean): EngineSummary[] {
  const engines: EngineName[] = withPotrace ? ['ours', 'vtracer', 'potrace'] : ['ours', 'vtracer'];
  return engines.map((engine) =>
    summarize(
      engine,
      'png',
      results.filter((image) => image.engine === engine && image.input === 'png' && image.oneColor),
    ),
  );
}

async function checkLargeImage(
  options: BenchOptions,
): Promise<{ large: LargeImageResult | null; failure: string | null }> {
  try {
    const png = await readLogo(options.corpusDir, LARGE_IMAGE_LOGO, 'png');
    return { large: await runLargeImageCheck(LARGE_IMAGE_LOGO, png), failure: null };
  } catch (error) {
    return { large: null, failure: error instanceof Error ? error.message : String(error) };
  }
}

function readOptions(): BenchOptions | null {
  try {
    return parseBenchArgs(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return null;
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  if (options === null) return;
  if (options.help) {
    console.log(USAGE);
    return;
  }
  exitUnlessCorpus(options.corpusDir);
  let allLogos: LogoTruth[];
  try {
    allLogos = await loadTruth(options.corpusDir);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  const logos = options.limit === null ? allLogos : allLogos.slice(0, options.limit);
  const notes: string[] = [];
  const withPotrace = options.potrace && isPotraceInstalled();
  if (options.potrace && !withPotrace) {
    notes.push('potrace is not on PATH (Debian: apt-get install potrace); the potrace column is skipped');
  }
  notes.forEach((note) => {
    console.error(`Note: ${note}`);
  });

  if (logos[0]) await warmUp(options, logos[0]);
  const results: ImageResult[] = [];
  const small: ImageResult[] = [];
  const sheets: SheetEntry[] = [];
  const seams: SeamRecord[] = [];
  for (const [index, truth] of logos.entries()) {
    const run = await benchmarkLogo(truth, options, withPotrace, seams);
    results.push(...run.results);
    small.push(...run.small);
    sheets.push(...run.sheets);
    showProgress(index + 1, logos.length, truth.name);
  }
  // Read now: the large-image check below runs in a child so it does not count here.
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  const { large, failure: largeFailure } = await checkLargeImage(options);

  const summaries = summarizeAll(results, options.inputTypes);
  const oneColorSummaries = options.inputTypes.includes('png') ? summarizeOneColorPng(results, withPotrace) : [];
  const summaryOf = (engine: EngineName, input: InputType): EngineSummary | undefined =>
    summaries.find((summary) => summary.engine === engine && summary.input === input);
  const oneColorCount = logos.filter((truth) => truth.palette.length === 1).length;
  const kinds = summarizeByKind(results, options.inputTypes);
  const smallKinds = options.small ? summarizeByKind(small, options.inputTypes) : [];
  const smallSummaries = options.small ? summarizeAll(small, options.inputTypes) : [];
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    scope:
      `${path.relative(PROJECT_ROOT, options.corpusDir)}: ${logos.length} images (${oneColorCount} one-color), ` +
      options.inputTypes.join(' + '),
    notes,
    summaries,
    kinds,
    smallSummaries,
    smallKinds,
    oneColorSummaries,
    large,
    largeFailure,
    peakRssBytes,
    targets: evaluateTargets(
      summaryOf,
      large,
      (engine) => oneColorSummaries.find((summary) => summary.engine === engine),
      totalSeams(seams, options.inputTypes),
    ).concat(fidelityTargets(kinds, smallSummaries)),
  };

  console.log(renderForTerminal(report, results));
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(
    path.join(OUT_DIR, 'details.json'),
    `${JSON.stringify({ ...report, seams, images: results, smallImages: small }, null, 1)}\n`,
  );
  const sheetDir = options.fullRun ? path.join(BENCHMARKS_DIR, 'sheets') : path.join(OUT_DIR, 'sheets');
  const sheetFiles = await writeContactSheets(sheetDir, sheets);
  // Only a full run may replace the committed table; partial runs leave theirs beside the details.
  const resultsFile = path.join(options.fullRun ? BENCHMARKS_DIR : OUT_DIR, 'RESULTS.md');
  await writeFile(resultsFile, renderMarkdown(report));
  console.log(
    `\nWrote ${path.relative(PROJECT_ROOT, resultsFile)}, benchmarks/out/details.json and ${sheetFiles} contact sheets in ${path.relative(PROJECT_ROOT, sheetDir)}`,
  );
  // The corpora beside dev/ (colored papers, opaque flags), after the dev run and into the same RESULTS.md.
  const papers = await runPapersBenchmark({
    devDir: options.corpusDir,
    limit: options.limit,
    parts: ['papers', 'flags'],
    fullRun: options.fullRun,
  });
  if (papers !== null) await appendFile(resultsFile, `\n${papers}`);
  const gradients = await runGradientsBenchmark({ devDir: options.corpusDir, limit: options.limit, flat: true });
  if (gradients !== null) await appendFile(resultsFile, `\n${gradients}`);
  const palette = await runBrandColorsBenchmark({ corpusDir: options.corpusDir, limit: options.limit });
  await appendFile(resultsFile, `\n${palette}`);
  const speed = await runSpeedBenchmark({ corpusDir: options.corpusDir, reps: DEFAULT_SPEED_REPS });
  await appendFile(resultsFile, `\n${speed}`);
}

await main();
