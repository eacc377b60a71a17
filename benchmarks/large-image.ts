/**
 * Child process of the large-image check: traces one file with our settings and
 * prints one JSON line with the engine time and this process's own peak RSS,
 * so the benchmark's other allocations do not count against the target.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

import { traceImage } from '../src/core/tracer.js';
import { OUR_SETTINGS } from './lib/engines.js';
// Type only: loading sharp here would count against the RSS being measured.
import type { LargeImageReport } from './lib/large-image-check.js';

const file = process.argv[2];
if (file === undefined) {
  console.error('usage: node --import tsx benchmarks/large-image.ts IMAGE');
  process.exit(2);
}

const bytes = await readFile(file);
const started = performance.now();
const result = await traceImage(bytes, OUR_SETTINGS);
const report: LargeImageReport = {
  width: result.width,
  height: result.height,
  engineMs: result.engineMs,
  wallMs: performance.now() - started,
  // maxRSS is in kilobytes.
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
  svgBytes: Buffer.byteLength(result.svg),
  warnings: result.warnings,
};
console.log(JSON.stringify(report));
