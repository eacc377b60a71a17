/**
 * The server as `npm start` runs it, in a child process: used by the entry
 * point's tests and by the API benchmark, so neither shares its event loop
 * with the server.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

import { builtEntry } from './built.js';

const PROJECT_ROOT = join(import.meta.dirname, '../..');
// One server starts in about 1.4 s from dist/ on an idle 2-core machine;
// two at once beside another test file took several times that in CI.
const STARTUP_TIMEOUT_MS = 30_000;

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * The built server (dist/server.js) with `env` added to this process's
 * environment; `preload` modules (TypeScript, through tsx) are imported first.
 */
export function spawnServer(
  env: Record<string, string>,
  stdio: StdioOptions = ['ignore', 'pipe', 'pipe'],
  preload: readonly string[] = [],
): ChildProcess {
  const imports = preload.length === 0 ? [] : ['tsx', ...preload].flatMap((module) => ['--import', module]);
  return spawn(process.execPath, [...imports, builtEntry('server.js')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio,
  });
}

/** The server on a free loopback port, once GET /api/health answers 200; killed if it never does. */
export async function startServer(
  env: Record<string, string>,
  stdio?: StdioOptions,
  preload?: readonly string[],
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnServer({ ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio, preload);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill();
  throw new Error('the server did not start');
}
