/**
 * Brand-kit speed (issue 5): build the kit of ~10 dev-corpus logos, each
 * traced first with the engine as a job would be, one after another in one
 * process as the server would. Target: median build <= 1.5 s on this 2-core
 * machine. Also reports the peak RSS and the longest event-loop stall seen
 * while building (the work runs on the threadpool, so it should stay short).
 * Prints PASS/FAIL and writes benchmarks/RESULTS-kit.md, and a contact sheet
 * per logo of three shapes (a symbol with a word, a square icon, a pure
 * wordmark) as benchmarks/sheets/kit-NAME.png: the icons at real size, the
 * guide's pages and the mockups, to look at at 100%.
 *
 * Usage: npm run bench:kit [-- --corpus DIR]
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { createBrandKitBuilder } from '../src/core/brand-kit/index.js';
import { createRasterizer } from '../src/core/raster.js';
import { vectorize } from '../src/core/tracer.js';
import { corpusDirOf, exitUnlessCorpus, PROJECT_ROOT } from './lib/args.js';
import { describeMachine, describeMachineLine } from './lib/machine.js';
import { unzip } from '../test/helpers/kit.js';
import { kitSheet } from './lib/kit-sheet.js';
import { median } from './lib/stats.js';

const CORPUS_DIR = corpusDirOf(parseArgs({ options: { corpus: { type: 'string' } } }).values.corpus, process.env);
const LOGO_COUNT = 10;
const TARGET_MEDIAN_MS = 1500;
const REQUEST = { name: 'Benchmark Brand', backgroundColor: '#ffffff' };
/** Logos of three shapes for the contact sheets, with the name each kit is built for. */
const SHEET_LOGOS = [
  { file: 'logo-alpinejs.png', name: 'Alpine.js' },
  { file: 'logo-brainjs.png', name: 'Brain.js' },
  { file: 'logo-eta.png', name: 'Eta' },
] as const;
const SHEETS_DIR = path.join(PROJECT_ROOT, 'benchmarks/sheets');

interface Run {
  file: string;
  colors: number;
  ms: number;
  zipBytes: number;
}

/** Every n-th PNG of the corpus, so the sample spans it rather than one corner of the alphabet. */
async function sampleLogos(): Promise<{ files: string[]; step: number }> {
  const pngs = (await readdir(CORPUS_DIR)).filter((file) => file.endsWith('.png')).sort();
  const step = Math.max(1, Math.floor(pngs.length / LOGO_COUNT));
  return { files: pngs.filter((_, i) => i % step === 0).slice(0, LOGO_COUNT), step };
}

async function writeSheets(buildBrandKit: ReturnType<typeof createBrandKitBuilder>): Promise<void> {
  await mkdir(SHEETS_DIR, { recursive: true });
  for (const { file, name } of SHEET_LOGOS) {
    const { svg, palette } = await vectorize(await readFile(path.join(CORPUS_DIR, file)));
    const files = unzip(await buildBrandKit({ svg, palette }, { name, backgroundColor: '#ffffff' }));
    const sheet = path.join(SHEETS_DIR, `kit-${path.basename(file, '.png')}.png`);
    await writeFile(sheet, await kitSheet(`${file}: brand kit of "${name}"`, files));
    console.log(`wrote ${path.relative(PROJECT_ROOT, sheet)}`);
  }
}

async function main(): Promise<void> {
  exitUnlessCorpus(CORPUS_DIR);
  const { files, step } = await sampleLogos();
  const logos = [];
  for (const file of files) {
    const { svg, palette } = await vectorize(await readFile(path.join(CORPUS_DIR, file)));
    logos.push({ file, logo: { svg, palette } });
  }

  const buildBrandKit = createBrandKitBuilder(createRasterizer());
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const runs: Run[] = [];
  for (const { file, logo } of logos) {
    const started = performance.now();
    const zip = await buildBrandKit(logo, REQUEST);
    runs.push({ file, colors: logo.palette.length, ms: performance.now() - started, zipBytes: zip.length });
    console.log(
      `${file.padEnd(36)} ${logo.palette.length} colors  ${runs.at(-1)!.ms.toFixed(0).padStart(5)} ms  ${(zip.length / 1024).toFixed(0)} KiB`,
    );
  }
  stalls.disable();

  const times = runs.map((run) => run.ms);
  const medianMs = median(times);
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  const longestStallMs = stalls.max / 1e6;
  const pass = medianMs <= TARGET_MEDIAN_MS;
  const verdict = pass ? 'PASS' : 'FAIL';
  const machine = describeMachineLine(describeMachine());

  console.log(`\nmedian ${medianMs.toFixed(0)} ms (target <= ${TARGET_MEDIAN_MS} ms): ${verdict}`);
  console.log(
    `first (cold) build ${times[0]!.toFixed(0)} ms, fastest ${Math.min(...times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms`,
  );
  console.log(
    `peak RSS ${peakRssMiB.toFixed(0)} MiB; longest event-loop stall while building ${longestStallMs.toFixed(1)} ms (p99 ${(stalls.percentile(99) / 1e6).toFixed(1)} ms)`,
  );
  console.log(machine);

  const rows = runs.map(
    (run) => `| ${run.file} | ${run.colors} | ${run.ms.toFixed(0)} ms | ${(run.zipBytes / 1024).toFixed(0)} KiB |`,
  );
  const markdown = `# Brand-kit benchmark

Run with \`npm run bench:kit\` on ${new Date().toISOString().slice(0, 10)}.

Machine: ${machine}.

${runs.length} logos of the dev corpus (every ${step}th PNG, sorted by name), each traced with \`vectorize\` and
then built into a kit (\`buildBrandKit\`, name "${REQUEST.name}", background ${REQUEST.backgroundColor}) one after
another in one process, as the server would. A kit holds four mockups (cap and t-shirt, light and dark fabric);
the first build of a process also models and lights the garments, which are kept for the builds after it.

Contact sheets (icons at real size on light and dark, the guide's pages, the mockups):
${SHEET_LOGOS.map(({ file }) => `\`benchmarks/sheets/kit-${path.basename(file, '.png')}.png\``).join(', ')}.

| Measure | Result | Target | Verdict |
|---|---|---|---|
| Median kit build | ${medianMs.toFixed(0)} ms | <= ${TARGET_MEDIAN_MS} ms | ${verdict} |
| First (cold) build | ${times[0]!.toFixed(0)} ms | | |
| Fastest / slowest build | ${Math.min(...times).toFixed(0)} / ${Math.max(...times).toFixed(0)} ms | | |
| Peak RSS of the benchmark process | ${peakRssMiB.toFixed(0)} MiB | | |
| Longest event-loop stall while building | ${longestStallMs.toFixed(1)} ms (p99 ${(stalls.percentile(99) / 1e6).toFixed(1)} ms) | | |

| Logo | Colors | Build | ZIP |
|---|---|---|---|
${rows.join('\n')}
`;
  await writeFile(path.join(PROJECT_ROOT, 'benchmarks/RESULTS-kit.md'), markdown);
  await writeSheets(buildBrandKit);
  if (!pass) process.exitCode = 1;
}

await main();
