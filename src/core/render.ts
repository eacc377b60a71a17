/** PNG rendering of SVGs with resvg, on the libuv threadpool so the event loop stays free. */
import { renderAsync } from '@resvg/resvg-js';

export interface RenderOptions {
  /** Output pixels per SVG unit; 1 renders at the SVG's own size. */
  scale?: number;
  /** CSS color painted behind the drawing; transparent when omitted. */
  background?: string;
}

export async function renderPng(svg: string, options: RenderOptions = {}): Promise<Buffer> {
  const rendered = await renderAsync(svg, {
    fitTo: { mode: 'zoom', value: options.scale ?? 1 },
    ...(options.background ? { background: options.background } : {}),
    // Our drawings have no text, and loading system fonts costs more than the render.
    font: { loadSystemFonts: false },
  });
  return rendered.asPng();
}

/** Scale that fits a width x height drawing within `maxSide` pixels, never enlarging it. */
export function scaleToFit(width: number, height: number, maxSide: number): number {
  return Math.min(1, maxSide / Math.max(width, height, 1));
}
