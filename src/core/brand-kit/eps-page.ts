/**
 * A PostScript (language level 3) page as a VectorPage, written as text: paths as moveto/lineto/curveto,
 * gradients as shfill with axial (type 2) and radial (type 3) shadings. PostScript has no transparency, so a
 * translucent fill is printed as its color laid over white paper.
 */
import { hexToRgb } from '../color.js';
import type { Box } from '../geometry.js';
import type { Ramp } from '../logo-art.js';
import { pdfDocumentClass } from './pdfkit.js';
import { stopsFromEndToEnd, type VectorPage } from './vector-logo.js';

/** The absolute pen moves pdfkit's SVG path reader makes. */
interface Pen {
  moveTo(x: number, y: number): Pen;
  lineTo(x: number, y: number): Pen;
  bezierCurveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): Pen;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): Pen;
  closePath(): Pen;
}

type PathReader = (this: Pen, d: string) => unknown;
/** pdfkit's SVG path reader (arcs, shorthand and relative commands resolved), pointed at a pen of ours. */
const readSvgPath = (pen: Pen, d: string) =>
  (Reflect.get(pdfDocumentClass().prototype as object, 'path') as PathReader).call(pen, d);

const number = (n: number) => String(Math.round(n * 1000) / 1000);

/** The path's operators in PostScript, using the prolog's one-letter names. */
function postScriptPath(d: string): string {
  const parts: string[] = [];
  let [x, y] = [0, 0];
  let start = [0, 0];
  const pen: Pen = {
    moveTo(px, py) {
      parts.push(`${number(px)} ${number(py)} m`);
      [x, y] = [px, py];
      start = [px, py];
      return pen;
    },
    lineTo(px, py) {
      parts.push(`${number(px)} ${number(py)} l`);
      [x, y] = [px, py];
      return pen;
    },
    bezierCurveTo(x1, y1, x2, y2, px, py) {
      parts.push(`${[x1, y1, x2, y2, px, py].map(number).join(' ')} c`);
      [x, y] = [px, py];
      return pen;
    },
    // PostScript draws cubic curves only: the same curve with its control points raised to degree three.
    quadraticCurveTo(cx, cy, px, py) {
      return pen.bezierCurveTo(
        x + (2 / 3) * (cx - x),
        y + (2 / 3) * (cy - y),
        px + (2 / 3) * (cx - px),
        py + (2 / 3) * (cy - py),
        px,
        py,
      );
    },
    closePath() {
      parts.push('h');
      [x, y] = [start[0] ?? 0, start[1] ?? 0];
      return pen;
    },
  };
  readSvgPath(pen, d);
  return parts.join(' ');
}

/** A '#rrggbb' color as PostScript's 0 to 1 components, laid over white paper at `opacity`. */
function components(hex: string, opacity: number): string {
  const { r, g, b } = hexToRgb(hex);
  return [r, g, b].map((channel) => number(1 - (opacity * (255 - channel)) / 255)).join(' ');
}

/** A shading function through the stops: one linear piece between each two stops that are apart. */
function shadingFunction(ramp: Ramp, opacity: number): string {
  const stops = stopsFromEndToEnd(ramp.stops);
  const pieces = stops.slice(1).flatMap((stop, i) => {
    const before = stops[i] ?? stop;
    return stop.offset > before.offset ? [{ from: before, to: stop }] : [];
  });
  const piece = ({ from, to }: (typeof pieces)[number]) =>
    `<< /FunctionType 2 /Domain [0 1] /C0 [${components(from.color, opacity)}] /C1 [${components(to.color, opacity)}] /N 1 >>`;
  if (pieces.length === 1 && pieces[0]) return piece(pieces[0]);
  const bounds = pieces.slice(1).map(({ from }) => number(from.offset));
  return (
    `<< /FunctionType 3 /Domain [0 1] /Functions [${pieces.map(piece).join(' ')}] ` +
    `/Bounds [${bounds.join(' ')}] /Encode [${pieces.map(() => '0 1').join(' ')}] >>`
  );
}

function shading(ramp: Ramp, opacity: number): string {
  const coords =
    ramp.kind === 'linear'
      ? `/ShadingType 2 /Coords [${[ramp.x1, ramp.y1, ramp.x2, ramp.y2].map(number).join(' ')}]`
      : `/ShadingType 3 /Coords [${[ramp.cx, ramp.cy, 0, ramp.cx, ramp.cy, ramp.r].map(number).join(' ')}]`;
  return `<< ${coords} /ColorSpace /DeviceRGB /Extend [true true] /Function ${shadingFunction(ramp, opacity)} >>`;
}

/** A PostScript string literal of any text: backslash, parentheses and every byte outside printable ASCII escaped. */
export function postScriptString(text: string): string {
  const escaped = [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      if (char === '\\' || char === '(' || char === ')') return `\\${char}`;
      return byte >= 0x20 && byte < 0x7f ? char : `\\${byte.toString(8).padStart(3, '0')}`;
    })
    .join('');
  return `(${escaped})`;
}

/** Short names the page's body uses, defined in the file's prolog. */
export const POSTSCRIPT_PROLOG = [
  '/m /moveto load def',
  '/l /lineto load def',
  '/c /curveto load def',
  '/h /closepath load def',
];

export class PostScriptPage implements VectorPage {
  readonly lines: string[] = [];

  save(): void {
    this.lines.push('gsave');
  }

  restore(): void {
    this.lines.push('grestore');
  }

  fill(d: string, paint: string | Ramp, opacity: number): void {
    const path = postScriptPath(d);
    if (typeof paint === 'string') this.lines.push(`${components(paint, opacity)} setrgbcolor newpath ${path} fill`);
    else {
      // An elliptical ramp's circles are drawn through its transform, inside the path's clip.
      const rings =
        paint.kind === 'radial' && paint.transform ? `[${paint.transform.map(number).join(' ')}] concat ` : '';
      this.lines.push(`gsave newpath ${path} clip newpath ${rings}${shading(paint, opacity)} shfill grestore`);
    }
  }

  clipOutside(d: string, box: Box): void {
    const { x, y, width, height } = box;
    const frame = `${number(x)} ${number(y)} m ${number(x + width)} ${number(y)} l ${number(x + width)} ${number(y + height)} l ${number(x)} ${number(y + height)} l h`;
    this.lines.push(`newpath ${frame} ${postScriptPath(d)} eoclip newpath`);
  }

  transform(...matrix: [number, number, number, number, number, number]): void {
    this.lines.push(`[${matrix.map(number).join(' ')}] concat`);
  }
}
