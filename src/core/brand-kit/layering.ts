/**
 * What each color of a logo is drawn on: for every fill, the fill that lies
 * under most of its pixels (the badge under white letters), or none when it
 * stands on the background. Measured on a crisp render, one mask per path,
 * replaying the paint order.
 */
import { renderAsync } from '@resvg/resvg-js';

import { escapeXml } from '../escape.js';
import type { LogoArt } from '../logo-art.js';

/** Fill -> the fill under it; fills that stand on the background are absent. */
export type Underlays = ReadonlyMap<string, string>;

/** Long side of the measuring render: enough to tell what lies on what. */
const MEASURE_SIDE_PX = 192;
/** A fill counts as lying on another when that one is under at least this part of its pixels. */
const MOSTLY = 0.5;

async function coverage(art: LogoArt, index: number, width: number, height: number): Promise<Uint8Array> {
  const { x, y, width: w, height: h } = art.viewBox;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x} ${y} ${w} ${h}" shape-rendering="crispEdges"><path fill="#000000" d="${escapeXml(art.paths[index]?.d ?? '')}"/></svg>`;
  const { pixels } = await renderAsync(svg, { font: { loadSystemFonts: false } });
  const covered = new Uint8Array(width * height);
  for (let i = 0; i < covered.length; i++) covered[i] = (pixels[i * 4 + 3] ?? 0) > 127 ? 1 : 0;
  return covered;
}

export async function measureUnderlays(art: LogoArt): Promise<Underlays> {
  const scale = MEASURE_SIDE_PX / Math.max(art.width, art.height);
  const width = Math.max(1, Math.round(art.width * scale));
  const height = Math.max(1, Math.round(art.height * scale));
  const masks = await Promise.all(art.paths.map((_, index) => coverage(art, index, width, height)));
  const underlays = new Map<string, string>();
  masks.forEach((mask, index) => {
    const under = new Map<number, number>();
    const earlier = masks.slice(0, index);
    let pixels = 0;
    mask.forEach((covered, p) => {
      if (!covered) return;
      pixels++;
      // The topmost earlier path at this pixel is what shows through if this one is taken away.
      const below = earlier.findLastIndex((mask) => mask[p] === 1);
      if (below >= 0) under.set(below, (under.get(below) ?? 0) + 1);
    });
    const [top] = [...under].sort(([, a], [, b]) => b - a);
    const [fill, underFill] = [art.paths[index]?.fill, top && art.paths[top[0]]?.fill];
    if (top && fill && underFill && top[1] >= MOSTLY * pixels) underlays.set(fill, underFill);
  });
  return underlays;
}
