/**
 * A garment as the light sees it. A garment fills `SurfaceSamples`, at the
 * canvas resolution or a multiple of it: where the cloth is, its normal,
 * how much of the fabric color each point shows (thread, the shadow inside a
 * neck), how open it is to the light (creases, seams) and where on the
 * garment it lies, for the print. `bakeSurface` lights the samples and brings
 * them down to the canvas, anti-aliased: the logo-independent layers.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- pixel loops index within the sizes they were given */
import type { Box } from '../geometry.js';
import { downsample, type Field } from './field.js';
import { diffuseAt, sheenAt } from './lighting.js';

/** Mockups are square PNGs this many pixels wide. */
export const CANVAS = 1200;
export interface SurfaceSamples {
  /** Samples per canvas pixel along each axis. */
  scale: number;
  /** Samples along each side: CANVAS * scale. */
  side: number;
  /** 1 on the garment, 0 off it. */
  coverage: Float32Array;
  /** Unit normal in view space: x right, y up, z toward the viewer. */
  normalX: Float32Array;
  normalY: Float32Array;
  normalZ: Float32Array;
  /** Share of the fabric color shown: below 1 on thread, seams and the inside. */
  albedo: Float32Array;
  /** 1 where the light reaches freely, toward 0 deep in creases and under overlaps. */
  occlusion: Float32Array;
  /** Where on the garment the point lies, in the garment's print units; NaN where nothing can be printed. */
  printU: Float32Array;
  printV: Float32Array;
}

export function createSamples(scale: number): SurfaceSamples {
  const side = CANVAS * scale;
  const size = side * side;
  const printU = new Float32Array(size).fill(NaN);
  const printV = new Float32Array(size).fill(NaN);
  return {
    scale,
    side,
    coverage: new Float32Array(size),
    normalX: new Float32Array(size),
    normalY: new Float32Array(size),
    normalZ: new Float32Array(size).fill(1),
    albedo: new Float32Array(size).fill(1),
    occlusion: new Float32Array(size).fill(1),
    printU,
    printV,
  };
}

/** Where each canvas pixel of `box` lies on the garment in print units (NaN: nothing printable there). */
export interface PrintMap {
  /** Canvas pixels the print can reach (integers). */
  box: Box;
  u: Float32Array;
  v: Float32Array;
}

/** The lit garment on the canvas, ready to be dyed any fabric color. */
export interface Surface {
  /** How much of each pixel the garment covers. */
  coverage: Field;
  /** Light multiplying the fabric color (linear). */
  diffuse: Field;
  /** Light added on top, the sheen (linear). */
  sheen: Field;
  print: PrintMap;
}

/** The print coordinates over the canvas pixels of `box`, averaged over each pixel's printable samples. */
function printMap(samples: SurfaceSamples, box: Box): PrintMap {
  const { scale } = samples;
  const u = new Float32Array(box.width * box.height).fill(NaN);
  const v = new Float32Array(box.width * box.height).fill(NaN);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      let [sumU, sumV, count] = [0, 0, 0];
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = ((box.y + y) * scale + dy) * samples.side + (box.x + x) * scale + dx;
          const su = samples.printU[at]!;
          if (Number.isNaN(su)) continue;
          sumU += su;
          sumV += samples.printV[at]!;
          count++;
        }
      }
      if (count === scale * scale) {
        u[y * box.width + x] = sumU / count;
        v[y * box.width + x] = sumV / count;
      }
    }
  }
  return { box, u, v };
}

/** Lights every sample and averages them down to canvas pixels; `printBox` is where the print may land. */
export function bakeSurface(samples: SurfaceSamples, printBox: Box): Surface {
  const { scale, side } = samples;
  const size = side * side;
  // Premultiplied by coverage, so edge pixels are not darkened by the empty samples beside them.
  const diffuse = new Float32Array(size);
  const sheen = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const covered = samples.coverage[i]!;
    if (covered === 0) continue;
    const nx = samples.normalX[i]!;
    const ny = samples.normalY[i]!;
    const nz = samples.normalZ[i]!;
    const open = samples.occlusion[i]!;
    diffuse[i] = covered * open * samples.albedo[i]! * diffuseAt(nx, ny, nz);
    sheen[i] = covered * open * sheenAt(nx, ny, nz);
  }
  const field = (data: Float32Array): Field => ({ width: side, height: side, data });
  const coverage = downsample(field(samples.coverage), scale);
  const flatDiffuse = downsample(field(diffuse), scale);
  const flatSheen = downsample(field(sheen), scale);
  for (let i = 0; i < coverage.data.length; i++) {
    const covered = coverage.data[i]!;
    if (covered === 0) continue;
    flatDiffuse.data[i] = flatDiffuse.data[i]! / covered;
    flatSheen.data[i] = flatSheen.data[i]! / covered;
  }
  return { coverage, diffuse: flatDiffuse, sheen: flatSheen, print: printMap(samples, printBox) };
}
