/**
 * The cap: a structured six-panel baseball cap in three-quarter view, built
 * as a model in centimetres (a crown of six panels over an oval base, a
 * pre-curved bill with thickness, a top button) and drawn with a depth test.
 * Seams, top-stitching, eyelets and the twill are worked out per sample from
 * where it lies on the model, as a fine height map that bends the normals.
 * The print is embroidered across the two front panels, mapped along the
 * panels' own curves.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- pixel loops index within the sizes they were given */
import { setImmediate as nextTurn } from 'node:timers/promises';

import type { Box } from '../geometry.js';
import { createField } from './field.js';
import type { Garment } from './garment.js';
import { createDepthBuffer, drawPatch, type Patch, type Vec3, type View } from './mesh.js';
import { valueNoise } from './noise.js';
import { bakeSurface, CANVAS, createSamples, type Surface } from './surface.js';

/** Half the base's length front to back and its width side to side, and the crown's height (cm). */
const BASE_HALF_LENGTH = 10.2;
const BASE_HALF_WIDTH = 9.4;
const CROWN_HEIGHT = 10.6;
/** The top sits this far behind the base's centre: the front stands up, the back slopes. */
const CROWN_LEAN = -1.6;
/** Superellipse exponent of the crown's profile: above 2 a structured, boxy front. */
const CROWN_SQUARENESS = 2.5;
const PANEL_ANGLE = Math.PI / 3;

/** The bill spans this angle either side of the front, reaches this far and is this thick (cm). */
const BILL_SPAN = (80 * Math.PI) / 180;
const BILL_REACH = 7.6;
const BILL_THICKNESS = 0.32;
/** Forward tilt (drop per cm out) and how far its sides curve down (cm). */
const BILL_TILT = 0.2;
const BILL_CURVE = 3.2;

/** Turned so the front faces the viewer's left, seen from a little above. */
const YAW = (-32 * Math.PI) / 180;
const PITCH = (17 * Math.PI) / 180;
const CAMERA_DISTANCE = 80;
/** The cap fills this much of the canvas, centred a little high to leave room for its shadow. */
const FIT = { size: 0.8, centreX: 0.5, centreY: 0.48 };

/** Samples per canvas pixel: the model's edges, seams and stitches come out smooth. */
const SUPERSAMPLE = 2;
const SAMPLES_SIDE = CANVAS * SUPERSAMPLE;

/** The model's parts, as the depth buffer numbers them. */
const Part = { Crown: 1, BillTop: 2, BillUnder: 3, BillEdge: 4, Button: 5 } as const;

function profile(t: number): { out: number; up: number } {
  const angle = (t * Math.PI) / 2;
  return { out: Math.cos(angle) ** (2 / CROWN_SQUARENESS), up: Math.sin(angle) ** (2 / CROWN_SQUARENESS) };
}

/** `profile(t).out` tabulated, for the per-sample work. */
const PROFILE_STEPS = 2048;
const PROFILE_OUT = Float32Array.from({ length: PROFILE_STEPS + 1 }, (_, k) => profile(k / PROFILE_STEPS).out);

function crownRadius(t: number): number {
  return BASE_HALF_WIDTH * (PROFILE_OUT[Math.round(Math.min(1, Math.max(0, t)) * PROFILE_STEPS)] ?? 0);
}

/** The crown at azimuth `phi` (0 at the front, positive toward the cap's x) and height parameter `t` (0 base, 1 top). */
function crownPoint(phi: number, t: number): Vec3 {
  const { out, up } = profile(t);
  return [
    BASE_HALF_WIDTH * out * Math.sin(phi),
    CROWN_HEIGHT * up,
    BASE_HALF_LENGTH * out * Math.cos(phi) + CROWN_LEAN * up,
  ];
}

/** Arc length up the front centre line from the base, tabulated over t. */
const FRONT_ARC = (() => {
  const steps = 512;
  const table = new Float32Array(steps + 1);
  let previous = crownPoint(0, 0);
  for (let k = 1; k <= steps; k++) {
    const point = crownPoint(0, k / steps);
    table[k] = table[k - 1]! + Math.hypot(point[0] - previous[0], point[1] - previous[1], point[2] - previous[2]);
    previous = point;
  }
  return table;
})();

function frontArc(t: number): number {
  const at = Math.min(1, Math.max(0, t)) * (FRONT_ARC.length - 1);
  const k = Math.min(FRONT_ARC.length - 2, Math.floor(at));
  return FRONT_ARC[k]! + (FRONT_ARC[k + 1]! - FRONT_ARC[k]!) * (at - k);
}

/** The front panel's height, base to button, along its centre line (cm). */
const FRONT_PANEL_HEIGHT = frontArc(1);

