/**
 * How long the worst images within the spec's limits hold the gate (issue 13),
 * measured against a running server: each image is uploaded alone, and the
 * answer's wall time bounds the hold (the gate is taken after the upload is
 * read and freed before the answer is sent). Real logos, drawn large, show
 * what a legitimate upload costs. Used by `npm run bench:hold` and
 * `npm run reliability`.
 */
import { hostileImages, type HostileImage } from '../../test/helpers/hostile.js';
import { drawnLogo } from '../../test/helpers/images.js';

export const TARGET_HOLD_MS = 2000;

export interface HoldImage extends HostileImage {
  kind: 'hostile' | 'logo';
}

export interface Hold {
  status: number;
  holdMs: number;
  detail: string;
}

async function realLogos(): Promise<HoldImage[]> {
  const drawn = async (width: number, format: 'png' | 'jpeg'): Promise<HoldImage> => {
    const logo = await drawnLogo({ width, format });
    return {
      kind: 'logo',
      name: `drawn logo, ${format.toUpperCase()} ${logo.width}x${logo.height}`,
      image: logo.image,
      width: logo.width,
      height: logo.height,
    };
  };
  return [await drawn(2000, 'png'), await drawn(2000, 'jpeg'), await drawn(6000, 'png')];
}

/** The hostile images, then the real logos. */
export async function holdImages(): Promise<HoldImage[]> {
  const hostile = (await hostileImages()).map((image): HoldImage => ({ ...image, kind: 'hostile' }));
  return [...hostile, ...(await realLogos())];
}

export async function measureHold(base: string, image: Buffer): Promise<Hold> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)]), 'image');
  const started = performance.now();
  const res = await fetch(`${base}/api/vectorize`, { method: 'POST', body: form });
  const body = (await res.json()) as { detail?: unknown; palette?: string[] };
  const holdMs = performance.now() - started;
  const detail = res.status === 200 ? `traced, ${body.palette?.length ?? 0} colors` : String(body.detail);
  return { status: res.status, holdMs, detail };
}
