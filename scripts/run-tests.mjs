#!/usr/bin/env node
// Runs the test files under the given folders as the plain node programs tap
// tests are, as many at a time as the machine has cores, and prints one TAP
// stream in which each file is a subtest (the shape scripts/tap-summary.mjs
// counts). tap's own runner would add two module loaders to every test process
// (@tapjs/mock and @tapjs/processinfo, for import mocks and coverage, neither
// used here): on Node 20 every import then passes through a hooks thread, about
// 0.9 s of CPU per test file on this project.
//
//   node scripts/run-tests.mjs [--import=MODULE] [--exclude=FOLDER]... [--timeout=SECONDS] FOLDER...
//
// --import preloads a module in every test process (tsx, to run TypeScript).
// --timeout sets the default budget of a file (120 s).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';

/**
 * A test file that neither ends nor fails within this many seconds is stopped and fails, unless it
 * declares a longer budget of its own with a top-level `t.setTimeout(ms)` (schemathesis, packing):
 * then it gets that budget and a little more, so tap's own timeout report wins.
 */
const DEFAULT_TIMEOUT_SECONDS = 120;
const DECLARED_TIMEOUT = /^t\.setTimeout\(([\d_]+)\)/m;
const GRACE_SECONDS = 10;
const TEST_FILE = /\.test\.[cm]?[jt]s$/;

const args = process.argv.slice(2);
const option = (name) => args.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3));
const folders = args.filter((arg) => !arg.startsWith('--'));
const excluded = option('exclude').map((folder) => path.resolve(folder) + path.sep);
const timeoutSeconds = Number(option('timeout').at(-1) ?? DEFAULT_TIMEOUT_SECONDS);
const nodeArgs = ['--enable-source-maps', ...option('import').map((module) => `--import=${module}`)];
if (folders.length === 0 || !(timeoutSeconds > 0)) {
  console.error(
    'usage: node scripts/run-tests.mjs [--import=MODULE] [--exclude=FOLDER]... [--timeout=SECONDS] FOLDER...',
  );
  process.exit(2);
}

const files = folders
  .flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => TEST_FILE.test(file))
      .map((file) => path.join(folder, file)),
  )
  .filter((file) => !excluded.some((folder) => path.resolve(file).startsWith(folder)))
  .sort();
if (files.length === 0) {
  console.error(`run-tests: no test files under ${folders.join(', ')}`);
  process.exit(1);
}

/** The seconds `file` may run: its own declared budget when longer than the default. */
function timeoutOf(file) {
  const declared = DECLARED_TIMEOUT.exec(readFileSync(file, 'utf8'));
  const declaredSeconds = declared ? Number(declared[1].replaceAll('_', '')) / 1000 + GRACE_SECONDS : 0;
  return Math.max(timeoutSeconds, declaredSeconds);
}

/** Runs one file; resolves to its TAP output (without the version line) and how it ended. */
function runFile(file) {
  const budgetSeconds = timeoutOf(file);
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TAP_TIMEOUT: String(timeoutSeconds) },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, budgetSeconds * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const tap = Buffer.concat(output)
        .toString('utf8')
        .split('\n')
        .filter((line) => !/^TAP version \d+$/.test(line));
      const seconds = (performance.now() - started) / 1000;
      const failure = timedOut
        ? `timed out after ${budgetSeconds} s`
        : code !== 0
          ? `exited ${signal ?? code}`
          : undefined;
      resolve({ tap, seconds, failure });
    });
  });
}

console.log('TAP version 14');
let next = 0;
let number = 0;
let failed = 0;
async function worker() {
  while (next < files.length) {
    const file = files[next++];
    const { tap, seconds, failure } = await runFile(file);
    number += 1;
    if (failure) failed += 1;
    const body = tap.map((line) => (line === '' ? '' : `    ${line}`)).join('\n');
    const verdict = `${failure ? 'not ok' : 'ok'} ${number} - ${file} # time=${seconds.toFixed(3)}s`;
    process.stdout.write(
      `# Subtest: ${file}\n${body}\n${verdict}${failure ? `\n  ---\n  reason: ${failure}\n  ...` : ''}\n`,
    );
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), files.length) }, worker));
console.log(`1..${files.length}`);
process.exitCode = failed > 0 ? 1 : 0;
