/**
 * sRGB bytes to linear light and back: light adds and multiplies in linear
 * terms. The way back dithers by half a step with a fixed pattern, so smooth
 * shading never bands and the bytes never change from run to run.
 */
import { hexToRgb } from '../color.js';
import { hash } from './noise.js';

const TO_LINEAR = Float32Array.from({ length: 256 }, (_, byte) => {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const ENCODE_STEPS = 8192;
/** sRGB levels 0-255 (not rounded) for linear values in ENCODE_STEPS steps over [0, 1]. */
const TO_SRGB = Float32Array.from({ length: ENCODE_STEPS + 1 }, (_, step) => {
  const c = step / ENCODE_STEPS;
  return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
});

export function toLinear(byte: number): number {
  return TO_LINEAR[byte] ?? 0;
}

/** A '#rrggbb' color as linear [r, g, b]. */
export function linearRgb(hex: string): [number, number, number] {
  const { r, g, b } = hexToRgb(hex);
  return [toLinear(r), toLinear(g), toLinear(b)];
}

/** Dither threshold for canvas pixel (x, y), in [-0.5, 0.5). */
export function ditherAt(x: number, y: number): number {
  return hash(x, y, 99) - 0.5;
}

/** A linear value (clamped to [0, 1]) as an sRGB byte, offset by `dither` of a step before rounding. */
export function toSrgbByte(linear: number, dither: number): number {
  const step = Math.round(Math.min(1, Math.max(0, linear)) * ENCODE_STEPS);
  return Math.min(255, Math.max(0, Math.round((TO_SRGB[step] ?? 0) + dither)));
}