/** How far the bill reaches out at across-parameter s: tapering to nothing where it meets the crown's sides. */
function billReach(s: number): number {
  return BILL_REACH * Math.max(0, (Math.cos(s * BILL_SPAN) - Math.cos(BILL_SPAN)) / (1 - Math.cos(BILL_SPAN))) ** 0.6;
}

/** The bill's top at across-parameter s (-1 one side, 1 the other) and outward w (0 at the crown, 1 at the edge). */
function billPoint(s: number, w: number, drop = 0): Vec3 {
  const phi = s * BILL_SPAN;
  const reach = billReach(s);
  const x = (BASE_HALF_WIDTH + 0.25 * reach * w) * Math.sin(phi);
  const z = BASE_HALF_LENGTH * Math.cos(phi) + reach * w;
  // Tilted down, and curved down toward its sides in proportion to how far out the point is.
  const out = reach * w;
  const y = -BILL_TILT * out - BILL_CURVE * (x / BASE_HALF_WIDTH) ** 2 * (out / BILL_REACH) - drop;
  return [x, y, z];
}

const PATCHES: readonly Patch[] = [
  { part: Part.Crown, columns: 240, rows: 100, closed: true, point: (p, q) => crownPoint((p * 2 - 1) * Math.PI, q) },
  { part: Part.BillTop, columns: 160, rows: 40, closed: false, point: (p, q) => billPoint(p * 2 - 1, q) },
  {
    part: Part.BillUnder,
    columns: 160,
    rows: 40,
    closed: false,
    point: (p, q) => billPoint(p * 2 - 1, q, BILL_THICKNESS),
  },
  {
    part: Part.BillEdge,
    columns: 160,
    rows: 4,
    closed: false,
    point: (p, q) => billPoint(p * 2 - 1, 1, q * BILL_THICKNESS),
  },
  {
    part: Part.Button,
    closed: true,
    columns: 48,
    rows: 12,
    point: (p, q) => {
      const top = crownPoint(0, 1);
      const angle = p * 2 * Math.PI;
      const r = 0.75 * q;
      return [top[0] + r * Math.sin(angle), top[1] + 0.32 * Math.sqrt(1 - q * q) - 0.04, top[2] + r * Math.cos(angle)];
    },
  },
];

function rotate(point: Vec3): Vec3 {
  const [x, y, z] = point;
  const [cy, sy, cp, sp] = [Math.cos(YAW), Math.sin(YAW), Math.cos(PITCH), Math.sin(PITCH)];
  const x1 = x * cy + z * sy;
  const z1 = -x * sy + z * cy;
  return [x1, y * cp - z1 * sp, z1 * cp + y * sp];
}

function perspective(point: Vec3): Vec3 {
  const scale = CAMERA_DISTANCE / (CAMERA_DISTANCE - point[2]);
  return [point[0] * scale, -point[1] * scale, point[2]];
}

/** The view that frames the whole cap on the supersampled canvas. */
const VIEW: View & { samplesPerCm: number } = (() => {
  const corners = PATCHES.flatMap((patch) =>
    Array.from({ length: 41 * 41 }, (_, k) => perspective(rotate(patch.point((k % 41) / 40, Math.floor(k / 41) / 40)))),
  );
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = (FIT.size * SAMPLES_SIDE) / Math.max(right - left, bottom - top);
  const offsetX = FIT.centreX * SAMPLES_SIDE - ((left + right) / 2) * scale;
  const offsetY = FIT.centreY * SAMPLES_SIDE - ((top + bottom) / 2) * scale;
  return {
    samplesPerCm: scale,
    toView: rotate,
    project(point) {
      const [x, y, depth] = perspective(point);
      return [offsetX + x * scale, offsetY + y * scale, depth];
    },
  };
})();

/** Where the front centre line meets the bill and the button, in canvas pixels (y): the panel height as seen. */
export const FRONT_PANEL_ON_CANVAS = {
  bottom: VIEW.project(rotate(crownPoint(0, 0)))[1] / SUPERSAMPLE,
  top: VIEW.project(rotate(crownPoint(0, 1)))[1] / SUPERSAMPLE,
};

/**
 * The embroidery's room, in print units (cm: u across the front from its
 * centre, v down from the button): a third of the panel's length along its
 * curve, which from the front is about half its height, as on real caps
 * (some 6 cm of a 11 cm crown), low on the panel, above the bill's seam.
 */
const PRINT_AREA = {
  x: -5.8,
  y: FRONT_PANEL_HEIGHT * 0.54,
  width: 11.6,
  height: FRONT_PANEL_HEIGHT * 0.34,
};
/** Embroidery reaches only the two front panels. */
const PRINTABLE_ANGLE = PANEL_ANGLE * 1.02;

