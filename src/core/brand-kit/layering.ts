/**
 * What each color of a logo is drawn on: for every fill, the fill that shows
 * all round most of its edge (the badge round white letters), or none when
 * the background does. A gradient's stops are drawn on what its path is, and
 * a gradient lying under a path stands there as its middle stop. The edge is what the eye compares a color with; what
 * lies under it may be hidden (our engine lays lower colors on under the
 * upper ones). Measured on a crisp render, one mask per path, replaying the
 * paint order.
 */
import { renderAsync } from '@resvg/resvg-js';

import { escapeXml } from '../escape.js';
import { pathColors, type LogoArt } from '../logo-art.js';

/** Fill -> the fill under it; fills that stand on the background are absent. */
export type Underlays = ReadonlyMap<string, string>;

/** Long side of the measuring render: enough to tell what lies on what. */
const MEASURE_SIDE_PX = 192;
/** A fill lies on another when that one shows round at least this part of its edge. */
const MOSTLY = 0.5;
/** How far out from a color its surroundings are looked at, in measuring pixels. */
const EDGE_PX = 2;
const BACKGROUND = -1;

async function coverage(art: LogoArt, index: number, width: number, height: number): Promise<Uint8Array> {
  const { x, y, width: w, height: h } = art.viewBox;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x} ${y} ${w} ${h}" shape-rendering="crispEdges"><path fill="#000000" d="${escapeXml(art.paths[index]?.d ?? '')}"/></svg>`;
  const { pixels } = await renderAsync(svg, { font: { loadSystemFonts: false } });
  const covered = new Uint8Array(width * height);
  for (let i = 0; i < covered.length; i++) covered[i] = (pixels[i * 4 + 3] ?? 0) > 127 ? 1 : 0;
  return covered;
}

/** `mask` grown by `radius` pixels in every direction (a square neighbourhood). */
function grown(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  mask.forEach((covered, p) => {
    if (!covered) return;
    const [x, y] = [p % width, Math.floor(p / width)];
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[ny * width + nx] = 1;
      }
    }
  });
  return out;
}

export async function measureUnderlays(art: LogoArt): Promise<Underlays> {
  const scale = MEASURE_SIDE_PX / Math.max(art.width, art.height);
  const width = Math.max(1, Math.round(art.width * scale));
  const height = Math.max(1, Math.round(art.height * scale));
  const masks = await Promise.all(art.paths.map((_, index) => coverage(art, index, width, height)));
  // The path that shows at each pixel: the last painted that covers it.
  const shown = new Int16Array(width * height).fill(BACKGROUND);
  masks.forEach((mask, index) => {
    mask.forEach((covered, p) => {
      if (covered) shown[p] = index;
    });
  });
  const underlays = new Map<string, string>();
  masks.forEach((mask, index) => {
    const path = art.paths[index];
    const fill = path?.fill;
    const around = new Map<number, number>();
    let edge = 0;
    grown(mask, width, height, EDGE_PX).forEach((near, p) => {
      if (!near || mask[p]) return;
      const other = shown[p] ?? BACKGROUND;
      // Its own color round it (another path of the same fill) says nothing of what it lies on.
      if (other !== BACKGROUND && art.paths[other]?.fill === fill) return;
      edge++;
      around.set(other, (around.get(other) ?? 0) + 1);
    });
    const [top] = [...around].sort(([, a], [, b]) => b - a);
    const underFill = top && top[0] !== BACKGROUND ? art.paths[top[0]]?.fill : undefined;
    if (path && underFill && top && top[1] >= MOSTLY * edge) {
      for (const color of pathColors(path)) underlays.set(color, underFill);
    }
  });
  return underlays;
}
