/** Escaping for text placed in XML, SVG and HTML, and in Markdown. */
import escapeHtml from 'escape-html';

/**
 * For element content and quoted attributes alike, in XML, SVG and HTML: escapes & < > " and '
 * (escape-html, the escaper Express uses), so it is the one escaper for every markup we write.
 */
export function escapeXml(text: string): string {
  return escapeHtml(text);
}

/** Text shown literally in Markdown: its punctuation cannot start links, images, emphasis or HTML. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, '\\$&').replace(/[\r\n]+/g, ' ');
}

/** Text as a Markdown code span, shown literally whatever it holds: its fence is longer than any backtick run in it. */
export function markdownCode(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const flat = text.replace(/[\r\n]+/g, ' ');
  // CommonMark strips one space on each side when both are there: padding keeps edge spaces and backticks as they are.
  const padded = /^[ `]|[ `]$/.test(flat) ? ` ${flat} ` : flat;
  return `${fence}${padded}${fence}`;
}
