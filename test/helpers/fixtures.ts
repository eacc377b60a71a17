/**
 * Fixtures for the engine tests, drawn in the test run: logos are SVG strings
 * rendered with resvg (anti-aliased, like a real export), encoded to PNG, JPEG
 * or WebP with sharp; broken and hostile files are built byte by byte.
 */
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

export const ORANGE = '#fc4c02';
export const GRAY = '#54585a';
export const NAVY = '#1e3a8a';
/** Five colors far apart in CIELAB, listed largest shape first in fiveColorLogo. */
export const FIVE_COLORS = ['#fc4c02', '#54585a', '#1e88e5', '#43a047', '#fdd835'] as const;

// ---------------------------------------------------------------- drawing

export function svgDoc(width: number, height: number, body: string, background?: string): string {
  const bg = background ? `<rect width="${width}" height="${height}" fill="${background}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${bg}${body}</svg>`;
}

/** Render an SVG at its own size to an RGBA PNG (anti-aliased edges, transparent where nothing is drawn). */
export function renderSvg(svg: string): Buffer {
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}

/** Render an SVG scaled to `width` px wide (the engine's SVG at the source size). */
export function renderSvgAt(svg: string, width: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().asPng();
}

export interface LogoFixture {
  svg: string;
  width: number;
  height: number;
  /** Geometric bounding box of everything drawn: x, y, width, height. */
  box: { x: number; y: number; width: number; height: number };
  /** The fills used, lowercase '#rrggbb'. */
  colors: string[];
}

/**
 * The two-color logo: an orange "C" mark (a thick open arc, round outside and
 * inside) with an orange dot in it, and three gray "text" bars with rounded
 * ends, on transparency. Nothing is enclosed, so on a white page all the white
 * is background. Content box 20..180 x 20..100.
 */
export function twoColorLogo(background?: string): LogoFixture {
  const body =
    `<path d="M82.63 37.37A32 32 0 1 0 82.63 82.63" fill="none" stroke="${ORANGE}" stroke-width="16"/>` +
    `<circle cx="62" cy="60" r="9" fill="${ORANGE}"/>` +
    `<rect x="112" y="28" width="68" height="12" rx="6" fill="${GRAY}"/>` +
    `<rect x="112" y="54" width="52" height="12" rx="6" fill="${GRAY}"/>` +
    `<rect x="112" y="80" width="60" height="12" rx="6" fill="${GRAY}"/>`;
  return {
    svg: svgDoc(200, 120, body, background),
    width: 200,
    height: 120,
    box: { x: 20, y: 20, width: 160, height: 80 },
    colors: [ORANGE, GRAY],
  };
}

/** The two-color logo recolored (same shapes), e.g. for a second animation frame. */
export function recolored(fixture: LogoFixture, colors: readonly string[]): LogoFixture {
  let svg = fixture.svg;
  fixture.colors.forEach((c, i) => {
    svg = svg.split(c).join(colors[i] ?? c);
  });
  return { ...fixture, svg, colors: fixture.colors.map((c, i) => colors[i] ?? c) };
}

/** Five flat colors, each a shape of its own, largest first, on transparency. */
export function fiveColorLogo(background?: string): LogoFixture {
  const [orange, gray, blue, green, yellow] = FIVE_COLORS;
  const body =
    `<circle cx="70" cy="80" r="55" fill="${orange}"/>` +
    `<rect x="140" y="30" width="110" height="36" rx="8" fill="${gray}"/>` +
    `<rect x="140" y="84" width="60" height="60" fill="${blue}"/>` +
    `<path d="M215 144l30-54 30 54z" fill="${green}"/>` +
    `<circle cx="70" cy="80" r="16" fill="${yellow}"/>`;
  return {
    svg: svgDoc(300, 170, body, background),
    width: 300,
    height: 170,
    box: { x: 15, y: 25, width: 260, height: 119 },
    colors: [...FIVE_COLORS],
  };
}

/** A navy badge with a white ring and a white bar inside, on a white page. */
export function badgeLogo(): LogoFixture {
  const body =
    `<rect x="20" y="20" width="200" height="120" rx="24" fill="${NAVY}"/>` +
    `<circle cx="80" cy="80" r="34" fill="none" stroke="#ffffff" stroke-width="12"/>` +
    `<rect x="132" y="66" width="66" height="28" rx="4" fill="#ffffff"/>`;
  return {
    svg: svgDoc(240, 160, body, '#ffffff'),
    width: 240,
    height: 160,
    box: { x: 20, y: 20, width: 200, height: 120 },
    colors: [NAVY, '#ffffff'],
  };
}

