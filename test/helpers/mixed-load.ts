/**
 * A mixed load on a real server process (issue 13), as a busy public day
 * looks: uploads at the gate's pace (one client uploading back to back; the
 * kit builds and MCP calls compete for the gate, which turns the loser away
 * with the documented 429), many readers of SVGs, previews and mockups, kit
 * builds, and MCP calls, all at once with autocannon on loopback. The server
 * runs with test/helpers/server-probe.ts preloaded, which reports its own
 * event-loop delay and memory. Used by test/system/http/load.test.ts (briefly) and
 * by `npm run reliability` (60 s); free of tap.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import autocannon from 'autocannon';

import { drawnLogo } from './images.js';
import { uploadForm } from './multipart.js';
import { startServer } from './server-process.js';
import type { ProbeSample } from './server-probe.js';

const PROBE = join(import.meta.dirname, 'server-probe.ts');

export interface LoadGroup {
  name: string;
  connections: number;
  requests: number;
  /** Answers by status. */
  statuses: Record<string, number>;
  /** Answers whose status the operation does not expect under load (anything but 2xx and the gate's 429). */
  unexpected: number;
  /** Connection errors and timeouts. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LoadOutcome {
  seconds: number;
  groups: LoadGroup[];
  requests: number;
  unexpected: number;
  errors: number;
  /** The server's event-loop delay over the load. */
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
  /** RSS at the end of the load over RSS at its middle: above 1 the server still grows. */
  rssSecondHalfGrowth: number;
  /** Jobs made before the load that the server no longer served afterwards. */
  jobsLost: number;
}

interface Probe {
  sample(): Promise<ProbeSample>;
  reset(): void;
}

function probeOf(child: ChildProcess): Probe {
  return {
    async sample() {
      const answer = once(child, 'message') as Promise<[ProbeSample]>;
      child.send('sample');
      return (await answer)[0];
    },
    reset: () => child.send('reset'),
  };
}

interface Job {
  id: string;
  svg: string;
}

