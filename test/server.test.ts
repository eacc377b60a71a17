/** The entry point as `npm start` runs it: listens on PORT, serves, and exits cleanly on SIGTERM. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

import t from 'tap';

import { newDataDir } from './helpers/app.js';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

t.test('src/server.ts listens on PORT and closes gracefully on SIGTERM', async (t) => {
  const port = await freePort();
  const root = join(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: await newDataDir(t), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => child.kill('SIGKILL'));
  let health: Response | undefined;
  for (let attempt = 0; attempt < 100 && !health; attempt++) {
    health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  t.equal(health?.status, 200);
  t.same(await health?.json(), { status: 'ok' });
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  t.equal(code, 0);
});

t.test('invalid configuration stops the server with a message', async (t) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, PORT: 'eighty' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  t.not(code, 0);
  t.match(stderr, /PORT must be an integer/);
});
