/**
 * The logo as our engine draws it: `<svg width height viewBox>` holding one
 * `<path fill="#rrggbb" d="..."/>` per palette color, in paint order. The kit
 * and the mockups redraw it (recolored, placed in other drawings, in a PDF),
 * so they work on the parsed paths rather than on the markup.
 */
import { escapeXml } from './escape.js';
import type { Box } from './geometry.js';

export interface LogoPath {
  /** Lower-case '#rrggbb'. */
  fill: string;
  /** SVG path data in the viewBox's units. */
  d: string;
}

export interface LogoArt {
  width: number;
  height: number;
  viewBox: { x: number; y: number; width: number; height: number };
  paths: LogoPath[];
}

/** A path painted KNOCKOUT cuts through everything painted before it, down to what lies behind the logo. */
export const KNOCKOUT = 'knockout';
/** How to paint each path, given its fill: a new '#rrggbb' or KNOCKOUT. */
export type Paint = (fill: string) => string;

const SVG_ROOT = /<svg\b[^>]*>/;
const PATH_ELEMENT = /<path\b[^>]*>/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

export class LogoArtError extends Error {
  override readonly name = 'LogoArtError';
}

interface DeclaredSize {
  width: number;
  height: number;
  viewBox: LogoArt['viewBox'];
}

/** The size an SVG document's root declares: its width and height in pixels, else its viewBox's. */
export function declaredSize(svg: string): DeclaredSize {
  const root = SVG_ROOT.exec(svg)?.[0];
  if (!root) throw new LogoArtError('not an SVG document');
  const [vx = 0, vy = 0, vw = NaN, vh = NaN] = (attribute(root, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  const width = Number(attribute(root, 'width') ?? vw);
  const height = Number(attribute(root, 'height') ?? vh);
  const viewBox = Number.isNaN(vw) ? { x: 0, y: 0, width, height } : { x: vx, y: vy, width: vw, height: vh };
  if (!(width > 0 && height > 0 && viewBox.width > 0 && viewBox.height > 0)) {
    throw new LogoArtError('the SVG has no usable size');
  }
  return { width, height, viewBox };
}

export function parseLogoArt(svg: string): LogoArt {
  const { width, height, viewBox } = declaredSize(svg);
  const paths: LogoPath[] = [];
  for (const [tag] of svg.matchAll(PATH_ELEMENT)) {
    const fill = attribute(tag, 'fill')?.toLowerCase();
    const d = attribute(tag, 'd');
    if (fill && /^#[0-9a-f]{6}$/.test(fill) && d) paths.push({ fill, d });
  }
  if (paths.length === 0) throw new LogoArtError('the SVG has no filled paths');
  return { width, height, viewBox, paths };
}

/** Each distinct fill of the logo, in paint order. */
export function fillsOf(art: LogoArt): string[] {
  return [...new Set(art.paths.map((path) => path.fill))];
}

const keepColors: Paint = (fill) => fill;

function viewBoxOf(art: LogoArt): string {
  const { x, y, width, height } = art.viewBox;
  return `${x} ${y} ${width} ${height}`;
}

function pathMarkup(fill: string, d: string): string {
  return `<path fill="${fill}" d="${escapeXml(d)}"/>`;
}

/**
 * The paths, painted. Knockouts take the color of `surface` when the logo is
 * known to sit on one; otherwise a luminance mask replays the paint order
 * (white for painted paths, black for knockouts) so they cut real holes.
 */
function pathsMarkup(art: LogoArt, paint: Paint, surface?: string): string {
  const painted = art.paths.map((path) => ({ d: path.d, fill: paint(path.fill) }));
  if (!painted.some((path) => path.fill === KNOCKOUT))
    return painted.map((path) => pathMarkup(path.fill, path.d)).join('');
  if (surface !== undefined)
    return painted.map((path) => pathMarkup(path.fill === KNOCKOUT ? surface : path.fill, path.d)).join('');
  const { x, y, width, height } = art.viewBox;
  const mask = painted.map((path) => pathMarkup(path.fill === KNOCKOUT ? '#000000' : '#ffffff', path.d)).join('');
  const visible = painted
    .filter((path) => path.fill !== KNOCKOUT)
    .map((path) => pathMarkup(path.fill, path.d))
    .join('');
  return `<mask id="${KNOCKOUT_MASK_ID}" maskUnits="userSpaceOnUse" x="${x}" y="${y}" width="${width}" height="${height}">${mask}</mask><g mask="url(#${KNOCKOUT_MASK_ID})">${visible}</g>`;
}

/** Only one logo with unresolved knockouts is ever drawn per document (a standalone file or one icon layer). */
const KNOCKOUT_MASK_ID = 'logo-knockouts';

/**
 * The logo inside `box` of a larger drawing, fitted and centred (a nested <svg>
 * keeps its aspect ratio). `surface` is the solid color right behind it, if any.
 */
export function logoInBox(art: LogoArt, box: Box, paint: Paint = keepColors, surface?: string): string {
  return `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" viewBox="${viewBoxOf(art)}">${pathsMarkup(art, paint, surface)}</svg>`;
}

/** The logo as a document of its own, at its own size. */
export function logoDocument(art: LogoArt, paint: Paint = keepColors): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${art.width}" height="${art.height}" viewBox="${viewBoxOf(art)}">${pathsMarkup(art, paint)}</svg>\n`;
}
