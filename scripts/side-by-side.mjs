// Runs npm scripts side by side and fails if any fails: the TypeScript checks
// (one core each) beside the Rust ones (whose fresh compile is one long
// single-threaded LTO link). Each script's output is printed whole when it
// ends, so the log reads as if they had run one after another.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-both.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.log(`npm run ${script} failed (${signal ?? `exit ${code}`})`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
