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
  override readonly name = 'UnprocessableError';
}

/** Every job slot is taken; the caller should retry shortly. */
export class BusyError extends Error {
  override readonly name = 'BusyError';
  constructor(readonly retryAfterSeconds: number) {
    super('Another job is being processed (the service runs one job at a time). Please retry shortly.');
  }
}
