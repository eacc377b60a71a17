/**
 * Records in the wire shapes of the spec's results: jobs, revisions (shared
 * by the editor endpoints and the MCP tools) and MCP uploads.
 */
import type { Static } from 'typebox';

import type { JobRecord, UploadRecord } from '../store/store.js';
import type {
  McpUploadResult,
  RevisionResult,
  SampleJobResult,
  UploadJobResult,
  VisibilityJobResult,
} from './schemas.js';

/** Paths of a job's files. */
export const jobPaths = {
  svg: (id: string) => `/api/jobs/${id}/logo.svg`,
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
    bytes: job.svgBytes,
    width: job.width,
    height: job.height,
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
    hidden_colors: job.hiddenColors,
    width: job.width,
    height: job.height,
    bytes: job.svgBytes,
    warning: job.warning,
    settings: { ...job.settings },
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
