/**
 * Speed (issue 37): whole processes of our CLI beside a Node script calling
 * plain vtracer (@neplex/vectorizer, vtracer's CLI defaults, two files at a
 * time like our CLI), A/B pairs interleaved in one run; the CLI's start-up
 * and the package's import; the engine's time per stage (the hooks addon);
 * what POST /api/vectorize adds over the trace; and a CPU profile of the
 * CLI's main thread.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { boundedTracer, type Tracer } from '../../src/core/tracer.js';
import { uploadForm } from '../../test/helpers/multipart.js';
import { traceWithStageTimes } from '../../test/helpers/native-hooks.js';
import { PROJECT_ROOT } from './args.js';
import { targetsTable } from './bench-tables.js';
import { summarizeCpuProfile, type ProfileShare } from './cpu-profile.js';
import { formatValue } from './format.js';
import { describeMachine, describeMachineLine } from './machine.js';
import { measureProcess, type ProcessCost } from './process-cost.js';
import { makeSpeedRows, type SpeedRow } from './speed-inputs.js';
import { median } from './stats.js';
import { renderMarkdownTable, renderTextTable, type Table } from './table.js';
import { check, type TargetCheck } from './targets.js';

const CLI = path.join(PROJECT_ROOT, 'dist/cli/bin.cjs');
const VTRACER_CLI = path.join(PROJECT_ROOT, 'benchmarks/peers/node_modules/@neplex/vectorizer/cli/index.mjs');
const PACKAGE_ENTRY = path.join(PROJECT_ROOT, 'dist/index.js');
const VTRACER_SCRIPT = path.join(PROJECT_ROOT, 'benchmarks/lib/vtracer-batch.mjs');
const START_UP_RUNS = 20;
/** A single image is traced this many times for its per-stage medians. */
const SINGLE_IMAGE_STAGE_RUNS = 3;
/** The API bench's logo: 512 x 512, three brand colors. */
const API_LOGO = 'logo-appcircle-icon.png';
const API_WARM_UP = 5;
const API_RUNS = 40;

const TARGETS = { cpuRatio: 1.0, largeCpuRatio: 0.3, versionMs: 120, importMs: 50, apiOverheadMs: 3 };

const ENGINES = ['ours', 'vtracer'] as const;
type Engine = (typeof ENGINES)[number];

interface RowCost {
  row: SpeedRow;
  runs: Record<Engine, ProcessCost[]>;
}

function commandOf(engine: Engine, outDir: string, files: string[]): string[] {
  return engine === 'ours' ? [CLI, '--out-dir', outDir, ...files] : [VTRACER_SCRIPT, outDir, ...files];
}

/** Every row `reps` times, ours and vtracer back to back in alternating order, so drift in the machine's load hits both. */
async function measureRows(rows: SpeedRow[], reps: number, dir: string): Promise<RowCost[]> {
  const costs: RowCost[] = rows.map((row) => ({ row, runs: { ours: [], vtracer: [] } }));
  const run = async ({ row, runs }: RowCost, engine: Engine) => {
    const outDir = path.join(dir, `out-${engine}-${row.key}`);
    await mkdir(outDir, { recursive: true });
    const cost = await measureProcess(process.execPath, commandOf(engine, outDir, row.files), PROJECT_ROOT);
    runs[engine].push(cost);
  };
  // Warm the disk cache and both addons once, unmeasured.
  const warm = { row: rows[0]!, runs: { ours: [], vtracer: [] } };
  for (const engine of ENGINES) await run(warm, engine);
  for (let rep = 0; rep < reps; rep++) {
    for (const cost of costs) {
      const order: Engine[] = rep % 2 === 0 ? ['ours', 'vtracer'] : ['vtracer', 'ours'];
      for (const engine of order) await run(cost, engine);
      process.stderr.write(`\r\x1b[K[speed ${rep + 1}/${reps}] ${cost.row.label}`);
    }
  }
  process.stderr.write('\r\x1b[K');
  return costs;
}

const medianOf = (runs: ProcessCost[], pick: (cost: ProcessCost) => number) => median(runs.map(pick));

function processTable(costs: RowCost[]): Table {
  return {
    headers: ['input', 'CPU ours', 'CPU vtracer', 'CPU ours / vtracer', 'wall ours', 'wall vtracer'],
    rows: costs.map(({ row, runs }) => {
      const cpu = (engine: Engine) => medianOf(runs[engine], (cost) => cost.cpuMs);
      const wall = (engine: Engine) => medianOf(runs[engine], (cost) => cost.wallMs);
      return [
        row.label,
        formatValue(cpu('ours'), 'ms'),
        formatValue(cpu('vtracer'), 'ms'),
        `${(cpu('ours') / cpu('vtracer')).toFixed(2)}x`,
        formatValue(wall('ours'), 'ms'),
        formatValue(wall('vtracer'), 'ms'),
      ];
    }),
  };
}

