/**
 * Contact sheets a person can look at: for each image, the source, our SVG and
 * plain vtracer's, each on a light and on a dark backdrop (a removed white
 * figure or a filled counter shows at once on the dark one). One SVG
 * document of embedded tiles, rendered to PNG by resvg with the project's font.
 */
import { Resvg } from '@resvg/resvg-js';

import { FONT_FAMILY, FONT_FILES } from '../../src/core/fonts.js';
import { escapeXml } from '../../src/core/escape.js';

export interface SheetEntry {
  name: string;
  /** The input as traced (PNG or JPEG bytes). */
  source: Buffer;
  sourceType: 'png' | 'jpg';
  /** Our SVG and plain vtracer's; null where the engine failed. */
  ours: string | null;
  vtracer: string | null;
}

const TILE = 112;
const GAP = 4;
const LABEL = 16;
const ENTRIES_PER_ROW = 2;
const BACKDROPS = ['#d9d9d9', '#262626'] as const;
const COLUMNS = ['source', 'ours', 'vtracer'] as const;

function dataUri(mime: string, bytes: Buffer | string): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

function tileImage(entry: SheetEntry, column: (typeof COLUMNS)[number]): string | null {
  if (column === 'source') return dataUri(entry.sourceType === 'png' ? 'image/png' : 'image/jpeg', entry.source);
  const svg = entry[column];
  return svg === null ? null : dataUri('image/svg+xml', svg);
}

function entryCells(entry: SheetEntry, x: number, y: number): string {
  const cells: string[] = [];
  cells.push(
    `<text x="${x}" y="${y + 12}" font-family="${FONT_FAMILY}" font-size="11" fill="#111">${escapeXml(entry.name)}</text>`,
  );
  BACKDROPS.forEach((backdrop, b) => {
    COLUMNS.forEach((column, c) => {
      const left = x + (b * COLUMNS.length + c) * (TILE + GAP);
      const top = y + LABEL;
      cells.push(`<rect x="${left}" y="${top}" width="${TILE}" height="${TILE}" fill="${backdrop}"/>`);
      const href = tileImage(entry, column);
      if (href === null) {
        cells.push(
          `<text x="${left + 8}" y="${top + TILE / 2}" font-family="${FONT_FAMILY}" font-size="11" fill="#c00">failed</text>`,
        );
      } else {
        cells.push(`<image x="${left}" y="${top}" width="${TILE}" height="${TILE}" href="${href}"/>`);
      }
    });
  });
  return cells.join('');
}

/** One sheet: a title row naming the columns, then the entries two to a row. */
export function renderContactSheet(title: string, entries: readonly SheetEntry[]): Buffer {
  const entryWidth = COLUMNS.length * BACKDROPS.length * (TILE + GAP);
  const width = ENTRIES_PER_ROW * entryWidth + GAP * 4;
  const rowHeight = LABEL + TILE + GAP * 3;
  const header = 40;
  const rows = Math.ceil(entries.length / ENTRIES_PER_ROW);
  const height = header + rows * rowHeight;
  const columnNames = BACKDROPS.flatMap((_, b) =>
    COLUMNS.map((column, c) => ({ column, left: (b * COLUMNS.length + c) * (TILE + GAP) })),
  );
  const headings = Array.from({ length: ENTRIES_PER_ROW }, (_, k) =>
    columnNames
      .map(
        ({ column, left }) =>
          `<text x="${GAP * 2 + k * entryWidth + left + TILE / 2}" y="34" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="11" fill="#444">${column}</text>`,
      )
      .join(''),
  ).join('');
  const body = entries
    .map((entry, index) => {
      const x = GAP * 2 + (index % ENTRIES_PER_ROW) * entryWidth;
      const y = header + Math.floor(index / ENTRIES_PER_ROW) * rowHeight;
      return entryCells(entry, x, y);
    })
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    `<text x="${GAP * 2}" y="16" font-family="${FONT_FAMILY}" font-size="14" font-weight="bold" fill="#111">${escapeXml(title)}</text>` +
    `${headings}${body}</svg>`;
  return new Resvg(svg, {
    font: { fontFiles: [FONT_FILES.regular], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  })
    .render()
    .asPng();
}
