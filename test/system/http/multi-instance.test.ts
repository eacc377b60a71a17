/**
 * Two server processes on one Redis (STORE=redis), as behind a load balancer:
 * jobs, idempotency keys, visibility and expiry are shared; the gate admits
 * MAX_CONCURRENT_JOBS traces across both; Redis stopped gives 503s and a
 * failing health check, then everything recovers with no job lost (Redis
 * persistence on); an instance killed mid-trace frees its slot within the lease.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

import t from 'tap';

import { connectRedis } from '../../../src/store/redis/client.js';
import { GATE_KEY } from '../../../src/store/redis/gate.js';
import { newDataDir } from '../../helpers/app.js';
import { mosaic } from '../../helpers/hostile.js';
import { drawnLogo, FOUR_COLORS } from '../../helpers/images.js';
import { uploadInFlight } from '../../helpers/multipart.js';
import { redisMissing, startRedis } from '../../helpers/redis-server.js';
import { startServer } from '../../helpers/server-process.js';

const LEASE_SECONDS = 2;

function upload(base: string, image: Buffer, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)]), 'logo.png');
  return fetch(`${base}/api/vectorize`, { method: 'POST', body: form, headers });
}

async function jobOf(res: Response): Promise<{ id: string; palette: string[] }> {
  if (res.status !== 200) throw new Error(`expected a job, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; palette: string[] };
}

const text = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
};

/** Resolves once some instance holds a slot of the cluster's gate (its sorted set in Redis). */
async function slotHeld(url: string): Promise<void> {
  const watcher = await connectRedis({ url });
  try {
    while ((await watcher.zcard(GATE_KEY)) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    watcher.disconnect();
  }
}

async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

t.test('two instances on one Redis act as one service', { skip: redisMissing, timeout: 120_000 }, async (t) => {
  const redis = await startRedis(t, { appendonly: true });
  const env = async (extra: Record<string, string> = {}) => ({
    STORE: 'redis',
    REDIS_URL: redis.url,
    DATA_DIR: await newDataDir(t),
    MAX_CONCURRENT_JOBS: '1',
    GATE_LEASE_SECONDS: String(LEASE_SECONDS),
    // The slow mosaic must hold the slot, not hit the trace deadline: on a slower machine it nears 1.5 s.
    TRACE_DEADLINE_MS: '20000',
    LOG_LEVEL: 'fatal',
    ...extra,
  });
  const [a, b] = await Promise.all([startServer(await env()), startServer(await env())]);
  t.teardown(() => Promise.all([kill(a.child), kill(b.child)]));
  const logo = (await drawnLogo({ width: 300, palette: FOUR_COLORS })).image;
  // Eight colors in 19 px squares: it traces for about a second, so requests can meet during it.
  const slow = (await mosaic(1414, 8, 19)).image;

  const made = await jobOf(await upload(a.base, logo));
  const svgOnA = await text(`${a.base}/api/jobs/${made.id}/logo.svg`);
  t.same(await text(`${b.base}/api/jobs/${made.id}/logo.svg`), svgOnA, 'a job made on A is served by B');
  t.equal((await fetch(`${b.base}/api/jobs/${made.id}/preview.png`)).status, 200, 'with its preview');

  const keyed = await jobOf(await upload(a.base, logo, { 'Idempotency-Key': 'shared-key' }));
  const replay = await upload(b.base, logo, { 'Idempotency-Key': 'shared-key' });
  t.equal(replay.headers.get('idempotent-replayed'), 'true', 'a key used on A replays on B');
  t.equal((await jobOf(replay)).id, keyed.id, 'with the same job');

  const atOnce = await Promise.all(
    [a, b].map((server) => upload(server.base, slow, { 'Idempotency-Key': 'raced-key' }).then((res) => res.status)),
  );
  t.same([...atOnce].sort(), [200, 409], 'the same key on A and B at once: one success, one 409');

  const hidden = made.palette[0] ?? '';
  const visibility = await fetch(`${b.base}/api/jobs/${made.id}/visibility`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hidden_colors: [hidden] }),
  });
  const visible = await jobOf(visibility);
  t.notOk(visible.palette.includes(hidden), 'a visibility job made on B of a job from A');
  t.equal((await fetch(`${a.base}/api/jobs/${visible.id}/logo.svg`)).status, 200, 'is served by A');

  const statsOf = async (base: string) =>
    ((await (await fetch(`${base}/api/stats`)).json()) as { uploads: { today: number } }).uploads.today;
  const [uploadsOnA, uploadsOnB] = [await statsOf(a.base), await statsOf(b.base)];
  t.equal(uploadsOnA, uploadsOnB, 'both instances report the same counts');
  t.ok(uploadsOnA >= 3, `uploads made on either are counted (${uploadsOnA})`);

  const gated = await Promise.all([a, b].map((server) => upload(server.base, slow).then((res) => res.status)));
  t.same([...gated].sort(), [200, 429], 'MAX_CONCURRENT_JOBS=1 admits one trace across both instances');

  // A third instance makes jobs that live one second; the others expire them too.
  const short = await startServer(await env({ JOB_TTL_SECONDS: '1' }));
  t.teardown(() => kill(short.child));
  const brief = await jobOf(await upload(short.base, logo));
  t.equal((await fetch(`${a.base}/api/jobs/${brief.id}/logo.svg`)).status, 200, 'a job is live on every instance');
  await new Promise((resolve) => setTimeout(resolve, 1200));
  for (const server of [a, b]) {
    const expired = await text(`${server.base}/api/jobs/${brief.id}/logo.svg`);
    t.equal(expired.status, 404, 'and expired on every instance');
    t.match(expired.body, /expired/, 'with the expired message');
  }

  await redis.stop();
  const down = {
    upload: (await upload(a.base, logo)).status,
    read: (await fetch(`${b.base}/api/jobs/${made.id}/logo.svg`)).status,
    health: (await fetch(`${a.base}/api/health`)).status,
  };
  t.same(down, { upload: 503, read: 503, health: 503 }, 'Redis stopped: writes and reads 503, health 503');
  await redis.start();
  // Each instance reconnects on its own: both must be back before A is asked to upload.
  let healthy = false;
  for (let attempt = 0; attempt < 50 && !healthy; attempt++) {
    const statuses = await Promise.all([a, b].map(async (server) => (await fetch(`${server.base}/api/health`)).status));
    healthy = statuses.every((status) => status === 200);
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.ok(healthy, 'Redis back: the instances recover by themselves');
  t.same(await text(`${b.base}/api/jobs/${made.id}/logo.svg`), svgOnA, 'no job written before the stop is lost');
  t.equal((await upload(a.base, logo)).status, 200, 'uploads work again');

  // A dies with a trace's slot: B is turned away until the lease lapses, then admitted. A is frozen
  // the moment its trace holds the slot (in Redis): after a fixed wait a fast machine had finished
  // the trace already, and froze, it can neither finish nor renew its lease.
  const { ended: dying } = await uploadInFlight(a.base, slow, {});
  await slotHeld(redis.url);
  a.child.kill('SIGSTOP');
  const held = (await upload(b.base, logo)).status === 429;
  t.ok(held, "A's trace holds the cluster's slot");
  await kill(a.child, 'SIGKILL');
  t.equal(await dying, 'connection lost', 'A died mid-trace');
  const killedAt = Date.now();
  let admitted = false;
  while (!admitted && Date.now() - killedAt < (LEASE_SECONDS + 3) * 1000) {
    admitted = (await upload(b.base, logo)).status === 200;
    if (!admitted) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const freedMs = Date.now() - killedAt;
  t.ok(held && admitted && freedMs <= (LEASE_SECONDS + 1) * 1000, `the slot is free within the lease (${freedMs} ms)`);
});
