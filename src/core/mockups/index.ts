/**
 * Product mockups: the logo printed on a t-shirt or embroidered on a cap,
 * drawn by the project (no photos). The garment layers that do not depend on
 * the logo are rendered once per process and kept; each mockup renders only
 * the print, then sharp lays base, print and light map together on the
 * threadpool.
 */
import sharp from 'sharp';

import { measureFillShares } from '../fill-shares.js';
import { parseLogoArt } from '../logo-art.js';
import type { Rasterize } from '../raster.js';
import { cap } from './cap.js';
import type { Garment } from './garment.js';
import { pickGarmentColor } from './garment-color.js';
import { printDrawing } from './print.js';
import { tshirt } from './tshirt.js';

export const MOCKUP_KINDS = ['cap', 'tshirt'] as const;
export type MockupKind = (typeof MOCKUP_KINDS)[number];

const GARMENTS: Record<MockupKind, Garment> = { cap, tshirt };

/** Logo-independent layers by kind (and color): a few MB in all, since each garment offers a handful of colors. */
const layers = new Map<string, Promise<Buffer>>();

function layer(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let made = layers.get(key);
  if (!made) {
    made = make();
    layers.set(key, made);
    made.catch(() => layers.delete(key));
  }
  return made;
}

/** A PNG of the logo on the garment, 1200 x 1200 px. */
export async function renderMockup(kind: MockupKind, svg: string, rasterize: Rasterize): Promise<Buffer> {
  const garment = GARMENTS[kind];
  const art = parseLogoArt(svg);
  const color = pickGarmentColor(await measureFillShares(art), garment.colors);
  const [base, light] = await Promise.all([
    layer(`${kind}:base:${color}`, () => rasterize(garment.base(color))),
    layer(`${kind}:light`, () => rasterize(garment.lightMap())),
  ]);
  const warp = await layer(`${kind}:warp`, () => garment.warp(light));
  const print = await rasterize(printDrawing(garment, art, warp));
  return sharp(base)
    .composite([
      { input: print, left: garment.printArea.x, top: garment.printArea.y },
      { input: light, blend: 'hard-light' },
    ])
    .png()
    .toBuffer();
}
