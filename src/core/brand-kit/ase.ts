/**
 * Adobe Swatch Exchange (.ase), read by Illustrator, Photoshop, InDesign and
 * Affinity: a "ASEF" 1.0 header, then blocks. The colors sit in one group named
 * after the brand. Strings are UTF-16BE with a terminating zero, counted in
 * code units including it; numbers are big-endian.
 */
import { hexToRgb } from '../color.js';

export interface Swatch {
  name: string;
  hex: string;
}

const GROUP_START = 0xc001;
const GROUP_END = 0xc002;
const COLOR_ENTRY = 0x0001;
const GLOBAL_COLOR = 0;

function utf16String(text: string): Buffer {
  const units = Buffer.from(`${text}\0`, 'utf16le').swap16();
  const length = Buffer.alloc(2);
  length.writeUInt16BE(units.length / 2);
  return Buffer.concat([length, units]);
}

function block(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt16BE(type, 0);
  head.writeUInt32BE(body.length, 2);
  return Buffer.concat([head, body]);
}

function colorBody({ name, hex }: Swatch): Buffer {
  const { r, g, b } = hexToRgb(hex);
  const values = Buffer.alloc(4 + 12 + 2);
  values.write('RGB ', 0, 'ascii');
  [r, g, b].forEach((channel, i) => values.writeFloatBE(channel / 255, 4 + i * 4));
  values.writeUInt16BE(GLOBAL_COLOR, 16);
  return Buffer.concat([utf16String(name), values]);
}

export function writeAse(groupName: string, swatches: readonly Swatch[]): Buffer {
  const blocks = [
    block(GROUP_START, utf16String(groupName)),
    ...swatches.map((swatch) => block(COLOR_ENTRY, colorBody(swatch))),
    block(GROUP_END, Buffer.alloc(0)),
  ];
  const header = Buffer.alloc(12);
  header.write('ASEF', 0, 'ascii');
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(0, 6);
  header.writeUInt32BE(blocks.length, 8);
  return Buffer.concat([header, ...blocks]);
}
