/** Escaping for text placed in XML, SVG and HTML, and in Markdown. */
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For element content and quoted attributes alike. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/** Text shown literally in Markdown: its punctuation cannot start links, images, emphasis or HTML. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~]/g, '\\$&').replace(/[\r\n]+/g, ' ');
}
