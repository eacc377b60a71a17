/** sRGB hex colors to CIELAB (D65) and the CIE76 difference the palette metrics are defined in. */

export type Rgb = readonly [number, number, number];
export type Lab = readonly [number, number, number];

const HEX_COLOR = /^#([0-9a-f]{6})$/i;

export function parseHex(hex: string): Rgb {
  const match = HEX_COLOR.exec(hex);
  if (!match) throw new Error(`not a #rrggbb color: ${hex}`);
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

export function srgbToLinear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

// D65 reference white, matching the sRGB primaries.
const WHITE_X = 0.95047;
const WHITE_Y = 1;
const WHITE_Z = 1.08883;

function labCurve(t: number): number {
  return t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29;
}

export function rgbToLab([r, g, b]: Rgb): Lab {
  const lr = srgbToLinear(r);
  const lg = srgbToLinear(g);
  const lb = srgbToLinear(b);
  const fx = labCurve((0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / WHITE_X);
  const fy = labCurve((0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb) / WHITE_Y);
  const fz = labCurve((0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / WHITE_Z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function deltaE76(a: Lab, b: Lab): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
