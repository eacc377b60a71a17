/** Decoding source images and rendering SVGs into RGBA pixels of a known size. */
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';

export interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  pixels: Uint8Array;
  /** resvg hands back premultiplied color; decoded files are straight alpha. */
  premultiplied: boolean;
}

export async function decodeImage(bytes: Buffer): Promise<Raster> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data, premultiplied: false };
}

/**
 * Renders an SVG stretched to exactly `width` x `height`: a small input's SVG
 * scored against the full-size original, whose rounded size may differ by a
 * pixel from the small one's aspect ratio.
 */
export function renderSvgAt(svg: string, width: number, height: number): Raster {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error('not an SVG document');
  const size = (name: string): number => Number(new RegExp(`\\s${name}="([\\d.]+)`).exec(root)?.[1]);
  const [ownWidth, ownHeight] = [size('width'), size('height')];
  const viewBox = root.includes('viewBox=') ? '' : ` viewBox="0 0 ${ownWidth} ${ownHeight}"`;
  const resized = root
    .replace(/\swidth="[^"]*"/, ` width="${width}"`)
    .replace(/\sheight="[^"]*"/, ` height="${height}"`)
    .replace(/\spreserveAspectRatio="[^"]*"/, '')
    .replace(/>$/, `${viewBox} preserveAspectRatio="none">`);
  return renderSvg(svg.replace(root, resized), width, height);
}

/**
 * Renders at the source's pixel size. Scaling by width also covers SVGs sized
 * in other units (potrace writes pt); a height that then disagrees means the
 * SVG's aspect ratio is wrong, which would make every pixel metric meaningless.
 */
export function renderSvg(svg: string, width: number, height: number): Raster {
  const rendered = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  }).render();
  if (rendered.width !== width || rendered.height !== height) {
    throw new Error(`SVG rendered at ${rendered.width}x${rendered.height}, expected the source's ${width}x${height}`);
  }
  return { width, height, pixels: rendered.pixels, premultiplied: true };
}
