/**
 * The sandbox's built-in logo: a mark this project draws itself (no third-party
 * artwork), with four brand colors and a margin around it so `trim` has
 * something to crop. POST /api/sample renders it to PNG and traces it like an
 * upload.
 */
import type { Rasterize } from './raster.js';

export const SAMPLE_LOGO_COLORS = ['#1e2a4a', '#f2a541', '#e4572e', '#29a19c'] as const;

const [navy, amber, vermilion, teal] = SAMPLE_LOGO_COLORS;

export const SAMPLE_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">
  <rect x="80" y="60" width="280" height="280" rx="56" fill="${navy}"/>
  <circle cx="282" cy="140" r="34" fill="${teal}"/>
  <path d="M104 300 L196 150 L250 230 L288 180 L338 300 Z" fill="${amber}"/>
  <path d="M196 150 L232 209 L214 236 L196 212 L178 238 L160 210 Z" fill="${vermilion}"/>
  <rect x="392" y="120" width="176" height="44" rx="22" fill="${navy}"/>
  <rect x="392" y="186" width="132" height="44" rx="22" fill="${teal}"/>
  <rect x="392" y="252" width="88" height="44" rx="22" fill="${vermilion}"/>
</svg>`;

/** The sample logo as PNG: rendered on the first call, then kept (a failed render is tried again next time). */
export function createSampleLogoPng(rasterize: Rasterize): () => Promise<Buffer> {
  let png: Promise<Buffer> | undefined;
  return () => {
    png ??= rasterize(SAMPLE_LOGO_SVG).catch((error: unknown) => {
      png = undefined;
      throw error;
    });
    return png;
  };
}
