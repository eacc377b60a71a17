/**
 * The garments' logo-independent layers kept on disk between processes: each
 * lit surface (about a second of work per garment) and each garment dressed in
 * a fabric color on the studio backdrop (about half a second each). A layer is
 * the same every time the same code draws it, so it is drawn once per version
 * of the mockup code and read back in milliseconds by every later process: the
 * server after a restart, each test file. The key hashes every file of this
 * folder with the renderer's and Node's versions. A missing, partial or
 * unreadable file is drawn again; a folder that cannot be written only costs
 * the drawing.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Field } from './field.js';
import type { Surface } from './surface.js';

export const SURFACE_CACHE_DIR = join(tmpdir(), 'logo-vectorizer-surfaces');

let codeKey: Promise<string | undefined> | undefined;

/** What the drawing depends on: this folder's files (source or build), the renderer, Node's math. */
async function keyOfCode(): Promise<string> {
  const folder = fileURLToPath(new URL('.', import.meta.url));
  const hash = createHash('sha256');
  const files = (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile());
  for (const name of files.map((entry) => entry.name).sort()) {
    hash.update(name).update(await readFile(join(folder, name)));
  }
  const resvg = createRequire(import.meta.url)('@resvg/resvg-js/package.json') as { version: string };
  return hash.update(resvg.version).update(process.version).digest('hex').slice(0, 16);
}

interface Header {
  fields: { width: number; height: number }[];
  box: Surface['print']['box'];
  printLength: number;
}

/** Header length, the header as JSON, padding to 4 bytes, then coverage, diffuse, sheen, u and v as float32. */
function encode(surface: Surface): Buffer {
  const fields = [surface.coverage, surface.diffuse, surface.sheen];
  const header: Header = {
    fields: fields.map(({ width, height }) => ({ width, height })),
    box: surface.print.box,
    printLength: surface.print.u.length,
  };
  const json = Buffer.from(JSON.stringify(header));
  const start = Math.ceil((4 + json.length) / 4) * 4;
  const arrays = [...fields.map((f) => f.data), surface.print.u, surface.print.v];
  const out = Buffer.alloc(start + arrays.reduce((sum, a) => sum + a.byteLength, 0));
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  let at = start;
  for (const array of arrays) {
    Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(out, at);
    at += array.byteLength;
  }
  return out;
}

/** The surface in `bytes`, or undefined when they do not hold a whole one. */
function decode(bytes: Buffer): Surface | undefined {
  try {
    const length = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + length).toString()) as Header;
    let at = Math.ceil((4 + length) / 4) * 4;
    const next = (count: number): Float32Array => {
      // A copy: the file's bytes need not sit on a 4-byte boundary of their buffer.
      const array = new Float32Array(count);
      Buffer.from(array.buffer).set(bytes.subarray(at, at + count * 4));
      at += count * 4;
      return array;
    };
    const sizes = [...header.fields.map((f) => f.width * f.height), header.printLength, header.printLength];
    if (header.fields.length !== 3 || at + sizes.reduce((sum, n) => sum + n * 4, 0) !== bytes.length) return undefined;
    const [coverage, diffuse, sheen] = header.fields.map((f): Field => ({ ...f, data: next(f.width * f.height) }));
    if (!coverage || !diffuse || !sheen) return undefined;
    const u = next(header.printLength);
    const v = next(header.printLength);
    return { coverage, diffuse, sheen, print: { box: header.box, u, v } };
  } catch {
    return undefined;
  }
}

/** The layer `name` from the cache in `dir`, or drawn by `draw` and kept there. */
async function cachedLayer<T>(
  name: string,
  draw: () => Promise<T>,
  codec: { encode: (layer: T) => Buffer; decode: (bytes: Buffer) => T | undefined },
  dir: string,
): Promise<T> {
  // Without a key a kept layer could be stale: draw it.
  codeKey ??= keyOfCode().catch(() => undefined);
  const key = await codeKey;
  if (!key) return draw();
  const file = join(dir, `${name}-${key}.bin`);
  const kept = await readFile(file).then(codec.decode, () => undefined);
  if (kept) return kept;
  const layer = await draw();
  // Written whole under a temporary name, then renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await mkdir(dir, { recursive: true })
    .then(() => writeFile(partial, codec.encode(layer)))
    .then(() => rename(partial, file))
    .catch(() => rm(partial, { force: true }).catch(() => undefined));
  return layer;
}

/** The surface `name` from the cache in `dir`, or drawn by `draw` and kept there. */
export function cachedSurface(
  name: string,
  draw: () => Promise<Surface>,
  dir: string = SURFACE_CACHE_DIR,
): Promise<Surface> {
  return cachedLayer(name, draw, { encode, decode }, dir);
}

/** The picture `name` of `byteLength` bytes (raw pixels) from the cache in `dir`, or drawn by `draw` and kept there. */
export function cachedPicture(
  name: string,
  byteLength: number,
  draw: () => Promise<Buffer>,
  dir: string = SURFACE_CACHE_DIR,
): Promise<Buffer> {
  const decodePicture = (bytes: Buffer) => (bytes.length === byteLength ? bytes : undefined);
  return cachedLayer(name, draw, { encode: (picture) => picture, decode: decodePicture }, dir);
}
