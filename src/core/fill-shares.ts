/**
 * The share of the logo's visible area each fill covers, measured the way a
 * viewer sees it: render without anti-aliasing (every pixel is exactly one
 * fill or empty, and later paths cover earlier ones) and count pixels.
 */
import { renderAsync } from '@resvg/resvg-js';

import { fillsOf, logoInBox, type LogoArt } from './logo-art.js';

/** Long side of the measuring render: plenty for percentages, a few milliseconds to count. */
const MEASURE_SIDE_PX = 512;

export async function measureFillShares(art: LogoArt): Promise<Map<string, number>> {
  const scale = MEASURE_SIDE_PX / Math.max(art.width, art.height);
  const width = Math.max(1, Math.round(art.width * scale));
  const height = Math.max(1, Math.round(art.height * scale));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" shape-rendering="crispEdges">${logoInBox(art, { x: 0, y: 0, width, height })}</svg>`;
  const { pixels } = await renderAsync(svg, { font: { loadSystemFonts: false } });

  // One 32-bit word per pixel; counting runs of equal words keeps map updates rare.
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.length / 4);
  const counts = new Map<number, number>();
  let runWord = words[0];
  let runStart = 0;
  // Past the end words[i] is undefined, which closes the last run.
  for (let i = 1; i <= words.length; i++) {
    if (words[i] === runWord) continue;
    if (runWord !== undefined) counts.set(runWord, (counts.get(runWord) ?? 0) + (i - runStart));
    runWord = words[i];
    runStart = i;
  }
  const fills = fillsOf(art);
  // Opaque pixels only: their premultiplied bytes are the fill's own RGB.
  const wordOf = (fill: string) => {
    const [word = 0] = new Uint32Array(Uint8Array.from([...Buffer.from(fill.slice(1), 'hex'), 255]).buffer);
    return word;
  };
  const countOf = (fill: string) => counts.get(wordOf(fill)) ?? 0;
  const total = fills.reduce((sum, fill) => sum + countOf(fill), 0);
  return new Map(fills.map((fill) => [fill, total > 0 ? countOf(fill) / total : 1 / fills.length]));
}
