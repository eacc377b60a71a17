/**
 * Failures inside a tool become tool results with isError and a message an
 * agent can act on, never protocol errors: what went wrong and what to call
 * next. Faults of ours are logged and reported without their internals.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import { isImageError, isServiceError, ServiceError } from '../core/errors.js';
import { IMAGE_SIZE_RULE } from '../core/limits.js';
import type { ServiceTerms } from '../core/terms.js';

export interface ToolLog {
  error(details: object, message: string): void;
}

/** Quoted for a message, and cut short: ids come from the caller. */
function quoted(id: string): string {
  return JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);
}

const UPLOAD_AGAIN = 'Upload the logo again (POST /api/mcp/uploads, or image_base64) and call vectorize_logo.';

/** A failure of the core as an agent reads it: what happened and which tool to call next. */
function fromServiceError(error: ServiceError, terms: ServiceTerms): string | null {
  const subject = quoted(error.details.subject ?? '');
  const retryAfter = error.details.retryAfterSeconds ?? 1;
  if (isImageError(error)) {
    const advice =
      error.code === 'TOO_COMPLEX'
        ? 'Send a logo of a few flat colors, not a photo or a pattern.'
        : `Use a PNG, JPEG or WebP logo of ${IMAGE_SIZE_RULE}.`;
    return `This image cannot be traced: ${error.message}. ${advice}`;
  }
  switch (error.code) {
    case 'JOB_EXPIRED':
      return (
        `Revision ${subject} has expired: revisions and their files are deleted ${terms.jobLifetime} after ` +
        `creation. ${UPLOAD_AGAIN}`
      );
    case 'JOB_NOT_FOUND':
      return (
        `No revision has the id ${subject}. Use a revision_id returned by vectorize_logo, ` +
        'update_settings or set_color_visibility.'
      );
    case 'NOT_A_REVISION':
      return (
        `${subject} is a job made with the REST API (POST /api/vectorize or /api/sample), which the MCP ` +
        'tools do not change. Call vectorize_logo to make a revision of the logo.'
      );
    case 'BUSY':
      return (
        `The service is processing another job (it runs ${terms.concurrency}). Retry this call in about ` +
        `${retryAfter} seconds.`
      );
    case 'UPLOAD_LIMIT':
      return (
        `Too many temporary uploads are stored right now; one frees up in ${retryAfter} seconds. ` +
        'Retry then, or pass the image as image_base64.'
      );
    case 'UPLOAD_NOT_FOUND':
      return `${error.message} POST the image to /api/mcp/uploads and use the upload_id it returns.`;
    case 'UPLOAD_EXPIRED':
      return `${error.message} POST the image to /api/mcp/uploads again, or pass it as image_base64.`;
    case 'REVIEW_REQUIRED':
      return (
        `${error.message} Call review_vectorization with this revision_id, show the user the preview and ` +
        'palette, then call export_brand_kit with the review_token it returns.'
      );
    case 'UNPROCESSABLE':
      return error.message;
    case 'STORAGE_UNAVAILABLE':
      return `${error.message} Retry this call in about ${retryAfter} seconds.`;
    default:
      return null;
  }
}

export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Runs a tool's work; known failures and faults alike come back as an isError result. */
export async function asToolResult(
  tool: string,
  { log, terms }: { log: ToolLog; terms: ServiceTerms },
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof ServiceError ? fromServiceError(error, terms) : null;
    // A store that cannot write needs a person, so it is logged although the agent gets its answer.
    if (isServiceError(error, 'STORAGE_UNAVAILABLE')) log.error({ err: error, tool }, 'MCP tool could not store');
    if (message) return toolError(message);
    log.error({ err: error, tool }, 'MCP tool failed');
    return toolError(`${tool} failed because of a fault in the service; it was logged. Retry shortly.`);
  }
}