function cpuRatio({ runs }: RowCost): number {
  return medianOf(runs.ours, (cost) => cost.cpuMs) / medianOf(runs.vtracer, (cost) => cost.cpuMs);
}

/** Milliseconds a fresh Node takes to import the package's entry, as measured inside it. */
async function importMs(): Promise<number> {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(PACKAGE_ENTRY).href)}); console.log(performance.now() - t);`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
  return Number(stdout.trim());
}

/** Median wall and CPU of one start-up command. */
interface StartUpCost {
  wallMs: number;
  cpuMs: number;
}

interface StartUp {
  /** Our CLI's `--version`, the target. */
  version: StartUpCost;
  /** What Node alone takes here (`node -e 0`), and vtracer's CLI script answering `--version`, in the same run. */
  bareNode: StartUpCost;
  vtracerVersion: StartUpCost;
  /**
   * When the environment sets NODE_EXTRA_CA_CERTS (a sandbox's proxy certificates), every Node process reads and parses
   * that bundle before any script runs; bare Node and our `--version` without it show what a user's shell sees.
   */
  withoutExtraCerts?: { bareNode: StartUpCost; version: StartUpCost };
  importMs: number;
}

async function measureStartUp(): Promise<StartUp> {
  const { NODE_EXTRA_CA_CERTS: extraCerts, ...plainEnv } = process.env;
  const commands = {
    version: [CLI, '--version'],
    bareNode: ['-e', '0'],
    vtracerVersion: [VTRACER_CLI, '--version'],
  } as const;
  const costs = new Map<string, ProcessCost[]>();
  const measure = async (key: string, args: readonly string[], env?: NodeJS.ProcessEnv) => {
    const cost = await measureProcess(process.execPath, args, PROJECT_ROOT, env);
    costs.set(key, [...(costs.get(key) ?? []), cost]);
  };
  const imports: number[] = [];
  for (let i = 0; i < START_UP_RUNS; i++) {
    for (const [key, args] of Object.entries(commands)) await measure(key, args);
    if (extraCerts !== undefined) {
      await measure('plainBareNode', commands.bareNode, plainEnv);
      await measure('plainVersion', commands.version, plainEnv);
    }
    imports.push(await importMs());
  }
  const cost = (key: string): StartUpCost => {
    const runs = costs.get(key) ?? [];
    return { wallMs: medianOf(runs, (run) => run.wallMs), cpuMs: medianOf(runs, (run) => run.cpuMs) };
  };
  return {
    version: cost('version'),
    bareNode: cost('bareNode'),
    vtracerVersion: cost('vtracerVersion'),
    ...(extraCerts !== undefined && {
      withoutExtraCerts: { bareNode: cost('plainBareNode'), version: cost('plainVersion') },
    }),
    importMs: median(imports),
  };
}

/** The start-up line of the report: ours beside bare Node and vtracer's script, measured in the same loop. */
function startUpLine(startUp: StartUp): string {
  const wall = (cost: StartUpCost) => formatValue(cost.wallMs, 'ms');
  const plain = startUp.withoutExtraCerts;
  return [
    `- \`logo-vectorize --version\` (\`node dist/cli/bin.cjs --version\`): median wall ${wall(startUp.version)}, CPU ${formatValue(startUp.version.cpuMs, 'ms')} (${START_UP_RUNS} runs), beside bare \`node -e 0\` ${wall(startUp.bareNode)} and vtracer's CLI script (\`@neplex/vectorizer/cli/index.mjs --version\`) ${wall(startUp.vtracerVersion)} in the same loop.`,
    plain === undefined
      ? ''
      : ` This environment sets NODE_EXTRA_CA_CERTS, which makes every Node process parse that certificate bundle before it runs a line of script; without it, bare Node takes ${wall(plain.bareNode)} and our \`--version\` ${wall(plain.version)}.`,
    ` \`import('logo-vectorizer')\` (dist/index.js in a fresh node, timed inside it): median ${formatValue(startUp.importMs, 'ms')}.`,
  ].join('');
}

interface RowStages {
  row: SpeedRow;
  /** Per stage, its time on each trace. */
  stages: Map<string, number[]>;
  engineMs: number[];
}

/** Each row's images traced one at a time in this process by the hooks addon, with the CLI's settings (the defaults). */
async function measureStages(rows: SpeedRow[]): Promise<RowStages[]> {
  await traceWithStageTimes(await readFile(rows[0]!.files[0]!));
  const measured: RowStages[] = [];
  for (const row of rows) {
    const entry: RowStages = { row, stages: new Map(), engineMs: [] };
    const runs = row.files.length === 1 ? SINGLE_IMAGE_STAGE_RUNS : 1;
    for (const file of row.files) {
      const bytes = await readFile(file);
      for (let i = 0; i < runs; i++) {
        const { result, stages } = await traceWithStageTimes(bytes);
        entry.engineMs.push(result.engineMs);
        for (const { stage, ms } of stages) entry.stages.set(stage, [...(entry.stages.get(stage) ?? []), ms]);
      }
    }
    measured.push(entry);
  }
  return measured;
}

