/**
 * Faults injected into a real server process (issue 13): killed with SIGKILL
 * while it traces and at random moments while it stores, its disk filled to
 * the last byte, its disk made read-only. After each, every job it had
 * finished must still be served byte for byte, an interrupted request's
 * Idempotency-Key must work again, and nothing half-written may be served.
 * Used by test/system/http/faults.test.ts and by `npm run reliability`; free of tap.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Teardown } from './app.js';
import { mosaic } from './hostile.js';
import { drawnLogo } from './images.js';
import { uploadInFlight } from './multipart.js';
import { startServer } from './server-process.js';
import { mountSmallDisk, type SmallDisk } from './small-disk.js';

export interface Check {
  what: string;
  ok: boolean;
  /** What was seen, when it was not what was expected. */
  got?: string;
}

export interface FaultOutcome {
  fault: string;
  /** Set when the fault could not be injected on this machine (e.g. no permission to mount a disk). */
  unavailable?: string;
  /** How many times the fault was injected. */
  injected: number;
  checks: Check[];
  /** Finished jobs the server held before the fault... */
  jobsBefore: number;
  /** ...and how many of them it no longer served, byte for byte, after it. */
  jobsLost: number;
}

interface StoredJob {
  token: string;
  svg: Buffer;
  preview: Buffer;
}

interface Server {
  base: string;
  child: ChildProcess;
}

const FAULT_ENV = { LOG_LEVEL: 'fatal', STATS_ENABLED: 'false' };

function start(dataDir: string): Promise<Server> {
  return startServer({ ...FAULT_ENV, DATA_DIR: dataDir });
}

async function kill(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGKILL');
  await exited;
}

function upload(base: string, image: Buffer, headers: Record<string, string> = {}, path = '/api/vectorize') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'logo.png');
  return fetch(`${base}${path}`, { method: 'POST', body: form, headers });
}

async function bytesOf(url: string): Promise<Buffer | null> {
  const res = await fetch(url).catch(() => null);
  return res?.ok ? Buffer.from(await res.arrayBuffer()) : null;
}

