/** What every part of the kit is made from: the parsed logo, its measured palette, the request, and the renderer. */
import type { LogoArt } from '../logo-art.js';
import type { Rasterize } from '../raster.js';
import type { PaletteColor } from './palette.js';

export interface KitContext {
  art: LogoArt;
  palette: PaletteColor[];
  /** The brand name exactly as requested: escape it wherever it lands. */
  name: string;
  /** File-name-safe form of the name. */
  slug: string;
  /** Lower-case '#rrggbb' behind the kit's opaque images. */
  background: string;
  /** Draws every PNG of the kit. */
  rasterize: Rasterize;
}
