/**
 * Reads the brand kit the page just received, to preview what it holds: the
 * entry names from the ZIP's central directory, and one entry's bytes on
 * demand (stored, or deflated and inflated by the browser's
 * DecompressionStream). Enough for the kit this service writes; no ZIP64.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export interface ZipEntry {
  name: string;
  size: number;
  method: number;
  compressedSize: number;
  localHeaderAt: number;
}

export class ZipReadError extends Error {
  override readonly name = 'ZipReadError';
}

function endOfDirectory(view: DataView): number {
  // The record is 22 bytes plus a comment of at most 65535.
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new ZipReadError('The kit is not a ZIP archive.');
}

export function zipEntries(bytes: ArrayBuffer): ZipEntry[] {
  const view = new DataView(bytes);
  const end = endOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new ZipReadError('The kit has a damaged directory.');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderAt: view.getUint32(at + 42, true),
      name: decoder.decode(new Uint8Array(bytes, at + 46, nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export async function zipEntryData(bytes: ArrayBuffer, entry: ZipEntry): Promise<Blob> {
  const view = new DataView(bytes);
  const at = entry.localHeaderAt;
  if (view.getUint32(at, true) !== LOCAL_HEADER) throw new ZipReadError(`The kit's ${entry.name} is damaged.`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const body = new Blob([new Uint8Array(bytes, start, entry.compressedSize)]);
  if (entry.method === STORED) return body;
  if (entry.method !== DEFLATED) throw new ZipReadError(`The kit's ${entry.name} uses an unknown compression.`);
  return new Response(body.stream().pipeThrough(new DecompressionStream('deflate-raw'))).blob();
}