async function makeJob(base: string, image: Buffer): Promise<Job> {
  const form = await uploadForm(image);
  const res = await fetch(`${base}/api/vectorize`, { method: 'POST', body: form.payload, headers: form.headers });
  if (!res.ok) throw new Error(`setting up the load: POST /api/vectorize answered ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  return { id, svg: await (await fetch(`${base}/api/jobs/${id}/logo.svg`)).text() };
}

async function mcpRevision(base: string, image: Buffer): Promise<string> {
  const res = await fetch(`${base}/api/mcp/`, {
    method: 'POST',
    headers: mcpHeaders,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'vectorize_logo', arguments: { image_base64: image.toString('base64') } },
    }),
  });
  const body = (await res.json()) as { result?: { structuredContent?: { revision_id?: string } } };
  const revision = body.result?.structuredContent?.revision_id;
  if (!revision) throw new Error(`setting up the load: vectorize_logo answered ${JSON.stringify(body).slice(0, 200)}`);
  return revision;
}

const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function group(name: string, connections: number, result: autocannon.Result): LoadGroup {
  const statuses: Record<string, number> = {};
  for (const [code, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  const unexpected = Object.entries(statuses)
    .filter(([code]) => !code.startsWith('2') && code !== '429')
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    name,
    connections,
    requests: Object.values(statuses).reduce((a, b) => a + b, 0),
    statuses,
    unexpected,
    errors: result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/**
 * One client that sends `requests` in turn for `seconds`, `pauseMs` apart, and after a 429 waits the
 * Retry-After it was given, as the web app and a well-behaved script do.
 */
async function politeClient(
  name: string,
  requests: readonly (() => Promise<Response>)[],
  seconds: number,
  pauseMs: number,
): Promise<LoadGroup> {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < end; i++) {
    const started = performance.now();
    const res = await requests[i % requests.length]!().catch(() => null);
    if (!res) {
      errors += 1;
      continue;
    }
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const wait = res.status === 429 ? Number(res.headers.get('retry-after') ?? 1) * 1000 : pauseMs;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, end - Date.now())));
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    connections: 1,
    requests: latencies.length,
    statuses,
    unexpected: Object.entries(statuses)
      .filter(([code]) => !code.startsWith('2') && code !== '429')
      .reduce((sum, [, count]) => sum + count, 0),
    errors,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

/** Runs the load for `seconds` against a fresh server and reports what it held. */
export async function runMixedLoad(seconds: number): Promise<LoadOutcome> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lv-load-'));
  const { base, child } = await startServer(
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATS_ENABLED: 'false' },
    ['ignore', 'ignore', 'inherit', 'ipc'],
    [PROBE],
  );
  const probe = probeOf(child);
  try {
    const logos = await Promise.all(
      [220, 260, 300, 340].map(async (width) => (await drawnLogo({ width, format: 'png' })).image),
    );
    const jobs: Job[] = [];
    for (const logo of logos) jobs.push(await makeJob(base, logo));
    const revision = await mcpRevision(base, logos[0]!);
    const upload = await uploadForm(logos[1]!);

    const reads = jobs.flatMap(({ id }) =>
      ['logo.svg', 'preview.png', 'mockup/cap.png', 'mockup/tshirt.png'].map((file) => ({
        method: 'GET' as const,
        path: `/api/jobs/${id}/${file}`,
      })),
    );
    const mcpCalls = [
      { method: 'tools/list', params: {} },
      { method: 'tools/call', params: { name: 'get_vectorization', arguments: { revision_id: revision } } },
      { method: 'tools/call', params: { name: 'review_vectorization', arguments: { revision_id: revision } } },
    ].map((call, id) => ({
      method: 'POST' as const,
      path: '/api/mcp/',
      headers: mcpHeaders,
      body: JSON.stringify({ jsonrpc: '2.0', id, ...call }),
    }));
    const kitRequests = jobs.map(
      (job) => () =>
        fetch(`${base}/api/jobs/${job.id}/kit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Load Test' }),
        }),
    );
    const uploadRequest = () =>
      fetch(`${base}/api/vectorize`, { method: 'POST', headers: upload.headers, body: upload.payload });
    // Readers and agents are many and fast (autocannon); uploaders and kit builders wait as Retry-After says.
    const hammered: [string, number, Omit<autocannon.Options, 'url'>][] = [
      ['reads (SVG, preview, mockups)', 16, { requests: reads }],
      ['MCP calls (POST /api/mcp/)', 2, { requests: mcpCalls }],
    ];
    // A person looks at a result before the next upload; a script building kits goes on at once.
    const polite: [string, (() => Promise<Response>)[], number][] = [
      ['uploads (POST /api/vectorize)', [uploadRequest], 250],
      ['kit builds (POST /api/jobs/{token}/kit)', kitRequests, 0],
    ];

    const before = await probe.sample();
    probe.reset();
    const peaks: ProbeSample[] = [];
    const sampler = setInterval(() => {
      probe.sample().then(
        (sample) => peaks.push(sample),
        () => undefined,
      );
    }, 1000);
    const results = await Promise.all([
      ...hammered.map(([name, connections, options]) =>
        autocannon({ url: base, connections, duration: seconds, timeout: 30, ...options }).then((result) =>
          group(name, connections, result),
        ),
      ),
      ...polite.map(([name, requests, pauseMs]) => politeClient(name, requests, seconds, pauseMs)),
    ]);
    clearInterval(sampler);
    const during = await probe.sample();
    const after = await probe.sample();
    const middle = peaks[Math.floor(peaks.length / 2)] ?? before;

    let jobsLost = 0;
    for (const job of jobs) {
      const svg = await fetch(`${base}/api/jobs/${job.id}/logo.svg`).then((res) => (res.ok ? res.text() : ''));
      if (svg !== job.svg) jobsLost += 1;
    }
    return {
      seconds,
      groups: results,
      requests: results.reduce((sum, g) => sum + g.requests, 0),
      unexpected: results.reduce((sum, g) => sum + g.unexpected, 0),
      errors: results.reduce((sum, g) => sum + g.errors, 0),
      eventLoopDelayP99Ms: during.eventLoopDelayP99Ms,
      eventLoopDelayMaxMs: during.eventLoopDelayMaxMs,
      rssBeforeBytes: before.rssBytes,
      rssPeakBytes: Math.max(before.rssBytes, after.rssBytes, ...peaks.map((p) => p.rssBytes)),
      rssAfterBytes: after.rssBytes,
      rssSecondHalfGrowth: after.rssBytes / middle.rssBytes,
      jobsLost,
    };
  } finally {
    const exited = once(child, 'exit');
    child.kill();
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}
