/**
 * A garment drawn for a mockup, in layers: what lies under the print (in the
 * garment's color), the print area, and a light map laid over fabric and
 * print alike, so the print takes on the garment's folds, seams and lighting.
 */
import type { Box } from '../geometry.js';

export interface Garment {
  /** Fabric colors offered, best default first (it wins ties). */
  colors: readonly string[];
  /** SVG of the canvas under the print: backdrop, garment in `color`, seams. */
  base(color: string): string;
  /** SVG light map: 50% gray leaves the color alone, darker shades, lighter lights; transparent off the garment. Laid on with hard-light. */
  lightMap(): string;
  /** Where the print may go on the canvas; the logo is fitted inside and centred. */
  printArea: Box;
  /** How the print is made, which sets its look. */
  printMethod: 'screen-print' | 'embroidery';
  /**
   * Displacement map over printArea, a PNG of any size (it is stretched):
   * R shifts x and G shifts y; 128 is no shift, 0 and 255 half of `warpScale`
   * either way. Given the rendered light map, so folds and warp can agree.
   */
  warp(lightMapPng: Buffer): Promise<Buffer>;
  /** Pixels of shift at full swing of the warp map. */
  warpScale: number;
}
