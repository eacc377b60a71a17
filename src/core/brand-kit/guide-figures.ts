/**
 * The guide's illustrations as plain shapes, so the PDF (vector, through
 * pdfkit) and the HTML (inline SVG) draw exactly the same pictures from one
 * description. Units are PDF points; the HTML scales them freely.
 */
import { contrastRatio, hexToRgb, hslToRgb, rgbToHex, rgbToHsl } from '../color.js';
import { fitInBox, shrink, type Box } from '../geometry.js';
import type { LogoArt, Paint } from '../logo-art.js';
import { GUIDE_COLORS, type GuideContent } from './guide-content.js';
import { MARK_DESCRIPTIONS, MARK_FILE } from './mark.js';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A 2D affine matrix [a b c d e f] as in SVG and PDF. */
export type Matrix = readonly [number, number, number, number, number, number];

export type Shape =
  | {
      kind: 'rect';
      box: Box;
      fill?: string;
      stroke?: string;
      strokeWidth?: number;
      dash?: number;
      radius?: number;
      opacity?: number;
    }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { kind: 'line'; points: readonly (readonly [number, number])[]; stroke: string; width: number; dash?: number }
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      color: string;
      bold?: boolean;
      anchor?: 'start' | 'middle';
    }
  /**
   * The logo (or `art`, the mark) fitted into `box` on a solid `surface` (knockouts take its color);
   * `matrix` applies about the box's centre.
   */
  | { kind: 'logo'; box: Box; paint: Paint; surface: string; matrix?: Matrix; opacity?: number; art?: LogoArt };

export interface Figure {
  width: number;
  height: number;
  shapes: Shape[];
}

export interface Example {
  caption: string;
  figure: Figure;
}

const PANEL = { width: 360, height: 270 };
/** A solid pale red, so knockouts of a logo drawn on it can take its color. */
const CLEAR_ZONE = '#fbeaea';
const CARD = { width: 180, height: 130 };

function whole(size: { width: number; height: number }): Box {
  return { x: 0, y: 0, ...size };
}

/** How the logo is drawn in a panel: its paint, and for the don'ts a distortion or transparency. */
export interface LogoLook {
  paint: Paint;
  /** Applied about the logo's centre. */
  matrix?: Matrix;
  opacity?: number;
}

/** The logo (or `art`) on a colored panel, taking `share` of it. */
function logoPanel(
  content: GuideContent,
  surface: string,
  look: LogoLook,
  size = PANEL,
  share = 0.6,
  art?: LogoArt,
): Figure {
  const box = fitInBox(art ?? content.art, shrink(whole(size), share));
  const logo: Shape = {
    kind: 'logo',
    box,
    paint: look.paint,
    surface,
    opacity: look.opacity,
    ...(look.matrix ? { matrix: aboutCentre(box, look.matrix) } : {}),
    ...(art ? { art } : {}),
  };
  const edge = surface === GUIDE_COLORS.light ? { stroke: GUIDE_COLORS.rule, strokeWidth: 1 } : {};
  return { ...size, shapes: [{ kind: 'rect', box: whole(size), fill: surface, ...edge }, logo] };
}

/** The logo with its clear space marked: a dashed boundary x away and the x measured on two sides. */
function clearSpaceFigure(content: GuideContent): Figure {
  const size = PANEL;
  const { art } = content;
  const total = { width: art.width + 2 * content.clearSpace, height: art.height + 2 * content.clearSpace };
  const zone = fitInBox(total, shrink(whole(size), 0.84));
  const scale = zone.width / total.width;
  const x = content.clearSpace * scale;
  const logo = { x: zone.x + x, y: zone.y + x, width: art.width * scale, height: art.height * scale };
  const accent = GUIDE_COLORS.bad;
  const label = (tx: number, ty: number): Shape => ({
    kind: 'text',
    x: tx,
    y: ty,
    text: 'x',
    size: Math.max(9, Math.min(16, x * 0.6)),
    color: accent,
    bold: true,
    anchor: 'middle',
  });
  return {
    ...size,
    shapes: [
      { kind: 'rect', box: whole(size), fill: GUIDE_COLORS.panel },
      { kind: 'rect', box: zone, fill: CLEAR_ZONE, stroke: accent, strokeWidth: 1, dash: 4 },
      { kind: 'logo', box: logo, paint: content.onLight.paint, surface: CLEAR_ZONE },
      {
        kind: 'line',
        points: [
          [logo.x + logo.width / 2, zone.y],
          [logo.x + logo.width / 2, logo.y],
        ],
        stroke: accent,
        width: 1,
      },
      {
        kind: 'line',
        points: [
          [zone.x, logo.y + logo.height / 2],
          [logo.x, logo.y + logo.height / 2],
        ],
        stroke: accent,
        width: 1,
      },
      label(logo.x + logo.width / 2 + 10, zone.y + x / 2 + 4),
      label(zone.x + x / 2, logo.y + logo.height / 2 - 5),
    ],
  };
}

