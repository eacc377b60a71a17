/**
 * The one typeface of everything we draw with text (social images, brand
 * guide, PDF): DejaVu Sans from the dejavu-fonts-ttf package, for its wide
 * coverage (Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic and
 * many symbols) and because nothing may be fetched at run time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type * as Fontkit from 'fontkit';

const require = createRequire(import.meta.url);

/** fontkit on first use (the CommonJS build pdfkit requires too, so pdfkit takes our fonts as its own). */
let fontkit: typeof Fontkit | undefined;

export const FONT_FAMILY = 'DejaVu Sans';
export const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

const opened = new Map<keyof typeof FONT_FILES, Fontkit.Font>();

/**
 * The font parsed by fontkit (pdfkit's font engine), once per process:
 * parsing it is the slowest synchronous step of a PDF, and the parsed font
 * serves any number of documents (each embeds its own subset).
 */
export function parsedFont(weight: keyof typeof FONT_FILES): Fontkit.Font {
  let font = opened.get(weight);
  if (!font) {
    fontkit ??= require('fontkit') as typeof Fontkit;
    const parsed = fontkit.create(readFileSync(FONT_FILES[weight]));
    if ('fonts' in parsed) throw new Error(`${FONT_FILES[weight]} is a font collection`);
    font = parsed;
    opened.set(weight, font);
  }
  return font;
}
