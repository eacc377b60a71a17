/**
 * Test images drawn in the test run: logos with a known palette, size and
 * content box, so tests assert against what was drawn rather than against
 * whatever a real logo file happens to contain.
 */
import sharp from 'sharp';

import { unionOf, type Box } from '../../src/core/geometry.js';
import { GRAY, jpeg, NAVY, ORANGE, renderSvg, svgDoc } from './fixtures.js';

/** A PNG of one color, any size. */
export function solidPng(width: number, height: number, color = '#e4572e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The drawn logo's default colors: an orange badge and a gray name. */
export const TWO_COLORS = [ORANGE, GRAY] as const;
/** Four brand colors far apart, none near white or black (which a trace may take for the paper). */
export const FOUR_COLORS = [ORANGE, GRAY, '#1e88e5', '#43a047'] as const;
/** The icon's colors: a navy badge with a white mark in it. */
export const ICON_COLORS = [NAVY, '#ffffff'] as const;
/** A purple-to-blue ramp, the kind of gradient app icons are drawn with. */
export const RAMP = ['#6a11cb', '#2575fc'] as const;
/**
 * The gradient logo: the badge a left-to-right RAMP above a gray name, a yellow dot in the badge. The
 * engine traces the badge as one gradient (test it: `gradients.length > 0`) beside flat colors.
 */
export const GRADIENT_LOGO: DrawnLogoOptions = { layout: 'stacked', ramp: RAMP, palette: [RAMP[0], GRAY, '#f5b700'] };

export interface DrawnLogoOptions {
  format?: 'png' | 'jpeg';
  /** Width in px; the height follows the layout's proportions. */
  width?: number;
  /**
   * 'wordmark': a badge beside a name of letter-like bars (wide); 'stacked': the badge above the name;
   * 'name': the name alone; 'icon': the square badge alone.
   */
  layout?: Layout['name'];
  /**
   * The shapes take these colors in turn: badge, name, mark in the badge, dot
   * over the name. A shorter palette repeats its last color.
   */
  palette?: readonly string[];
  /** The badge takes a left-to-right ramp between these two colors instead of its palette color. */
  ramp?: readonly [string, string];
}

export interface DrawnLogo {
  image: Buffer;
  width: number;
  height: number;
  /** Bounding box of the shapes in px: what `trim` keeps. */
  content: Box;
  /** The distinct flat colors drawn, lowercase '#rrggbb' (the ramp's ends are not among them). */
  palette: string[];
}

/** A shape in design units, with the palette slot whose color it takes. */
type Shape = { slot: number } & (
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
);

interface Layout {
  name: 'wordmark' | 'stacked' | 'name' | 'icon';
  /** Canvas size in design units; the shapes leave a margin on every side, so `trim` has something to cut. */
  width: number;
  height: number;
  shapes: Shape[];
}

const BADGE: Shape = { kind: 'rect', x: 12, y: 10, width: 80, height: 80, radius: 18, slot: 0 };
const MARK: Shape = { kind: 'circle', cx: 52, cy: 50, r: 20, slot: 2 };

/** Letter-like bars on a baseline at 70: [x, width, top]; a top of 22 is an ascender, 40 the x-height. */
const LETTERS = [
  [108, 24, 22],
  [140, 22, 40],
  [170, 12, 40],
  [190, 26, 22],
  [224, 22, 40],
  [254, 22, 40],
  [284, 24, 40],
] as const;

/** The name: letter-like bars and the dot of its narrow letter, an "i", moved by (dx, dy). */
function nameShapes(dx: number, dy: number): Shape[] {
  return [
    ...LETTERS.map(([x, width, top]): Shape => ({
      kind: 'rect',
      x: x + dx,
      y: top + dy,
      width,
      height: 70 - top,
      radius: 4,
      slot: 1,
    })),
    { kind: 'circle', cx: 176 + dx, cy: 29 + dy, r: 6, slot: 3 },
  ];
}

const moved = (shape: Shape, dx: number, dy: number): Shape =>
  shape.kind === 'rect'
    ? { ...shape, x: shape.x + dx, y: shape.y + dy }
    : { ...shape, cx: shape.cx + dx, cy: shape.cy + dy };

const LAYOUTS: Record<Layout['name'], Omit<Layout, 'name'>> = {
  wordmark: { width: 320, height: 100, shapes: [BADGE, MARK, ...nameShapes(0, 0)] },
  stacked: {
    width: 224,
    height: 170,
    shapes: [moved(BADGE, 60, 0), moved(MARK, 60, 0), ...nameShapes(-96, 80)],
  },
  name: { width: 224, height: 100, shapes: nameShapes(-96, 0) },
  icon: { width: 104, height: 100, shapes: [BADGE, MARK] },
};

/**
 * A shape in px. Straight edges land on whole pixels, so they are crisp; the
 * outermost edges of every layout are straight, so the content box is exact.
 */
function placed(shape: Shape, scale: number): { svg: (fill: string) => string; box: Box } {
  if (shape.kind === 'circle') {
    const [cx, cy, r] = [shape.cx * scale, shape.cy * scale, shape.r * scale];
    return {
      svg: (fill) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`,
      box: { x: Math.floor(cx - r), y: Math.floor(cy - r), width: Math.ceil(2 * r), height: Math.ceil(2 * r) },
    };
  }
  const [x0, y0] = [Math.round(shape.x * scale), Math.round(shape.y * scale)];
  const [x1, y1] = [Math.round((shape.x + shape.width) * scale), Math.round((shape.y + shape.height) * scale)];
  const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  return {
    svg: (fill) =>
      `<rect x="${x0}" y="${y0}" width="${box.width}" height="${box.height}" rx="${shape.radius * scale}" fill="${fill}"/>`,
    box,
  };
}

/**
 * A logo drawn in flat colors with anti-aliased curves, like a real export:
 * on transparency as PNG, on white as JPEG.
 */
export async function drawnLogo(options: DrawnLogoOptions = {}): Promise<DrawnLogo> {
  const { format = 'png', width = 512, layout = 'wordmark', palette = TWO_COLORS, ramp } = options;
  const { shapes, ...canvas } = LAYOUTS[layout];
  const scale = width / canvas.width;
  const height = Math.round(canvas.height * scale);
  const colorOf = (slot: number) => palette[Math.min(slot, palette.length - 1)]!.toLowerCase();
  const drawn = shapes.map((shape) => ({
    ...placed(shape, scale),
    fill: colorOf(shape.slot),
    ramped: ramp && shape.slot === 0,
  }));
  const defs = ramp
    ? `<defs><linearGradient id="ramp"><stop offset="0" stop-color="${ramp[0]}"/><stop offset="1" stop-color="${ramp[1]}"/></linearGradient></defs>`
    : '';
  const body = drawn.map(({ svg, fill, ramped }) => svg(ramped ? 'url(#ramp)' : fill)).join('');
  const png = renderSvg(svgDoc(width, height, defs + body));
  return {
    image: format === 'png' ? png : await jpeg(png),
    width,
    height,
    content: unionOf(drawn.map((shape) => shape.box)),
    palette: [...new Set(drawn.filter((shape) => !shape.ramped).map((shape) => shape.fill))],
  };
}
