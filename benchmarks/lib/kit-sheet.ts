/**
 * A brand kit on one sheet, to be looked at at 100%: the icons at their real
 * size on a light and on a dark strip, the guide's PDF pages (rendered by
 * poppler's pdftoppm), the mockups and the social images. One SVG of embedded
 * images, rendered to PNG by resvg with the project's font.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';

import { escapeXml } from '../../src/core/escape.js';
import { FONT_FAMILY, FONT_FILES } from '../../src/core/fonts.js';

const WIDTH = 1800;
const MARGIN = 24;
const GAP = 16;
const STRIPS = [
  { label: 'light', fill: '#f3f4f6', ink: '#111827' },
  { label: 'dark', fill: '#111827', ink: '#f3f4f6' },
] as const;
/** The icons shown at real size, by kit path (favicon.ico's images are read out of it). */
const ICONS = [
  'web/favicon-96x96.png',
  'ios/AppIcon.appiconset/AppIcon-120x120.png',
  'web/apple-touch-icon.png',
  'web/icon-192x192.png',
  'android/mipmap-xxxhdpi/ic_launcher_monochrome.png',
  'android/mipmap-xxxhdpi/ic_launcher.png',
  'social/avatar-400x400.png',
] as const;
const PAGE_WIDTH = 570;
const MOCKUP_WIDTH = 600;

interface Placed {
  /** PNG or JPEG bytes. */
  png: Buffer;
  width: number;
  height: number;
}

/** The PNG images inside an .ico, smallest first. */
function icoImages(ico: Buffer): Buffer[] {
  const count = ico.readUInt16LE(4);
  const images = Array.from({ length: count }, (_, i) => {
    const entry = 6 + 16 * i;
    const size = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    return ico.subarray(offset, offset + size);
  });
  return images.reverse();
}

async function placed(png: Buffer, width?: number): Promise<Placed> {
  const meta = await sharp(png).metadata();
  const scale = width === undefined ? 1 : width / meta.width;
  return { png, width: meta.width * scale, height: meta.height * scale };
}

/** The PDF's pages as PNGs `PAGE_WIDTH` wide. */
function pdfPages(pdf: Buffer): Buffer[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-sheet-'));
  try {
    writeFileSync(path.join(dir, 'guide.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-scale-to-x', String(PAGE_WIDTH), '-scale-to-y', '-1', 'guide.pdf', 'page'], {
      cwd: dir,
    });
    return readdirSync(dir)
      .filter((file) => file.startsWith('page'))
      .sort()
      .map((file) => readFileSync(path.join(dir, file)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function image(item: Placed, x: number, y: number): string {
  return `<image x="${x}" y="${y}" width="${item.width}" height="${item.height}" href="data:image/${item.png[0] === 0xff ? 'jpeg' : 'png'};base64,${item.png.toString('base64')}"/>`;
}

function text(value: string, x: number, y: number, size: number, fill = '#111827'): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}" fill="${fill}">${escapeXml(value)}</text>`;
}

/** Items left to right, wrapping at the sheet's edge; returns the markup and the height used. */
function flow(items: readonly Placed[], top: number, gap = GAP): { markup: string; height: number } {
  const parts: string[] = [];
  let [x, y, rowHeight] = [MARGIN, top, 0];
  for (const item of items) {
    if (x + item.width > WIDTH - MARGIN && x > MARGIN) [x, y, rowHeight] = [MARGIN, y + rowHeight + gap, 0];
    parts.push(image(item, x, y));
    x += item.width + gap;
    rowHeight = Math.max(rowHeight, item.height);
  }
  return { markup: parts.join(''), height: y + rowHeight - top };
}

/** The sheet of a kit given as its files by path; `title` heads it. */
export async function kitSheet(title: string, files: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const file = (name: string) => {
    const data = files.get(name);
    if (!data) throw new Error(`the kit has no ${name}`);
    return data;
  };
  const icons = await Promise.all([
    ...icoImages(file('web/favicon.ico')).map((png) => placed(png)),
    ...ICONS.map((name) => placed(file(name))),
  ]);
  const pages = await Promise.all(pdfPages(file('brand-guide/brand-guide.pdf')).map((png) => placed(png)));
  const mockups = await Promise.all(
    [...files.keys()]
      .filter((name) => name.startsWith('mockups/'))
      .sort()
      .map((name) => placed(file(name), MOCKUP_WIDTH)),
  );
  const social = await placed(file('social/open-graph-1200x630.png'), MOCKUP_WIDTH);

  const parts: string[] = [text(title, MARGIN, MARGIN + 20, 22)];
  let y = MARGIN + 44;
  for (const strip of STRIPS) {
    const row = flow(icons, y + GAP + 18);
    parts.push(`<rect x="0" y="${y}" width="${WIDTH}" height="${row.height + 2 * GAP + 18}" fill="${strip.fill}"/>`);
    parts.push(
      text(
        `Icons at real size (favicon.ico 16/32/48, 96, iOS 120, touch 180, manifest 192, Android 192, avatar 400) on ${strip.label}`,
        MARGIN,
        y + 18,
        13,
        strip.ink,
      ),
    );
    parts.push(row.markup);
    y += row.height + 2 * GAP + 18;
  }
  for (const [label, items] of [
    ['Brand guide (PDF pages)', pages],
    ['Mockups and the share image', [...mockups, social]],
  ] as const) {
    parts.push(text(label, MARGIN, y + 28, 15));
    const section = flow(items, y + 40);
    parts.push(section.markup);
    y += 40 + section.height + GAP;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y + MARGIN}"><rect width="100%" height="100%" fill="#ffffff"/>${parts.join('')}</svg>`;
  const fonts = { loadSystemFonts: false, fontFiles: [FONT_FILES.regular], defaultFontFamily: FONT_FAMILY };
  return new Resvg(svg, { font: fonts }).render().asPng();
}