/** A dashed line of stitches: 1 on a stitch, 0 between, soft-edged; `along` in cm. */
function stitches(along: number, length = 0.3): number {
  const phase = (along / length) % 1;
  const inPhase = phase < 0 ? phase + 1 : phase;
  return Math.min(1, Math.max(0, Math.min(inPhase, 0.75 - inPhase) * 12));
}

/** A row of thread `across` cm from its line: 1 on the line, falling off over a thread's width. */
function row(across: number): number {
  return bell(across, 0.04);
}

/** What the detail functions work out for a sample; written into one object, as they run for millions of samples. */
interface Detail {
  /** Height above the model (cm). */
  height: number;
  albedo: number;
}

/** A bell of `width` around 0; nothing past three widths, where it is not worth an exp(). */
function bell(offset: number, width: number): number {
  const x = offset / width;
  return x * x < 9 ? Math.exp(-x * x) : 0;
}

/** Seams, stitching, eyelets and twill at azimuth `phi`, height parameter `t`, `up` cm above the base. */
function crownDetail(phi: number, t: number, up: number, out: Detail): void {
  const radius = crownRadius(t);
  const u = phi * radius;
  const fromSeam = Math.abs(phi - Math.round(phi / PANEL_ANGLE) * PANEL_ANGLE) * radius;
  // Panels puff between seams; the seam itself is a groove.
  let height = 0.06 * (1 - bell(fromSeam, 0.7)) - 0.1 * bell(fromSeam, 0.08);
  let albedo = 1 - 0.25 * bell(fromSeam, 0.05);
  // Top-stitching either side of each seam, fading out where the seams crowd at the button.
  const stitchFade = Math.min(1, Math.max(0, (radius - 0.9) / 0.6));
  const seamStitch = stitchFade > 0 ? row(fromSeam - 0.3) * stitches(up) * stitchFade : 0;
  // A row round the base, where the sweatband is sewn in.
  const baseStitch = row(up - 0.55) * stitches(u);
  const thread = Math.max(seamStitch, baseStitch);
  height += 0.035 * thread;
  albedo *= 1 - 0.3 * thread;
  // An embroidered eyelet in the middle of each panel.
  const nearest = (Math.floor(phi / PANEL_ANGLE) + 0.5) * PANEL_ANGLE;
  const across = (phi - nearest) * radius;
  const below = up - FRONT_PANEL_HEIGHT * 0.74;
  const eyelet = Math.sqrt(across * across + below * below);
  if (eyelet < 0.3) {
    const ring = eyelet > 0.13;
    height += ring ? 0.05 : -0.06;
    albedo *= ring ? 0.72 : 0.12;
  }
  // Twill: fine diagonal wales, with slubs.
  height += 0.003 * Math.sin((2 * Math.PI * (u + up)) / 0.11) + 0.004 * valueNoise(u * 14, up * 14, 1);
  // The rolled bottom edge.
  height -= 0.12 * bell(up, 0.15);
  out.height = height;
  out.albedo = albedo;
}

/** billReach tabulated over s in [-1, 1], for the per-sample work. */
const REACH_STEPS = 2048;
const REACH = Float32Array.from({ length: REACH_STEPS + 1 }, (_, k) => billReach((2 * k) / REACH_STEPS - 1));

function billDetail(s: number, w: number, out: Detail): void {
  const fromEdge = (1 - w) * (REACH[Math.round(((s + 1) / 2) * REACH_STEPS)] ?? 0);
  const along = s * 15;
  // Rows of stitching parallel to the edge, as on every bill.
  let thread = 0;
  for (let k = 0; k < 7; k++) thread = Math.max(thread, row(fromEdge - 0.45 - 0.55 * k));
  thread *= stitches(along, 0.32);
  out.height =
    0.03 * thread +
    0.004 * Math.sin((2 * Math.PI * (along + fromEdge)) / 0.11) +
    0.004 * valueNoise(along * 14, fromEdge * 14, 2) -
    0.1 * bell(fromEdge, 0.15);
  out.albedo = 1 - 0.3 * thread;
}

/** The cap's surface: the model drawn, its detail bent into the normals, lit. */
const DETAIL_CHUNK = Math.ceil((SAMPLES_SIDE * SAMPLES_SIDE) / 4);

