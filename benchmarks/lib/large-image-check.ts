/** The large-image target: a 6000x3333 logo traced in an isolated child process. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import sharp from 'sharp';

/** A wide logo with two colors and fine detail, upscaled for the large-image target and the speed benchmark. */
export const LARGE_IMAGE_LOGO = 'logo-apigee';
export const LARGE_IMAGE_WIDTH = 6000;
export const LARGE_IMAGE_HEIGHT = 3333;
/** The logo fills this share of the canvas's width or height, whichever it reaches first. */
const LOGO_FILL = 0.95;

const BENCHMARKS_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PROJECT_ROOT = path.dirname(BENCHMARKS_DIR);
const CHILD_SCRIPT = path.join(BENCHMARKS_DIR, 'large-image.ts');

/** What the child process prints. */
export interface LargeImageReport {
  width: number;
  height: number;
  engineMs: number;
  /** Includes handing the result back to the JS thread. */
  wallMs: number;
  peakRssBytes: number;
  svgBytes: number;
  warnings: string[];
}

export interface LargeImageResult extends LargeImageReport {
  logo: string;
}

/** Upscales the logo onto a transparent canvas of `width` x `height` (the target size by default), centred. */
export async function writeLargeLogo(
  logoPng: Buffer,
  file: string,
  width = LARGE_IMAGE_WIDTH,
  height = LARGE_IMAGE_HEIGHT,
): Promise<void> {
  const logo = await sharp(logoPng)
    .resize({
      width: Math.round(width * LOGO_FILL),
      height: Math.round(height * LOGO_FILL),
      fit: 'inside',
      kernel: 'lanczos3',
    })
    .png()
    .toBuffer();
  await sharp({
    create: {
      width,
      height,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toFile(file);
}

export async function runLargeImageCheck(logoName: string, logoPng: Buffer): Promise<LargeImageResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'logo-bench-'));
  try {
    const file = path.join(dir, `${logoName}-${LARGE_IMAGE_WIDTH}x${LARGE_IMAGE_HEIGHT}.png`);
    await writeLargeLogo(logoPng, file);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD_SCRIPT, file], {
      cwd: PROJECT_ROOT,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as LargeImageReport;
    return { logo: logoName, ...report };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
