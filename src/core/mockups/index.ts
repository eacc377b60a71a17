/**
 * Product mockups: the logo embroidered on a cap or screen-printed on a
 * t-shirt, drawn by the project (no photos). Each garment is modelled and lit,
 * and dressed in each fabric color, once per version of this code
 * (`surface-cache`); a mockup then only draws the logo, lays it through the
 * garment's print map and encodes the PNG.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

import sharp from 'sharp';

import { parseLogoArt } from '../logo-art.js';
import type { Rasterize } from '../raster.js';
import { cap } from './cap.js';
import type { Garment } from './garment.js';
import { applyPrint } from './print.js';
import { backdrop, dress } from './studio.js';
import { CANVAS, type Surface } from './surface.js';
import { cachedPicture, cachedSurface } from './surface-cache.js';
import { tshirt } from './tshirt.js';

export const MOCKUP_KINDS = ['cap', 'tshirt'] as const;
export type MockupKind = (typeof MOCKUP_KINDS)[number];

const GARMENTS: Record<MockupKind, Garment> = { cap, tshirt };

/** The fabric colors a garment comes in, '#rrggbb': light ones and dark ones, best first. */
export function mockupColors(kind: MockupKind): { light: readonly string[]; dark: readonly string[] } {
  return GARMENTS[kind].colors;
}

/** Logo-independent layers by kind (and color), once per process: a surface and a backdrop per kind, a dressed picture per color. */
const layers = new Map<string, Promise<unknown>>();

function layer<T>(key: string, make: () => Promise<T>): Promise<T> {
  let made = layers.get(key) as Promise<T> | undefined;
  if (!made) {
    made = make();
    layers.set(key, made);
    made.catch(() => layers.delete(key));
  }
  return made;
}

function surfaceOf(kind: MockupKind, rasterize: Rasterize): Promise<Surface> {
  return layer(`${kind}:surface`, () => cachedSurface(kind, () => GARMENTS[kind].surface(rasterize)));
}

/** The studio sweep with the garment's shadow, linear RGB. */
function backdropOf(kind: MockupKind, rasterize: Rasterize): Promise<Float32Array> {
  return layer(`${kind}:backdrop`, async () => {
    const surface = await surfaceOf(kind, rasterize);
    // Each step is a stretch of the JS thread: let the event loop turn between them.
    await nextTurn();
    return backdrop(surface.coverage);
  });
}

/** The garment in `color` on the studio sweep with its shadow, as raw sRGB bytes. */
function dressed(kind: MockupKind, color: string, rasterize: Rasterize): Promise<Buffer> {
  return layer(`${kind}:dressed:${color}`, () =>
    cachedPicture(`${kind}-${color.slice(1)}`, CANVAS * CANVAS * 3, async () => {
      const [surface, scene] = await Promise.all([surfaceOf(kind, rasterize), backdropOf(kind, rasterize)]);
      await nextTurn();
      return dress(surface, scene, color);
    }),
  );
}

/** How a mockup is encoded: PNG where the API promises one, JPEG for the kit (photographic, a tenth of the bytes). */
export type MockupFormat = 'png' | 'jpeg';
const JPEG_QUALITY = 90;

/** The logo on the garment in `color`, 1200 x 1200 px. Throws on a color the garment does not come in. */
export async function renderMockup(
  kind: MockupKind,
  svg: string,
  rasterize: Rasterize,
  color: string,
  format: MockupFormat = 'png',
): Promise<Buffer> {
  const garment = GARMENTS[kind];
  const offered = [...garment.colors.light, ...garment.colors.dark];
  if (!offered.includes(color)) throw new Error(`the ${kind} comes in ${offered.join(', ')}, not ${color}`);
  const art = parseLogoArt(svg);
  const [surface, garmentPicture] = await Promise.all([surfaceOf(kind, rasterize), dressed(kind, color, rasterize)]);
  const picture = Buffer.from(garmentPicture);
  await applyPrint(picture, surface, garment, art, rasterize);
  const image = sharp(picture, { raw: { width: CANVAS, height: CANVAS, channels: 3 } });
  return (format === 'png' ? image.png() : image.jpeg({ quality: JPEG_QUALITY })).toBuffer();
}
