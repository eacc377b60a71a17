/**
 * The t-shirt: a ghost-mannequin front view of a crew-neck tee. Its parts
 * (body, set-in sleeves, rib neckband, seams, hems, folds) are drawn as masks
 * by resvg, then turned into a height map in float: the body rounded off at
 * its edges and curving round, the sleeves tubes, folds smooth ridges and
 * troughs, seams grooves, stitches and ribs small bumps, the knit fine
 * noise. The print is screen-printed on the chest, moved by the folds.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- pixel loops index within the sizes they were given */
import { setImmediate as nextTurn } from 'node:timers/promises';

import sharp from 'sharp';

import type { Rasterize } from '../raster.js';
import { blur, createField, type Field } from './field.js';
import type { Garment } from './garment.js';
import { tiledNoise } from './noise.js';
import { bakeSurface, CANVAS, createSamples, type Surface } from './surface.js';

/** The left half's outline pieces in canvas pixels; the right half is their mirror image. */
const LEFT = {
  /** Neck point (outside the band) to shoulder point: the shoulder seam. */
  shoulder: 'M495 168 C440 186 392 198 346 212',
  /** Shoulder point down to the armpit: the armhole seam. */
  armhole: 'M346 212 C356 290 348 380 320 432',
  /** The sleeve's top edge, its hem and its underarm, from the shoulder point round to the armpit. */
  sleeve: 'M346 212 C296 226 150 296 96 392 Q158 460 226 522 C262 492 296 458 320 432',
  sleeveHem: 'M96 392 Q158 460 226 522',
};
const HEM = 'M328 984 C420 994 520 998 600 998 C680 998 780 994 872 984';
const FRONT_NECKLINE = 'M512 172 C520 236 556 262 600 264 C644 262 680 236 688 172';
const BAND_OUTER = 'M495 168 C503 256 550 288 600 290 C650 288 697 256 705 168';
const BAND_MIDDLE = 'M503.5 170 C511.5 246 553 275 600 277 C647 275 688.5 246 696.5 170';
const BACK_NECKLINE = 'M512 172 Q600 196 688 172';

/** Folds as [path, stroke width]: drag lines from the armpits, slack toward the hem, the sleeves' roll. */
const RIDGES: readonly (readonly [string, number])[] = [
  ['M336 470 C396 540 446 604 474 700', 34],
  ['M864 470 C806 540 760 600 734 690', 30],
  ['M372 770 C380 850 390 910 386 976', 30],
  ['M566 830 C574 900 568 950 574 990', 26],
  ['M826 780 C818 860 824 920 818 978', 28],
  ['M300 260 C250 300 190 340 140 390', 30],
  ['M900 260 C950 300 1010 340 1060 390', 30],
  ['M440 330 C510 360 600 372 700 356', 22],
];
const TROUGHS: readonly (readonly [string, number])[] = [
  ['M344 540 C398 612 428 676 446 764', 24],
  ['M856 540 C802 612 772 676 756 756', 24],
  ['M446 800 C454 870 458 930 454 988', 22],
  ['M690 806 C680 876 690 936 682 988', 22],
  ['M290 320 C250 360 210 400 180 450', 22],
  ['M910 320 C950 360 990 400 1020 450', 22],
];

/** Hem stitches: two rows this far in from each hemmed edge. */
const HEM_ROWS = [12, 21];
/** The sleeve hem's inward normal (toward the shoulder). */
const SLEEVE_INWARD = [0.707, -0.707] as const;

const mirror = (body: string) => `${body}<g transform="matrix(-1 0 0 1 ${CANVAS} 0)">${body}</g>`;

/** Three masks in the color channels of one drawing (each group screened onto black, so they never mix). */
function channels(red: string, green: string, blue: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}">
  <rect width="${CANVAS}" height="${CANVAS}" fill="#000"/>
  <g style="mix-blend-mode:screen" fill="#f00" stroke="#f00">${red}</g>
  <g style="mix-blend-mode:screen" fill="#0f0" stroke="#0f0">${green}</g>
  <g style="mix-blend-mode:screen" fill="#00f" stroke="#00f">${blue}</g>
