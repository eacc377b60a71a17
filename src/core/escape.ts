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
