/** The entry point as `npm start` runs it: listens on PORT, serves, and exits cleanly on SIGTERM. */
import { once } from 'node:events';

import t from 'tap';

import { newDataDir } from '../helpers/app.js';
import { spawnServer, startServer } from '../helpers/server-process.js';

t.test('src/server.ts listens on PORT and closes gracefully on SIGTERM', async (t) => {
  const { base, child } = await startServer({ DATA_DIR: await newDataDir(t), LOG_LEVEL: 'warn' });
  t.teardown(() => child.kill('SIGKILL'));
  const health = await fetch(`${base}/api/health`);
  t.equal(health.status, 200);
  t.same(await health.json(), { status: 'ok' });
  child.kill('SIGTERM');
  const [code] = await once(child, 'exit');
  t.equal(code, 0);
});

t.test('invalid configuration stops the server with a message', async (t) => {
  const child = spawnServer({ PORT: 'eighty' });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = await once(child, 'exit');
  t.not(code, 0);
  t.match(stderr, /PORT must be an integer/);
});
