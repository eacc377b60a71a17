/**
 * Deterministic noise for yarn, twill and thread: a hashed lattice, so the
 * same pixel always gets the same value and mockups come out byte for byte
 * the same on every run.
 */

/** A value in [0, 1) for the integer lattice point (x, y) of noise `seed`. */
export function hash(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ Math.imul(seed + 1, 0x9e3779b9);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [-1, 1], one lattice cell per unit of x and y. */
export function valueNoise(x: number, y: number, seed: number): number {
  return tiledNoise(x, y, 0, 0, seed);
}

/** `v` wrapped into [0, period), or left alone when period is 0. */
function wrap(v: number, period: number): number {
  return period > 0 ? ((v % period) + period) % period : v;
}

/**
 * valueNoise repeating every `periodX` and `periodY` cells (0: never), so a tile of it joins up seamlessly.
 * Called per pixel: it allocates nothing and defines no function.
 */
export function tiledNoise(x: number, y: number, periodX: number, periodY: number, seed: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const x0 = wrap(xi, periodX);
  const x1 = wrap(xi + 1, periodX);
  const y0 = wrap(yi, periodY);
  const y1 = wrap(yi + 1, periodY);
  const topLeft = hash(x0, y0, seed);
  const bottomLeft = hash(x0, y1, seed);
  const top = topLeft + (hash(x1, y0, seed) - topLeft) * sx;
  const bottom = bottomLeft + (hash(x1, y1, seed) - bottomLeft) * sx;
  return 2 * (top + (bottom - top) * sy) - 1;
}
