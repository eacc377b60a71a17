/**
 * Edits of SVGs our engine produced: `<svg ...>` holding one self-closing
 * `<path fill="..." d="..."/>` per shape, filled with '#rrggbb' or with a
 * gradient of its `<defs>`. Path data never contains `>`, so a pattern over
 * the markup is exact for this shape. The checks of a request to hide colors
 * live here too, beside the edit that hides them.
 */
import { unprocessable } from './errors.js';
import { gradientDefs, gradientIdOf } from './logo-art.js';

const FILLED_PATH = /<path\b[^>]*?\sfill="([^"]*)"[^>]*\/>/g;

/** '#RRGGBB' or '#rrggbb' -> '#rrggbb'. */
export function normalizeHex(color: string): string {
  return color.toLowerCase();
}

/** The colors of an SVG of ours, as a trace gives them. */
export interface SvgColors {
  /** Flat fills and gradients' stops, largest area first. */
  palette: string[];
  /** Each gradient's stop colors, in order along it. */
  gradients: string[][];
}

/** An SVG with some colors hidden, and the colors it still shows. */
export interface Shown extends SvgColors {
  svg: string;
}

/**
 * `svg` without the shapes painted in any of `hiding` (lower-case '#rrggbb'): a shape of that color, or a
 * gradient with a stop of it, whose other stops then go too. Gradients no shape uses any more leave the
 * <defs>. `colors` are the SVG's own; what is left of them keeps their order.
 */
export function withoutColors(svg: string, colors: SvgColors, hiding: ReadonlySet<string>): Shown {
  const defs = gradientDefs(svg);
  const ramps = new Map(defs.map((def) => [def.id, def.ramp.stops.map((stop) => stop.color)]));
  const painted = new Set<string>();
  const used = new Set<string>();
  let edited = svg.replace(FILLED_PATH, (path, fill: string) => {
    const id = gradientIdOf(fill);
    const shapeColors = (id === undefined ? undefined : ramps.get(id)) ?? [normalizeHex(fill)];
    if (shapeColors.some((color) => hiding.has(color))) return '';
    for (const color of shapeColors) painted.add(color);
    if (id !== undefined) used.add(id);
    return path;
  });
  for (const def of defs) if (!used.has(def.id)) edited = edited.replace(def.markup, '');
  return {
    svg: edited.replace('<defs></defs>', ''),
    palette: colors.palette.filter((color) => painted.has(color)),
    gradients: colors.gradients.filter((stops) => !stops.some((color) => hiding.has(color))),
  };
}

/** withoutColors, refused (UNPROCESSABLE) when nothing would stay visible. */
export function visibleAfterHiding(svg: string, colors: SvgColors, hiding: ReadonlySet<string>): Shown {
  const shown = withoutColors(svg, colors, hiding);
  if (shown.palette.length > 0) return shown;
  const note = colors.gradients.length > 0 ? ' (a gradient goes when any of its colors is hidden)' : '';
  throw unprocessable(`At least one palette color must stay visible${note}.`);
}

/**
 * The colors a request asks to hide, lower-case and without repeats. Each must
 * be one `owner` (a job or a revision) may hide, one of `allowed`; the message
 * for a stranger lists `listed`.
 */
export function colorsToHide(
  requested: readonly string[],
  allowed: readonly string[],
  owner: string,
  listed: readonly string[],
): string[] {
  const colors = [...new Set(requested.map(normalizeHex))];
  const strangers = colors.filter((c) => !allowed.includes(c));
  if (strangers.length > 0) {
    throw unprocessable(
      `${strangers.join(', ')} ${strangers.length === 1 ? 'is' : 'are'} not in this ${owner}'s palette (${listed.join(', ')}).`,
    );
  }
  return colors;
}
