/**
 * A garment for a mockup: its lit surface (drawn once, whatever the logo),
 * the fabric colors it comes in, and where and how the logo goes on it.
 */
import type { Box } from '../geometry.js';
import type { Rasterize } from '../raster.js';
import type { Surface } from './surface.js';

export interface Garment {
  /** Fabric colors offered, light (relative luminance over 0.5) and dark (under 0.2), each list best first. */
  colors: { light: readonly string[]; dark: readonly string[] };
  /** The garment modelled and lit; the same every time, so it is drawn once per process. */
  surface(rasterize: Rasterize): Promise<Surface>;
  /** The room for the logo, in the garment's print units (those of the surface's print map). */
  printArea: Box;
  /** Where a logo shorter than the room goes: up against its top (a chest print) or in its middle. */
  printAlign: 'top' | 'middle';
  /** Logo texels per print unit: at least two per canvas pixel, so the print stays crisp. */
  texelsPerUnit: number;
  /** How the print is made, which sets its look. */
  printMethod: 'screen-print' | 'embroidery';
}
