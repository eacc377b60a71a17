/** What every part of the kit is made from: the parsed logo and its mark with their colors, the request, and the renderer. */
import type { LogoArt } from '../logo-art.js';
import type { Rasterize } from '../raster.js';
import type { Underlays } from './layering.js';
import type { KitMark } from './mark.js';
import type { ListedColor, PaletteColor, PaletteGradient } from './palette.js';

/** A drawing with the colors the variants are worked out from. */
export interface ColoredArt {
  art: LogoArt;
  /** Its fills, largest share first. */
  palette: PaletteColor[];
  underlays: Underlays;
}

export type ColoredMark = KitMark & ColoredArt;

export interface KitContext extends ColoredArt {
  /** What the palette files and the guide's colors page list: the brand colors in the order given, then the others. */
  listedColors: ListedColor[];
  /** The logo's gradients, each a ramp of palette colors. */
  gradients: PaletteGradient[];
  /** What the square and small images show. */
  mark: ColoredMark;
  /** The brand name exactly as requested: escape it wherever it lands. */
  name: string;
  /** File-name-safe form of the name. */
  slug: string;
  /** Lower-case '#rrggbb' behind the kit's opaque images. */
  background: string;
  /** Draws every PNG of the kit. */
  rasterize: Rasterize;
}
