/**
 * The spec's results, as TypeBox schemas and built from the store's records:
 * jobs, revisions (the same through the editor endpoints and the MCP tools)
 * and MCP uploads, with the paths of a job's files. The spec's tables say
 * which fields are required, not that there are no others: job results add
 * `source_offset`, and jobs and revisions both add `gradients` beside `palette`.
 */
import { Type, type Static } from 'typebox';

import { recordSettings, type JobRecord, type UploadRecord } from './job-store.js';
import { HexColor, restated, TRACE_SETTING_SCHEMAS } from './settings.js';

/** The colors of a job's or a revision's SVG, said once for both. */
const PALETTE_MEANING =
  "largest area first: its flat fills and its gradients' stop colors (a gradient's area is shared by its stops).";
/** What hiding does to a gradient, said once for jobs and revisions. */
const HIDDEN_GRADIENT =
  "Hiding one of a gradient's stop colors hides its shape; its other stop colors leave palette too unless another shape shows them.";
const gradients = Type.Array(Type.Array(HexColor), {
  description:
    "Each gradient of the SVG (a linearGradient or radialGradient filling one shape): its stop colors in order along it, each also in palette. Hiding any of its stop colors hides the gradient's shape. Empty for a logo of flat colors.",
});

const jobFields = {
  id: Type.String({
    description: 'Job token, used in /api/jobs/{token}/... paths. Anyone holding it can read the job until it expires.',
  }),
  svg: Type.String({ description: 'Relative URL of the SVG of this job.' }),
  palette: Type.Array(HexColor, { description: `Hex colors present in the SVG, ${PALETTE_MEANING}` }),
  gradients,
  bytes: Type.Integer({ description: 'Size of the SVG in bytes.' }),
  width: Type.Integer({ description: 'SVG width in pixels.' }),
  height: Type.Integer({ description: 'SVG height in pixels.' }),
  source_offset: Type.Object(
    { x: Type.Integer({ minimum: 0 }), y: Type.Integer({ minimum: 0 }) },
    {
      description:
        "Where the SVG's top-left corner sits in the uploaded image, in the image's pixels: the SVG covers width x height pixels from there. Not 0 when trim cropped a margin away; a viewer uses it to lay the SVG over the original.",
    },
  ),
};
const warning = Type.Optional(
  Type.String({
    description:
      'Notes about automatic adjustments such as background removal or resizing; empty when there were none.',
    default: '',
  }),
);

export const SampleJobResult = Type.Object(jobFields, { title: 'SampleJobResult' });
export const UploadJobResult = Type.Object({ ...jobFields, warning }, { title: 'UploadJobResult' });
export const VisibilityJobResult = Type.Object(
  {
    ...jobFields,
    warning,
    original_id: Type.Union([Type.String(), Type.Null()], {
      description: 'Token of the job the colors were hidden from.',
    }),
    hidden_colors: Type.Array(HexColor, {
      description: `Colors of the original trace that this job leaves out. ${HIDDEN_GRADIENT}`,
    }),
  },
  { title: 'VisibilityJobResult' },
);
export type VisibilityJobResult = Static<typeof VisibilityJobResult>;

export const RevisionSettings = Type.Object(
  {
    colors: restated(TRACE_SETTING_SCHEMAS.colors, { description: 'Number of colors; 0 chose automatically.' }),
    smoothing: restated(TRACE_SETTING_SCHEMAS.smoothing, { description: '0 follows the pixels; 100 is roundest.' }),
    transparent: restated(TRACE_SETTING_SCHEMAS.transparent, { description: 'The background was removed.' }),
    trim: restated(TRACE_SETTING_SCHEMAS.trim, { description: 'The SVG is cropped to the logo.' }),
    palette: restated(TRACE_SETTING_SCHEMAS.palette, { description: 'The brand colors given; empty when none.' }),
  },
  { title: 'RevisionSettings', description: 'The trace settings this revision was made with.' },
);