/** The logo at two, one and a half and one times its minimum print size (1 unit = 1 pt, so true size in the PDF). */
function minimumSizeFigure(content: GuideContent): Figure {
  const size = PANEL;
  const mmToPt = 72 / 25.4;
  const minimum = { width: content.minimum.printMm.width * mmToPt, height: content.minimum.printMm.height * mmToPt };
  const factors = [2, 1.5, 1];
  const sizes = factors.map((factor) => {
    const width = Math.min(minimum.width * factor, size.width / 4);
    return { factor, width, height: (width * content.art.height) / content.art.width };
  });
  const gap = (size.width - sizes.reduce((sum, { width }) => sum + width, 0)) / (factors.length + 1);
  const baseline = size.height * 0.62;
  const shapes: Shape[] = [{ kind: 'rect', box: whole(size), fill: GUIDE_COLORS.panel }];
  let x = gap;
  for (const { factor, width, height } of sizes) {
    const box = { x, y: baseline - height, width, height };
    shapes.push({ kind: 'logo', box, paint: content.onLight.paint, surface: GUIDE_COLORS.panel });
    const label =
      factor === 1
        ? `${content.minimum.printMm.width} mm (minimum)`
        : `${Math.round(content.minimum.printMm.width * factor)} mm`;
    shapes.push({
      kind: 'text',
      x: x + width / 2,
      y: baseline + 22,
      text: label,
      size: 9,
      color: factor === 1 ? GUIDE_COLORS.bad : GUIDE_COLORS.muted,
      anchor: 'middle',
    });
    x += width + gap;
  }
  return { ...size, shapes };
}

function aboutCentre(box: Box, m: Matrix): Matrix {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const [a, b, c, d] = m;
  return [a, b, c, d, cx - a * cx - c * cy + m[4], cy - b * cx - d * cy + m[5]];
}

/** Hues turned half way round, grays made colorful: plainly not the brand's colors. */
const wrongColors: Paint = (fill) => {
  const hsl = rgbToHsl(hexToRgb(fill));
  return rgbToHex(
    hslToRgb({ h: (hsl.h + 150) % 360, s: hsl.s < 20 ? 70 : hsl.s, l: Math.min(60, Math.max(35, hsl.l)) }),
  );
};

/** A small panel with a green tick or a red cross in its corner. */
function card(content: GuideContent, surface: string, look: LogoLook, good: boolean): Figure {
  const figure = logoPanel(content, surface, look, CARD, 0.55);
  return { ...figure, shapes: [...figure.shapes, ...verdictMark(good, 16, 16, 9)] };
}

/** The logo alone on the cover: centred, at most as tall as `size` and 60% as wide, so a wordmark does not run to the margins. */
export function logoFigure(content: GuideContent, size: { width: number; height: number }): Figure {
  const room = { x: size.width * 0.2, y: 0, width: size.width * 0.6, height: size.height };
  return {
    ...size,
    shapes: [
      { kind: 'logo', box: fitInBox(content.art, room), paint: content.onLight.paint, surface: GUIDE_COLORS.light },
    ],
  };
}

/** A color of the logo itself as background: the logo all but disappears into it. */
function clashingSurface(content: GuideContent): string {
  return content.palette.find((color) => contrastRatio(color.hex, GUIDE_COLORS.light) >= 1.5)?.hex ?? '#9ca3af';
}