async function buildSurface(): Promise<Surface> {
  const samples = createSamples(SUPERSAMPLE);
  const { normalX, normalY, normalZ } = samples;
  const buffer = createDepthBuffer(SAMPLES_SIDE, { normalX, normalY, normalZ });
  // The model is built once per process; a turn of the event loop between its steps keeps the server answering.
  for (const patch of PATCHES) {
    drawPatch(buffer, patch, VIEW);
    await nextTurn();
  }

  const size = SAMPLES_SIDE * SAMPLES_SIDE;
  const detail = createField(SAMPLES_SIDE, SAMPLES_SIDE);
  const found: Detail = { height: 0, albedo: 1 };
  for (let i = 0; i < size; i++) {
    // The detail is the longest step: a turn of the event loop after every quarter of it.
    if (i > 0 && i % DETAIL_CHUNK === 0) await nextTurn();
    const part = buffer.part[i]!;
    if (part === 0) continue;
    samples.coverage[i] = 1;
    if (samples.normalZ[i]! < 0) {
      samples.normalX[i] = -samples.normalX[i]!;
      samples.normalY[i] = -samples.normalY[i]!;
      samples.normalZ[i] = -samples.normalZ[i]!;
    }
    const p = buffer.p[i]!;
    const q = buffer.q[i]!;
    if (part === Part.Crown) {
      const phi = (p * 2 - 1) * Math.PI;
      const up = frontArc(q);
      crownDetail(phi, q, up, found);
      if (Math.abs(phi) < PRINTABLE_ANGLE) {
        samples.printU[i] = phi * crownRadius(q);
        samples.printV[i] = FRONT_PANEL_HEIGHT - up;
      }
      // The bill shades the crown just above it.
      if (Math.abs(phi) < BILL_SPAN && up < 2) samples.occlusion[i] = 1 - 0.3 * Math.exp(-up / 0.5);
    } else if (part === Part.Button) {
      found.height = 0;
      found.albedo = 0.95;
    } else {
      billDetail(p * 2 - 1, part === Part.BillEdge ? 1 : q, found);
      if (part === Part.BillTop && q < 0.6) samples.occlusion[i] = 1 - 0.35 * Math.exp(-q * 8);
      if (part === Part.BillUnder) found.albedo *= 0.8;
      if (part === Part.BillEdge) found.albedo *= 0.9;
    }
    detail.data[i] = found.height * VIEW.samplesPerCm;
    samples.albedo[i] = found.albedo;
  }

  await nextTurn();
  // Detail bends the normals: a bump map in canvas space.
  const side = SAMPLES_SIDE;
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      const part = buffer.part[i]!;
      if (part === 0) continue;
      const h = detail.data;
      const parts = buffer.part;
      const gx = parts[i - 1] === part && parts[i + 1] === part ? (h[i + 1]! - h[i - 1]!) / 2 : 0;
      const gy = parts[i - side] === part && parts[i + side] === part ? (h[i + side]! - h[i - side]!) / 2 : 0;
      const nx = samples.normalX[i]! - gx;
      const ny = samples.normalY[i]! + gy;
      const nz = samples.normalZ[i]!;
      const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
      samples.normalX[i] = nx / length;
      samples.normalY[i] = ny / length;
      samples.normalZ[i] = nz / length;
    }
  }
  await nextTurn();
  return bakeSurface(samples, printBox());
}

/** The canvas pixels the print area can reach: its outline projected, and a margin. */
function printBox(): Box {
  const xs: number[] = [];
  const ys: number[] = [];
  const { x, y, width, height } = PRINT_AREA;
  for (let k = 0; k <= 20; k++) {
    for (const side of [0, 1]) {
      for (const [u, v] of [
        [x + (width * k) / 20, y + height * side],
        [x + width * side, y + (height * k) / 20],
      ] as const) {
        const t = tAtFrontArc(FRONT_PANEL_HEIGHT - v);
        const point = VIEW.project(rotate(crownPoint(u / (BASE_HALF_WIDTH * profile(t).out), t)));
        xs.push(point[0] / SUPERSAMPLE);
        ys.push(point[1] / SUPERSAMPLE);
      }
    }
  }
  const margin = 6;
  const left = Math.floor(Math.min(...xs)) - margin;
  const top = Math.floor(Math.min(...ys)) - margin;
  return {
    x: left,
    y: top,
    width: Math.ceil(Math.max(...xs)) + margin - left,
    height: Math.ceil(Math.max(...ys)) + margin - top,
  };
}

function tAtFrontArc(arc: number): number {
  let [low, high] = [0, 1];
  for (let k = 0; k < 30; k++) {
    const mid = (low + high) / 2;
    if (frontArc(mid) < arc) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

export const cap: Garment = {
  colors: { light: ['#f4f4f2', '#d8cbb0'], dark: ['#1d1e21', '#1f2a44'] },
  surface: buildSurface,
  printArea: PRINT_AREA,
  printAlign: 'middle',
  texelsPerUnit: 2 * (VIEW.samplesPerCm / SUPERSAMPLE),
  printMethod: 'embroidery',
};
