/**
 * Float images (one value per pixel, row after row) and the few operations
 * the garments build their surfaces with. Float, so slow slopes of a height
 * map never band the way 8-bit ones do once they are lit.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- pixel loops index within the sizes they were given */

export interface Field {
  width: number;
  height: number;
  data: Float32Array;
}

export function createField(width: number, height: number): Field {
  return { width, height, data: new Float32Array(width * height) };
}

/** One box filter of half-width `radius` along each row. */
function boxRows(source: Float32Array, target: Float32Array, width: number, height: number, radius: number): void {
  const norm = 1 / (2 * radius + 1);
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let i = -radius; i <= radius; i++) sum += source[row + Math.min(last, Math.max(0, i))]!;
    for (let x = 0; x < width; x++) {
      target[row + x] = sum * norm;
      sum += source[row + Math.min(last, x + radius + 1)]! - source[row + Math.max(0, x - radius)]!;
    }
  }
}

/** One box filter of half-width `radius` down each column, a running sum per column so memory is read in order. */
function boxColumns(source: Float32Array, target: Float32Array, width: number, height: number, radius: number): void {
  const norm = 1 / (2 * radius + 1);
  const last = height - 1;
  const sums = new Float64Array(width);
  for (let i = -radius; i <= radius; i++) {
    const row = Math.min(last, Math.max(0, i)) * width;
    for (let x = 0; x < width; x++) sums[x]! += source[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const entering = Math.min(last, y + radius + 1) * width;
    const leaving = Math.max(0, y - radius) * width;
    for (let x = 0; x < width; x++) {
      target[row + x] = sums[x]! * norm;
      sums[x]! += source[entering + x]! - source[leaving + x]!;
    }
  }
}

function boxBlur(field: Field, radius: number): Field {
  const { width, height } = field;
  const data = Float32Array.from(field.data);
  const scratch = new Float32Array(data.length);
  for (let pass = 0; pass < 3; pass++) {
    boxRows(data, scratch, width, height, radius);
    boxColumns(scratch, data, width, height, radius);
  }
  return { width, height, data };
}

/** Blurs wider than this many pixels are worked out at a quarter of the size: as smooth, and a sixteenth of the work. */
const WIDE_BLUR = 7;
const WIDE_BLUR_SCALE = 4;

/** `field` bilinearly resized up by `factor`, samples centred as downsample() left them. */
function upsample(field: Field, factor: number, width: number, height: number): Field {
  const out = createField(width, height);
  const lastX = field.width - 1;
  const lastY = field.height - 1;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(lastY, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.min(lastY - 1, Math.floor(sy));
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(lastX, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.min(lastX - 1, Math.floor(sx));
      const fx = sx - x0;
      const at = y0 * field.width + x0;
      const top = field.data[at]! + (field.data[at + 1]! - field.data[at]!) * fx;
      const bottom =
        field.data[at + field.width]! + (field.data[at + field.width + 1]! - field.data[at + field.width]!) * fx;
      out.data[y * width + x] = top + (bottom - top) * fy;
    }
  }
  return out;
}

/** Three box passes each way: close to a Gaussian blur of standard deviation `sigma` pixels. */
export function blur(field: Field, sigma: number): Field {
  if (sigma > WIDE_BLUR && field.width % WIDE_BLUR_SCALE === 0 && field.height % WIDE_BLUR_SCALE === 0) {
    const small = boxBlur(downsample(field, WIDE_BLUR_SCALE), Math.round(sigma / WIDE_BLUR_SCALE));
    return upsample(small, WIDE_BLUR_SCALE, field.width, field.height);
  }
  return boxBlur(field, Math.max(1, Math.round(sigma)));
}

/** The mean of each `factor` x `factor` block: supersampled detail brought down to the canvas, anti-aliased. */
export function downsample(field: Field, factor: number): Field {
  if (factor === 1) return field;
  const width = Math.floor(field.width / factor);
  const height = Math.floor(field.height / factor);
  const out = createField(width, height);
  const norm = 1 / (factor * factor);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * field.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += field.data[row + dx]!;
      }
      out.data[y * width + x] = sum * norm;
    }
  }
  return out;
}
