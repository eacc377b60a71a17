/**
 * A minimal ZIP writer. Written here rather than taken from a library so that
 * the archive is byte-for-byte reproducible (one fixed timestamp, entries in
 * the order given) and so compression runs on the libuv threadpool instead of
 * the event loop. Already-compressed images are stored as they are.
 */
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

export interface ZipEntry {
  path: string;
  data: Buffer;
}

const STORED = 0;
const DEFLATED = 8;
const UTF8_NAMES = 0x0800;
const VERSION = 20;
/** "Made by" Unix, so the permissions below apply. */
const MADE_BY_UNIX = (3 << 8) | VERSION;
const FILE_MODE_0644 = (0o100644 << 16) >>> 0;
/** 1980-01-01 00:00, the earliest DOS date: the same for every build. */
const DOS_TIME = 0;
const DOS_DATE = (1 << 5) | 1;

const ALREADY_COMPRESSED = /\.(png|ico)$/i;

interface Packed {
  name: Buffer;
  method: number;
  crc: number;
  size: number;
  body: Buffer;
  offset: number;
}

async function pack(entry: ZipEntry): Promise<Omit<Packed, 'offset'>> {
  const name = Buffer.from(entry.path, 'utf8');
  const crc = crc32(entry.data);
  if (!ALREADY_COMPRESSED.test(entry.path)) {
    const body = await deflate(entry.data, { level: 9 });
    if (body.length < entry.data.length) return { name, method: DEFLATED, crc, size: entry.data.length, body };
  }
  return { name, method: STORED, crc, size: entry.data.length, body: entry.data };
}

/**
 * The fields the local and the central header share, in the same order in both: version needed, flags,
 * method, time, date, CRC, both sizes, name length. `at` is where "version needed" stands.
 */
function writeSharedFields(header: Buffer, at: number, file: Packed): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(file.method, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(file.crc, at + 10);
  header.writeUInt32LE(file.body.length, at + 14);
  header.writeUInt32LE(file.size, at + 18);
  header.writeUInt16LE(file.name.length, at + 22);
}

function localHeader(file: Packed): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  writeSharedFields(header, 4, file);
  // Extra field length stays zero.
  return header;
}

function centralHeader(file: Packed): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX, 4);
  writeSharedFields(header, 6, file);
  // Extra field, comment, disk number and internal attributes stay zero.
  header.writeUInt32LE(FILE_MODE_0644, 38);
  header.writeUInt32LE(file.offset, 42);
  return header;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(count, 8);
  record.writeUInt16LE(count, 10);
  record.writeUInt32LE(size, 12);
  record.writeUInt32LE(offset, 16);
  return record;
}

/** The archive of `entries`, in their order. Sizes must stay under 4 GiB (no ZIP64): a brand kit is a few MB. */
export async function writeZip(entries: readonly ZipEntry[]): Promise<Buffer> {
  const packed = await Promise.all(entries.map(pack));
  const parts: Buffer[] = [];
  const files: Packed[] = [];
  let offset = 0;
  for (const file of packed) {
    const placed = { ...file, offset };
    const header = localHeader(placed);
    parts.push(header, file.name, file.body);
    offset += header.length + file.name.length + file.body.length;
    files.push(placed);
  }
  const directory = files.flatMap((file) => [centralHeader(file), file.name]);
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([...parts, ...directory, endOfCentralDirectory(files.length, directorySize, offset)]);
}