/** Uploads `image` and reads back its SVG and preview: a job the server has finished. */
async function finishJob(base: string, image: Buffer): Promise<StoredJob> {
  const res = await upload(base, image);
  if (res.status !== 200) throw new Error(`setting up a job: POST /api/vectorize answered ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  const svg = await bytesOf(`${base}/api/jobs/${id}/logo.svg`);
  const preview = await bytesOf(`${base}/api/jobs/${id}/preview.png`);
  if (!svg || !preview) throw new Error(`setting up a job: the files of ${id} were not served`);
  return { token: id, svg, preview };
}

/** The jobs of `jobs` that `base` no longer serves exactly as before. */
async function lost(base: string, jobs: readonly StoredJob[]): Promise<number> {
  let count = 0;
  for (const job of jobs) {
    const svg = await bytesOf(`${base}/api/jobs/${job.token}/logo.svg`);
    const preview = await bytesOf(`${base}/api/jobs/${job.token}/preview.png`);
    if (!svg?.equals(job.svg) || !preview?.equals(job.preview)) count += 1;
  }
  return count;
}

/** Every job record in the folder serves a whole SVG: a record is never written before its files. */
async function everyRecordComplete(base: string, dataDir: string): Promise<Check> {
  const tokens = (await readdir(join(dataDir, 'jobs'))).map((entry) => entry.replace(/\.json$/, ''));
  const broken: string[] = [];
  for (const token of tokens) {
    const svg = (await bytesOf(`${base}/api/jobs/${token}/logo.svg`))?.toString() ?? '';
    if (!svg.trimEnd().endsWith('</svg>')) broken.push(token);
  }
  return {
    what: `all ${tokens.length} job records on disk serve a whole SVG`,
    ok: broken.length === 0,
    ...(broken.length ? { got: `incomplete: ${broken.join(', ')}` } : {}),
  };
}

async function noTemporaryFiles(dataDir: string): Promise<Check> {
  const left = await readdir(join(dataDir, 'tmp'));
  return {
    what: 'no temporary file survives a restart',
    ok: left.length === 0,
    ...(left.length ? { got: left.join(', ') } : {}),
  };
}

function check(what: string, ok: boolean, got?: string): Check {
  return { what, ok, ...(ok || got === undefined ? {} : { got }) };
}

async function statusCheck(what: string, res: Promise<Response>, expected: number): Promise<Check> {
  const answer = await res.then(
    async (r) => ({ status: r.status, text: await r.text(), retryAfter: r.headers.get('retry-after') }),
    (error: unknown) => ({ status: 0, text: String(error), retryAfter: null }),
  );
  const ok =
    answer.status === expected && (expected !== 503 || (answer.retryAfter !== null && answer.text.includes('storage')));
  return check(what, ok, `${answer.status} ${answer.text.slice(0, 200)}`);
}

/** Distinct small logos, so every job has its own SVG. */
async function logos(count: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => (await drawnLogo({ width: 240 + 40 * i, format: 'png' })).image),
  );
}

/**
 * Whether the upload under `key` is being traced: another request with that key is 409 (in flight;
 * it never takes the gate), and a different upload is turned away by the gate (429).
 */
async function traceRuns(base: string, image: Buffer, key: Record<string, string>, probe: Buffer) {
  // The first request was sent; give the server a moment to read its form.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const sameKey = await upload(base, image, key).catch(() => null);
  await sameKey?.arrayBuffer();
  const other = await upload(base, probe).catch(() => null);
  await other?.arrayBuffer();
  return sameKey?.status === 409 && other?.status === 429;
}

/** A fresh data folder for `work`, removed after it. */
async function inDataDir<T>(prefix: string, work: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await work(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Starts the server again on `dataDir` after `fault`, adds what every restart must show (no temporary
 * file, every record whole) and the fault's own checks (`more`), and counts the jobs it no longer serves.
 */
async function afterRestart(
  dataDir: string,
  outcome: Omit<FaultOutcome, 'jobsBefore' | 'jobsLost'>,
  jobs: readonly StoredJob[],
  more: (base: string) => Promise<Check[]> = async () => [],
): Promise<FaultOutcome> {
  const server = await start(dataDir);
  try {
    outcome.checks.push(await noTemporaryFiles(dataDir), await everyRecordComplete(server.base, dataDir));
    outcome.checks.push(...(await more(server.base)));
    return { ...outcome, jobsBefore: jobs.length, jobsLost: await lost(server.base, jobs) };
  } finally {
    await kill(server);
  }
}

function killDuringTrace(): Promise<FaultOutcome> {
  return inDataDir('fault-kill-', async (dataDir) => {
    const checks: Check[] = [];
    const server = await start(dataDir);
    const [probe, ...images] = await logos(4);
    const jobs: StoredJob[] = [];
    for (const image of images) jobs.push(await finishJob(server.base, image));
    // Eight colors in 19 px squares: just under every "not a logo" rule, so it traces for about a second.
    const slow = (await mosaic(1414, 8, 19)).image;
    const key = { 'Idempotency-Key': 'fault-kill-during-trace' };
    const { ended: interrupted } = await uploadInFlight(server.base, slow, key);
    const running = await traceRuns(server.base, slow, key, probe!);
    checks.push(check('the trace was running when the server was killed', running));
    await kill(server);
    checks.push(check('the interrupted request fails', (await interrupted) === 'connection lost', await interrupted));

    return afterRestart(dataDir, { fault: 'SIGKILL during a trace', injected: 1, checks }, jobs, async (base) => {
      const retried = await upload(base, slow, key);
      const retriedJob = retried.ok ? ((await retried.json()) as { id: string }).id : '';
      const replay = await upload(base, slow, key);
      const replayed = replay.headers.get('idempotent-replayed') === 'true';
      const replayedJob = replay.ok ? ((await replay.json()) as { id: string }).id : '';
      return [
        check('the interrupted Idempotency-Key can be retried', retried.status === 200, String(retried.status)),
        check('and then replays its result', replayed && replayedJob === retriedJob, String(replay.status)),
      ];
    });
  });
}

/** Kills the server at random moments while uploads stream in, `rounds` times. */
function killWhileStoring(rounds: number, seed = 7): Promise<FaultOutcome> {
  return inDataDir('fault-store-', async (dataDir) => {
    let state = seed;
    const nextDelay = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return 150 + (state % 600);
    };
    const jobs: StoredJob[] = [];
    const images = await logos(3);
    for (let round = 0; round < rounds; round++) {
      const server = await start(dataDir);
      let running = true;
      const stream = (async () => {
        for (let i = 0; running; i++) {
          const job = await finishJob(server.base, images[i % images.length]!).catch(() => null);
          if (job && running) jobs.push(job);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, nextDelay()));
      running = false;
      await kill(server);
      await stream;
    }
    return afterRestart(
      dataDir,
      { fault: 'SIGKILL at random moments during uploads', injected: rounds, checks: [] },
      jobs,
    );
  });
}

/** The disk stops taking writes (`inject`), then takes them again (`heal`); what was stored stays served. */
async function diskFault(
  fault: string,
  t: Teardown,
  inject: (disk: SmallDisk) => Promise<void>,
  heal: (disk: SmallDisk) => Promise<void>,
): Promise<FaultOutcome> {
  const disk = await mountSmallDisk(t, 32);
  if ('unavailable' in disk)
    return { fault, unavailable: disk.unavailable, injected: 0, checks: [], jobsBefore: 0, jobsLost: 0 };
  let server = await start(disk.dir);
  const [fresh, ...images] = await logos(3);
  const jobs: StoredJob[] = [];
  try {
    for (const image of images) jobs.push(await finishJob(server.base, image));
    await inject(disk);
    const checks: Check[] = [
      await statusCheck('a new upload is 503 with Retry-After and a detail', upload(server.base, fresh!), 503),
      await statusCheck('an MCP upload is 503 too', upload(server.base, fresh!, {}, '/api/mcp/uploads'), 503),
      await statusCheck(
        'a rendering never made before is still served',
        fetch(`${server.base}/api/jobs/${jobs[0]!.token}/mockup/cap.png`),
        200,
      ),
    ];
    await kill(server);
    server = await start(disk.dir);
    const lostDuring = await lost(server.base, jobs);
    checks.push(
      check('restarted on the faulty disk, it serves every stored job', lostDuring === 0, `${lostDuring} lost`),
    );
    await heal(disk);
    checks.push(await statusCheck('uploads work again once the disk does', upload(server.base, fresh!), 200));
    return {
      fault,
      injected: 1,
      checks,
      jobsBefore: jobs.length,
      jobsLost: Math.max(lostDuring, await lost(server.base, jobs)),
    };
  } finally {
    await kill(server);
  }
}

/** Every fault, one after another (each on its own server and folder); `killRounds` kills while storing. */
export async function runFaults(t: Teardown, killRounds = 1): Promise<FaultOutcome[]> {
  return [
    await killDuringTrace(),
    await killWhileStoring(killRounds),
    await diskFault(
      'disk full',
      t,
      (disk) => disk.fill(),
      (disk) => disk.free(),
    ),
    await diskFault(
      'disk read-only',
      t,
      (disk) => disk.readOnly(),
      (disk) => disk.writable(),
    ),
  ];
}
