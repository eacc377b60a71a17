/**
 * The kit's palette: the fills actually present in the logo's SVG (so colors
 * hidden from the job cannot leak into any file), biggest share first, with
 * every notation the palette files and the guide print.
 */
import { hexToRgb, rgbToCmyk, rgbToHsl, type Cmyk, type Hsl, type Rgb } from '../color.js';
import { measureFillShares } from '../fill-shares.js';
import type { LogoArt } from '../logo-art.js';

export interface PaletteColor {
  /** 'Primary', 'Secondary', 'Accent 1', ... by share of the logo. */
  name: string;
  /** The name as a CSS identifier part: 'primary', 'accent-1'. */
  token: string;
  hex: string;
  rgb: Rgb;
  hsl: Hsl;
  cmyk: Cmyk;
  /** Part of the logo's visible area in this color, 0-1. */
  share: number;
}

function roleName(rank: number): string {
  if (rank === 0) return 'Primary';
  if (rank === 1) return 'Secondary';
  return `Accent ${rank - 1}`;
}

export async function analyzePalette(art: LogoArt): Promise<PaletteColor[]> {
  const shares = await measureFillShares(art);
  // Array.prototype.sort is stable, so equal shares keep the SVG's paint order.
  const ranked = [...shares].sort(([, a], [, b]) => b - a);
  return ranked.map(([hex, share], rank) => {
    const rgb = hexToRgb(hex);
    const name = roleName(rank);
    return {
      name,
      token: name.toLowerCase().replace(/ /g, '-'),
      hex,
      rgb,
      hsl: rgbToHsl(rgb),
      cmyk: rgbToCmyk(rgb),
      share,
    };
  });
}

/** '42.5%' */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
