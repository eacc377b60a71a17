/**
 * The fields of the spec's Revision table and `gradients` (the table says which fields are required, not
 * that there are no others), sorted: every revision result has exactly these.
 */
export const REVISION_FIELDS = [
  'bytes',
  'expires_in_seconds',
  'gradients',
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

/** A revision result as the spec's table types it; all fields are required. */
export interface Revision {
  revision_id: string;
  svg_url: string;
  preview_url: string;
  preview_markdown: string;
  palette: string[];
  gradients: string[][];
  hidden_colors: string[];
  width: number;
  height: number;
  bytes: number;
  warning: string;
  settings: { colors: number; smoothing: number; transparent: boolean; trim: boolean };
  expires_in_seconds: number;
}
