/**
 * The dev-papers and dev-flags benchmark: ours beside plain vtracer on art
 * laid on colored papers and on opaque flags, one trace at a time so the
 * engine timings stay fair. `npm run bench:papers` runs it alone; `npm run
 * bench` runs it after the dev corpus and appends its section to RESULTS.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { PROJECT_ROOT } from './args.js';
import { INPUT_TYPES } from './corpus.js';
import { traceWithOurs, traceWithPlainVtracer } from './engines.js';
import { describeMachine } from './machine.js';
import { corpusDirsBeside, hasTruth, loadFlagEntries, loadPaperEntries, type CorpusDirs } from './paper-corpora.js';
import { traceFlag, tracePaper, type FlagRecord, type PaperRecord } from './papers-measure.js';
import { renderPapersForTerminal, renderPapersMarkdown, type PapersReport } from './papers-report.js';
import { flagCandidate, keepWorst, paperCandidate, writeSheet, type Candidate } from './papers-sheets.js';
import { compareResaved, paperGroups, summarizeFlags } from './papers-summary.js';
import { flagTargets, paperTargets, resavedTargets } from './papers-targets.js';
import { decodeImage } from './raster.js';

export const PAPERS_PARTS = ['papers', 'flags'] as const;
export type PapersPart = (typeof PAPERS_PARTS)[number];

export interface PapersOptions {
  /** The dev corpus; dev-papers and dev-flags are read beside it. */
  devDir: string;
  /** Only the first N entries of each corpus. */
  limit: number | null;
  parts: readonly PapersPart[];
  /** Every file of both corpora: writes RESULTS-papers.md and the committed sheets. */
  fullRun: boolean;
}

const BENCHMARKS_DIR = path.join(PROJECT_ROOT, 'benchmarks');
const OUT_DIR = path.join(BENCHMARKS_DIR, 'out');
const WORST_PAPERS = 40;
const WORST_FLAGS = 20;

function showProgress(corpus: string, done: number, total: number, name: string): void {
  if (!process.stderr.isTTY) return;
  process.stderr.write(`\r\x1b[K${corpus} [${done}/${total}] ${name}`);
  if (done === total) process.stderr.write('\r\x1b[K');
}

interface Pass<R> {
  records: R[];
  worst: Candidate[];
  scope: string;
}

async function runPapers(dirs: CorpusDirs, limit: number | null): Promise<Pass<PaperRecord>> {
  const entries = (await loadPaperEntries(dirs.papers)).slice(0, limit ?? undefined);
  const pass: Pass<PaperRecord> = {
    records: [],
    worst: [],
    scope: `${relative(dirs.papers)}: ${entries.length} files`,
  };
  for (const [index, entry] of entries.entries()) {
    const bytes = await readFile(path.join(dirs.papers, entry.file));
    const truth = await decodeImage(await readFile(path.join(dirs.dev, `${entry.truth}.png`)));
    const ours = await tracePaper(entry, 'file', 'ours', truth, () => traceWithOurs(bytes));
    const vtracer = await tracePaper(entry, 'file', 'vtracer', truth, () => traceWithPlainVtracer(bytes));
    pass.records.push(ours.record, vtracer.record);
    if (entry.resavedFromJpeg && entry.quality !== null) {
      // sharp's JPEG defaults otherwise: libjpeg-turbo tables (mozjpeg off), 4:2:0 chroma.
      const jpeg = await sharp(bytes).jpeg({ quality: entry.quality, mozjpeg: false }).toBuffer();
      pass.records.push((await tracePaper(entry, 'reencoded-jpeg', 'ours', truth, () => traceWithOurs(jpeg))).record);
    }
    keepWorst(pass.worst, await paperCandidate(entry, bytes, ours, vtracer), WORST_PAPERS);
    showProgress('dev-papers', index + 1, entries.length, entry.file);
  }
  return pass;
}

async function runFlags(dirs: CorpusDirs, limit: number | null): Promise<Pass<FlagRecord>> {
  const flags = (await loadFlagEntries(dirs.flags)).slice(0, limit ?? undefined);
  const pass: Pass<FlagRecord> = {
    records: [],
    worst: [],
    scope: `${relative(dirs.flags)}: ${flags.length} flags, png + jpg`,
  };
  for (const [index, { name, palette }] of flags.entries()) {
    const pngBytes = await readFile(path.join(dirs.flags, `${name}.png`));
    const png = await decodeImage(pngBytes);
    for (const input of INPUT_TYPES) {
      const bytes = input === 'png' ? pngBytes : await readFile(path.join(dirs.flags, `${name}.${input}`));
      const ours = await traceFlag(name, palette, input, 'ours', png, () => traceWithOurs(bytes));
      const vtracer = await traceFlag(name, palette, input, 'vtracer', png, () => traceWithPlainVtracer(bytes));
      pass.records.push(ours.record, vtracer.record);
      keepWorst(pass.worst, flagCandidate(name, input, bytes, ours, vtracer), WORST_FLAGS);
    }
    showProgress('dev-flags', index + 1, flags.length, name);
  }
  return pass;
}

function relative(dir: string): string {
  return path.relative(PROJECT_ROOT, dir);
}

