/**
 * Bounded work (issue 13): how long the worst images within the spec's
 * limits hold the gate, against a real server with the default deadline.
 * Each image is uploaded alone; the answer's wall time bounds the gate's
 * hold (the gate is taken after the upload is read and freed before the
 * answer is sent). Beside it, plain vtracer on the same file in a child
 * process, stopped after PEER_CAP_MS. Real logos, drawn large, show what a
 * legitimate upload costs. Target: every image holds the gate <= 2 s.
 *
 * Prints a table and writes benchmarks/RESULTS-hold.md.
 * Usage: npm run bench:hold
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { hostileImages, type HostileImage } from '../test/helpers/hostile.js';
import { drawnLogo } from '../test/helpers/images.js';
import { startServer } from '../test/helpers/server-process.js';
import { PROJECT_ROOT } from './lib/args.js';
import { describeMachine, describeMachineLine } from './lib/machine.js';

const TARGET_HOLD_MS = 2000;
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

async function realLogos(): Promise<HostileImage[]> {
  const drawn = async (width: number, format: 'png' | 'jpeg') => {
    const logo = await drawnLogo({ width, format });
    return {
      name: `drawn logo, ${format.toUpperCase()} ${logo.width}x${logo.height}`,
      image: logo.image,
      width: logo.width,
      height: logo.height,
    };
  };
  return [await drawn(2000, 'png'), await drawn(2000, 'jpeg'), await drawn(6000, 'png')];
}

async function upload(base: string, image: Buffer): Promise<{ status: number; holdMs: number; detail: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)]), 'image');
  const started = performance.now();
  const res = await fetch(`${base}/api/vectorize`, { method: 'POST', body: form });
  const body = (await res.json()) as { detail?: unknown; palette?: string[] };
  const holdMs = performance.now() - started;
  const detail = res.status === 200 ? `traced, ${body.palette?.length ?? 0} colors` : String(body.detail);
  return { status: res.status, holdMs, detail };
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
  const sets = [
    ['hostile', await hostileImages()],
    ['logo', await realLogos()],
  ] as const;
  for (const [kind, images] of sets) {
    for (const image of images) {
      const { status, holdMs, detail } = await upload(base, image.image);
      const file = path.join(dir, `${rows.length}.img`);
      await writeFile(file, image.image);
      const vtracer = plainVtracer(file);
      const row = { name: image.name, kind, bytes: image.image.length, status, holdMs, detail, vtracer };
      rows.push(row);
      console.log(
        `${row.name}: ${status} in ${holdMs.toFixed(0)} ms (${detail.slice(0, 90)}); plain vtracer ${vtracer}`,
      );
    }
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
