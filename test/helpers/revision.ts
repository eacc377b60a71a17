/** The fields of the spec's Revision table, sorted: every revision result has exactly these. */
export const REVISION_FIELDS = [
  'bytes',
  'expires_in_seconds',
  'height',
  'hidden_colors',
  'palette',
  'preview_markdown',
  'preview_url',
  'revision_id',
  'settings',
  'svg_url',
  'warning',
  'width',
];
