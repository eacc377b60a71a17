/**
 * The logo drawn as vector paths onto a page of any vector format (a PDF through pdfkit, a PostScript
 * file), so the guide and the print files paint it alike: paint order, gradients, translucency, knockouts.
 */
import type { Box } from '../geometry.js';
import { KNOCKOUT, paintPath, type GradientStop, type LogoArt, type Paint, type Ramp } from '../logo-art.js';

/** What a vector format does for the logo. Coordinates are the logo's viewBox units, y pointing down. */
export interface VectorPage {
  save(): void;
  restore(): void;
  /** Fills the SVG path data `d` (nonzero rule) with a '#rrggbb' color or a gradient, at `opacity` (0 to 1). */
  fill(d: string, paint: string | Ramp, opacity: number): void;
  /** Limits what is drawn next, until restore(), to the part of `box` outside `d`; `box` holds all of `d`. */
  clipOutside(d: string, box: Box): void;
}

/**
 * Paints the logo's paths in order. A knockout cuts through everything painted before it: on a known
 * `surface` it is painted in the surface's color, otherwise every path before it is clipped to its outside,
 * so the hole is real and shows whatever the file is placed on.
 */
export function drawLogoPaths(page: VectorPage, art: LogoArt, paint: Paint, surface?: string): void {
  const painted = art.paths.map((path) => paintPath(path, paint));
  const { x, y, width, height } = art.viewBox;
  // Wide enough to hold any path of the logo, even one spilling past its viewBox.
  const around = { x: x - width, y: y - height, width: 3 * width, height: 3 * height };
  painted.forEach((path, i) => {
    if (path.fill === KNOCKOUT) {
      if (surface !== undefined) page.fill(path.d, surface, 1);
      return;
    }
    const cuts = surface === undefined ? painted.slice(i + 1).filter((later) => later.fill === KNOCKOUT) : [];
    if (cuts.length > 0) page.save();
    for (const cut of cuts) page.clipOutside(cut.d, around);
    page.fill(path.d, path.ramp ?? path.fill, path.opacity ?? 1);
    if (cuts.length > 0) page.restore();
  });
}

/**
 * The gradient's stops reaching from 0 to 1: SVG holds the end colors flat before the first stop and past
 * the last, while PDF and PostScript shading functions stretch whatever stops they get over the whole axis.
 */
export function stopsFromEndToEnd(stops: readonly GradientStop[]): GradientStop[] {
  const [first, last] = [stops[0], stops.at(-1)];
  return [
    ...(first && first.offset > 0 ? [{ offset: 0, color: first.color }] : []),
    ...stops,
    ...(last && last.offset < 1 ? [{ offset: 1, color: last.color }] : []),
  ];
}
