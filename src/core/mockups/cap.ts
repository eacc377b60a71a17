/**
 * The cap: a six-panel baseball cap seen from the front and a little above,
 * with the logo embroidered across the two front panels. The front panels
 * curve away like a cylinder and their horizontals sag into a smile, so the
 * warp map squeezes the logo toward its ends and bends it along that curve.
 */
import sharp from 'sharp';

import { backdrop, CANVAS, knitGrain, shade } from './fabric.js';
import type { Garment } from './garment.js';

type Cubic = readonly [number, number, number, number, number, number, number, number];

const CROWN = 'M250 640 C255 470 370 310 600 290 C830 310 945 470 950 640 C830 813 370 813 250 640 Z';
/** Where the crown meets the brim, left to right: the smile the front panels end in. */
const CROWN_BASE: Cubic = [250, 640, 370, 813, 830, 813, 950, 640];
/** The bill's edge, left to right: out from where it joins the crown, round its front, back in. */
const BRIM_EDGE = 'M250 640 C214 690 204 762 226 812 C300 958 900 958 974 812 C996 762 986 690 950 640';
/** The bill; its back runs under the crown, which hides it. */
const BRIM = `${BRIM_EDGE} C830 813 370 813 250 640 Z`;
/** Seams from the button: the front panels meet at the centre; the side panels join at the outer two. */
const SEAMS = [
  'M600 292 C601 450 601 620 600 770',
  'M600 292 C460 310 350 450 325 706',
  'M600 292 C740 310 850 450 875 706',
];
const EYELETS = [
  [381, 425],
  [819, 425],
] as const;
/** Rows of stitching on the bill, this many pixels in from its edge. */
const BRIM_STITCH_INSETS = [10, 20, 30, 40, 50];

/** The front panels as a cylinder of this radius around x = 600, in canvas pixels. */
const FRONT_RADIUS = 350;
const FRONT_CENTRE_X = 600;
/** How far the middle of a horizontal line on the front panels sags below its ends, at the print's top and bottom (the curve deepens toward the brim). */
const PANEL_SAG = { top: 50, bottom: 90 };
/** The dome leans back: the top of the print is this much narrower than its bottom. */
const TOP_TAPER = 0.07;
const PRINT_AREA = { x: 420, y: 400, width: 360, height: 250 };
const WARP_SCALE = 60;

function cubicPath(c: Cubic): string {
  return `M${c[0]} ${c[1]} C${c[2]} ${c[3]} ${c[4]} ${c[5]} ${c[6]} ${c[7]}`;
}

/** The bill's edge moved `inset` toward the crown: up, and drawn in toward the centre line. */
function insetEdge(inset: number): string {
  const squeeze = 1 - inset / 300;
  return `<path d="${BRIM_EDGE}" transform="translate(${600 * (1 - squeeze)} ${-inset}) scale(${squeeze} 1)"`;
}