/** Two rectangles sharing an edge at x = 100 (any gap between layers shows there). */
export function adjacentColorsLogo(): LogoFixture {
  const body = `<rect x="20" y="20" width="80" height="80" fill="${ORANGE}"/><rect x="100" y="20" width="80" height="80" fill="${GRAY}"/>`;
  return {
    svg: svgDoc(200, 120, body),
    width: 200,
    height: 120,
    box: { x: 20, y: 20, width: 160, height: 80 },
    colors: [ORANGE, GRAY],
  };
}

/** Round shapes only (circles, ellipses, a wave): what smoothing acts on. */
export function curvyLogo(): LogoFixture {
  const body =
    `<circle cx="90" cy="90" r="70" fill="${ORANGE}"/>` +
    `<ellipse cx="250" cy="70" rx="60" ry="35" fill="${GRAY}"/>` +
    `<path d="M180 150c30-40 60 40 90 0s60 40 90 0v30h-180z" fill="#1e88e5"/>` +
    `<circle cx="90" cy="90" r="30" fill="#fdd835"/>`;
  return {
    svg: svgDoc(380, 200, body),
    width: 380,
    height: 200,
    box: { x: 20, y: 20, width: 340, height: 170 },
    colors: [ORANGE, GRAY, '#1e88e5', '#fdd835'],
  };
}

/** A logo in `color` at a size derived from `seed`, for many distinct concurrent inputs. */
export function variantLogo(seed: number, colors: readonly string[]): LogoFixture {
  const w = 160 + (seed % 7) * 40;
  const h = 120 + (seed % 5) * 30;
  const shapes = colors
    .map(
      (c, i) =>
        `<rect x="${16 + i * 40}" y="${16 + (i % 2) * 20}" width="34" height="${h - 60}" rx="${(seed + i) % 9}" fill="${c}"/>`,
    )
    .join('');
  return {
    svg: svgDoc(w, h, shapes),
    width: w,
    height: h,
    box: { x: 16, y: 16, width: 40 * colors.length - 6, height: h - 40 },
    colors: [...colors],
  };
}

/** A large busy logo (many circles), slow enough to keep a threadpool thread busy. */
export function busyLogo(size = 2000, count = 400): Buffer {
  const colors = [ORANGE, GRAY, '#1e88e5', '#43a047'];
  let shapes = '';
  for (let i = 0; i < count; i++) {
    const x = ((i * 97) % (size - 100)) + 40;
    const y = ((i * 53) % (size - 100)) + 40;
    shapes += `<circle cx="${x}" cy="${y}" r="${15 + (i % 20)}" fill="${colors[i % 4]}"/>`;
  }
  return renderSvg(svgDoc(size, size, shapes));
}

// ---------------------------------------------------------------- encoding

export function png(fixture: LogoFixture): Buffer {
  return renderSvg(fixture.svg);
}

export async function jpeg(input: Buffer, quality = 90, background = '#ffffff'): Promise<Buffer> {
  return sharp(input).flatten({ background }).jpeg({ quality }).toBuffer();
}

export async function webp(input: Buffer, lossless: boolean): Promise<Buffer> {
  return lossless ? sharp(input).webp({ lossless: true }).toBuffer() : sharp(input).webp({ quality: 90 }).toBuffer();
}

/** An animated WebP whose frames are the given images (all the same size). */
export async function animatedWebp(frames: Buffer[]): Promise<Buffer> {
  return sharp(frames, { join: { animated: true } })
    .webp({ lossless: true, loop: 0, delay: frames.map(() => 200) })
    .toBuffer();
}

