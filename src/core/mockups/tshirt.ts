/**
 * The t-shirt: a ghost-mannequin front view of a crew-neck tee with the logo
 * screen-printed on the chest. The print is shifted by the same folds the
 * light map draws, then lit by it.
 */
import sharp from 'sharp';

import { backdrop, CANVAS, knitGrain, shade } from './fabric.js';
import type { Garment } from './garment.js';

const BODY =
  'M510 172 C470 186 420 196 362 214 C318 252 242 360 196 446 Q257 482 318 508 C336 482 358 464 374 452 ' +
  'C372 640 374 860 368 1078 Q600 1094 832 1078 C826 860 828 640 826 452 C842 464 864 482 882 508 ' +
  'Q943 482 1004 446 C958 360 882 252 838 214 C780 196 730 186 690 172 Q600 204 510 172 Z';
/** Inside of the back, seen through the neck opening. */
const NECK_INSIDE = 'M510 172 Q600 204 690 172 C680 226 645 258 600 258 C555 258 520 226 510 172 Z';
const FRONT_NECKLINE = 'M510 172 C520 226 555 258 600 258 C645 258 680 226 690 172';
const BACK_NECKLINE = 'M510 172 Q600 204 690 172';
/** Shoulder seams and armholes. */
const SEAMS = [
  'M510 173 C470 186 420 196 364 214',
  'M690 173 C730 186 780 196 836 214',
  'M364 214 C352 300 360 390 374 452',
  'M836 214 C848 300 840 390 826 452',
];
/** Hemmed edges as quadratic curves [from, control, to] with the unit normal pointing into the cloth. */
const HEMS: readonly {
  curve: readonly [number, number, number, number, number, number];
  inward: readonly [number, number];
}[] = [
  { curve: [196, 446, 257, 482, 318, 508], inward: [0.45, -0.89] },
  { curve: [1004, 446, 943, 482, 882, 508], inward: [-0.45, -0.89] },
  { curve: [368, 1078, 600, 1094, 832, 1078], inward: [0, -1] },
];
/** A hem's double row of stitches, this far inside the edge. */
const HEM_STITCH_DEPTHS = [12, 20];
/** Creases as [path, depth 0-1]: drape from the armpits, slack at the waist, the sleeves' roll. */
const CREASES: readonly (readonly [string, number])[] = [
  ['M380 470 C450 520 500 560 540 640', 0.5],
  ['M820 470 C750 520 700 560 660 640', 0.5],
  ['M410 700 C430 820 440 930 430 1060', 0.35],
  ['M790 700 C770 820 760 930 770 1060', 0.35],
  ['M600 880 C585 950 590 1010 600 1070', 0.3],
  ['M470 330 C520 380 560 400 640 420', 0.22],
  ['M560 520 C600 540 650 545 720 530', 0.18],
  ['M250 420 C280 360 320 300 352 240', 0.4],
  ['M950 420 C920 360 880 300 848 240', 0.4],
];

/** The creases, blurred: each a dark trough with a lit ridge beside it, up and to the right (the light comes from there). */
function folds(): string {
  const troughs = CREASES.map(
    ([d, depth]) => `<path d="${d}" stroke="#000" stroke-opacity="${depth}" stroke-width="26" fill="none"/>`,
  );
  const ridges = CREASES.map(
    ([d, depth]) =>
      `<path d="${d}" transform="translate(16 -6)" stroke="#fff" stroke-opacity="${depth * 0.7}" stroke-width="21" fill="none"/>`,
  );
  return `<g filter="url(#fold-blur)">${troughs.join('')}${ridges.join('')}</g>`;
}

function base(color: string): string {
  const seam = shade(color, -12);
  const lit = shade(color, 8);
  const stitchRow = (d: string, dx: number, dy: number) =>
    `<path d="${d}" transform="translate(${dx} ${dy})" fill="none" stroke="${seam}" stroke-width="1.4" stroke-dasharray="6 4"/>`;
  const hemStitches = HEMS.flatMap(({ curve: [x0, y0, cx, cy, x1, y1], inward: [nx, ny] }) =>
    HEM_STITCH_DEPTHS.map((depth) => stitchRow(`M${x0} ${y0} Q${cx} ${cy} ${x1} ${y1}`, nx * depth, ny * depth)),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}">
  ${backdrop(BODY, 18)}
  <clipPath id="hem-clip"><path d="${BODY}"/></clipPath>
  <path d="${BODY}" fill="${color}"/>
  <path d="${NECK_INSIDE}" fill="${shade(color, -14)}"/>
  <rect x="586" y="197" width="28" height="17" rx="2" fill="${shade(color, -4)}"/>
  <path d="${BACK_NECKLINE}" fill="none" stroke="${shade(color, -6)}" stroke-width="18"/>
  <path d="${FRONT_NECKLINE}" fill="none" stroke="${color}" stroke-width="24"/>
  <path d="${FRONT_NECKLINE}" fill="none" stroke="${seam}" stroke-width="22" stroke-dasharray="1.2 2.6" opacity="0.7"/>
  ${stitchRow(FRONT_NECKLINE, 0, 14)}
  ${SEAMS.map((d) => `<path d="${d}" fill="none" stroke="${seam}" stroke-width="2.4"/><path d="${d}" transform="translate(2 2)" fill="none" stroke="${lit}" stroke-width="1.2"/>`).join('')}
  <g clip-path="url(#hem-clip)">${hemStitches.join('')}</g>
</svg>`;
}

function lightMap(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}">
  <defs>
    <clipPath id="shirt"><path d="${BODY}"/></clipPath>
    <filter id="fold-blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="11"/></filter>
    <linearGradient id="volume" x1="368" x2="832" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#000" stop-opacity="0.34"/><stop offset="0.16" stop-color="#000" stop-opacity="0.06"/>
      <stop offset="0.42" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.8" stop-color="#000" stop-opacity="0.04"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.4"/>
    </linearGradient>
    <linearGradient id="fall" x1="0" x2="0" y1="172" y2="1090" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/>
    </linearGradient>
  </defs>
  <g clip-path="url(#shirt)">
    <rect width="${CANVAS}" height="${CANVAS}" fill="#808080"/>
    <rect width="${CANVAS}" height="${CANVAS}" fill="url(#volume)"/>
    <rect width="${CANVAS}" height="${CANVAS}" fill="url(#fall)"/>
    ${folds()}
    ${SEAMS.map((d) => `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="6" filter="url(#fold-blur)"/>`).join('')}
    <path d="${NECK_INSIDE}" fill="#000" fill-opacity="0.3"/>
    ${knitGrain('shirt')}
  </g>
</svg>`;
}

const PRINT_AREA = { x: 455, y: 320, width: 290, height: 250 };
/** The light map is smoothed before it pushes the print around, so only folds move it, not the yarn. */
const WARP_SMOOTHING = 6;

export const tshirt: Garment = {
  colors: ['#f4f4f2', '#1d1e21', '#1f2a44', '#9a9ea5'],
  base,
  lightMap,
  printArea: PRINT_AREA,
  printMethod: 'screen-print',
  warpScale: 16,
  async warp(lightMapPng) {
    const { x, y, width, height } = PRINT_AREA;
    return sharp(lightMapPng)
      .extract({ left: x, top: y, width, height })
      .removeAlpha()
      .blur(WARP_SMOOTHING)
      .png()
      .toBuffer();
  },
};
