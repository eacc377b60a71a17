/**
 * Parametric surfaces drawn with a depth test into a buffer the size of the
 * supersampled canvas. A surface is a grid of points over its parameters
 * (p, q); each sample gets the nearest surface's part, normal and (p, q),
 * from which the garment works out its seams, stitches and print.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- pixel loops index within the sizes they were given */

export type Vec3 = readonly [number, number, number];

/** A surface as a grid: `point(p, q)` for p and q in [0, 1], sampled columns x rows. */
export interface Patch {
  /** Written to the buffer where this patch is nearest; 0 is left for "nothing". */
  part: number;
  /** Seen only from outside, with (dp x dq) pointing out: triangles facing away are skipped. */
  closed: boolean;
  columns: number;
  rows: number;
  point(p: number, q: number): Vec3;
}

/** Where the model is seen from: view space has x right, y up, z toward the viewer. */
export interface View {
  toView(point: Vec3): Vec3;
  /** A view-space point on the buffer: x, y in samples (y down), and its depth (larger is nearer). */
  project(point: Vec3): Vec3;
}

export interface DepthBuffer {
  side: number;
  part: Uint8Array;
  depth: Float32Array;
  p: Float32Array;
  q: Float32Array;
  normalX: Float32Array;
  normalY: Float32Array;
  normalZ: Float32Array;
}

export function createDepthBuffer(
  side: number,
  normals: Pick<DepthBuffer, 'normalX' | 'normalY' | 'normalZ'>,
): DepthBuffer {
  const size = side * side;
  return {
    side,
    part: new Uint8Array(size),
    depth: new Float32Array(size).fill(-Infinity),
    p: new Float32Array(size),
    q: new Float32Array(size),
    ...normals,
  };
}

interface Vertices {
  x: Float32Array;
  y: Float32Array;
  depth: Float32Array;
  normal: Float32Array;
  p: Float32Array;
  q: Float32Array;
}

/** The patch's grid in view space: positions projected, normals from the grid's own differences. */
function vertices(patch: Patch, view: View): Vertices {
  const { columns, rows } = patch;
  const count = (columns + 1) * (rows + 1);
  const points: Vec3[] = [];
  const out: Vertices = {
    x: new Float32Array(count),
    y: new Float32Array(count),
    depth: new Float32Array(count),
    normal: new Float32Array(count * 3),
    p: new Float32Array(count),
    q: new Float32Array(count),
  };
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= columns; i++) {
      const k = j * (columns + 1) + i;
      const [p, q] = [i / columns, j / rows];
      const point = view.toView(patch.point(p, q));
      points.push(point);
      const [x, y, depth] = view.project(point);
      out.x[k] = x;
      out.y[k] = y;
      out.depth[k] = depth;
      out.p[k] = p;
      out.q[k] = q;
    }
  }
  const at = (i: number, j: number) =>
    points[Math.min(rows, Math.max(0, j)) * (columns + 1) + Math.min(columns, Math.max(0, i))]!;
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= columns; i++) {
      const [a, b, c, d] = [at(i + 1, j), at(i - 1, j), at(i, j + 1), at(i, j - 1)];
      const dp = [a[0] - b[0], a[1] - b[1], a[2] - b[2]] as const;
      const dq = [c[0] - d[0], c[1] - d[1], c[2] - d[2]] as const;
      const n = [dp[1] * dq[2] - dp[2] * dq[1], dp[2] * dq[0] - dp[0] * dq[2], dp[0] * dq[1] - dp[1] * dq[0]];
      const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
      out.normal.set(
        n.map((v) => v / length),
        (j * (columns + 1) + i) * 3,
      );
    }
  }
  return out;
}

/** Fills the samples of triangle (a, b, c) where it is nearer than what is there. */
function triangle(buffer: DepthBuffer, part: number, v: Vertices, a: number, b: number, c: number): void {
  const [ax, ay, bx, by, cx, cy] = [v.x[a]!, v.y[a]!, v.x[b]!, v.y[b]!, v.x[c]!, v.y[c]!];
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (Math.abs(area) < 1e-9) return;
  const side = buffer.side;
  const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
  const maxX = Math.min(side - 1, Math.ceil(Math.max(ax, bx, cx)));
  const minY = Math.max(0, Math.floor(Math.min(ay, by, cy)));
  const maxY = Math.min(side - 1, Math.ceil(Math.max(ay, by, cy)));
  // A sample exactly on a shared edge may go to either triangle, never to neither.
  const edge = -1e-7;
  // Barycentric weights are linear across the buffer: step them along each row instead of recomputing.
  const inverse = 1 / area;
  const waStepX = -(cy - by) * inverse;
  const wbStepX = -(ay - cy) * inverse;
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    const px0 = minX + 0.5;
    let wa = ((bx - px0) * (cy - py) - (by - py) * (cx - px0)) * inverse;
    let wb = ((cx - px0) * (ay - py) - (cy - py) * (ax - px0)) * inverse;
    for (let x = minX; x <= maxX; x++, wa += waStepX, wb += wbStepX) {
      const wc = 1 - wa - wb;
      if (wa < edge || wb < edge || wc < edge) continue;
      const i = y * side + x;
      const depth = wa * v.depth[a]! + wb * v.depth[b]! + wc * v.depth[c]!;
      if (depth <= buffer.depth[i]!) continue;
      buffer.depth[i] = depth;
      buffer.part[i] = part;
      buffer.p[i] = wa * v.p[a]! + wb * v.p[b]! + wc * v.p[c]!;
      buffer.q[i] = wa * v.q[a]! + wb * v.q[b]! + wc * v.q[c]!;
      const nx = wa * v.normal[a * 3]! + wb * v.normal[b * 3]! + wc * v.normal[c * 3]!;
      const ny = wa * v.normal[a * 3 + 1]! + wb * v.normal[b * 3 + 1]! + wc * v.normal[c * 3 + 1]!;
      const nz = wa * v.normal[a * 3 + 2]! + wb * v.normal[b * 3 + 2]! + wc * v.normal[c * 3 + 2]!;
      const length = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      buffer.normalX[i] = nx / length;
      buffer.normalY[i] = ny / length;
      buffer.normalZ[i] = nz / length;
    }
  }
}

/** Draws `patch` into `buffer` as seen through `view`. */
export function drawPatch(buffer: DepthBuffer, patch: Patch, view: View): void {
  const v = vertices(patch, view);
  const stride = patch.columns + 1;
  const facesAway = (k: number) => v.normal[k * 3 + 2]! < 0;
  for (let j = 0; j < patch.rows; j++) {
    for (let i = 0; i < patch.columns; i++) {
      const k = j * stride + i;
      if (patch.closed && facesAway(k) && facesAway(k + 1) && facesAway(k + stride) && facesAway(k + stride + 1))
        continue;
      triangle(buffer, patch.part, v, k, k + 1, k + stride);
      triangle(buffer, patch.part, v, k + 1, k + stride + 1, k + stride);
    }
  }
}