export const RevisionResult = Type.Object(
  {
    revision_id: Type.String({
      description:
        'Token of this revision: a job token, used in /api/jobs/{token}/... paths and by the MCP tools. Anyone holding it can read the revision until it expires.',
    }),
    svg_url: Type.String({ description: 'Absolute URL of the SVG.' }),
    preview_url: Type.String({ description: 'Absolute URL of the PNG preview.' }),
    preview_markdown: Type.String({ description: 'The preview as a Markdown image, ready to show a user.' }),
    palette: Type.Array(HexColor, { description: `Visible hex colors of the SVG, ${PALETTE_MEANING}` }),
    gradients,
    hidden_colors: Type.Array(HexColor, {
      description: `Colors of the trace this revision hides. ${HIDDEN_GRADIENT}`,
    }),
    width: Type.Integer({ description: 'SVG width in pixels.' }),
    height: Type.Integer({ description: 'SVG height in pixels.' }),
    bytes: Type.Integer({ description: 'Size of the SVG in bytes.' }),
    warning: Type.String({
      description: 'Notes about automatic adjustments such as background removal or resizing; empty when none.',
    }),
    settings: RevisionSettings,
    expires_in_seconds: Type.Integer({
      minimum: 0,
      description: 'Seconds until the revision and its files are deleted.',
    }),
  },
  { title: 'RevisionResult' },
);
export type RevisionResult = Static<typeof RevisionResult>;

export const McpUploadResult = Type.Object(
  {
    upload_id: Type.String({ description: 'Pass it to the MCP vectorize_logo tool as upload_id.' }),
    expires_at: Type.String({ format: 'date-time', description: 'When the upload is deleted (ISO 8601).' }),
    expires_in_seconds: Type.Integer({ description: 'Seconds until then.' }),
    bytes: Type.Integer({ description: 'Size of the file.' }),
    sha256: Type.String({ description: 'Hex SHA-256 of the file.' }),
    format: Type.String({ enum: ['png', 'jpeg', 'webp'], description: "Image format, from the file's content." }),
    width: Type.Integer({ description: 'Image width in pixels.' }),
    height: Type.Integer({ description: 'Image height in pixels.' }),
  },
  { title: 'McpUploadResult' },
);
export type McpUploadResult = Static<typeof McpUploadResult>;

/** Paths of a job's files. */
export const jobPaths = {
  svg: (id: string) => `/api/jobs/${id}/logo.svg`,
  print: (id: string, format: 'pdf' | 'eps') => `/api/jobs/${id}/logo.${format}`,
  preview: (id: string) => `/api/jobs/${id}/preview.png`,
  mockup: (id: string, kind: string) => `/api/jobs/${id}/mockup/${kind}.png`,
  exportedKit: (id: string) => `/api/jobs/${id}/brand-kit.zip`,
};

/** Whole seconds left, rounded up: a result made this instant has its full lifetime. */
function secondsUntil(epochMs: number, now: number): number {
  return Math.max(0, Math.ceil((epochMs - now) / 1000));
}

/** The sandbox's result: the fields every job result has. */
export function sampleResult(job: JobRecord): Static<typeof SampleJobResult> {
  return {
    id: job.id,
    svg: jobPaths.svg(job.id),
    palette: job.palette,
    gradients: job.gradients ?? [],
    bytes: job.svgBytes,
    width: job.width,
    height: job.height,
    source_offset: job.sourceOffset ?? { x: 0, y: 0 },
  };
}

export function uploadResult(job: JobRecord): Static<typeof UploadJobResult> {
  return { ...sampleResult(job), warning: job.warning };
}

export function visibilityResult(job: JobRecord): VisibilityJobResult {
  return { ...uploadResult(job), original_id: job.originalId, hidden_colors: job.hiddenColors };
}

/** `baseUrl` makes the links absolute (no trailing slash). */
export function revisionResult(job: JobRecord, baseUrl: string, now = Date.now()): RevisionResult {
  const previewUrl = `${baseUrl}${jobPaths.preview(job.id)}`;
  return {
    revision_id: job.id,
    svg_url: `${baseUrl}${jobPaths.svg(job.id)}`,
    preview_url: previewUrl,
    preview_markdown: `![Vectorized logo preview](${previewUrl})`,
    palette: job.palette,
    gradients: job.gradients ?? [],
    hidden_colors: job.hiddenColors,
    width: job.width,
    height: job.height,
    bytes: job.svgBytes,
    warning: job.warning,
    settings: recordSettings(job),
    expires_in_seconds: secondsUntil(job.expiresAt, now),
  };
}

export function mcpUploadResult(upload: UploadRecord, now = Date.now()): McpUploadResult {
  return {
    upload_id: upload.id,
    expires_at: new Date(upload.expiresAt).toISOString(),
    expires_in_seconds: secondsUntil(upload.expiresAt, now),
    bytes: upload.bytes,
    sha256: upload.sha256,
    format: upload.format,
    width: upload.width,
    height: upload.height,
  };
}
