/**
 * SVG path data cut into its subpaths, each made self-contained (it starts
 * with an absolute moveto) and boxed, so a drawing can be split into shapes
 * and any of them redrawn alone.
 */
import type { Box } from './geometry.js';

export interface Subpath {
  /** Path data that draws this subpath alone. */
  d: string;
  /** Its bounds: exact for lines and cubic curves, the control points' hull for other curves. */
  box: Box;
}

/** Numbers each command takes per repetition. */
const ARITY: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
const TOKEN = /[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?/g;

interface Command {
  letter: string;
  args: number[];
}

function commandsOf(d: string): Command[] {
  const commands: Command[] = [];
  for (const [token] of d.matchAll(TOKEN)) {
    if (/[a-z]/i.test(token)) commands.push({ letter: token, args: [] });
    else commands.at(-1)?.args.push(Number(token));
  }
  return commands;
}

class Bounds {
  private minX = Infinity;
  private minY = Infinity;
  private maxX = -Infinity;
  private maxY = -Infinity;

  add(x: number, y: number): void {
    this.minX = Math.min(this.minX, x);
    this.minY = Math.min(this.minY, y);
    this.maxX = Math.max(this.maxX, x);
    this.maxY = Math.max(this.maxY, y);
  }

  box(): Box {
    return { x: this.minX, y: this.minY, width: this.maxX - this.minX, height: this.maxY - this.minY };
  }
}

const format = (n: number) => String(Math.round(n * 1000) / 1000);

type Point = readonly [number, number];

/** Where a cubic Bézier turns along either axis (the roots of its derivative in 0..1), so its box is tight. */
function cubicExtremes(p0: Point, p1: Point, p2: Point, p3: Point): Point[] {
  const at = (t: number): Point => {
    const u = 1 - t;
    const mix = (axis: 0 | 1) =>
      u * u * u * p0[axis] + 3 * u * u * t * p1[axis] + 3 * u * t * t * p2[axis] + t * t * t * p3[axis];
    return [mix(0), mix(1)];
  };
  const roots: number[] = [];
  for (const axis of [0, 1] as const) {
    const a = 3 * (-p0[axis] + 3 * p1[axis] - 3 * p2[axis] + p3[axis]);
    const b = 6 * (p0[axis] - 2 * p1[axis] + p2[axis]);
    const c = 3 * (p1[axis] - p0[axis]);
    if (Math.abs(a) < 1e-12) {
      if (Math.abs(b) > 1e-12) roots.push(-c / b);
      continue;
    }
    const discriminant = b * b - 4 * a * c;
    if (discriminant < 0) continue;
    const root = Math.sqrt(discriminant);
    roots.push((-b + root) / (2 * a), (-b - root) / (2 * a));
  }
  return [p3, ...roots.filter((t) => t > 0 && t < 1).map(at)];
}

/** The subpaths of `d`, in drawing order. */
export function subpathsOf(d: string): Subpath[] {
  const subpaths: Subpath[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let parts: string[] = [];
  let bounds = new Bounds();
  const close = () => {
    if (parts.length > 0) subpaths.push({ d: parts.join(''), box: bounds.box() });
    parts = [];
    bounds = new Bounds();
  };
  for (const { letter, args } of commandsOf(d)) {
    const lower = letter.toLowerCase();
    const relative = letter === lower;
    const arity = ARITY[lower] ?? 0;
    if (lower === 'z') {
      parts.push('z');
      [x, y] = [startX, startY];
      continue;
    }
    for (let at = 0; at + arity <= args.length && arity > 0; at += arity) {
      const group = args.slice(at, at + arity);
      const point = (dx = 0, dy = 0): Point => (relative ? [x + dx, y + dy] : [dx, dy]);
      if (lower === 'm' && at === 0) {
        close();
        [x, y] = point(group[0], group[1]);
        [startX, startY] = [x, y];
        bounds.add(x, y);
        parts.push(`M${format(x)} ${format(y)}`);
        continue;
      }
      // A moveto's further pairs are linetos of the same case.
      const drawn = lower === 'm' ? (relative ? 'l' : 'L') : letter;
      parts.push(`${drawn}${group.map(format).join(' ')}`);
      const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0] = group;
      if (lower === 'h') x = relative ? x + a : a;
      else if (lower === 'v') y = relative ? y + a : a;
      else if (lower === 'a') {
        // An arc may bulge up to its larger radius past either end (flags written apart, as our engine would).
        const radius = Math.max(Math.abs(a), Math.abs(b));
        const end = point(f, g);
        for (const [px, py] of [[x, y], end] as const) {
          bounds.add(px - radius, py - radius);
          bounds.add(px + radius, py + radius);
        }
        [x, y] = end;
      } else if (lower === 'c') {
        const end = point(e, f);
        for (const [px, py] of cubicExtremes([x, y], point(a, b), point(c, d), end)) bounds.add(px, py);
        [x, y] = end;
      } else {
        // Control points and the end point, in pairs (a hull around the curve); the last pair is where the pen ends.
        for (let i = 0; i < group.length; i += 2) bounds.add(...point(group[i], group[i + 1]));
        [x, y] = point(group.at(-2), group.at(-1));
      }
      bounds.add(x, y);
    }
  }
  close();
  return subpaths;
}
