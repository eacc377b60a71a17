/**
 * Failures inside a tool become tool results with isError and a message an
 * agent can act on, never protocol errors: what went wrong and what to call
 * next. Faults of ours are logged and reported without their internals.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

import {
  BusyError,
  JobExpiredError,
  JobNotFoundError,
  NotARevisionError,
  ReviewRequiredError,
  UnprocessableError,
  UploadExpiredError,
  UploadLimitError,
  UploadNotFoundError,
} from '../core/errors.js';
import { TraceError } from '../core/tracer.js';

export interface ToolLog {
  error(details: object, message: string): void;
}

/** Quoted for a message, and cut short: ids come from the caller. */
function quoted(id: string): string {
  return JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);
}

function messageFor(error: unknown): string | null {
  if (error instanceof JobExpiredError) {
    return (
      `Revision ${quoted(error.token)} has expired: revisions and their files are deleted two hours after ` +
      'creation. Upload the logo again (POST /api/mcp/uploads, or image_base64) and call vectorize_logo.'
    );
  }
  if (error instanceof JobNotFoundError) {
    return (
      `No revision has the id ${quoted(error.token)}. Use a revision_id returned by vectorize_logo, ` +
      'update_settings or set_color_visibility.'
    );
  }
  if (error instanceof NotARevisionError) {
    return (
      `${quoted(error.token)} is a job made with the REST API (POST /api/vectorize or /api/sample), which the MCP ` +
      'tools do not change. Call vectorize_logo to make a revision of the logo.'
    );
  }
  if (error instanceof BusyError) {
    return (
      'The service is processing another job (it runs one at a time). Retry this call in about ' +
      `${error.retryAfterSeconds} seconds.`
    );
  }
  if (error instanceof UploadLimitError) {
    return (
      `Too many temporary uploads are stored right now; one frees up in ${error.retryAfterSeconds} seconds. ` +
      'Retry then, or pass the image as image_base64.'
    );
  }
  if (error instanceof TraceError && error.isUserError) {
    const advice =
      error.code === 'TOO_COMPLEX'
        ? 'Send a logo of a few flat colors, not a photo or a pattern.'
        : 'Use a PNG, JPEG or WebP logo of 8 to 6000 px per side.';
    return `This image cannot be traced: ${error.message}. ${advice}`;
  }
  if (
    error instanceof UploadNotFoundError ||
    error instanceof UploadExpiredError ||
    error instanceof ReviewRequiredError ||
    error instanceof UnprocessableError
  ) {
    return error.message;
  }
  return null;
}

export function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** Runs a tool's work; known failures and faults alike come back as an isError result. */
export async function asToolResult(
  tool: string,
  log: ToolLog,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    const message = messageFor(error);
    if (message) return toolError(message);
    log.error({ err: error, tool }, 'MCP tool failed');
    return toolError(`${tool} failed because of a fault in the service; it was logged. Retry shortly.`);
  }
}
