/**
 * The SVG drawings the kit's PNGs are rendered from: the logo alone, or on
 * the background color; and the mark as square icons, with the room each
 * platform asks for.
 */
import { fitInBox, fitInCircle, shrink, type Box, type Size } from '../geometry.js';
import { logoInBox } from '../logo-art.js';
import { drawing } from '../raster.js';
import type { ColoredArt, KitContext } from './context.js';
import { fullColor, monoVariant, variantFor, type Variant } from './variants.js';

/**
 * How much of an icon the mark takes. Every icon's mark covers at least 70% of the platform's safe zone
 * with its long side: a box of 0.75 of a full-bleed icon, or its corners on a safe circle (a square mark
 * inside a circle spans 1/sqrt(2) of it, any other shape more).
 */
export type MarkRoom =
  /** Inside a centred square of this fraction of the side. */
  | { box: number }
  /** With its corners inside a centred circle whose diameter is this fraction of the side (masks that crop to a circle). */
  | { circle: number };

export interface IconStyle {
  /** What sits behind the mark: nothing (transparent), the background color edge to edge, or a rounded tile of it. */
  backdrop: 'none' | 'square' | 'rounded-tile';
  /** Where the mark goes; null draws the backdrop alone. */
  room: MarkRoom | null;
  /** A transparent layer the platform puts over a background-color layer (Android adaptive icons). */
  overBackgroundLayer?: boolean;
  /** The mark in one color, its light details cut out: a layer the platform tints itself (Android themed icons). */
  oneColor?: boolean;
}

/** Legacy launcher icons: a tile inset by 2 of 48 dp with 4 dp corners, as Android's own templates. */
const TILE_INSET = 2 / 48;
const TILE_RADIUS = 4 / 48;

/** The logo's pixel size when its long side is `longSide`. */
export function sizeForLongSide(kit: KitContext, longSide: number): Size {
  const scale = longSide / Math.max(kit.art.width, kit.art.height);
  return {
    width: Math.max(1, Math.round(kit.art.width * scale)),
    height: Math.max(1, Math.round(kit.art.height * scale)),
  };
}

/** The variant of `colors` that reads on `backdrop`, or full color with nothing behind it. */
function variantOn(colors: ColoredArt, backdrop: string | null): Variant {
  return backdrop === null ? fullColor : variantFor(colors.palette, colors.underlays, backdrop);
}

/** The logo alone in full color, filling `size` (transparent around it). */
export function logoDrawing(kit: KitContext, size: Size): string {
  return drawing(size.width, size.height, logoInBox(kit.art, { x: 0, y: 0, ...size }));
}

/** A rectangle of the background color with `colors` (the logo unless told) fitted inside `logoBox`. */
export function logoOnBackground(
  kit: KitContext,
  size: Size,
  logoBox: Box,
  extra = '',
  colors: ColoredArt = kit,
): string {
  const variant = variantOn(colors, kit.background);
  return drawing(
    size.width,
    size.height,
    `<rect width="${size.width}" height="${size.height}" fill="${kit.background}"/>${logoInBox(colors.art, logoBox, variant.paint, kit.background)}${extra}`,
  );
}

function markBoxFor(kit: KitContext, side: number, room: MarkRoom): Box {
  const whole = { x: 0, y: 0, width: side, height: side };
  if ('box' in room) return fitInBox(kit.mark.art, shrink(whole, room.box));
  return fitInCircle(kit.mark.art, { x: side / 2, y: side / 2 }, side * room.circle);
}

function backdropMarkup(kit: KitContext, side: number, backdrop: IconStyle['backdrop']): string {
  if (backdrop === 'square') return `<rect width="${side}" height="${side}" fill="${kit.background}"/>`;
  if (backdrop === 'rounded-tile') {
    const inset = side * TILE_INSET;
    const radius = side * TILE_RADIUS;
    return `<rect x="${inset}" y="${inset}" width="${side - 2 * inset}" height="${side - 2 * inset}" rx="${radius}" fill="${kit.background}"/>`;
  }
  return '';
}

/** A square icon of the mark, `side` px wide. */
export function iconDrawing(kit: KitContext, side: number, style: IconStyle): string {
  const onBackground = style.backdrop !== 'none' || style.overBackgroundLayer === true;
  const variant = style.oneColor
    ? monoVariant(kit.mark.palette, 'mono-dark')
    : variantOn(kit.mark, onBackground ? kit.background : null);
  // Over a separate layer the knockouts must be real holes; on our own backdrop they can take its color.
  const surface = style.backdrop === 'none' ? undefined : kit.background;
  const mark = style.room ? logoInBox(kit.mark.art, markBoxFor(kit, side, style.room), variant.paint, surface) : '';
  return drawing(side, side, backdropMarkup(kit, side, style.backdrop) + mark);
}