function base(color: string): string {
  const seam = shade(color, -14);
  const brim = shade(color, -3);
  const edge = shade(color, -22);
  const stitching = `fill="none" stroke="${seam}" stroke-width="1.5" stroke-dasharray="5 3.5"`;
  const stitch = (d: string, dx: number) => `<path d="${d}" transform="translate(${dx} 0)" ${stitching}/>`;
  const brimRows = BRIM_STITCH_INSETS.map((inset) => `${insetEdge(inset)} ${stitching}/>`);
  const eyelets = EYELETS.map(
    ([x, y]) =>
      `<ellipse cx="${x}" cy="${y}" rx="7" ry="10" fill="${shade(color, -12)}"/><ellipse cx="${x}" cy="${y}" rx="3" ry="5" fill="${shade(color, -40)}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}">
  ${backdrop(`${CROWN} ${BRIM}`, 22)}
  <clipPath id="brim-clip"><path d="${BRIM}"/></clipPath>
  <path d="${BRIM}" transform="translate(0 12)" fill="${edge}"/>
  <path d="${BRIM}" fill="${brim}"/>
  <g clip-path="url(#brim-clip)">${brimRows.join('')}</g>
  <path d="${CROWN}" fill="${color}"/>
  ${SEAMS.map((d) => `<path d="${d}" fill="none" stroke="${seam}" stroke-width="2.5"/>${stitch(d, -7)}${stitch(d, 7)}`).join('')}
  ${eyelets.join('')}
  <ellipse cx="600" cy="293" rx="26" ry="11" fill="${shade(color, -10)}"/>
  <ellipse cx="600" cy="290" rx="22" ry="8" fill="${color}"/>
</svg>`;
}

function lightMap(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}">
  <defs>
    <clipPath id="cap"><path d="${CROWN}"/><path d="${BRIM}"/></clipPath>
    <clipPath id="crown"><path d="${CROWN}"/></clipPath>
    <clipPath id="brim"><path d="${BRIM}"/></clipPath>
    <radialGradient id="dome" cx="560" cy="430" r="440" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fff" stop-opacity="0.4"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.08"/>
      <stop offset="0.8" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/>
    </radialGradient>
    <linearGradient id="brim-light" x1="0" x2="0" y1="700" y2="920" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.5" stop-color="#000" stop-opacity="0.05"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0.1"/>
    </linearGradient>
    <pattern id="twill" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(40)">
      <rect width="6" height="3" fill="#fff" fill-opacity="0.05"/><rect y="3" width="6" height="3" fill="#000" fill-opacity="0.06"/>
    </pattern>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>
  </defs>
  <g clip-path="url(#cap)">
    <rect width="${CANVAS}" height="${CANVAS}" fill="#808080"/>
    <rect width="${CANVAS}" height="${CANVAS}" fill="url(#dome)" clip-path="url(#crown)"/>
    <rect width="${CANVAS}" height="${CANVAS}" fill="url(#brim-light)" clip-path="url(#brim)"/>
    <g clip-path="url(#crown)" filter="url(#soft)">
      ${SEAMS.map((d) => `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.45" stroke-width="10"/><path d="${d}" transform="translate(12 0)" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="10"/>`).join('')}
      <path d="${cubicPath(CROWN_BASE)}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="14"/>
    </g>
    <g clip-path="url(#brim)" filter="url(#soft)">
      <path d="${cubicPath(CROWN_BASE)}" transform="translate(0 4)" fill="none" stroke="#000" stroke-opacity="0.4" stroke-width="22"/>
      ${insetEdge(8)} fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="10"/>
    </g>
    <rect width="${CANVAS}" height="${CANVAS}" fill="url(#twill)"/>
    ${knitGrain('cap')}
  </g>
</svg>`;
}

/** The front-panel projection: for each pixel of the print area, where on the flat logo it comes from. */
async function warp(): Promise<Buffer> {
  const { x: left, width, height } = PRINT_AREA;
  const bow = (x: number) => 1 - ((x - FRONT_CENTRE_X) / FRONT_RADIUS) ** 2;
  // Bow relative to its average over the print, so the logo bends without drifting out of its area.
  let bowSum = 0;
  for (let i = 0; i < width; i++) bowSum += bow(left + i);
  const meanBow = bowSum / width;
  const level = (shift: number) => Math.round(Math.min(255, Math.max(0, 255 * (shift / WARP_SCALE + 0.5))));

  const rgb = Buffer.alloc(width * height * 3);
  for (let j = 0; j < height; j++) {
    const fromTop = 1 - j / (height - 1);
    const sag = PANEL_SAG.bottom + (PANEL_SAG.top - PANEL_SAG.bottom) * fromTop;
    for (let i = 0; i < width; i++) {
      const x = left + i;
      const offset = Math.max(-1, Math.min(1, (x - FRONT_CENTRE_X) / FRONT_RADIUS));
      const unrolled = FRONT_CENTRE_X + FRONT_RADIUS * Math.asin(offset);
      const sourceX = FRONT_CENTRE_X + (unrolled - FRONT_CENTRE_X) * (1 + TOP_TAPER * fromTop);
      const at = (j * width + i) * 3;
      rgb[at] = level(sourceX - x);
      rgb[at + 1] = level(sag * (meanBow - bow(x)));
      rgb[at + 2] = 128;
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export const cap: Garment = {
  colors: ['#f4f4f2', '#1d1e21', '#1f2a44', '#9a9ea5', '#c9b99a'],
  base,
  lightMap,
  printArea: PRINT_AREA,
  printMethod: 'embroidery',
  warpScale: WARP_SCALE,
  warp,
};
