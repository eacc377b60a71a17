/**
 * The print: the logo drawn flat as a texture, then laid onto the dressed
 * garment through the surface's print map, so it follows the panels and
 * folds, and lit by the garment's own light, so it sits in the cloth.
 * Embroidery stands off the cloth in satin-stitched thread that catches the
 * light and throws a small shadow; screen-print ink lies in the knit.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- pixel loops index within the sizes they were given */
import sharp from 'sharp';

import { fitInBox, type Box } from '../geometry.js';
import { logoInBox, type LogoArt } from '../logo-art.js';
import type { Rasterize } from '../raster.js';
import { ditherAt, toLinear, toSrgbByte } from './color-space.js';
import { blur, createField, type Field } from './field.js';
import type { Garment } from './garment.js';
import { KEY_ON_CANVAS, rollOff } from './lighting.js';
import { valueNoise } from './noise.js';
import { CANVAS, type Surface } from './surface.js';

/** Empty texels round the logo, so the relief and the shadow fade out inside the texture. */
const PAD = 12;

interface Texture {
  width: number;
  height: number;
  /** Linear color premultiplied by coverage, three per texel. */
  color: Float32Array;
  alpha: Field;
}

async function logoTexture(
  art: LogoArt,
  size: { width: number; height: number },
  rasterize: Rasterize,
): Promise<Texture> {
  const width = Math.ceil(size.width) + 2 * PAD;
  const height = Math.ceil(size.height) + 2 * PAD;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${logoInBox(art, { x: PAD, y: PAD, ...size })}</svg>`;
  const rgba = await sharp(await rasterize(svg))
    .ensureAlpha()
    .raw()
    .toBuffer();
  const color = new Float32Array(width * height * 3);
  const alpha = createField(width, height);
  for (let i = 0; i < width * height; i++) {
    const a = rgba[i * 4 + 3]! / 255;
    alpha.data[i] = a;
    for (let c = 0; c < 3; c++) color[i * 3 + c] = toLinear(rgba[i * 4 + c]!) * a;
  }
  return { width, height, color, alpha };
}

/** Bilinear weights and the top-left texel index at texture position (x, y); null off the texture. */
function bilinear(texture: { width: number; height: number }, x: number, y: number) {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= texture.width || y0 + 1 >= texture.height) return null;
  const fx = x - x0;
  const fy = y - y0;
  const at = y0 * texture.width + x0;
  return {
    indices: [at, at + 1, at + texture.width, at + texture.width + 1],
    weights: [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy],
  };
}

function sample(field: Field, x: number, y: number): number {
  const taps = bilinear(field, x, y);
  if (!taps) return 0;
  let sum = 0;
  for (let k = 0; k < 4; k++) sum += field.data[taps.indices[k]!]! * taps.weights[k]!;
  return sum;
}

/** Where the logo goes in print units: fitted into the room, against its top or in its middle. */
function placement(garment: Garment, art: LogoArt): Box {
  const fitted = fitInBox(art, garment.printArea);
  return garment.printAlign === 'top' ? { ...fitted, y: garment.printArea.y } : fitted;
}

/** How thread or ink takes the garment's light at a texel: a factor on its color and a sheen added. */
type Finish = (x: number, y: number, diffuse: number, sheen: number) => { light: number; sheen: number };

/** Satin stitches at a slant, raised into a pillow whose edges catch the key light. */
function embroidery(relief: Field): Finish {
  return (x, y, diffuse, sheen) => {
    const slopeX = (sample(relief, x + 1, y) - sample(relief, x - 1, y)) / 2;
    const slopeY = (sample(relief, x, y + 1) - sample(relief, x, y - 1)) / 2;
    // Facing the light where the pillow rises toward it.
    const facing = -(slopeX * KEY_ON_CANVAS.x + slopeY * KEY_ON_CANVAS.y) * 6;
    const stitch = 0.5 + 0.5 * Math.sin((2 * Math.PI * (x + y)) / 5.5 + 2.2 * valueNoise(x / 6, y / 40, 5));
    const rounded = 0.7 + 0.3 * Math.min(1, sample(relief, x, y) * 1.4);
    return {
      light: diffuse * rounded * (0.84 + 0.22 * stitch) * (1 + 0.8 * facing),
      sheen: sheen * 1.8 + 0.05 * stitch * Math.max(0, facing + 0.2),
    };
  };
}

/** Plastisol ink: flat, taking the cloth's light and a little less of its sheen. */
const screenPrint: Finish = (_x, _y, diffuse, sheen) => ({ light: diffuse * 0.97, sheen: sheen * 0.6 });

/** Lays the logo onto `picture` (the dressed garment, raw sRGB bytes, changed in place). */
export async function applyPrint(
  picture: Buffer,
  surface: Surface,
  garment: Garment,
  art: LogoArt,
  rasterize: Rasterize,
): Promise<void> {
  const place = placement(garment, art);
  const density = garment.texelsPerUnit;
  const texture = await logoTexture(art, { width: place.width * density, height: place.height * density }, rasterize);
  const embroidered = garment.printMethod === 'embroidery';
  const relief = embroidered ? blur(texture.alpha, 2.5) : texture.alpha;
  // The embroidery's shadow falls away from the key light.
  const shadow = embroidered ? blur(texture.alpha, 3) : null;
  const shadowOffset = { x: -KEY_ON_CANVAS.x * 3, y: -KEY_ON_CANVAS.y * 3 };
  const finish = embroidered ? embroidery(relief) : screenPrint;
  const { box, u, v } = surface.print;

  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const mapped = y * box.width + x;
      const pu = u[mapped]!;
      if (Number.isNaN(pu)) continue;
      const tx = (pu - place.x) * density + PAD - 0.5;
      const ty = (v[mapped]! - place.y) * density + PAD - 0.5;
      const cast = shadow ? sample(shadow, tx - shadowOffset.x, ty - shadowOffset.y) * 0.45 : 0;
      const taps = bilinear(texture, tx, ty);
      if (!taps && cast === 0) continue;
      let cover = 0;
      const ink = [0, 0, 0];
      if (taps) {
        for (let k = 0; k < 4; k++) {
          const w = taps.weights[k]!;
          const at = taps.indices[k]!;
          cover += texture.alpha.data[at]! * w;
          for (let c = 0; c < 3; c++) ink[c]! += texture.color[at * 3 + c]! * w;
        }
      }
      if (cover < 1e-4 && cast < 1e-4) continue;
      const cx = box.x + x;
      const cy = box.y + y;
      const pixel = cy * CANVAS + cx;
      const lit = finish(tx, ty, surface.diffuse.data[pixel]!, surface.sheen.data[pixel]!);
      const dither = ditherAt(cx, cy);
      for (let c = 0; c < 3; c++) {
        const cloth = toLinear(picture[pixel * 3 + c]!) * (1 - cast * (1 - cover));
        // ink[c] is premultiplied: cover * color.
        const thread = cover * rollOff((ink[c]! * lit.light) / Math.max(cover, 1e-6) + lit.sheen);
        picture[pixel * 3 + c] = toSrgbByte(cloth * (1 - cover) + thread, dither);
      }
    }
  }
}
