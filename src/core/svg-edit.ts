/**
 * Edits of SVGs our engine produced: `<svg ...>` holding one self-closing
 * `<path fill="#rrggbb" d="..."/>` per palette color. Path data never contains
 * `>`, so a pattern over the markup is exact for this shape.
 */

const FILLED_PATH = /<path\b[^>]*?\sfill="(#[0-9a-fA-F]{6})"[^>]*\/>/g;

/** '#RRGGBB' or '#rrggbb' -> '#rrggbb'. */
export function normalizeHex(color: string): string {
  return color.toLowerCase();
}

/** Removes the paths whose fill is one of `colors` (lower-case '#rrggbb'). */
export function removeFills(svg: string, colors: ReadonlySet<string>): string {
  return svg.replace(FILLED_PATH, (path, fill: string) => (colors.has(normalizeHex(fill)) ? '' : path));
}
