/** The Windows ICON container holding PNG images (allowed since Windows Vista, read by every browser). */

export interface IcoImage {
  /** Width and height in pixels (square), 1-256. */
  size: number;
  png: Buffer;
}

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;

/** An .ico with `images` in the order given. */
export function writeIco(images: readonly IcoImage[]): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);

  let offset = HEADER_BYTES + ENTRY_BYTES * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(ENTRY_BYTES);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 stands for 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no color table
    entry.writeUInt16LE(1, 4); // planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}