/** The first calls pay for loading the addon and starting its threadpool; keep that out of the timings. */
async function warmUp(dirs: CorpusDirs, parts: readonly PapersPart[]): Promise<void> {
  const sample = parts.includes('flags')
    ? path.join(dirs.flags, `${(await loadFlagEntries(dirs.flags))[0]?.name ?? ''}.png`)
    : path.join(dirs.papers, (await loadPaperEntries(dirs.papers))[0]?.file ?? '');
  const bytes = await readFile(sample).catch(() => null);
  if (bytes === null) return;
  await traceWithOurs(bytes).catch(() => undefined);
  await traceWithPlainVtracer(bytes).catch(() => undefined);
}

/** The parts asked for whose corpus is there; a missing one becomes a note. */
function availableParts(dirs: CorpusDirs, parts: readonly PapersPart[], notes: string[]): PapersPart[] {
  return parts.filter((part) => {
    // A dev-papers file's truth is its dev/ image.
    const needed = part === 'papers' ? [dirs.papers, dirs.dev] : [dirs.flags];
    const missing = needed.filter((dir) => !hasTruth(dir));
    if (missing.length > 0) notes.push(`no corpus at ${missing.map(relative).join(' or ')}: ${part} skipped`);
    return missing.length === 0;
  });
}

async function writeSheets(
  options: PapersOptions,
  papers: Pass<PaperRecord> | null,
  flags: Pass<FlagRecord> | null,
): Promise<string[]> {
  const dir = options.fullRun ? path.join(BENCHMARKS_DIR, 'sheets') : path.join(OUT_DIR, 'sheets');
  const written: string[] = [];
  const columns = 'source, ours, plain vtracer on grey and dark';
  if (papers && papers.worst.length > 0) {
    const title = `dev-papers, the ${papers.worst.length} highest errors of ours over the paper: ${columns}`;
    written.push(await writeSheet(dir, 'papers-worst.png', title, papers.worst));
  }
  if (flags && flags.worst.length > 0) {
    const title = `dev-flags, the ${flags.worst.length} highest errors of ours over plain vtracer's: ${columns}`;
    written.push(await writeSheet(dir, 'flags-worst.png', title, flags.worst));
  }
  return written.map(relative);
}

function buildReport(papers: Pass<PaperRecord> | null, flags: Pass<FlagRecord> | null, notes: string[]): PapersReport {
  const groups = papers ? paperGroups(papers.records) : null;
  const resaved = papers ? compareResaved(papers.records) : null;
  const flagSummaries = flags ? INPUT_TYPES.map((input) => summarizeFlags(flags.records, input)) : null;
  return {
    date: new Date().toISOString(),
    machine: describeMachine(),
    scope: [papers?.scope, flags?.scope].filter((line): line is string => line !== undefined),
    notes,
    papers: groups && resaved ? { groups, resaved } : null,
    flags: flagSummaries,
    targets: [
      ...(groups ? paperTargets(groups) : []),
      ...(resaved ? resavedTargets(resaved) : []),
      ...(flagSummaries ? flagTargets(flagSummaries) : []),
    ],
  };
}

/** papers.json, the sheets and RESULTS-papers.md; returns the paths written. */
async function writeOutputs(
  options: PapersOptions,
  report: PapersReport,
  markdown: string,
  papers: Pass<PaperRecord> | null,
  flags: Pass<FlagRecord> | null,
): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  const { papers: paperSummaries, flags: flagSummaries, ...run } = report;
  const details = { ...run, paperSummaries, flagSummaries, papers: papers?.records ?? [], flags: flags?.records ?? [] };
  const detailsFile = path.join(OUT_DIR, 'papers.json');
  await writeFile(detailsFile, `${JSON.stringify(details, null, 1)}\n`);
  // Only a full run may replace the committed page; partial runs leave theirs beside papers.json.
  const resultsFile = path.join(options.fullRun ? BENCHMARKS_DIR : OUT_DIR, 'RESULTS-papers.md');
  await writeFile(resultsFile, `# Benchmark results: colored papers and flags\n\n${markdown}`);
  return [relative(resultsFile), relative(detailsFile), ...(await writeSheets(options, papers, flags))];
}

/**
 * Runs the parts asked for, prints the report and writes its files; returns
 * the markdown section, or null when neither corpus is there.
 */
export async function runPapersBenchmark(options: PapersOptions): Promise<string | null> {
  const dirs = corpusDirsBeside(options.devDir);
  const notes: string[] = [];
  const parts = availableParts(dirs, options.parts, notes);
  if (parts.length === 0) {
    notes.forEach((note) => {
      console.error(`Note: ${note}`);
    });
    return null;
  }
  await warmUp(dirs, parts);
  const papers = parts.includes('papers') ? await runPapers(dirs, options.limit) : null;
  const flags = parts.includes('flags') ? await runFlags(dirs, options.limit) : null;
  const report = buildReport(papers, flags, notes);
  console.log(`\n${renderPapersForTerminal(report)}`);
  const markdown = renderPapersMarkdown(report);
  const written = await writeOutputs(options, report, markdown, papers, flags);
  console.log(`\nWrote ${written.join(', ')}`);
  return markdown;
}
