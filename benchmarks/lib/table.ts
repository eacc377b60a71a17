/** One table shape, printed either aligned for a terminal or as markdown. */

export interface Table {
  headers: string[];
  rows: string[][];
}

/** First column left-aligned (labels), the others right-aligned (figures). */
export function renderTextTable({ headers, rows }: Table): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function renderMarkdownTable({ headers, rows }: Table): string {
  const escape = (cell: string): string => cell.replaceAll('|', '\\|');
  const line = (cells: string[]): string => `| ${cells.map(escape).join(' | ')} |`;
  const alignment = headers.map((_, column) => (column === 0 ? ':--' : '--:'));
  return [line(headers), `|${alignment.join('|')}|`, ...rows.map(line)].join('\n');
}
