/**
 * The reliability report (issue 13): every hardening check against fresh
 * servers, in one table. Bad inputs (test/helpers/bad-inputs.ts),
 * schemathesis with every check, the fast-check properties of the engine and
 * the API, the worst gate hold, a 60 s mixed load (uploads, reads, kits, MCP)
 * with the server's own event-loop delay and memory, and the injected faults
 * (SIGKILL during a trace and while storing, a full and a read-only disk).
 * Jobs lost must be 0.
 *
 * Prints the table and writes benchmarks/RESULTS-reliability.md; exits 1 when
 * a target is missed. Usage: npm run reliability [-- --load-seconds 60]
 * (the disk faults mount a tmpfs, which needs root).
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { runBadInputs, type BadInputResult } from '../test/helpers/bad-inputs.js';
import { runFaults, type FaultOutcome } from '../test/helpers/faults.js';
import { runMixedLoad, type LoadOutcome } from '../test/helpers/mixed-load.js';
import { checkApiProperty, checkEngineProperty, type PropertyOutcome } from '../test/helpers/properties.js';
import { runSchemathesis, schemathesisMissing, type SchemathesisRun } from '../test/helpers/schemathesis.js';
import { startServer } from '../test/helpers/server-process.js';
import { boundedTracer } from '../src/core/tracer.js';
import { PROJECT_ROOT } from './lib/args.js';
import { holdImages, measureHold, TARGET_HOLD_MS } from './lib/gate-holds.js';
import { describeMachine, describeMachineLine } from './lib/machine.js';

const { values: options } = parseArgs({ options: { 'load-seconds': { type: 'string', default: '60' } } });
const LOAD_SECONDS = Number(options['load-seconds']);
const DEADLINE_MS = 1500;
const ENGINE_RUNS = 200;
const API_RUNS = 150;
const KILL_ROUNDS = 6;
const SCHEMATHESIS_EXAMPLES = 20;
const TARGET_EVENT_LOOP_P99_MS = 100;
/** RSS may grow this much over the load's second half and still count as stable. */
const STABLE_RSS_GROWTH = 1.1;

interface Row {
  check: string;
  measured: string;
  target: string;
  pass: boolean;
}

/** A fresh server on its own folder for `work`, stopped and removed after it. */
async function withServer<T>(work: (base: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lv-reliability-'));
  const { base, child } = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'fatal' });
  try {
    return await work(base);
  } finally {
    const exited = once(child, 'exit');
    child.kill();
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function badInputRow(results: readonly BadInputResult[]): Row {
  const right = results.filter((r) => r.ok).length;
  const serverErrors = results.filter((r) => r.status >= 500 || r.status === 0).length;
  const healthy = results.every((r) => r.healthy);
  return {
    check: 'Bad inputs (files and requests)',
    measured: `${results.length} tried, ${right} answered as the spec says, ${serverErrors} 5xx or no answer; healthy after each: ${healthy ? 'yes' : 'no'}`,
    target: 'all answered, no 5xx, server keeps serving',
    pass: right === results.length && serverErrors === 0 && healthy,
  };
}

function schemathesisRow(run: SchemathesisRun | string): Row {
  if (typeof run === 'string')
    return { check: 'schemathesis', measured: `not run: ${run}`, target: '0 failures', pass: false };
  return {
    check: 'schemathesis (every check)',
    measured: `${run.cases} cases, ${run.failures} failures`,
    target: '0 failures',
    pass: run.exitCode === 0,
  };
}

function propertyRow(outcome: PropertyOutcome, label: string): Row {
  const outcomes = Object.entries(outcome.outcomes)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return {
    check: `Property: ${label}`,
    measured: outcome.failed
      ? `FAILED after ${outcome.runs} runs (seed ${outcome.seed}): ${outcome.counterexample ?? ''}`
      : `${outcome.runs} runs held (${outcomes})`,
    target: 'holds for every generated input',
    pass: !outcome.failed,
  };
}

function loadRows(load: LoadOutcome): Row[] {
  const throttled = load.groups.reduce((sum, g) => sum + (g.statuses['429'] ?? 0), 0);
  return [
    {
      check: `Load, ${load.seconds} s mixed (uploads, reads, kits, MCP)`,
      measured: `${load.requests} requests, ${throttled} documented 429s, ${load.unexpected} other non-2xx, ${load.errors} connection errors`,
      target: 'only the documented 429s',
      pass: load.unexpected === 0 && load.errors === 0,
    },
    {
      check: 'Load: event-loop delay p99 (server)',
      measured: `${load.eventLoopDelayP99Ms.toFixed(1)} ms (max ${ms(load.eventLoopDelayMaxMs)})`,
      target: `< ${TARGET_EVENT_LOOP_P99_MS} ms`,
      pass: load.eventLoopDelayP99Ms < TARGET_EVENT_LOOP_P99_MS,
    },
    {
      check: 'Load: RSS (server)',
      measured: `${mb(load.rssBeforeBytes)} before, ${mb(load.rssPeakBytes)} peak, ${mb(load.rssAfterBytes)} after; second half x${load.rssSecondHalfGrowth.toFixed(2)}`,
      target: `stable: second half <= x${STABLE_RSS_GROWTH}`,
      pass: load.rssSecondHalfGrowth <= STABLE_RSS_GROWTH,
    },
  ];
}

function faultRow(faults: readonly FaultOutcome[]): Row {
  const injected = faults.reduce((sum, f) => sum + f.injected, 0);
  const survived = faults.filter((f) => !f.unavailable && f.checks.every((c) => c.ok) && f.jobsLost === 0);
  const unavailable = faults.filter((f) => f.unavailable);
  return {
    check: 'Faults (SIGKILL in a trace and while storing, disk full, disk read-only)',
    measured:
      `${injected} injected in ${faults.length} kinds, ${survived.length} kinds survived every check` +
      (unavailable.length ? `; not injected here: ${unavailable.map((f) => f.fault).join(', ')}` : ''),
    target: 'every kind survived',
    pass: survived.length === faults.length,
  };
}

function table(rows: readonly Row[]): string {
  return [
    '| check | measured | target | |',
    '|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.check} | ${r.measured.replace(/\|/g, '\\|')} | ${r.target} | ${r.pass ? 'PASS' : 'FAIL'} |`,
    ),
  ].join('\n');
}