export function usageExamples(content: GuideContent): Example[] {
  const { light, dark } = GUIDE_COLORS;
  const rad = (-18 * Math.PI) / 180;
  return [
    { caption: 'Use the original files', figure: card(content, light, content.onLight, true) },
    { caption: 'Use the dark-background version', figure: card(content, dark, content.onDark, true) },
    { caption: 'Use one color where needed', figure: card(content, light, content.monoDark, true) },
    { caption: 'Reverse it out of dark images', figure: card(content, dark, content.monoLight, true) },
    {
      caption: "Don't stretch or squash",
      figure: card(content, light, { ...content.onLight, matrix: [1.45, 0, 0, 0.6, 0, 0] }, false),
    },
    {
      caption: "Don't rotate",
      figure: card(
        content,
        light,
        { ...content.onLight, matrix: [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), 0, 0] },
        false,
      ),
    },
    { caption: "Don't change the colors", figure: card(content, light, { paint: wrongColors }, false) },
    {
      caption: "Don't use low-contrast backgrounds",
      figure: card(content, clashingSurface(content), content.onLight, false),
    },
  ];
}

/** A green tick or a red cross in a disc. */
function verdictMark(good: boolean, cx: number, cy: number, r: number): Shape[] {
  const color = good ? GUIDE_COLORS.good : GUIDE_COLORS.bad;
  const k = r * 0.45;
  const strokes: Shape[] = good
    ? [
        {
          kind: 'line',
          points: [
            [cx - k, cy],
            [cx - k * 0.25, cy + k * 0.75],
            [cx + k, cy - k * 0.7],
          ],
          stroke: GUIDE_COLORS.light,
          width: r * 0.28,
        },
      ]
    : [
        {
          kind: 'line',
          points: [
            [cx - k, cy - k],
            [cx + k, cy + k],
          ],
          stroke: GUIDE_COLORS.light,
          width: r * 0.28,
        },
        {
          kind: 'line',
          points: [
            [cx - k, cy + k],
            [cx + k, cy - k],
          ],
          stroke: GUIDE_COLORS.light,
          width: r * 0.28,
        },
      ];
  return [{ kind: 'circle', cx, cy, r, fill: color }, ...strokes];
}

export interface CaptionedFigure {
  figure: Figure;
  caption: string;
}

/** The figures of the sections illustrated by two side-by-side panels. */
export type PanelPair = [CaptionedFigure, CaptionedFigure];

const VARIANT_CAPTIONS = {
  color: 'full color',
  'on-dark': 'the dark-background version',
  'mono-dark': 'black, one color',
  'mono-light': 'white, one color',
} as const;

export function panelPairs(content: GuideContent): Record<'logo' | 'mark' | 'space' | 'mono', PanelPair> {
  const { light, dark } = GUIDE_COLORS;
  const { printMm, screenPx } = content.minimum;
  const { mark } = content;
  return {
    logo: [
      {
        figure: logoPanel(content, light, content.onLight),
        caption: `On light backgrounds: ${VARIANT_CAPTIONS[content.onLight.name]}`,
      },
      {
        figure: logoPanel(content, dark, content.onDark),
        caption: `On dark backgrounds: ${VARIANT_CAPTIONS[content.onDark.name]}`,
      },
    ],
    mark: [
      {
        figure: logoPanel(content, light, mark.onLight, PANEL, 0.5, mark.art),
        caption: `${capitalized(MARK_DESCRIPTIONS[mark.source])}: ${MARK_FILE}`,
      },
      {
        figure: logoPanel(content, dark, mark.onDark, PANEL, 0.5, mark.art),
        caption: `On dark backgrounds: ${VARIANT_CAPTIONS[mark.onDark.name]}`,
      },
    ],
    space: [
      { figure: clearSpaceFigure(content), caption: 'Clear space: x is a quarter of the shorter side' },
      {
        figure: minimumSizeFigure(content),
        caption: `Minimum width: ${printMm.width} mm in print, ${screenPx.width} px on screen`,
      },
    ],
    mono: [
      {
        figure: logoPanel(content, light, content.monoDark),
        caption: `Black on light: logo/${content.slug}-mono-dark.svg`,
      },
      {
        figure: logoPanel(content, dark, content.monoLight),
        caption: `White on dark: logo/${content.slug}-mono-light.svg`,
      },
    ],
  };
}