function stageTable(rows: RowStages[]): Table {
  const stages = [...(rows[0]?.stages.keys() ?? [])];
  return {
    headers: ['stage (median ms)', ...rows.map(({ row }) => row.key)],
    rows: [
      ...stages.map((stage) => [stage, ...rows.map((row) => median(row.stages.get(stage) ?? []).toFixed(2))]),
      ['engine total', ...rows.map((row) => median(row.engineMs).toFixed(1))],
    ],
  };
}

/** The stages taking the most of a row's summed engine time, with their shares. */
function heaviestStages(row: RowStages, count: number): string {
  const total = [...row.stages.values()].flat().reduce((sum, ms) => sum + ms, 0);
  return [...row.stages]
    .map(([stage, times]) => ({ stage, share: times.reduce((sum, ms) => sum + ms, 0) / total }))
    .sort((a, b) => b.share - a.share)
    .slice(0, count)
    .map(({ stage, share }) => `${stage} ${(share * 100).toFixed(0)}%`)
    .join(', ');
}

interface ApiOverhead {
  wallMs: number;
  traceMs: number;
  overheadMs: number;
}

/**
 * POST /api/vectorize through `app.inject` (the whole app in this process, embedded store on a temporary
 * folder), beside the time of the trace call inside it (the engine facade, threadpool hand-off included).
 */
async function measureApi(corpusDir: string, dir: string): Promise<ApiOverhead> {
  const config = loadConfig({ DATA_DIR: path.join(dir, 'api-data'), LOG_LEVEL: 'warn' });
  const bounded = boundedTracer(config.traceDeadlineMs);
  let traceMs = 0;
  const trace: Tracer = async (...args) => {
    const started = performance.now();
    try {
      return await bounded(...args);
    } finally {
      traceMs = performance.now() - started;
    }
  };
  const app = await buildApp({ config, logger: false, trace });
  await app.ready();
  const form = await uploadForm(await readFile(path.join(corpusDir, API_LOGO)));
  const walls: number[] = [];
  const traces: number[] = [];
  const overheads: number[] = [];
  try {
    for (let i = 0; i < API_WARM_UP + API_RUNS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...form });
      const wall = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`POST /api/vectorize answered ${res.statusCode}: ${res.body}`);
      if (i < API_WARM_UP) continue;
      walls.push(wall);
      traces.push(traceMs);
      overheads.push(wall - traceMs);
    }
  } finally {
    await app.close();
  }
  return { wallMs: median(walls), traceMs: median(traces), overheadMs: median(overheads) };
}

/** `node --cpu-prof` of the CLI on one row: the main thread's self time by part of the program. */
async function profileCli(row: SpeedRow, dir: string): Promise<{ totalMs: number; parts: ProfileShare[] }> {
  const profileDir = path.join(dir, 'cpu-prof');
  const outDir = path.join(dir, 'out-profile');
  await mkdir(outDir, { recursive: true });
  await measureProcess(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...commandOf('ours', outDir, row.files)],
    PROJECT_ROOT,
  );
  const [file] = await readdir(profileDir);
  return summarizeCpuProfile(path.join(profileDir, file!), PROJECT_ROOT);
}

function profileTable(profile: { totalMs: number; parts: ProfileShare[] }, count: number): Table {
  return {
    headers: ['main thread, self time', 'ms', 'share'],
    rows: profile.parts
      .slice(0, count)
      .map(({ part, ms }) => [part, ms.toFixed(1), `${((ms / profile.totalMs) * 100).toFixed(1)}%`]),
  };
}

export interface SpeedOptions {
  corpusDir: string;
  /** Repetitions of every A/B pair. */
  reps: number;
}

export const DEFAULT_SPEED_REPS = 5;

function speedTargets(costs: RowCost[], startUp: StartUp, api: ApiOverhead): TargetCheck[] {
  const large = (cost: RowCost) => cost.row.key.startsWith('6000');
  return [
    ...costs.map((cost) =>
      check(
        `CPU ours / vtracer: ${cost.row.label}`,
        'count',
        cpuRatio(cost),
        '<=',
        large(cost) ? TARGETS.largeCpuRatio : TARGETS.cpuRatio,
      ),
    ),
    check('CLI --version wall (median of 20)', 'ms', startUp.version.wallMs, '<=', TARGETS.versionMs),
    check("import('logo-vectorizer') (median of 20)", 'ms', startUp.importMs, '<=', TARGETS.importMs),
    check('POST /api/vectorize over the trace (median)', 'ms', api.overheadMs, '<=', TARGETS.apiOverheadMs),
  ];
}

