/**
 * Edits of SVGs our engine produced: `<svg ...>` holding one self-closing
 * `<path fill="#rrggbb" d="..."/>` per palette color. Path data never contains
 * `>`, so a pattern over the markup is exact for this shape. The checks of a
 * request to hide colors live here too, beside the edit that hides them.
 */
import { unprocessable } from './errors.js';

const FILLED_PATH = /<path\b[^>]*?\sfill="(#[0-9a-fA-F]{6})"[^>]*\/>/g;

/** '#RRGGBB' or '#rrggbb' -> '#rrggbb'. */
export function normalizeHex(color: string): string {
  return color.toLowerCase();
}

/** Removes the paths whose fill is one of `colors` (lower-case '#rrggbb'). */
export function removeFills(svg: string, colors: ReadonlySet<string>): string {
  return svg.replace(FILLED_PATH, (path, fill: string) => (colors.has(normalizeHex(fill)) ? '' : path));
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

/** `palette` without the `hiding` colors; at least one must stay visible. */
export function visibleColors(palette: readonly string[], hiding: ReadonlySet<string>): string[] {
  const visible = palette.filter((c) => !hiding.has(c));
  if (visible.length === 0) throw unprocessable('At least one palette color must stay visible.');
  return visible;
}
