/**
 * The addon loads and traces in worker threads that come and go (a pool's
 * workers) as well as on the main thread: its allocator keeps state per
 * thread, which must outlive the thread that loaded it. This file loads the
 * addon in a worker first, before the main thread has touched it.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import t from 'tap';

import { DEFAULT_SETTINGS } from '../../src/core/settings.js';
import { png, twoColorLogo } from '../helpers/fixtures.js';

const BINDING = fileURLToPath(new URL('../../native/binding.cjs', import.meta.url));
const LOGO = png(twoColorLogo());

/** Runs in a worker: loads the addon there, traces the logo, posts the SVG. */
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const addon = require(workerData.binding);
addon.traceImage(Buffer.from(workerData.image), workerData.settings).then(
  (result) => parentPort.postMessage({ svg: result.svg }),
  (error) => parentPort.postMessage({ error: String(error) }),
);
`;

/** The SVG a fresh worker traces, once that worker has exited. */
function traceInWorker(): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      workerData: { binding: BINDING, image: LOGO, settings: DEFAULT_SETTINGS },
    });
    let reply: { svg?: string; error?: string } = { error: 'the worker posted nothing' };
    worker.on('message', (message: typeof reply) => (reply = message));
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the worker exited with ${code}`));
      else if (reply.svg === undefined) reject(new Error(reply.error));
      else resolve(reply.svg);
    });
  });
}

t.test('workers that load the addon and exit leave it working for the next threads', async (t) => {
  const first = await traceInWorker();
  t.match(first, /<path fill="#fc4c02"/, 'the first worker traced the logo');
  for (let round = 0; round < 4; round += 1) {
    t.equal(await traceInWorker(), first, `worker ${round + 2}, after the others exited`);
  }
  const [a, b] = await Promise.all([traceInWorker(), traceInWorker()]);
  t.ok(a === first && b === first, 'two workers at once');
  const { nativeAddon } = await import('../helpers/native-addon.js');
  const onMain = await nativeAddon.traceImage(LOGO, DEFAULT_SETTINGS);
  t.equal(onMain.svg, first, 'the main thread, after the workers');
  t.equal(await traceInWorker(), first, 'a worker after the main thread');
});
