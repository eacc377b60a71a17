/**
 * The logo as our engine draws it: `<svg width height viewBox>` holding one
 * `<path>` per shape in paint order, filled with a '#rrggbb' color or with a
 * gradient of its `<defs>` (`url(#id)`). The kit and the mockups redraw it
 * (recolored, placed in other drawings, in a PDF), so they work on the parsed
 * paths rather than on the markup.
 */
import { createHash } from 'node:crypto';

import { escapeXml } from './escape.js';
import type { Box } from './geometry.js';

export interface GradientStop {
  /** 0 to 1 along the gradient, never less than the stop before. */
  offset: number;
  /** Lower-case '#rrggbb'. */
  color: string;
}

/** An affine map [a, b, c, d, e, f] as SVG's matrix(a b c d e f): x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = [number, number, number, number, number, number];

/**
 * A gradient in the viewBox's units (gradientUnits="userSpaceOnUse"), as SVG draws it. A radial one with a
 * `transform` (its gradientTransform) has elliptical rings: its circles are drawn through that map.
 */
export type Ramp =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: GradientStop[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; transform?: Matrix; stops: GradientStop[] };

export interface LogoPath {
  /**
   * Lower-case '#rrggbb': the path's color, or for a gradient its middle stop, which stands for it
   * wherever one color per path is enough (the mark's layout, what lies on what).
   */
  fill: string;
  /** SVG path data in the viewBox's units. */
  d: string;
  /** The gradient the path is filled with; absent for a flat color. */
  ramp?: Ramp;
  /** Its fill-opacity when below 1 (a translucent layer); absent when opaque. */
  opacity?: number;
}

export interface LogoArt {
  width: number;
  height: number;
  viewBox: { x: number; y: number; width: number; height: number };
  paths: LogoPath[];
}

/** A path painted KNOCKOUT cuts through everything painted before it, down to what lies behind the logo. */
export const KNOCKOUT = 'knockout';
/** How to paint each color of the logo (a fill or a gradient's stop): a new '#rrggbb' or KNOCKOUT. */
export type Paint = (fill: string) => string;

const SVG_ROOT = /<svg\b[^>]*>/;
const PATH_ELEMENT = /<path\b[^>]*>/g;
const GRADIENT_ELEMENT = /<(linear|radial)Gradient\b([^>]*)>([\s\S]*?)<\/\1Gradient>/g;
const STOP_ELEMENT = /<stop\b[^>]*>/g;
const HEX = /^#[0-9a-f]{6}$/;

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

/** A number attribute (a gradient's, an opacity): only a parsed number is ever written back, never the attribute's text. */
function numberAttribute(tag: string, name: string): number {
  const text = attribute(tag, name)?.trim();
  const value = text ? Number(text) : NaN;
  if (!Number.isFinite(value)) throw new LogoArtError(`an attribute ${name} is not a number`);
  return value;
}

function parseStops(body: string): GradientStop[] {
  const stops: GradientStop[] = [];
  for (const [tag] of body.matchAll(STOP_ELEMENT)) {
    const color = attribute(tag, 'stop-color')?.toLowerCase();
    if (color === undefined || !HEX.test(color)) throw new LogoArtError('a gradient stop is not a #rrggbb color');
    // As SVG reads offsets: within 0 to 1, and never before the stop ahead of it.
    const offset = Math.min(1, Math.max(numberAttribute(tag, 'offset'), stops.at(-1)?.offset ?? 0));
    stops.push({ offset, color });
  }
  if (stops.length === 0) throw new LogoArtError('a gradient has no stops');
  return stops;
}

function parseRamp(kind: string, tag: string, body: string): Ramp {
  if (attribute(tag, 'gradientUnits') !== 'userSpaceOnUse') {
    throw new LogoArtError('a gradient is not in the drawing units (gradientUnits="userSpaceOnUse")');
  }
  const stops = parseStops(body);
  const at = (name: string) => numberAttribute(tag, name);
  if (kind === 'linear') return { kind, x1: at('x1'), y1: at('y1'), x2: at('x2'), y2: at('y2'), stops };
  const r = at('r');
  if (r < 0) throw new LogoArtError("a gradient's r is negative");
  const transform = attribute(tag, 'gradientTransform');
  const ramp = { kind: 'radial' as const, cx: at('cx'), cy: at('cy'), r, stops };
  return transform === undefined ? ramp : { ...ramp, transform: parseMatrix(transform) };
}

