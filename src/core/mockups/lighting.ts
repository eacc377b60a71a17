/**
 * The studio light every garment is lit by: a soft key light from the upper
 * left, a sky fill that leaves surfaces facing down a little darker, and the
 * broad, faint sheen of cotton. Values are linear light.
 */

function unit(x: number, y: number, z: number): readonly [number, number, number] {
  const length = Math.hypot(x, y, z);
  return [x / length, y / length, z / length];
}

/** Toward the key light, in view space (x right, y up, z toward the viewer). */
const KEY = unit(-0.45, 0.65, 0.62);
/** Halfway between the key light and the viewer, for the sheen. */
const HALF = unit(KEY[0], KEY[1], KEY[2] + 1);
const KEY_STRENGTH = 0.92;
/** Cloth scatters light past the terminator: the key wraps this far round. */
const WRAP = 0.3;
const FILL_STRENGTH = 0.24;
const SHEEN_STRENGTH = 0.06;

/** The key light's direction on the canvas (y down), for reliefs lit in 2-D. */
export const KEY_ON_CANVAS = (() => {
  const length = Math.hypot(KEY[0], KEY[1]);
  return { x: KEY[0] / length, y: -KEY[1] / length };
})();

/** Light reaching a unit normal that multiplies the surface's color. */
export function diffuseAt(nx: number, ny: number, nz: number): number {
  const facing = nx * KEY[0] + ny * KEY[1] + nz * KEY[2];
  return FILL_STRENGTH * (0.8 + 0.2 * ny) + KEY_STRENGTH * Math.max(0, (facing + WRAP) / (1 + WRAP));
}

/** Light reflected off a unit normal, added as white. */
export function sheenAt(nx: number, ny: number, nz: number): number {
  const half = Math.max(0, nx * HALF[0] + ny * HALF[1] + nz * HALF[2]);
  // half ** 14, multiplied out: this runs for millions of samples.
  const half2 = half * half;
  const half4 = half2 * half2;
  return SHEEN_STRENGTH * half4 * half4 * half4 * half2;
}

/** Lit values past this roll off smoothly toward 1 instead of clipping, as film's shoulder does. */
const KNEE = 0.8;

/** A lit linear value with its highlights rolled off: white cloth keeps its folds in full light. */
export function rollOff(linear: number): number {
  return linear <= KNEE ? linear : KNEE + (1 - KNEE) * (1 - Math.exp(-(linear - KNEE) / (1 - KNEE)));
}
