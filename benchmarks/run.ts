/**
 * Quality and speed benchmark (issue 2): our tracer beside plain vtracer on every
 * corpus logo as PNG and as JPEG, and beside potrace on the one-color PNGs.
 * Everything runs sequentially so the engine timings are not disturbed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { PROJECT_ROOT, parseBenchArgs, USAGE, type BenchOptions } from './lib/args.js';
import { renderForTerminal, renderMarkdown, type BenchReport } from './lib/bench-report.js';
import { loadTruth, readLogo, type InputType, type LogoTruth } from './lib/corpus.js';
import { traceWithOurs, traceWithPlainVtracer, type EngineName, type EngineOutput } from './lib/engines.js';
import { runLargeImageCheck, type LargeImageResult } from './lib/large-image-check.js';
import { describeMachine } from './lib/machine.js';
import { measureOutput, recordFailure, type ImageResult, type ImageSubject } from './lib/measure.js';
import { alphaToPbm, isPotraceInstalled, runPotrace } from './lib/potrace.js';
import { decodeImage } from './lib/raster.js';
import { summarize, type EngineSummary } from './lib/summarize.js';
import { evaluateTargets, type SeamTotals } from './lib/targets.js';
import { countSeamPixels } from './lib/seams.js';

/** A wide logo with two colors and fine detail, upscaled for the large-image target. */
const LARGE_IMAGE_LOGO = 'logo-apigee';
const BENCHMARKS_DIR = path.join(PROJECT_ROOT, 'benchmarks');
const OUT_DIR = path.join(BENCHMARKS_DIR, 'out');

async function measureEngine(
  subject: ImageSubject,
  engine: EngineName,
  trace: () => Promise<EngineOutput>,
): Promise<ImageResult> {
  try {
    return measureOutput(subject, engine, await trace());
  } catch (error) {
    return recordFailure(subject, engine, error);
  }
}

/** Seam pixels of our SVG for one multi-color logo (issue 4), at 1x and 4x. */
interface SeamRecord {
  name: string;
  input: InputType;
  at1x: number;
  at4x: number;
}

/** Our trace, noting its seam pixels when it has more than one color. */
async function traceCountingSeams(bytes: Buffer, name: string, input: InputType, seams: SeamRecord[]): Promise<EngineOutput> {
  const output = await traceWithOurs(bytes);
  if (output.palette.length > 1) {
    const width = Number(/width="(\d+)"/.exec(output.svg)?.[1]);
    seams.push({ name, input, at1x: countSeamPixels(output.svg, width, 1), at4x: countSeamPixels(output.svg, width, 4) });
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

async function benchmarkLogo(
  truth: LogoTruth,
  options: BenchOptions,
  withPotrace: boolean,
  seams: SeamRecord[],
): Promise<ImageResult[]> {
  const pngBytes = await readLogo(options.corpusDir, truth.name, 'png');
  const pngTwin = await decodeImage(pngBytes);
  const results: ImageResult[] = [];
  for (const input of options.inputTypes) {
    const bytes = input === 'png' ? pngBytes : await readLogo(options.corpusDir, truth.name, input);
    const subject: ImageSubject = { truth, input, source: input === 'png' ? pngTwin : await decodeImage(bytes), pngTwin };
    results.push(await measureEngine(subject, 'ours', () => traceCountingSeams(bytes, truth.name, input, seams)));
    results.push(await measureEngine(subject, 'vtracer', () => traceWithPlainVtracer(bytes)));
    if (withPotrace && input === 'png' && truth.palette.length === 1) {
      const pbm = alphaToPbm(pngTwin);
      results.push(await measureEngine(subject, 'potrace', () => runPotrace(pbm, truth.palette[0]!)));
    }
  }
  return results;
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
      summarize(engine, input, results.filter((image) => image.engine === engine && image.input === input)),
    ),
  );
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

async function checkLargeImage(options: BenchOptions): Promise<{ large: LargeImageResult | null; failure: string | null }> {
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
  const allLogos = await loadTruth(options.corpusDir);
  const logos = options.limit === null ? allLogos : allLogos.slice(0, options.limit);
  const notes: string[] = [];
  const withPotrace = options.potrace && isPotraceInstalled();
  if (options.potrace && !withPotrace) {
    notes.push('potrace is not on PATH (Debian: apt-get install potrace); the potrace column is skipped');
  }
  notes.forEach((note) => console.error(`Note: ${note}`));

  if (logos[0]) await warmUp(options, logos[0]);
  const results: ImageResult[] = [];
  const seams: SeamRecord[] = [];
  for (const [index, truth] of logos.entries()) {
    results.push(...(await benchmarkLogo(truth, options, withPotrace, seams)));
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
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    scope:
      `${path.relative(PROJECT_ROOT, options.corpusDir)}: ${logos.length} logos (${oneColorCount} one-color), ` +
      options.inputTypes.join(' + '),
    notes,
    summaries,
    oneColorSummaries,
    large,
    largeFailure,
    peakRssBytes,
    targets: evaluateTargets(
      summaryOf,
      large,
      (engine) => oneColorSummaries.find((summary) => summary.engine === engine),
      totalSeams(seams, options.inputTypes),
    ),
  };

  console.log(renderForTerminal(report, results));
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(path.join(OUT_DIR, 'details.json'), `${JSON.stringify({ ...report, seams, images: results }, null, 1)}\n`);
  // Only a full run may replace the committed table; partial runs leave theirs beside the details.
  const resultsFile = path.join(options.fullRun ? BENCHMARKS_DIR : OUT_DIR, 'RESULTS.md');
  await writeFile(resultsFile, renderMarkdown(report));
  console.log(`\nWrote ${path.relative(PROJECT_ROOT, resultsFile)} and benchmarks/out/details.json`);
}

await main();