/**
 * Runs the benchmark, prints it and writes RESULTS-speed.md (a run with the default repetitions into
 * benchmarks/, another into benchmarks/out/); returns the markdown section.
 */
export async function runSpeedBenchmark(options: SpeedOptions): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'logo-bench-speed-'));
  try {
    const rows = await makeSpeedRows(options.corpusDir, dir);
    const costs = await measureRows(rows, options.reps, dir);
    const startUp = await measureStartUp();
    const stages = await measureStages(rows);
    const api = await measureApi(options.corpusDir, dir);
    const profile = await profileCli(rows[0]!, dir);
    const targets = speedTargets(costs, startUp, api);
    const idle = profile.parts.find((part) => part.part === '(idle)')?.ms ?? 0;
    const tables = {
      process: processTable(costs),
      stages: stageTable(stages),
      profile: profileTable(profile, 10),
      targets: targetsTable(targets),
    };
    const markdown = [
      '## Speed: whole processes beside plain vtracer, start-up, engine stages, API overhead',
      '',
      `- Machine: ${describeMachineLine(describeMachine())}.`,
      `- Whole processes, median of ${options.reps} A/B pairs interleaved in one run (order alternating): CPU is user + system time of the child process (every thread), wall from spawn to exit. Ours: \`node dist/cli/bin.cjs --out-dir DIR FILES\` (the \`logo-vectorize\` executable) (default settings; it converts two at a time on 2 cores). vtracer: \`node benchmarks/lib/vtracer-batch.mjs DIR FILES\`, plain vtracer through @neplex/vectorizer with vtracer's CLI defaults, two at a time. Logos: the first 60 \`logo-*\` of the dev corpus by name; filled art: 15 each of \`coin-*\`, \`app-*\`, \`round-*\`, \`flag-*\` by name; JPEGs made from the PNGs with sharp (q80 on white); the blown-up logo is logo-apigee on a transparent canvas of 2000x1111 and 6000x3333.`,
      '',
      renderMarkdownTable(tables.process),
      '',
      `### Engine time per stage`,
      '',
      `Median ms per stage of \`engine::trace\` (\`native/src/engine.rs\`, in its order), traced one at a time in the benchmark process by the hooks addon (\`traceWithStageTimes\`; its build has no LTO, so totals run a little over the shipped addon's), default settings; single images ${SINGLE_IMAGE_STAGE_RUNS} times. \`refine\` is the 2x subpixel label map (\`subpixel.rs\`), \`fit\` tracing the layers and our curve fitter (\`trace.rs\`, \`fit/\`), \`svg\` the document and palette.`,
      '',
      renderMarkdownTable(tables.stages),
      '',
      'Where the time goes (share of the summed engine time):',
      '',
      ...stages.map((row) => `- ${row.row.label}: ${heaviestStages(row, 4)}`),
      '',
      '### CLI main thread (`node --cpu-prof`, 60 logos PNG)',
      '',
      `One run of the CLI on the first row (${formatValue(profile.totalMs, 'ms')} profiled; the traces run on the libuv threadpool, which the profile does not see: the main thread is idle ${((idle / profile.totalMs) * 100).toFixed(0)}% of the run, waiting for them).`,
      '',
      renderMarkdownTable(tables.profile),
      '',
      '### Start-up and API overhead',
      '',
      startUpLine(startUp),
      `- POST /api/vectorize of ${API_LOGO} through \`app.inject\` (the app in-process, embedded store on a temporary folder, ${API_RUNS} runs after ${API_WARM_UP}): median wall ${formatValue(api.wallMs, 'ms')}, the trace call inside it ${formatValue(api.traceMs, 'ms')}, median difference per request ${formatValue(api.overheadMs, 'ms')}.`,
      '',
      '### Targets',
      '',
      renderMarkdownTable(tables.targets),
      '',
    ].join('\n');
    console.log(
      ['process', 'stages', 'profile', 'targets']
        .map((key) => renderTextTable(tables[key as keyof typeof tables]))
        .join('\n\n'),
    );
    const benchmarks = path.join(PROJECT_ROOT, 'benchmarks');
    const out = path.join(benchmarks, 'out');
    await mkdir(out, { recursive: true });
    const resultsFile = path.join(options.reps === DEFAULT_SPEED_REPS ? benchmarks : out, 'RESULTS-speed.md');
    await writeFile(resultsFile, `# Benchmark results: speed\n\n${markdown}`);
    console.log(`\nWrote ${path.relative(PROJECT_ROOT, resultsFile)}`);
    return markdown;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
