/**
 * Images within the spec's limits that are not logos and would hold a naive
 * tracer for minutes: checkerboards, noise, dithering, photos, mosaics of
 * hundreds of colors. Drawn in the run from a seeded generator, so every run
 * tries the same pixels.
 */
import sharp from 'sharp';

export interface HostileImage {
  name: string;
  image: Buffer;
  width: number;
  height: number;
}

/** A small deterministic generator (mulberry32): the same seed, the same pixels. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

type Pixel = (x: number, y: number) => readonly [number, number, number];

async function draw(
  name: string,
  width: number,
  height: number,
  pixel: Pixel,
  format: 'png' | 'jpeg' = 'png',
): Promise<HostileImage> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const o = (y * width + x) * 3;
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
    }
  }
  const raw = sharp(data, { raw: { width, height, channels: 3 } });
  const image = await (format === 'png' ? raw.png({ compressionLevel: 9 }) : raw.jpeg({ quality: 85 })).toBuffer();
  return { name, image, width, height };
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** Black and white squares of `cell` px. */
export function checkerboard(width: number, height: number, cell: number): Promise<HostileImage> {
  return draw(`checkerboard ${cell} px, ${width}x${height}`, width, height, (x, y) => {
    const v = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0 ? 0 : 255;
    return [v, v, v];
  });
}

/** Every pixel a random color. */
export function noise(side: number, seed = 1): Promise<HostileImage> {
  const next = random(seed);
  return draw(
    `noise, ${side}x${side}`,
    side,
    side,
    () => [next() * 256, next() * 256, next() * 256].map(Math.floor) as [number, number, number],
  );
}

/** A gray ramp as black and white pixels (4x4 ordered dithering). */
export function dithered(side: number): Promise<HostileImage> {
  const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
  return draw(`dithered ramp, ${side}x${side}`, side, side, (x, y) => {
    const v = x / side > bayer[(y % 4) * 4 + (x % 4)]! / 16 ? 255 : 0;
    return [v, v, v];
  });
}

/** Smooth color fields with grain, as a camera's JPEG. */
export function photo(side: number, seed = 2): Promise<HostileImage> {
  const next = random(seed);
  return draw(
    `photo-like JPEG, ${side}x${side}`,
    side,
    side,
    (x, y) => {
      const u = x / side;
      const v = y / side;
      const grain = () => (next() - 0.5) * 40;
      return [
        clamp((Math.sin(7 * u + 3 * Math.sin(5 * v)) + 1) * 110 + grain()),
        clamp((Math.sin(11 * v + 2 * Math.cos(3 * u)) + 1) * 110 + grain()),
        clamp((Math.sin(5 * (u + v) + Math.sin(13 * u * v)) + 1) * 110 + grain()),
      ];
    },
    'jpeg',
  );
}

/** Squares of `cell` px in `colors` random colors. */
export function mosaic(side: number, colors: number, cell: number, seed = 3): Promise<HostileImage> {
  const next = random(seed);
  const palette = Array.from(
    { length: colors },
    () => [next() * 256, next() * 256, next() * 256].map(Math.floor) as [number, number, number],
  );
  const per = Math.ceil(side / cell);
  const squares = Array.from({ length: per * per }, () => Math.floor(next() * colors));
  return draw(`mosaic of ${colors} colors in ${cell} px squares, ${side}x${side}`, side, side, (x, y) => {
    return palette[squares[Math.floor(y / cell) * per + Math.floor(x / cell)]!]!;
  });
}

/** Gray with faint grain: no clear edge anywhere, a different color at every pixel. */
export function faintNoise(side: number, seed = 4): Promise<HostileImage> {
  const next = random(seed);
  return draw(
    `faint noise, ${side}x${side}`,
    side,
    side,
    () => [0, 0, 0].map(() => 113 + Math.floor(next() * 31)) as [number, number, number],
  );
}

/** The set the engine must refuse or trace fast, at the sizes that hurt most within the spec's limits. */
export async function hostileImages(): Promise<HostileImage[]> {
  return Promise.all([
    checkerboard(1000, 1000, 1),
    checkerboard(2000, 2000, 1),
    checkerboard(2000, 2000, 2),
    checkerboard(6000, 3333, 3),
    checkerboard(1414, 1414, 19),
    noise(1000),
    noise(1800),
    dithered(2000),
    photo(3000),
    mosaic(1414, 250, 40),
    mosaic(1414, 8, 19),
    faintNoise(1414),
  ]);
}
