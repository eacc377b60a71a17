/**
 * Scale-out (issue 14): throughput of GET logo.svg, POST /api/sample and
 * POST /api/vectorize on the embedded store, on Redis with one instance and
 * with two, in one run on this machine; and the latency Redis adds to one
 * request. Each configuration gets fresh servers and a fresh Redis of its own
 * (Debian's redis-server on a free loopback port). MAX_CONCURRENT_JOBS is 2
 * (this machine's cores) in every configuration: with Redis it counts traces
 * across the cluster, so two instances on one 2-core machine cannot trace
 * more than one; they show what sharing costs, not what more machines give.
 *
 * Writes benchmarks/RESULTS-redis.md. Usage: npm run bench:redis
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { drawnLogo } from '../test/helpers/images.js';
import { uploadForm } from '../test/helpers/multipart.js';
import { redisMissing, startRedis } from '../test/helpers/redis-server.js';
import { startServer } from '../test/helpers/server-process.js';
import { PROJECT_ROOT } from './lib/args.js';
import { describeMachine, describeMachineLine } from './lib/machine.js';

const SECONDS = 10;
const LATENCY_REQUESTS = 300;

interface Measured {
  config: string;
  svgPerSecond: number;
  samplePerSecond: number;
  vectorizePerSecond: number;
  /** Median and p99 of one GET logo.svg at a time, in ms. */
  svgLatency: { p50: number; p99: number };
  errors: number;
}

/** 2xx answers per second over all `bases`, each loaded with `connections` at once. */
async function throughput(
  bases: readonly string[],
  connections: number,
  request: autocannon.Request,
): Promise<{ perSecond: number; errors: number }> {
  const results = await Promise.all(
    bases.map((base) => autocannon({ url: base, connections, duration: SECONDS, requests: [request] })),
  );
  const ok = results.reduce((sum, r) => sum + r['2xx'], 0);
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r['5xx'], 0);
  return { perSecond: ok / SECONDS, errors };
}

async function svgLatency(base: string, svgPath: string): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < LATENCY_REQUESTS; i++) {
    const started = performance.now();
    await (await fetch(base + svgPath)).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

async function measure(config: string, env: Record<string, string>[]): Promise<Measured> {
  const servers = await Promise.all(env.map((e) => startServer({ ...e, LOG_LEVEL: 'warn', MAX_CONCURRENT_JOBS: '2' })));
  try {
    const bases = servers.map((s) => s.base);
    const logo = (await drawnLogo({ width: 400 })).image;
    const form = await uploadForm(logo);
    const first = await fetch(`${bases[0] ?? ''}/api/vectorize`, {
      method: 'POST',
      body: form.payload,
      headers: form.headers,
    });
    const { id } = (await first.json()) as { id: string };
    const svgPath = `/api/jobs/${id}/logo.svg`;
    const svg = await throughput(bases, 32, { method: 'GET', path: svgPath });
    const sample = await throughput(bases, 2, { method: 'POST', path: '/api/sample' });
    const vectorize = await throughput(bases, 2, {
      method: 'POST',
      path: '/api/vectorize',
      headers: form.headers,
      body: form.payload,
    });
    const latency = await svgLatency(bases.at(-1) ?? '', svgPath);
    const measured = {
      config,
      svgPerSecond: svg.perSecond,
      samplePerSecond: sample.perSecond,
      vectorizePerSecond: vectorize.perSecond,
      svgLatency: latency,
      errors: svg.errors + sample.errors + vectorize.errors,
    };
    console.log(JSON.stringify(measured));
    return measured;
  } finally {
    await Promise.all(
      servers.map(async ({ child }) => {
        const exited = once(child, 'exit');
        child.kill();
        await exited;
      }),
    );
  }
}

if (redisMissing) {
  console.error(redisMissing);
  process.exit(1);
}
const cleanups: (() => unknown)[] = [];
const teardown = { teardown: (fn: () => unknown) => cleanups.push(fn) };
const dir = await mkdtemp(path.join(tmpdir(), 'lv-bench-redis-'));
try {
  const embedded = await measure('embedded file store, 1 instance', [{ DATA_DIR: path.join(dir, 'embedded') }]);
  const oneRedis = await startRedis(teardown);
  const one = await measure('Redis, 1 instance', [{ STORE: 'redis', REDIS_URL: oneRedis.url }]);
  const twoRedis = await startRedis(teardown);
  const two = await measure('Redis, 2 instances', [
    { STORE: 'redis', REDIS_URL: twoRedis.url },
    { STORE: 'redis', REDIS_URL: twoRedis.url },
  ]);
  const rows = [embedded, one, two];
  const added = one.svgLatency.p50 - embedded.svgLatency.p50;
  const report = [
    '# Scale-out on Redis (issue 14)',
    '',
    `Measured by \`npm run bench:redis\` on ${describeMachineLine(describeMachine())}, ${new Date().toISOString().slice(0, 10)}; all in one run.`,
    `autocannon on loopback for ${SECONDS} s per figure: GET logo.svg with 32 connections per instance, POST /api/sample and`,
    'POST /api/vectorize (a 400 px drawn logo) with 2 per instance; MAX_CONCURRENT_JOBS=2 (with Redis: across the cluster).',
    "Answers per second are 2xx only (the rest are the gate's 429s). Latency: one GET logo.svg at a time, 300 times, on the (last) instance.",
    '',
    '| configuration | GET logo.svg /s | POST /api/sample /s | POST /api/vectorize /s | GET logo.svg p50 / p99 | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.config} | ${r.svgPerSecond.toFixed(0)} | ${r.samplePerSecond.toFixed(1)} | ${r.vectorizePerSecond.toFixed(1)} | ${r.svgLatency.p50.toFixed(2)} / ${r.svgLatency.p99.toFixed(2)} ms | ${r.errors} |`,
    ),
    '',
    `Latency Redis adds to one GET logo.svg (median, 1 instance on Redis against the embedded store): ${added.toFixed(2)} ms.`,
    "Two instances share this machine's two cores with Redis and the load generator, so they cannot show more throughput",
    'than one here; on separate machines reads scale with the instances and traces with MAX_CONCURRENT_JOBS.',
    '',
  ].join('\n');
  await writeFile(path.join(PROJECT_ROOT, 'benchmarks/RESULTS-redis.md'), report);
  console.log(`\n${report}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(dir, { recursive: true, force: true });
}
