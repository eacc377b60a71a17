/**
 * The share of the logo's visible area each color covers, measured the way a
 * viewer sees it: render each path flat in a color of its own without
 * anti-aliasing (every pixel is exactly one path or empty, and later paths
 * cover earlier ones) and count pixels. A gradient's area is shared equally
 * by its stops, as the engine's palette counts it.
 */
import { renderAsync } from '@resvg/resvg-js';

import { colorsOf, logoInBox, pathColors, type LogoArt } from './logo-art.js';

/** Long side of the measuring render: plenty for percentages, a few milliseconds to count. */
const MEASURE_SIDE_PX = 512;

/** Path i is drawn in the color whose 24 bits are i + 1, so no path is confused with another or with black. */
const keyColor = (index: number) => `#${(index + 1).toString(16).padStart(6, '0')}`;

export async function measureFillShares(art: LogoArt): Promise<Map<string, number>> {
  const scale = MEASURE_SIDE_PX / Math.max(art.width, art.height);
  const width = Math.max(1, Math.round(art.width * scale));
  const height = Math.max(1, Math.round(art.height * scale));
  const keyed = { ...art, paths: art.paths.map((path, index) => ({ d: path.d, fill: keyColor(index) })) };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" shape-rendering="crispEdges">${logoInBox(keyed, { x: 0, y: 0, width, height })}</svg>`;
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
  // Opaque pixels only: their premultiplied bytes are the key color's own RGB.
  const wordOf = (fill: string) => {
    const [word = 0] = new Uint32Array(Uint8Array.from([...Buffer.from(fill.slice(1), 'hex'), 255]).buffer);
    return word;
  };
  const areas = new Map(colorsOf(art).map((color) => [color, 0]));
  art.paths.forEach((path, index) => {
    const colors = pathColors(path);
    const area = counts.get(wordOf(keyColor(index))) ?? 0;
    for (const color of colors) areas.set(color, (areas.get(color) ?? 0) + area / colors.length);
  });
  const total = [...areas.values()].reduce((sum, area) => sum + area, 0);
  return new Map([...areas].map(([color, area]) => [color, total > 0 ? area / total : 1 / areas.size]));
}
