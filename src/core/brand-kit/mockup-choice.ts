/**
 * Which fabric a mockup uses and how the logo is printed on it: of the
 * garment's colors (of one tone, or of all), the one the logo stands out on
 * best, and the logo as it reads there (lightened on dark fabric). The kit's
 * mockups and the API's mockup PNGs choose the same way.
 */
import { logoDocument, parseLogoArt } from '../logo-art.js';
import { mockupColors, renderMockup, type MockupFormat, type MockupKind } from '../mockups/index.js';
import { pickGarmentColor } from '../mockups/garment-color.js';
import type { Rasterize } from '../raster.js';
import type { ColoredArt } from './context.js';
import { measureUnderlays } from './layering.js';
import { analyzePalette } from './palette.js';
import { variantFor } from './variants.js';

export type FabricTone = 'light' | 'dark';

/** The fabric of `tone` (of either tone when absent) that `colors` stand out on best. */
export function fabricFor(colors: ColoredArt, kind: MockupKind, tone?: FabricTone): string {
  const { light, dark } = mockupColors(kind);
  const offered = tone === undefined ? [...light, ...dark] : tone === 'light' ? light : dark;
  return pickGarmentColor(new Map(colors.palette.map((color) => [color.hex, color.share])), offered);
}

/** The mockup of `kind` in `fabric`, the logo printed as it reads on that fabric. */
export function mockupOn(
  colors: ColoredArt,
  kind: MockupKind,
  fabric: string,
  rasterize: Rasterize,
  format: MockupFormat = 'png',
): Promise<Buffer> {
  const variant = variantFor(colors.palette, colors.underlays, fabric);
  return renderMockup(kind, logoDocument(colors.art, variant.paint), rasterize, fabric, format);
}

/** The mockup of an SVG from our engine on the fabric it stands out on best. */
export async function bestMockup(svg: string, kind: MockupKind, rasterize: Rasterize): Promise<Buffer> {
  const art = parseLogoArt(svg);
  const [palette, underlays] = await Promise.all([analyzePalette(art), measureUnderlays(art)]);
  const colors = { art, palette, underlays };
  return mockupOn(colors, kind, fabricFor(colors, kind), rasterize);
}
