/**
 * The kit's palette: the colors actually present in the logo's SVG (so colors
 * hidden from the job cannot leak into any file), its flat fills and its
 * gradients' stops, biggest share first, with every notation the palette files
 * and the guide print; the list those print, brand colors first; and its
 * gradients, each a ramp of those stops.
 */
import { hexToRgb, rgbToCmyk, rgbToHsl, type Cmyk, type Hsl, type Rgb } from '../color.js';
import { measureFillShares } from '../fill-shares.js';
import { rampsOf, type GradientStop, type LogoArt, type Ramp } from '../logo-art.js';

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

function paletteColor(hex: string, share: number, rank: number): PaletteColor {
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
}

export async function analyzePalette(art: LogoArt): Promise<PaletteColor[]> {
  const shares = await measureFillShares(art);
  // Array.prototype.sort is stable, so equal shares keep the SVG's paint order.
  const ranked = [...shares].sort(([, a], [, b]) => b - a);
  return ranked.map(([hex, share], rank) => paletteColor(hex, share, rank));
}

/** A color the palette files and the guide's colors page list, named by its place in that list. */
export interface ListedColor extends PaletteColor {
  /** One of the brand colors the logo was traced with. */
  brand: boolean;
  /** False for a brand color the logo does not paint (its share is then 0). */
  inLogo: boolean;
}

/**
 * The brand colors in the order given, then the logo's other colors, largest share first. A brand
 * color the logo does not paint is still listed: the kit is where the brand's colors are written down.
 */
export function listColors(palette: readonly PaletteColor[], brandColors: readonly string[]): ListedColor[] {
  const inLogo = new Map(palette.map((color) => [color.hex, color]));
  const brand = new Set(brandColors);
  const listed = [
    ...brandColors.map((hex) => ({ hex, share: inLogo.get(hex)?.share ?? 0 })),
    ...palette.filter((color) => !brand.has(color.hex)),
  ];
  return listed.map(({ hex, share }, rank) => ({
    ...paletteColor(hex, share, rank),
    brand: brand.has(hex),
    inLogo: inLogo.has(hex),
  }));
}

/** The order of the list, for a person. */
export function listingOrder(listed: readonly ListedColor[]): string {
  return listed.some((color) => color.brand)
    ? 'brand colors first, in the order they were given, then the others, largest share first'
    : 'largest share first';
}

/** What a color's swatch says: its share of the logo, or that the logo does not paint it. */
export function swatchText(color: ListedColor): string {
  return color.inLogo ? formatShare(color.share) : 'Not in the logo';
}

/** 'brand color, 42.5% of the logo', '12.0% of the logo', 'brand color, not in the logo'. */
export function colorNote(color: ListedColor): string {
  const share = color.inLogo ? `${formatShare(color.share)} of the logo` : 'not in the logo';
  return color.brand ? `brand color, ${share}` : share;
}

/** A swatch's name in the palette apps' files: 'Primary #1d4ed8', with '(brand)' for a brand color. */
export function swatchName(color: ListedColor): string {
  return `${color.name} ${color.hex}${color.brand ? ' (brand)' : ''}`;
}

/** '42.5%' */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

export interface PaletteGradient {
  /** 'Gradient 1', 'Gradient 2', ... in paint order. */
  name: string;
  /** The name as a CSS identifier part: 'gradient-1'. */
  token: string;
  kind: Ramp['kind'];
  /** Its colors in order along it, each also in the palette. */
  stops: GradientStop[];
  /** The ramp as a CSS image: its direction and stops (CSS sizes it to the box it fills). */
  css: string;
}

/** The way a linear ramp runs as a CSS angle: 0deg up, 90deg right (SVG's y runs down). */
function cssAngle(ramp: Extract<Ramp, { kind: 'linear' }>): number {
  const degrees = (Math.atan2(ramp.x2 - ramp.x1, ramp.y1 - ramp.y2) * 180) / Math.PI;
  return Math.round((degrees + 360) % 360);
}

const cssStops = (stops: readonly GradientStop[]) =>
  stops.map((stop) => `${stop.color} ${Number((stop.offset * 100).toFixed(1))}%`).join(', ');

/** The stops as a CSS linear gradient running at `degrees` (0deg up, 90deg to the right). */
export function linearGradientCss(stops: readonly GradientStop[], degrees: number): string {
  return `linear-gradient(${degrees}deg, ${cssStops(stops)})`;
}

function cssOf(ramp: Ramp): string {
  return ramp.kind === 'linear'
    ? linearGradientCss(ramp.stops, cssAngle(ramp))
    : `radial-gradient(circle, ${cssStops(ramp.stops)})`;
}

export function analyzeGradients(art: LogoArt): PaletteGradient[] {
  return rampsOf(art).map((ramp, index) => ({
    name: `Gradient ${index + 1}`,
    token: `gradient-${index + 1}`,
    kind: ramp.kind,
    stops: ramp.stops,
    css: cssOf(ramp),
  }));
}

/** 'linear: #6813CC 0% → #2773FB 100%' */
export function formatStops(gradient: PaletteGradient): string {
  const stops = gradient.stops.map((stop) => `${stop.color.toUpperCase()} ${Math.round(stop.offset * 100)}%`);
  return `${gradient.kind}: ${stops.join(' → ')}`;
}
