/**
 * REST API speed (issue 3), beside the engine alone. The server runs in a
 * child process as `npm start` would run it, so the load generator never
 * shares its event loop:
 *  - POST /api/vectorize on a 512 px corpus logo: median latency <= the engine's median engineMs + 15 ms;
 *  - GET logo.svg of one job with autocannon on loopback: >= 5,000 requests/s;
 *  - GET /api/health p99 while 20-megapixel traces run: <= 20 ms.
 * Prints the figures with PASS/FAIL and writes benchmarks/RESULTS-api.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import sharp from 'sharp';

import { traceImage } from '../src/core/tracer.js';
import { PROJECT_ROOT } from './lib/args.js';
import { describeMachine, describeMachineLine } from './lib/machine.js';
import { median } from './lib/stats.js';

const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(PROJECT_ROOT, '../shared/corpus/dev');
/** A 512 x 512 logo with three brand colors. */
const LOGO = 'logo-appcircle-icon.png';
const LATENCY_RUNS = 40;
const WARM_UP_RUNS = 5;
const THROUGHPUT_SECONDS = 10;
const BIG_TRACES = 4;

const TARGETS = { overheadMs: 15, svgRequestsPerSecond: 5000, healthP99Ms: 20 };

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startServer(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MAX_CONCURRENT_JOBS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  throw new Error('the server did not start');
}

function uploadBody(image: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), name);
  return form;
}

async function vectorize(base: string, image: Buffer): Promise<{ id: string; svg: string }> {
  const res = await fetch(`${base}/api/vectorize`, { method: 'POST', body: uploadBody(image, 'logo.png') });
  if (res.status !== 200) throw new Error(`vectorize answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; svg: string };
}

/**
 * Median engineMs of the engine alone and median latency of the same file through the API, measured
 * in alternation so a change in the machine's load affects both alike.
 */
async function vectorizeBesideEngine(base: string, image: Buffer): Promise<{ engineMs: number; latencyMs: number }> {
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    await traceImage(image);
    await vectorize(base, image);
  }
  const engine: number[] = [];
  const api: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    engine.push((await traceImage(image)).engineMs);
    const started = performance.now();
    await vectorize(base, image);
    api.push(performance.now() - started);
  }
  return { engineMs: median(engine), latencyMs: median(api) };
}

async function svgThroughput(base: string, svgPath: string): Promise<{ requestsPerSecond: number; errors: number }> {
  const result = await autocannon({ url: `${base}${svgPath}`, connections: 32, duration: THROUGHPUT_SECONDS });
  return { requestsPerSecond: result.requests.average, errors: result.errors + result.non2xx };
}

/** Health latencies sampled back to back while each 20 MP upload is traced. */
async function healthDuringBigTraces(base: string, bigImage: Buffer): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < BIG_TRACES; i++) {
    let tracing = true;
    const trace = vectorize(base, bigImage).finally(() => {
      tracing = false;
    });
    while (tracing) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    await trace;
  }
  return latencies;
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

async function main(): Promise<void> {
  const image = await readFile(path.join(CORPUS_DIR, LOGO));
  const meta = await sharp(image).metadata();
  // 5000 x 4000 = 20 megapixels: the largest image the service accepts.
  const bigImage = await sharp(image)
    .resize({ width: 4000, height: 4000, fit: 'contain', background: '#ffffff' })
    .extend({ left: 500, right: 500, background: '#ffffff' })
    .png()
    .toBuffer();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'lv-bench-api-'));
  const { base, child } = await startServer(dataDir);
  try {
    const { engineMs, latencyMs } = await vectorizeBesideEngine(base, image);
    const job = await vectorize(base, image);
    const throughput = await svgThroughput(base, job.svg);
    const health = await healthDuringBigTraces(base, bigImage);
    const healthP99 = percentile(health, 99);

    const rows = [
      {
        measure: `POST /api/vectorize median latency, ${LOGO} (${meta.width}x${meta.height})`,
        value: `${latencyMs.toFixed(1)} ms (engine alone ${engineMs.toFixed(1)} ms, overhead ${(latencyMs - engineMs).toFixed(1)} ms)`,
        target: `<= engine + ${TARGETS.overheadMs} ms`,
        pass: latencyMs <= engineMs + TARGETS.overheadMs,
      },
      {
        measure: `GET logo.svg throughput (autocannon, 32 connections, ${THROUGHPUT_SECONDS} s)`,
        value: `${Math.round(throughput.requestsPerSecond)} req/s, ${throughput.errors} errors`,
        target: `>= ${TARGETS.svgRequestsPerSecond} req/s`,
        pass: throughput.requestsPerSecond >= TARGETS.svgRequestsPerSecond && throughput.errors === 0,
      },
      {
        measure: `GET /api/health during ${BIG_TRACES} traces of a 5000x4000 upload`,
        value: `p99 ${healthP99.toFixed(1)} ms (p50 ${percentile(health, 50).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms, ${health.length} requests)`,
        target: `p99 <= ${TARGETS.healthP99Ms} ms`,
        pass: healthP99 <= TARGETS.healthP99Ms,
      },
    ];
    for (const row of rows) console.log(`${verdict(row.pass)}  ${row.measure}: ${row.value} (target ${row.target})`);

    const machine = describeMachineLine(describeMachine());
    const markdown = [
      '# REST API benchmark',
      '',
      `Run with \`npm run bench:api\` on ${new Date().toISOString().slice(0, 10)}.`,
      '',
      `Machine: ${machine}.`,
      '',
      'The server runs in a child process (`src/server.ts`, LOG_LEVEL=warn, MAX_CONCURRENT_JOBS=1, embedded file store on the',
      'local disk) and the client in the benchmark process, over loopback. "Engine alone" is the median `engineMs` the engine',
      'reports for the same file, traced in the benchmark process.',
      '',
      '| Measure | Result | Target | Verdict |',
      '|---|---|---|---|',
      ...rows.map((row) => `| ${row.measure} | ${row.value} | ${row.target} | ${verdict(row.pass)} |`),
      '',
    ].join('\n');
    await writeFile(path.join(PROJECT_ROOT, 'benchmarks', 'RESULTS-api.md'), markdown);
    console.log('\nwrote benchmarks/RESULTS-api.md');
    if (!rows.every((row) => row.pass)) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