/** A gradientTransform as our engine writes it, matrix(a b c d e f); any other form is refused. */
function parseMatrix(text: string): Matrix {
  const values = /^\s*matrix\(([^)]*)\)\s*$/
    .exec(text)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (values?.length !== 6 || !values.every(Number.isFinite)) {
    throw new LogoArtError("a gradient's gradientTransform is not matrix(a b c d e f)");
  }
  return values as Matrix;
}

/** A gradient element of an SVG: its markup as written, its id and what it draws. */
export interface GradientDef {
  markup: string;
  id: string;
  ramp: Ramp;
}

/** The SVG's gradients; throws LogoArtError on one that is not as our engine writes them. */
export function gradientDefs(svg: string): GradientDef[] {
  return [...svg.matchAll(GRADIENT_ELEMENT)].flatMap(([markup, kind = '', tag = '', body = '']) => {
    const id = attribute(tag, 'id');
    return id ? [{ markup, id, ramp: parseRamp(kind, tag, body) }] : [];
  });
}

/** The id in a fill of `url(#id)`, or undefined for any other fill. */
export function gradientIdOf(fill: string): string | undefined {
  return /^url\(#([^)]+)\)$/.exec(fill)?.[1];
}

/** The stop that stands for a gradient where one color is needed: the middle one. */
function middleColor(stops: readonly GradientStop[]): string {
  return stops[Math.floor(stops.length / 2)]?.color ?? '#000000';
}

/** The path's fill-opacity within 0 to 1, or nothing for an opaque path. */
function translucency(tag: string): { opacity?: number } {
  if (attribute(tag, 'fill-opacity') === undefined) return {};
  const opacity = Math.min(1, Math.max(0, numberAttribute(tag, 'fill-opacity')));
  return opacity < 1 ? { opacity } : {};
}

export function parseLogoArt(svg: string): LogoArt {
  const { width, height, viewBox } = declaredSize(svg);
  const ramps = new Map(gradientDefs(svg).map((def) => [def.id, def.ramp]));
  const paths: LogoPath[] = [];
  for (const [tag] of svg.matchAll(PATH_ELEMENT)) {
    const fill = attribute(tag, 'fill');
    const d = attribute(tag, 'd');
    if (fill === undefined || !d) continue;
    const id = gradientIdOf(fill);
    if (id !== undefined) {
      const ramp = ramps.get(id);
      if (!ramp) throw new LogoArtError('a path is filled with a gradient the SVG does not define');
      paths.push({ fill: middleColor(ramp.stops), d, ramp, ...translucency(tag) });
    } else if (HEX.test(fill.toLowerCase())) paths.push({ fill: fill.toLowerCase(), d, ...translucency(tag) });
  }
  if (paths.length === 0) throw new LogoArtError('the SVG has no filled paths');
  return { width, height, viewBox, paths };
}

/** The colors a path is painted in: its fill, or its gradient's stops in order. */
export function pathColors(path: LogoPath): string[] {
  return path.ramp ? path.ramp.stops.map((stop) => stop.color) : [path.fill];
}

/** Each distinct color of the logo, flat fills and gradients' stops alike, in paint order. */
export function colorsOf(art: LogoArt): string[] {
  return [...new Set(art.paths.flatMap(pathColors))];
}

/** The logo keeping the paths painted in `colors` only: a gradient goes when any of its stops is not among them. */
export function keepingColors(art: LogoArt, colors: ReadonlySet<string>): LogoArt {
  return { ...art, paths: art.paths.filter((path) => pathColors(path).every((color) => colors.has(color))) };
}

/** Each distinct gradient of the logo, in paint order. */
export function rampsOf(art: LogoArt): Ramp[] {
  const ramps = new Map<string, Ramp>();
  for (const { ramp } of art.paths) if (ramp) ramps.set(gradientMarkup(ramp, ''), ramp);
  return [...ramps.values()];
}

/** A path as painted: '#rrggbb' or KNOCKOUT, and the ramp when it stays a gradient. */
export interface PaintedPath {
  d: string;
  fill: string;
  ramp?: Ramp;
  opacity?: number;
}

/**
 * The path with `paint` applied to each of its colors. A gradient whose stops all take one color becomes
 * that flat color, and one with any stop knocked out is a knockout: a hole cannot fade.
 */
export function paintPath(path: LogoPath, paint: Paint): PaintedPath {
  const opacity = path.opacity === undefined ? {} : { opacity: path.opacity };
  if (!path.ramp) return { d: path.d, fill: paint(path.fill), ...opacity };
  const stops = path.ramp.stops.map((stop) => ({ offset: stop.offset, color: paint(stop.color) }));
  const [first, ...others] = new Set(stops.map((stop) => stop.color));
  if (first === KNOCKOUT || others.includes(KNOCKOUT)) return { d: path.d, fill: KNOCKOUT };
  if (first !== undefined && others.length === 0) return { d: path.d, fill: first, ...opacity };
  return { d: path.d, fill: paint(path.fill), ramp: { ...path.ramp, stops }, ...opacity };
}

function gradientMarkup(ramp: Ramp, id: string): string {
  const geometry =
    ramp.kind === 'linear'
      ? `x1="${ramp.x1}" y1="${ramp.y1}" x2="${ramp.x2}" y2="${ramp.y2}"`
      : `cx="${ramp.cx}" cy="${ramp.cy}" r="${ramp.r}"` +
        (ramp.transform ? ` gradientTransform="matrix(${ramp.transform.join(' ')})"` : '');
  const stops = ramp.stops.map((stop) => `<stop offset="${stop.offset}" stop-color="${stop.color}"/>`).join('');
  return `<${ramp.kind}Gradient id="${id}" gradientUnits="userSpaceOnUse" ${geometry}>${stops}</${ramp.kind}Gradient>`;
}

/**
 * The gradient's element and its id, a hash of what it draws: the same gradient always has the same id, and
 * two logos drawn into one document (the guide, an icon sheet) never claim one id for different gradients.
 */
export function gradientElement(ramp: Ramp): { id: string; markup: string } {
  const id = `g${createHash('sha256').update(gradientMarkup(ramp, '')).digest('hex').slice(0, 8)}`;
  return { id, markup: gradientMarkup(ramp, id) };
}

const keepColors: Paint = (fill) => fill;

function viewBoxOf(art: LogoArt): string {
  const { x, y, width, height } = art.viewBox;
  return `${x} ${y} ${width} ${height}`;
}

/**
 * The paths, painted. Knockouts take the color of `surface` when the logo is
 * known to sit on one; otherwise a luminance mask replays the paint order
 * (white for painted paths, black for knockouts) so they cut real holes.
 * Gradients go into a <defs> of their own in front.
 */
function pathsMarkup(art: LogoArt, paint: Paint, surface?: string): string {
  const painted = art.paths.map((path) => paintPath(path, paint));
  const defs = new Map<string, string>();
  const flat = (fill: string, d: string, opacity?: number) =>
    `<path fill="${fill}"${opacity === undefined ? '' : ` fill-opacity="${opacity}"`} d="${escapeXml(d)}"/>`;
  const drawn = (path: PaintedPath): string => {
    if (!path.ramp) return flat(path.fill, path.d, path.opacity);
    const def = gradientElement(path.ramp);
    defs.set(def.id, def.markup);
    return flat(`url(#${def.id})`, path.d, path.opacity);
  };
  let body: string;
  if (!painted.some((path) => path.fill === KNOCKOUT)) body = painted.map(drawn).join('');
  else if (surface !== undefined)
    body = painted.map((path) => (path.fill === KNOCKOUT ? flat(surface, path.d) : drawn(path))).join('');
  else {
    const { x, y, width, height } = art.viewBox;
    const mask = painted.map((path) => flat(path.fill === KNOCKOUT ? '#000000' : '#ffffff', path.d)).join('');
    const visible = painted
      .filter((path) => path.fill !== KNOCKOUT)
      .map(drawn)
      .join('');
    body = `<mask id="${KNOCKOUT_MASK_ID}" maskUnits="userSpaceOnUse" x="${x}" y="${y}" width="${width}" height="${height}">${mask}</mask><g mask="url(#${KNOCKOUT_MASK_ID})">${visible}</g>`;
  }
  return defs.size > 0 ? `<defs>${[...defs.values()].join('')}</defs>${body}` : body;
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
