// Runs chains of npm scripts side by side and fails if any fails. Each argument
// is one chain: its scripts, separated by spaces, run one after another (and the
// chain stops at the first failure). The fast tier runs the type check, the
// typed lint and the Rust checks (whose fresh compile ends in one long
// single-threaded LTO link) as three chains, so both cores stay busy. Each
// chain's output is printed whole when it ends, so the log reads as if they had
// run one after another, each script followed by the time it took.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const chains = process.argv.slice(2).map((chain) => chain.split(/\s+/).filter(Boolean));
if (chains.length === 0 || chains.some((chain) => chain.length === 0)) {
  console.error('usage: node scripts/side-by-side.mjs "<npm script> [<npm script> ...]" ...');
  process.exit(2);
}

function run(script, output) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      if (code !== 0) output.push(Buffer.from(`npm run ${script} failed (${signal ?? `exit ${code}`})\n`));
      resolve(code === 0);
    });
  });
}

async function runChain(scripts) {
  const output = [];
  let passed = true;
  for (const script of scripts) {
    const started = performance.now();
    passed = await run(script, output);
    output.push(Buffer.from(`side-by-side: ${script} took ${((performance.now() - started) / 1000).toFixed(1)} s\n`));
    if (!passed) break;
  }
  process.stdout.write(Buffer.concat(output));
  return passed;
}

const results = await Promise.all(chains.map(runChain));
process.exitCode = results.every(Boolean) ? 0 : 1;
