/**
 * Seam pixels (issue 4): where the backdrop shows through between two colors
 * of an SVG. A pixel is a seam pixel when it lies well inside the union of the
 * SVG's shapes (every pixel centre within two source pixels of it is covered,
 * so it is no anti-aliased outline, sharp corner or tip of a real gap) but the
 * rendered colors do not cover it: over a contrasting backdrop, that is
 * exactly where the backdrop would bleed through.
 */
import { Resvg } from '@resvg/resvg-js';

/** Backdrop showing through by more than this (of 255) is a seam. */
const BLEED_TOLERANCE = 2;
/** Pixels this close to the outline of the union are not checked (source pixels). */
const INTERIOR_MARGIN = 2;

function renderAlpha(svg: string, width: number): Uint8Array {
  const rendered = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  }).render();
  const pixels = rendered.pixels;
  const alpha = new Uint8Array(pixels.length / 4);
  for (let i = 0; i < alpha.length; i++) alpha[i] = pixels[i * 4 + 3]!;
  return alpha;
}

/**
 * Which pixel centres the union of the shapes covers: every shape in one color,
 * without anti-aliasing, so coverage is decided per sample and never blends.
 */
function unionCentres(svg: string, width: number): Uint8Array {
  const crisp = svg
    .replace('<svg ', '<svg shape-rendering="crispEdges" ')
    .replace(/fill="#[0-9a-f]{6}"/gi, 'fill="#000000"');
  return renderAlpha(crisp, width);
}

/** Seam pixels of `svg` rendered `scale` times its `width`. */
export function countSeamPixels(svg: string, width: number, scale: number): number {
  const layered = renderAlpha(svg, width * scale);
  const union = unionCentres(svg, width * scale);
  const w = width * scale;
  const h = layered.length / w;
  let seams = 0;
  const r = INTERIOR_MARGIN * scale;
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      const i = y * w + x;
      if (layered[i]! >= 255 - BLEED_TOLERANCE) continue;
      let inside = true;
      for (let dy = -r; dy <= r && inside; dy++) {
        for (let dx = -r; dx <= r && inside; dx++) inside = union[i + dy * w + dx] === 255;
      }
      if (inside) seams++;
    }
  }
  return seams;
}
