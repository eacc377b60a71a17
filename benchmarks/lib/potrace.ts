/** The potrace baseline for one-color logos: the Debian `potrace` binary on a bitmap of the PNG's alpha. */
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

import type { EngineOutput } from './engines.js';
import type { Raster } from './raster.js';

const OPAQUE_ALPHA = 127;

export function isPotraceInstalled(): boolean {
  return spawnSync('potrace', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** Binary PBM (P4): rows padded to whole bytes, most significant bit first, 1 = black = shape. */
export function alphaToPbm(raster: Raster): Buffer {
  const header = Buffer.from(`P4\n${raster.width} ${raster.height}\n`, 'ascii');
  const rowBytes = Math.ceil(raster.width / 8);
  const bits = Buffer.alloc(rowBytes * raster.height);
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      if (raster.pixels[(y * raster.width + x) * 4 + 3]! > OPAQUE_ALPHA) {
        bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
  return Buffer.concat([header, bits]);
}

function fillColors(svg: string): string[] {
  const fills = [...svg.matchAll(/fill="(#[0-9a-f]{6})"/gi)].map((match) => match[1]!.toLowerCase());
  return [...new Set(fills)];
}

/** Traces with potrace's default settings; ms is the wall time of the potrace process. */
export function runPotrace(pbm: Buffer, color: string): Promise<EngineOutput> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Reading the bitmap from stdin makes potrace write the SVG to stdout: no temp files.
    const child = spawn('potrace', ['--svg', '--color', color], { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) {
        reject(new Error(`potrace exited with ${code}: ${Buffer.concat(stderr).toString().trim()}`));
        return;
      }
      const svg = Buffer.concat(stdout).toString();
      resolve({ svg, palette: fillColors(svg), ms });
    });
    child.stdin.end(pbm);
  });
}
