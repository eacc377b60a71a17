/**
 * Traces one file with plain vtracer and prints the milliseconds: run in a
 * child process so a benchmark can stop a trace that nothing else bounds.
 */
import { readFile } from 'node:fs/promises';

import { tracePlainVtracer } from '../../test/helpers/native-hooks.js';

const file = process.argv[2];
if (!file) throw new Error('usage: vtracer-once.ts FILE');
const image = await readFile(file);
const started = performance.now();
await tracePlainVtracer(image);
process.stdout.write(`${(performance.now() - started).toFixed(0)}\n`);
