/**
 * The review sheet that review_vectorization shows: the logo on a
 * transparency checkerboard, on white and on a dark surface (so a white
 * element or a missing background shows at once), above swatches of its
 * visible palette, its gradients and, struck through, the colors it hides.
 */
import { escapeXml } from './escape.js';
import { FONT_FAMILY } from './fonts.js';
import { fitInBox, inset, type Box } from './geometry.js';
import { gradientElement, logoInBox, parseLogoArt, rampsOf, type LogoArt, type Ramp } from './logo-art.js';
import { drawing, type Rasterize } from './raster.js';

const PANEL = { width: 360, height: 270 };
const MARGIN = 16;
const SWATCH = 40;
const SWATCH_STEP = 120;
const LABEL_HEIGHT = 20;
const SURFACES = [
  { label: 'transparent', fill: 'url(#checkerboard)' },
  { label: 'on white', fill: '#ffffff' },
  { label: 'on dark', fill: '#1f2430' },
];
const INK = '#3c4250';
const FRAME = '#c9ced8';

export const REVIEW_SHEET_WIDTH = MARGIN + SURFACES.length * (PANEL.width + MARGIN);

function panel(art: LogoArt, surface: (typeof SURFACES)[number], index: number): string {
  const box: Box = { x: MARGIN + index * (PANEL.width + MARGIN), y: MARGIN, ...PANEL };
  const logo = logoInBox(art, fitInBox(art, inset(box, 24)));
  return (
    `<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="${surface.fill}" stroke="${FRAME}"/>` +
    logo +
    `<text x="${box.x}" y="${box.y + box.height + 16}" font-size="13" fill="${INK}">${surface.label}</text>`
  );
}

function swatch(color: string, index: number, top: number, hidden: boolean): string {
  const x = MARGIN + index * SWATCH_STEP;
  const strike = hidden
    ? `<line x1="${x}" y1="${top + SWATCH}" x2="${x + SWATCH}" y2="${top}" stroke="#d0353f" stroke-width="3"/>`
    : '';
  return (
    `<rect x="${x}" y="${top}" width="${SWATCH}" height="${SWATCH}" fill="${color}" stroke="${FRAME}"${hidden ? ' fill-opacity="0.35"' : ''}/>` +
    strike +
    `<text x="${x + SWATCH + 8}" y="${top + 17}" font-size="13" fill="${INK}">${escapeXml(color)}</text>` +
    (hidden ? `<text x="${x + SWATCH + 8}" y="${top + 34}" font-size="11" fill="${INK}">hidden</text>` : '')
  );
}

/** A gradient's swatch: its stops running left to right across the square. */
function gradientSwatch(ramp: Ramp, index: number, top: number): string {
  const x = MARGIN + index * SWATCH_STEP;
  const across: Ramp = { kind: 'linear', x1: x, y1: top, x2: x + SWATCH, y2: top, stops: ramp.stops };
  const { id, markup } = gradientElement(across);
  return (
    `<defs>${markup}</defs><rect x="${x}" y="${top}" width="${SWATCH}" height="${SWATCH}" fill="url(#${id})" stroke="${FRAME}"/>` +
    `<text x="${x + SWATCH + 8}" y="${top + 17}" font-size="13" fill="${INK}">gradient</text>` +
    `<text x="${x + SWATCH + 8}" y="${top + 34}" font-size="11" fill="${INK}">${ramp.stops.length} stops</text>`
  );
}

/** A PNG of the sheet for the SVG of a revision, its visible palette and its hidden colors. */
export async function renderReviewSheet(
  svg: string,
  palette: readonly string[],
  hidden: readonly string[],
  rasterize: Rasterize,
): Promise<Buffer> {
  const art = parseLogoArt(svg);
  const swatches = [
    ...palette.map((c) => (index: number, top: number) => swatch(c, index, top, false)),
    ...rampsOf(art).map((ramp) => (index: number, top: number) => gradientSwatch(ramp, index, top)),
    ...hidden.map((c) => (index: number, top: number) => swatch(c, index, top, true)),
  ];
  const perRow = Math.max(1, Math.floor((REVIEW_SHEET_WIDTH - MARGIN) / SWATCH_STEP));
  const rows = Math.ceil(swatches.length / perRow);
  const swatchesTop = MARGIN + PANEL.height + LABEL_HEIGHT + MARGIN;
  const height = swatchesTop + rows * (SWATCH + MARGIN);
  const body = [
    '<defs><pattern id="checkerboard" width="16" height="16" patternUnits="userSpaceOnUse">',
    '<rect width="16" height="16" fill="#ffffff"/><rect width="8" height="8" fill="#e3e6ec"/>',
    '<rect x="8" y="8" width="8" height="8" fill="#e3e6ec"/></pattern></defs>',
    `<rect width="${REVIEW_SHEET_WIDTH}" height="${height}" fill="#f6f7f9"/>`,
    `<g font-family="${FONT_FAMILY}">`,
    ...SURFACES.map((surface, index) => panel(art, surface, index)),
    ...swatches.map((draw, index) =>
      draw(index % perRow, swatchesTop + Math.floor(index / perRow) * (SWATCH + MARGIN)),
    ),
    '</g>',
  ];
  return rasterize(drawing(REVIEW_SHEET_WIDTH, height, body.join('')), { text: true, opaque: true });
}
