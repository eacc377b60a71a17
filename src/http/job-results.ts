/** Job records in the wire shapes of the spec's job results. */
import type { Static } from 'typebox';

import type { JobRecord } from '../store/store.js';
import type { SampleJobResult, UploadJobResult, VisibilityJobResult } from './schemas.js';

function svgPath(id: string): string {
  return `/api/jobs/${id}/logo.svg`;
}

/** The sandbox's result: the fields every job result has. */
export function sampleResult(job: JobRecord): Static<typeof SampleJobResult> {
  return {
    id: job.id,
    svg: svgPath(job.id),
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
