/**
 * The one SVG -> PNG path of the service (previews, the sample logo, the kit,
 * the mockups, review sheets): resvg renders on the libuv threadpool, then
 * sharp encodes, also off the event loop (resvg's own asPng() would encode on
 * the JS thread). A rasterizer lets a bounded number of renders run at once,
 * so a build keeps the cores busy without holding every bitmap in memory
 * together; the app makes one and hands it to everything that draws PNGs.
 */
import { availableParallelism } from 'node:os';

import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';

import { FONT_FAMILY, FONT_FILES } from './fonts.js';
import { createLocalGate, runWhenFree } from './gate.js';

export interface RasterOptions {
  /** Output pixels per SVG unit; by default the SVG's own size. */
  scale?: number;
  /** Output width in pixels, the height following the SVG's aspect; instead of `scale`. */
  width?: number;
  /** CSS color painted behind the drawing; transparent when omitted. */
  background?: string;
  /** Drop the alpha channel (iOS icons must not have one). The drawing must paint every pixel. */
  opaque?: boolean;
  /** The drawing sets text: load the kit's font. */
  text?: boolean;
}

const NO_FONTS = { loadSystemFonts: false };
const KIT_FONTS = {
  loadSystemFonts: false,
  fontFiles: [FONT_FILES.regular, FONT_FILES.bold],
  defaultFontFamily: FONT_FAMILY,
};

/** A complete SVG document `width` x `height` px with `body` inside. */
export function drawing(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

async function renderPng(svg: string, options: RasterOptions): Promise<Buffer> {
  const rendered = await renderAsync(svg, {
    font: options.text ? KIT_FONTS : NO_FONTS,
    ...(options.scale === undefined ? {} : { fitTo: { mode: 'zoom', value: options.scale } }),
    ...(options.width === undefined ? {} : { fitTo: { mode: 'width', value: options.width } }),
    ...(options.background === undefined ? {} : { background: options.background }),
  });
  // resvg hands out premultiplied RGBA; sharp un-premultiplies when told so.
  const image = sharp(rendered.pixels, {
    raw: { width: rendered.width, height: rendered.height, channels: 4, premultiplied: true },
  });
  return (options.opaque ? image.removeAlpha() : image).png().toBuffer();
}

/** An SVG document to PNG bytes. */
export type Rasterize = (svg: string, options?: RasterOptions) => Promise<Buffer>;

/** Renders in slots of its own; one per core by default, as more would only hold more bitmaps in memory at once. */
export function createRasterizer(concurrentRenders = Math.max(2, availableParallelism())): Rasterize {
  const slots = createLocalGate(concurrentRenders);
  return (svg, options = {}) => runWhenFree(slots, () => renderPng(svg, options));
}

/** Scale that fits a width x height drawing within `maxSide` pixels, never enlarging it. */
export function scaleToFit(width: number, height: number, maxSide: number): number {
  return Math.min(1, maxSide / Math.max(width, height, 1));
}
