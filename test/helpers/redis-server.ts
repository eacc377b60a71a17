/**
 * A Redis server of the test's own, on a free loopback port, stopped at
 * teardown: no system service is assumed. It is Debian's `redis-server`
 * (.ci/run installs it); without it `startRedis` answers why, and the tests
 * that need it say so.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Teardown } from './app.js';
import { freePort } from './server-process.js';

export interface TestRedis {
  url: string;
  port: number;
  /** Its data folder (for persistence tests). */
  dir: string;
  stop(): Promise<void>;
  /** Starts it again on the same port and folder after stop(). */
  start(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 5000;

/** Why there is no redis-server here, or false when there is. */
export const redisMissing =
  spawnSync('redis-server', ['--version']).status === 0
    ? false
    : 'redis-server is not installed (apt-get install redis-server; .ci/run does)';

async function ready(child: ChildProcess): Promise<void> {
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`redis-server did not start: ${output}`));
    }, STARTUP_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${String(code)}): ${output}`));
    });
  });
  await started;
}

/** Redis on a free port; `appendonly` keeps every write on disk, so a restart loses nothing. */
export async function startRedis(t: Teardown, { appendonly = false } = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'lv-redis-'));
  let child: ChildProcess | null = null;
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    appendonly ? 'yes' : 'no',
    '--appendfsync',
    'always',
  ];
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    async start() {
      child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      await ready(child);
    },
    async stop() {
      const running = child;
      child = null;
      if (running?.exitCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGTERM');
      await exited;
    },
  };
  await redis.start();
  t.teardown(async () => {
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return redis;
}