const started = performance.now();
console.log('bad inputs…');
const badInputs = await withServer(runBadInputs);
console.log('schemathesis…');
const schemathesis =
  schemathesisMissing ||
  (await withServer(async (base) => {
    const job = (await (await fetch(`${base}/api/sample`, { method: 'POST' })).json()) as { id: string };
    return runSchemathesis(base, job.id, SCHEMATHESIS_EXAMPLES);
  }));
console.log('properties…');
const engineProperty = await checkEngineProperty(boundedTracer(DEADLINE_MS), DEADLINE_MS, { runs: ENGINE_RUNS });
const apiProperty = await withServer((base) => checkApiProperty(base, { runs: API_RUNS }));
console.log('gate holds…');
const holds = await withServer(async (base) => {
  const measured = [];
  for (const image of await holdImages())
    measured.push({ name: image.name, ...(await measureHold(base, image.image)) });
  return measured;
});
const worstHold = holds.reduce((a, b) => (b.holdMs > a.holdMs ? b : a));
console.log(`mixed load, ${LOAD_SECONDS} s…`);
const load = await runMixedLoad(LOAD_SECONDS);
console.log('faults…');
const cleanups: (() => unknown)[] = [];
const faults = await runFaults({ teardown: (fn) => cleanups.push(fn) }, KILL_ROUNDS);
for (const cleanup of cleanups.reverse()) await cleanup();

const jobsLost = load.jobsLost + faults.reduce((sum, f) => sum + f.jobsLost, 0);
const jobsKept = faults.reduce((sum, f) => sum + f.jobsBefore, 0);
const rows: Row[] = [
  badInputRow(badInputs),
  schemathesisRow(schemathesis),
  propertyRow(engineProperty, 'the engine'),
  propertyRow(apiProperty, 'the API'),
  {
    check: `Worst gate hold (${holds.length} images: checkerboards, noise, dithering, photo, mosaics, large logos)`,
    measured: `${ms(worstHold.holdMs)} (${worstHold.name}, ${worstHold.status})`,
    target: `<= ${TARGET_HOLD_MS} ms`,
    pass: worstHold.holdMs <= TARGET_HOLD_MS,
  },
  ...loadRows(load),
  faultRow(faults),
  {
    check: 'Jobs lost',
    measured: `${jobsLost} (of the jobs finished before each fault: ${jobsKept}; and before the load)`,
    target: '0',
    pass: jobsLost === 0,
  },
];

const details = [
  '## Load by client group',
  '',
  '| group | connections | requests | statuses | p50 | p99 |',
  '|---|---:|---:|---|---:|---:|',
  ...load.groups.map(
    (g) =>
      `| ${g.name} | ${g.connections} | ${g.requests} | ${Object.entries(g.statuses)
        .map(([code, count]) => `${code}: ${count}`)
        .join(', ')} | ${ms(g.p50Ms)} | ${ms(g.p99Ms)} |`,
  ),
  '',
  '## Faults',
  '',
  ...faults.flatMap((f) => [
    `- **${f.fault}**${f.unavailable ? `: not injected (${f.unavailable})` : `, injected ${f.injected}x; jobs before ${f.jobsBefore}, lost ${f.jobsLost}`}`,
    ...f.checks.map((c) => `  - ${c.ok ? 'ok' : 'FAILED'}: ${c.what}${c.got && !c.ok ? ` (got ${c.got})` : ''}`),
  ]),
  '',
  '## Bad inputs that were not answered as the spec says',
  '',
  ...(badInputs.some((r) => !r.ok)
    ? badInputs
        .filter((r) => !r.ok)
        .map((r) => `- ${r.name}: ${r.status} (expected ${r.expected.join('/')}): ${r.failures.join('; ')}`)
    : ['None.']),
];
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const report = [
  '# Reliability report (issue 13)',
  '',
  `\`npm run reliability\` on ${describeMachineLine(describeMachine())}, ${new Date().toISOString().slice(0, 10)}, ${seconds} s. Each part on a fresh server (\`npm start\`'s entry point in a child process, default settings).`,
  '',
  table(rows),
  '',
  ...details,
  '',
].join('\n');
await writeFile(path.join(PROJECT_ROOT, 'benchmarks/RESULTS-reliability.md'), report);
console.log(`\n${table(rows)}\n\nwritten to benchmarks/RESULTS-reliability.md`);
process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
