/**
 * Every PNG of the kit and the mockups is an SVG drawing rendered by resvg on the libuv
 * threadpool, then encoded by sharp, also off the event loop (resvg's own
 * asPng() would encode on the JS thread). One render per core runs at once, so
 * a build keeps the cores busy without holding every bitmap in memory together.
 */
import { availableParallelism } from 'node:os';

import { renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';

import { FONT_FAMILY, FONT_FILES } from './fonts.js';

export interface RasterOptions {
  /** Drop the alpha channel (iOS icons must not have one). The drawing must paint every pixel. */
  opaque?: boolean;
  /** The drawing sets text: load the kit's font. */
  text?: boolean;
}

/** One render per core: more would only hold more bitmaps in memory at once. */
const CONCURRENT_RENDERS = Math.max(2, availableParallelism());
let running = 0;
const queued: Array<() => void> = [];

async function withRenderSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_RENDERS) await new Promise<void>((resolve) => queued.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    queued.shift()?.();
  }
}

const NO_FONTS = { loadSystemFonts: false };
const KIT_FONTS = { loadSystemFonts: false, fontFiles: [FONT_FILES.regular, FONT_FILES.bold], defaultFontFamily: FONT_FAMILY };

/** A complete SVG document `width` x `height` px with `body` inside. */
export function drawing(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export function rasterize(svg: string, options: RasterOptions = {}): Promise<Buffer> {
  return withRenderSlot(async () => {
    const rendered = await renderAsync(svg, { font: options.text ? KIT_FONTS : NO_FONTS });
    // resvg hands out premultiplied RGBA; sharp un-premultiplies when told so.
    const image = sharp(rendered.pixels, {
      raw: { width: rendered.width, height: rendered.height, channels: 4, premultiplied: true },
    });
    return (options.opaque ? image.removeAlpha() : image).png().toBuffer();
  });
}