</svg>`;
}

/** The body's silhouette: the left half and its mirror image overlap down the middle, so no seam shows between them. */
const BODY_HALF = `<path stroke="none" d="M606 196 L495 168 C440 186 392 198 346 212 C356 290 348 380 320 432 C326 540 338 620 336 700 C334 820 324 920 328 984 C420 994 520 998 600 998 L606 998 Z"/>`;
const SLEEVE = `<path stroke="none" d="${LEFT.sleeve} C348 380 356 290 346 212 Z"/>`;
const BAND = `<path stroke="none" d="${BAND_OUTER} L688 172 C680 236 644 262 600 264 C556 262 520 236 512 172 Z"/><path fill="none" stroke-width="14" d="${BACK_NECKLINE}"/>`;
const NECK_INSIDE = `<path stroke="none" d="${FRONT_NECKLINE} Q600 196 512 172 Z"/>`;

function hemRows(): string {
  const dashes = 'fill="none" stroke-width="1.6" stroke-dasharray="6 3.5"';
  const sleeve = HEM_ROWS.map(
    (depth) =>
      `<path ${dashes} transform="translate(${SLEEVE_INWARD[0] * depth} ${SLEEVE_INWARD[1] * depth})" d="${LEFT.sleeveHem}"/>`,
  ).join('');
  const hem = HEM_ROWS.map((depth) => `<path ${dashes} transform="translate(0 ${-depth})" d="${HEM}"/>`).join('');
  const band = `<path ${dashes} transform="translate(0 7)" d="${BAND_OUTER}"/>`;
  return `${mirror(sleeve)}${hem}${band}`;
}

function seams(): string {
  const seam = 'fill="none" stroke-width="2.2"';
  return `${mirror(`<path ${seam} d="${LEFT.shoulder}"/><path ${seam} d="${LEFT.armhole}"/>`)}<path ${seam} d="${BAND_OUTER}"/>`;
}

const strokes = (folds: readonly (readonly [string, number])[]) =>
  folds.map(([d, width]) => `<path fill="none" stroke-linecap="round" stroke-width="${width}" d="${d}"/>`).join('');

/** The masks, three to a drawing. */
const DRAWINGS = {
  parts: channels(mirror(BODY_HALF), mirror(SLEEVE), BAND),
  lines: channels(
    seams(),
    hemRows(),
    `<path fill="none" stroke-width="24" stroke-dasharray="2.3 2.3" d="${BAND_MIDDLE}"/>`,
  ),
  folds: channels(strokes(RIDGES), strokes(TROUGHS), NECK_INSIDE),
};

interface Masks {
  body: Field;
  sleeves: Field;
  band: Field;
  seams: Field;
  stitches: Field;
  /** The neckband's ribs (the band's stroke dashed across). */
  ribs: Field;
  ridges: Field;
  troughs: Field;
  /** The inside of the back, seen through the neck opening. */
  inside: Field;
}

async function render(svg: string, rasterize: Rasterize): Promise<Field[]> {
  const rgb = await sharp(await rasterize(svg))
    .removeAlpha()
    .raw()
    .toBuffer();
  return [0, 1, 2].map((channel) => {
    const mask = createField(CANVAS, CANVAS);
    for (let i = 0; i < mask.data.length; i++) mask.data[i] = rgb[i * 3 + channel]! / 255;
    return mask;
  });
}

async function masks(rasterize: Rasterize): Promise<Masks> {
  const [parts, lines, folds] = await Promise.all([
    render(DRAWINGS.parts, rasterize),
    render(DRAWINGS.lines, rasterize),
    render(DRAWINGS.folds, rasterize),
  ]);
  const [body, sleeves, band] = parts as [Field, Field, Field];
  const [seams, stitches, ribs] = lines as [Field, Field, Field];
  const [ridges, troughs, inside] = folds as [Field, Field, Field];
  return { body, sleeves, band, seams, stitches, ribs, ridges, troughs, inside };
}

/** The knit's texture repeats every this many pixels (each noise's cells divide it): too fine and irregular for the repeat to show. */
const KNIT_TILE = 256;

/** Jersey: a fine fuzz and wales running down the body (height), and a slow heather mottle (tone). */
function knitTexture(): { height: Float32Array; tone: Float32Array } {
  const height = new Float32Array(KNIT_TILE * KNIT_TILE);
  const tone = new Float32Array(KNIT_TILE * KNIT_TILE);
  for (let y = 0; y < KNIT_TILE; y++) {
    for (let x = 0; x < KNIT_TILE; x++) {
      const i = y * KNIT_TILE + x;
      const fuzz = tiledNoise(x, y, KNIT_TILE, KNIT_TILE, 3);
      const wales = tiledNoise(x / 2, y / 8, KNIT_TILE / 2, KNIT_TILE / 8, 4);
      height[i] = 0.05 * fuzz + 0.06 * wales;
      tone[i] = 1 + 0.035 * tiledNoise(x / 32, y / 32, KNIT_TILE / 32, KNIT_TILE / 32, 6);
    }
  }
  return { height, tone };
}

/** Heights in canvas pixels. */
const BODY_DEPTH = 65;
/** The body also curves round from side to side, this much higher in the middle than at its sides. */
const BODY_CURVE = 55;
const BODY_HALF_WIDTH = 280;
const SLEEVE_DEPTH = 35;
const FOLD_DEPTH = 13;
const FOLD_SOFTNESS = 15;
/** The print moves this many canvas pixels per unit of fold slope. */
const FOLD_PULL = 10;

async function buildSurface(rasterize: Rasterize): Promise<Surface> {
  const {
    body,
    sleeves,
    band,
    seams: seamLines,
    stitches: stitchRows,
    ribs,
    ridges,
    troughs,
    inside,
  } = await masks(rasterize);
  const side = CANVAS;
  const size = side * side;
  const shirt = createField(side, side);
  for (let i = 0; i < size; i++)
    shirt.data[i] = Math.min(1, body.data[i]! + sleeves.data[i]! + band.data[i]! + inside.data[i]!);

  // The big forms, in float (clamped, as a running sum can leave a hair below zero): the body
  // rounded at its edges and curving round, the sleeves' tubes, the folds, the sunken inside.
  await nextTurn();
  const rounded = blur(body, 30).data;
  const tubes = blur(sleeves, 15).data;
  await nextTurn();
  const fold = blur(
    { width: side, height: side, data: ridges.data.map((r, i) => r - troughs.data[i]!) },
    FOLD_SOFTNESS,
  ).data;
  // Seams sink, the neckband stands up, the inside of the back lies deep: one small blur for all three.
  const relief = blur(
    {
      width: side,
      height: side,
      data: band.data.map((b, i) => 3 * b - 2.5 * seamLines.data[i]! - 20 * inside.data[i]!),
    },
    1,
  ).data;
  const knit = knitTexture();
  await nextTurn();

  // One sample per canvas pixel: resvg anti-aliases outline, seams and stitches, and the forms are smooth.
  const samples = createSamples(1);
  const height = new Float32Array(size);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = y * side + x;
      const covered = shirt.data[i]!;
      if (covered === 0) continue;
      samples.coverage[i] = covered;
      const across = (x - side / 2) / BODY_HALF_WIDTH;
      const bodyShare = Math.min(1, Math.max(0, 2 * rounded[i]!));
      const tile = (y % KNIT_TILE) * KNIT_TILE + (x % KNIT_TILE);
      height[i] =
        BODY_DEPTH * Math.sqrt(Math.max(0, rounded[i]!)) +
        BODY_CURVE * Math.max(0, 1 - across * across) * bodyShare +
        SLEEVE_DEPTH * Math.sqrt(Math.max(0, tubes[i]!)) +
        FOLD_DEPTH * fold[i]! +
        relief[i]! +
        0.8 * stitchRows.data[i]! +
        1 * ribs.data[i]! * band.data[i]! +
        knit.height[tile]!;
      samples.albedo[i] =
        (1 - 0.18 * stitchRows.data[i]!) *
        (1 - 0.12 * seamLines.data[i]!) *
        (1 - 0.5 * inside.data[i]!) *
        knit.tone[tile]!;
      samples.occlusion[i] = 1 - 0.3 * inside.data[i]!;
    }
  }

  await nextTurn();
  const cavity = blur({ width: side, height: side, data: height }, 12).data;
  await nextTurn();
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x;
      if (samples.coverage[i] === 0) continue;
      const gx = (height[i + 1]! - height[i - 1]!) / 2;
      const gy = (height[i + side]! - height[i - side]!) / 2;
      const length = Math.sqrt(gx * gx + gy * gy + 1);
      samples.normalX[i] = -gx / length;
      samples.normalY[i] = gy / length;
      samples.normalZ[i] = 1 / length;
      samples.occlusion[i] = samples.occlusion[i]! * Math.max(0.55, 1 - 0.024 * Math.max(0, cavity[i]! - height[i]!));
      if (body.data[i]! > 0.99 && band.data[i] === 0 && inside.data[i] === 0) {
        // The print follows the folds: pulled along their slope, in canvas pixels.
        const slopeX = (fold[i + 1]! - fold[i - 1]!) * FOLD_DEPTH * 0.5;
        const slopeY = (fold[i + side]! - fold[i - side]!) * FOLD_DEPTH * 0.5;
        samples.printU[i] = x + 0.5 + FOLD_PULL * slopeX;
        samples.printV[i] = y + 0.5 + FOLD_PULL * slopeY;
      }
    }
  }
  const margin = 16;
  const { x, y, width, height: tall } = PRINT_AREA;
  await nextTurn();
  return bakeSurface(samples, { x: x - margin, y: y - margin, width: width + 2 * margin, height: tall + 2 * margin });
}

/** Sleeve tip to sleeve tip, in canvas pixels. */
const SHIRT_WIDTH = CANVAS - 2 * 96;
/** A chest print: 29% of the shirt's width, a hand below the neckband. */
const PRINT_WIDTH = 2 * Math.round(SHIRT_WIDTH * 0.145);
const PRINT_AREA = { x: CANVAS / 2 - PRINT_WIDTH / 2, y: 362, width: PRINT_WIDTH, height: 290 };

export const tshirt: Garment = {
  colors: { light: ['#f4f4f2', '#d5d7da'], dark: ['#1d1e21', '#1f2a44'] },
  surface: buildSurface,
  printArea: PRINT_AREA,
  printAlign: 'top',
  texelsPerUnit: 2,
  printMethod: 'screen-print',
};
