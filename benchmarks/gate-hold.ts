/**
 * Bounded work (issue 13): how long the worst images within the spec's
 * limits hold the gate (benchmarks/lib/gate-holds.ts), against a real server
 * with the default deadline, each image alone. Beside it, plain vtracer on the
 * same file in a child process, stopped after PEER_CAP_MS. Target: every image
 * holds the gate <= 2 s.
 *
 * Prints a table and writes benchmarks/RESULTS-hold.md.
 * Usage: npm run bench:hold
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startServer } from '../test/helpers/server-process.js';
import { PROJECT_ROOT } from './lib/args.js';
import { holdImages, measureHold, TARGET_HOLD_MS } from './lib/gate-holds.js';
import { describeMachine, describeMachineLine } from './lib/machine.js';

const PEER_CAP_MS = 10_000;

interface Row {
  name: string;
  kind: 'hostile' | 'logo';
  bytes: number;
  status: number;
  holdMs: number;
  detail: string;
  vtracer: string;
}

function plainVtracer(file: string): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'benchmarks/lib/vtracer-once.ts', file], {
    cwd: PROJECT_ROOT,
    timeout: PEER_CAP_MS,
    encoding: 'utf8',
  });
  if (run.error || run.signal) return `> ${PEER_CAP_MS / 1000} s (stopped)`;
  if (run.status !== 0) return `failed: ${run.stderr.trim().split('\n').pop() ?? ''}`;
  return `${run.stdout.trim()} ms`;
}

function markdown(rows: readonly Row[], worst: Row, machine: string): string {
  const lines = [
    '# Gate hold on hostile images (issue 13)',
    '',
    `Measured by \`npm run bench:hold\` on ${machine}, ${new Date().toISOString().slice(0, 10)}.`,
    'Server with the default settings (TRACE_DEADLINE_MS 1500); each image uploaded alone; the answer time bounds the gate hold.',
    `Plain vtracer traces the same file in a child process, stopped after ${PEER_CAP_MS / 1000} s.`,
    '',
    '| image | bytes | status | gate held (ms) | answer | plain vtracer |',
    '|---|---:|---:|---:|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.bytes} | ${r.status} | ${r.holdMs.toFixed(0)} | ${r.detail.replace(/\|/g, '\\|')} | ${r.vtracer} |`,
    ),
    '',
    `Worst hold: ${worst.holdMs.toFixed(0)} ms (${worst.name}); target <= ${TARGET_HOLD_MS} ms: ${worst.holdMs <= TARGET_HOLD_MS ? 'PASS' : 'FAIL'}.`,
    '',
  ];
  return lines.join('\n');
}

const dir = await mkdtemp(path.join(tmpdir(), 'lv-hold-'));
const { base, child } = await startServer({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' }, [
  'ignore',
  'inherit',
  'inherit',
]);
try {
  const rows: Row[] = [];
  for (const image of await holdImages()) {
    const { status, holdMs, detail } = await measureHold(base, image.image);
    const file = path.join(dir, `${rows.length}.img`);
    await writeFile(file, image.image);
    const vtracer = plainVtracer(file);
    const row = { name: image.name, kind: image.kind, bytes: image.image.length, status, holdMs, detail, vtracer };
    rows.push(row);
    console.log(`${row.name}: ${status} in ${holdMs.toFixed(0)} ms (${detail.slice(0, 90)}); plain vtracer ${vtracer}`);
  }
  const worst = rows.reduce((a, b) => (b.holdMs > a.holdMs ? b : a));
  const report = markdown(rows, worst, describeMachineLine(describeMachine()));
  await writeFile(path.join(PROJECT_ROOT, 'benchmarks/RESULTS-hold.md'), report);
  console.log(
    `\nworst hold ${worst.holdMs.toFixed(0)} ms (${worst.name}): ${worst.holdMs <= TARGET_HOLD_MS ? 'PASS' : 'FAIL'} (target <= ${TARGET_HOLD_MS} ms)`,
  );
  process.exitCode = worst.holdMs <= TARGET_HOLD_MS ? 0 : 1;
} finally {
  child.kill();
  await rm(dir, { recursive: true, force: true });
}
