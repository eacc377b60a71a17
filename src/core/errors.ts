/**
 * Errors the core raises for problems with the caller's request. The HTTP
 * layer maps each class to a status; nothing here knows about HTTP.
 */

/** The token names no job, now or in the remembered past. */
export class JobNotFoundError extends Error {
  override readonly name = 'JobNotFoundError';
  constructor(readonly token: string) {
    super('No job has this token. Check the link, or upload the logo to create a new job.');
  }
}

/** The job existed but its lifetime is over and its files are deleted. */
export class JobExpiredError extends Error {
  override readonly name = 'JobExpiredError';
  constructor(readonly token: string) {
    super('This job has expired and its files were deleted (jobs last two hours). Please upload the logo again.');
  }
}

/** The job exists but its brand kit was never exported through the MCP server. */
export class KitNotExportedError extends Error {
  override readonly name = 'KitNotExportedError';
  constructor(readonly token: string) {
    super(
      'The brand kit of this job has not been exported (the MCP export_brand_kit tool does that). ' +
        'REST clients get the kit from POST /api/jobs/{token}/kit.',
    );
  }
}

/** The request is well-formed but asks for something that cannot be done (a 422 with a message). */
export class UnprocessableError extends Error {
  override readonly name: string = 'UnprocessableError';
}

/** Every job slot is taken; the caller should retry shortly. */
export class BusyError extends Error {
  override readonly name = 'BusyError';
  constructor(readonly retryAfterSeconds: number) {
    super('Another job is being processed (the service runs one job at a time). Please retry shortly.');
  }
}

/** The job exists, but the editor only changes revisions made through the hosted MCP server. */
export class NotARevisionError extends UnprocessableError {
  override readonly name = 'NotARevisionError';
  constructor(readonly token: string) {
    super(
      'This job was not created through the hosted MCP server, so the editor cannot change it. ' +
        'Upload the logo again to POST /api/vectorize with new form fields (colors, smoothing, transparent, trim), ' +
        'or hide colors with POST /api/jobs/{token}/visibility.',
    );
  }
}

/** The upload_id names no upload, now or in the remembered past. */
export class UploadNotFoundError extends Error {
  override readonly name = 'UploadNotFoundError';
  constructor(readonly uploadId: string) {
    super('No upload has this upload_id. POST the image to /api/mcp/uploads and use the upload_id it returns.');
  }
}

/** The upload existed but its 15 minutes are over. */
export class UploadExpiredError extends Error {
  override readonly name = 'UploadExpiredError';
  constructor(readonly uploadId: string) {
    super(
      'This upload has expired (uploads are kept for 15 minutes). POST the image to /api/mcp/uploads again, ' +
        'or pass it as image_base64.',
    );
  }
}

/** Too many uploads are live at once; the earliest frees its place after retryAfterSeconds. */
export class UploadLimitError extends Error {
  override readonly name = 'UploadLimitError';
  constructor(readonly retryAfterSeconds: number) {
    super(
      'The temporary upload limit is reached. Retry after Retry-After seconds, ' +
        'or pass the image to vectorize_logo as image_base64.',
    );
  }
}

/** export_brand_kit was called without the review token of that very revision. */
export class ReviewRequiredError extends Error {
  override readonly name = 'ReviewRequiredError';
}