export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** Decode anything sharp reads to straight (unpremultiplied) RGBA. */
export async function rgba(input: Buffer): Promise<Raw> {
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

// ---------------------------------------------------------------- PNG by hand

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

export function ihdr(width: number, height: number, bitDepth: number, colorType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colorType;
  // compression, filter, interlace: 0
  return pngChunk('IHDR', data);
}

/** PNG header fields read back from a file (to prove the fixture has the layout a test claims). */
export function pngHeader(file: Buffer): { width: number; height: number; bitDepth: number; colorType: number } {
  if (!file.subarray(0, 8).equals(PNG_SIGNATURE) || file.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return {
    width: file.readUInt32BE(16),
    height: file.readUInt32BE(20),
    bitDepth: file[24]!,
    colorType: file[25]!,
  };
}

/**
 * A decompression bomb: a valid header declaring width x height RGBA pixels
 * followed by a tiny IDAT (one compressed row of zeros) and IEND.
 */
export function bombPng(width: number, height: number): Buffer {
  const idat = deflateSync(Buffer.alloc(1 + Math.min(width, 1024) * 4));
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 8, 6),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An indexed-color PNG (color type 3, 8-bit) with a tRNS chunk, from straight
 * RGBA pixels that use at most 256 distinct RGBA values.
 */
export function indexedPng(raw: Raw): Buffer {
  const index = new Map<number, number>();
  const entries: number[] = [];
  const rows = Buffer.alloc((raw.width + 1) * raw.height);
  for (let y = 0; y < raw.height; y++) {
    rows[y * (raw.width + 1)] = 0;
    for (let x = 0; x < raw.width; x++) {
      const o = (y * raw.width + x) * 4;
      const a = raw.data[o + 3]!;
      const key = a === 0 ? 0 : raw.data.readUInt32BE(o) >>> 0;
      let i = index.get(key);
      if (i === undefined) {
        i = entries.length;
        if (i > 255) throw new Error('more than 256 colors');
        index.set(key, i);
        entries.push(key);
      }
      rows[y * (raw.width + 1) + 1 + x] = i;
    }
  }
  const plte = Buffer.alloc(entries.length * 3);
  const trns = Buffer.alloc(entries.length);
  entries.forEach((key, i) => {
    plte[i * 3] = (key >>> 24) & 0xff;
    plte[i * 3 + 1] = (key >>> 16) & 0xff;
    plte[i * 3 + 2] = (key >>> 8) & 0xff;
    trns[i] = key & 0xff;
  });
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(raw.width, raw.height, 8, 3),
    pngChunk('PLTE', plte),
    pngChunk('tRNS', trns),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Encode straight RGBA pixels as a PNG of color type 0 (gray), 2 (RGB),
 * 4 (gray + alpha) or 6 (RGBA) at 8 or 16 bits per sample (16-bit samples are
 * v * 257, the exact widening). Gray samples take the red channel.
 */
export function encodePng(raw: Raw, colorType: 0 | 2 | 4 | 6, bitDepth: 8 | 16): Buffer {
  const pick: Record<typeof colorType, number[]> = { 0: [0], 2: [0, 1, 2], 4: [0, 3], 6: [0, 1, 2, 3] };
  const channels = pick[colorType];
  const bytes = bitDepth / 8;
  const stride = 1 + raw.width * channels.length * bytes;
  const rows = Buffer.alloc(stride * raw.height);
  for (let y = 0; y < raw.height; y++) {
    let o = y * stride + 1;
    for (let x = 0; x < raw.width; x++) {
      for (const c of channels) {
        const v = raw.data[(y * raw.width + x) * 4 + c]!;
        if (bitDepth === 16) {
          rows.writeUInt16BE(v * 257, o);
          o += 2;
        } else {
          rows[o++] = v;
        }
      }
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(raw.width, raw.height, bitDepth, colorType),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Snap every pixel to the nearest of `colors` or to full transparency (a crisp, palette-ready logo). */
export function snapToPalette(raw: Raw, colors: readonly string[]): Raw {
  const rgbs = colors.map(hexToRgb);
  const out = Buffer.alloc(raw.data.length);
  for (let o = 0; o < raw.data.length; o += 4) {
    if (raw.data[o + 3]! < 128) continue;
    const px: Rgb = [raw.data[o]!, raw.data[o + 1]!, raw.data[o + 2]!];
    let best = rgbs[0]!;
    for (const c of rgbs) if (rgbDistance2(c, px) < rgbDistance2(best, px)) best = c;
    out[o] = best[0];
    out[o + 1] = best[1];
    out[o + 2] = best[2];
    out[o + 3] = 255;
  }
  return { data: out, width: raw.width, height: raw.height };
}

// ---------------------------------------------------------------- other files

/** A GIF of the two-color logo, written by sharp (a real, valid GIF). */
export async function gif(): Promise<Buffer> {
  return sharp(png(twoColorLogo('#ffffff')))
    .gif()
    .toBuffer();
}

export function truncated(file: Buffer, share: number): Buffer {
  return Buffer.from(file.subarray(0, Math.floor(file.length * share)));
}

// ---------------------------------------------------------------- colors and SVG

export function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb color: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function rgbDistance2(a: Rgb, b: Rgb): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

/** Largest per-channel difference between two hex colors. */
export function channelDiff(a: string, b: string): number {
  const [x, y] = [hexToRgb(a), hexToRgb(b)];
  return Math.max(Math.abs(x[0] - y[0]), Math.abs(x[1] - y[1]), Math.abs(x[2] - y[2]));
}

/** For each expected color, the palette color nearest to it, and the distance in channel units. */
export function matchPalette(
  palette: readonly string[],
  expected: readonly string[],
): { expected: string; got: string; diff: number }[] {
  return expected.map((e) => {
    let got = palette[0] ?? '';
    for (const p of palette) if (channelDiff(p, e) < channelDiff(got, e)) got = p;
    return { expected: e, got, diff: got ? channelDiff(got, e) : Infinity };
  });
}

export interface SvgStructure {
  width: number | undefined;
  height: number | undefined;
  viewBox: string | undefined;
  fills: string[];
  paths: number;
  hasTransform: boolean;
  /** Total length of all `d` attributes. */
  pathBytes: number;
}

export function svgStructure(svg: string): SvgStructure {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(root)?.[1];
  const paths = [...svg.matchAll(/<path\b[^>]*>/g)].map((m) => m[0]);
  const fills = paths.map((p) => /\sfill="([^"]*)"/.exec(p)?.[1] ?? '');
  const ds = paths.map((p) => /\sd="([^"]*)"/.exec(p)?.[1] ?? '');
  const w = attr('width');
  const h = attr('height');
  return {
    width: w === undefined ? undefined : Number(w),
    height: h === undefined ? undefined : Number(h),
    viewBox: attr('viewBox'),
    fills,
    paths: paths.length,
    hasTransform: /transform/i.test(svg),
    pathBytes: ds.reduce((n, d) => n + d.length, 0),
  };
}

/**
 * Mean absolute RGB error (0..255, over all channels and pixels) between two
 * RGBA images of the same size, both composited over `over`.
 */
export function meanErrorOver(a: Raw, b: Raw, over: Rgb = [255, 255, 255]): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`size mismatch ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let sum = 0;
  for (let o = 0; o < a.data.length; o += 4) {
    const aa = a.data[o + 3]! / 255;
    const ba = b.data[o + 3]! / 255;
    for (let c = 0; c < 3; c++) {
      const bg = over[c]!;
      const x = a.data[o + c]! * aa + bg * (1 - aa);
      const y = b.data[o + c]! * ba + bg * (1 - ba);
      sum += Math.abs(x - y);
    }
  }
  return sum / ((a.data.length / 4) * 3);
}

/** Bounding box of the pixels with alpha >= 128. */
export function alphaBox(raw: Raw): { x: number; y: number; width: number; height: number } | undefined {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < raw.height; y++) {
    for (let x = 0; x < raw.width; x++) {
      if (raw.data[(y * raw.width + x) * 4 + 3]! >= 128) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Centroid of the opaque pixels within `tolerance` channel units of `hex`. */
export function colorCentroid(raw: Raw, hex: string, tolerance = 24): { x: number; y: number; count: number } {
  const c = hexToRgb(hex);
  let [sx, sy, n] = [0, 0, 0];
  for (let y = 0; y < raw.height; y++) {
    for (let x = 0; x < raw.width; x++) {
      const o = (y * raw.width + x) * 4;
      if (raw.data[o + 3]! < 128) continue;
      const d = Math.max(
        Math.abs(raw.data[o]! - c[0]),
        Math.abs(raw.data[o + 1]! - c[1]),
        Math.abs(raw.data[o + 2]! - c[2]),
      );
      if (d <= tolerance) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return { x: n ? sx / n : NaN, y: n ? sy / n : NaN, count: n };
}

/** Share of the pixels whose alpha is 255. */
export function opaqueShare(raw: Raw): number {
  let n = 0;
  for (let o = 3; o < raw.data.length; o += 4) if (raw.data[o] === 255) n++;
  return n / (raw.data.length / 4);
}
