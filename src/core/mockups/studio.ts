/**
 * The product shot around the garment: a soft studio sweep, the garment's
 * shadow on it, and the garment itself dyed in a fabric color.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- pixel loops index within the sizes they were given */
import { hexToRgb } from '../color.js';
import { blur, type Field } from './field.js';
import { ditherAt, linearRgb, toSrgbByte } from './color-space.js';
import { rollOff } from './lighting.js';
import { CANVAS, type Surface } from './surface.js';

/** The sweep's stops, centre outward (offset, sRGB), as a radial gradient from high in the frame. */
const SWEEP: readonly (readonly [number, string])[] = [
  [0, '#f7f6f3'],
  [0.65, '#e9e7e2'],
  [1, '#d6d3cd'],
];
const SWEEP_CENTRE = { x: CANVAS / 2, y: CANVAS * 0.38, radius: CANVAS * 0.75 };
/** Shadows as [blur sigma, drop, opacity]: a wide soft one and a tight one where the garment meets the floor. */
const SHADOWS: readonly (readonly [number, number, number])[] = [
  [24, 26, 0.3],
  [8, 8, 0.22],
];
const SHADOW_COLOR = linearRgb('#3a3630');

const SWEEP_STEPS = 1024;
/** The sweep's linear RGB at SWEEP_STEPS + 1 offsets from its centre, three floats each. */
const SWEEP_TABLE = (() => {
  const table = new Float32Array((SWEEP_STEPS + 1) * 3);
  for (let step = 0; step <= SWEEP_STEPS; step++) {
    const at = step / SWEEP_STEPS;
    let index = 1;
    while (index < SWEEP.length - 1 && SWEEP[index]![0] < at) index++;
    const [from, fromHex] = SWEEP[index - 1]!;
    const [to, toHex] = SWEEP[index]!;
    const t = (at - from) / (to - from);
    const a = hexToRgb(fromHex);
    const b = hexToRgb(toHex);
    // Interpolated in sRGB, as an SVG gradient is.
    const mix = (p: number, q: number) => ((p + (q - p) * t) / 255) ** 2.2;
    table.set([mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)], step * 3);
  }
  return table;
})();

/** The sweep with the garment's shadows on it, linear RGB, three floats a pixel. */
export function backdrop(coverage: Field): Float32Array {
  const shadows = SHADOWS.map(([sigma, drop, opacity]) => ({ soft: blur(coverage, sigma).data, drop, opacity }));
  const out = new Float32Array(CANVAS * CANVAS * 3);
  for (let y = 0; y < CANVAS; y++) {
    for (let x = 0; x < CANVAS; x++) {
      const dx = x - SWEEP_CENTRE.x;
      const dy = y - SWEEP_CENTRE.y;
      const distance = Math.sqrt(dx * dx + dy * dy) / SWEEP_CENTRE.radius;
      const step = Math.round(Math.min(1, distance) * SWEEP_STEPS) * 3;
      let lit = 1;
      for (const { soft, drop, opacity } of shadows) {
        if (y >= drop) lit *= 1 - soft[(y - drop) * CANVAS + x]! * opacity;
      }
      for (let c = 0; c < 3; c++) {
        const sweep = SWEEP_TABLE[step + c]!;
        out[(y * CANVAS + x) * 3 + c] = SHADOW_COLOR[c]! + (sweep - SHADOW_COLOR[c]!) * lit;
      }
    }
  }
  return out;
}

/** The whole picture without the print: backdrop, and the garment in `color`, as raw sRGB bytes. */
export function dress(surface: Surface, scene: Float32Array, color: string): Buffer {
  const fabric = linearRgb(color);
  const out = Buffer.alloc(CANVAS * CANVAS * 3);
  for (let y = 0; y < CANVAS; y++) {
    for (let x = 0; x < CANVAS; x++) {
      const i = y * CANVAS + x;
      const covered = surface.coverage.data[i]!;
      const diffuse = surface.diffuse.data[i]!;
      const sheen = surface.sheen.data[i]!;
      const dither = ditherAt(x, y);
      for (let c = 0; c < 3; c++) {
        const lit = rollOff(fabric[c]! * diffuse + sheen);
        out[i * 3 + c] = toSrgbByte(scene[i * 3 + c]! * (1 - covered) + lit * covered, dither);
      }
    }
  }
  return out;
}
