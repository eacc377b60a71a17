/**
 * The core's one error type. Every failure a caller can cause or meet carries
 * a stable code; the HTTP layer maps the code to a status and the MCP layer to
 * a tool error, each adding what its users should do next. Messages here say
 * what happened and name no route, tool or configurable value.
 */

/** Failures of the image itself; the engine reports them with these codes. */
export const IMAGE_ERROR_CODES = [
  'UNSUPPORTED_FORMAT',
  'CORRUPT_IMAGE',
  'TOO_SMALL',
  'TOO_LARGE',
  'NOTHING_TO_TRACE',
  'TOO_COMPLEX',
  'INVALID_OPTION',
] as const;
export type ImageErrorCode = (typeof IMAGE_ERROR_CODES)[number];

/** Every code the engine can reject a trace with: the image's failures, a cancelled trace, a fault. */
export const TRACE_ERROR_CODES = [...IMAGE_ERROR_CODES, 'ABORTED', 'INTERNAL'] as const;
export type TraceErrorCode = (typeof TRACE_ERROR_CODES)[number];

export type ServiceErrorCode =
  | TraceErrorCode
  /** The token names no job, now or in the remembered past. */
  | 'JOB_NOT_FOUND'
  /** The job existed but its lifetime is over and its files are deleted. */
  | 'JOB_EXPIRED'
  /** The job exists but its brand kit was never exported. */
  | 'KIT_NOT_EXPORTED'
  /** The job exists, but only revisions can be edited. */
  | 'NOT_A_REVISION'
  /** The upload id names no upload, now or in the remembered past. */
  | 'UPLOAD_NOT_FOUND'
  | 'UPLOAD_EXPIRED'
  /** Too many uploads are live at once. */
  | 'UPLOAD_LIMIT'
  /** Every job slot is taken. */
  | 'BUSY'
  /** A kit export without the review token of that very revision. */
  | 'REVIEW_REQUIRED'
  /** The request is well-formed but asks for something that cannot be done. */
  | 'UNPROCESSABLE'
  /** The store cannot be used (its disk is full or read-only, or its server unreachable); nothing stored is lost. */
  | 'STORAGE_UNAVAILABLE';

export interface ServiceErrorDetails {
  /** The token or upload id the failure is about, as the caller sent it. */
  subject?: string;
  /** When retrying makes sense: seconds until it may succeed. */
  retryAfterSeconds?: number;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly details: ServiceErrorDetails = {},
  ) {
    super(message);
  }
}

export function isServiceError(error: unknown, ...codes: ServiceErrorCode[]): error is ServiceError {
  return error instanceof ServiceError && (codes.length === 0 || codes.includes(error.code));
}

/** A problem with the image the caller sent, as opposed to the engine failing or being cancelled. */
export function isImageError(error: unknown): error is ServiceError & { code: ImageErrorCode } {
  return error instanceof ServiceError && (IMAGE_ERROR_CODES as readonly string[]).includes(error.code);
}

export const jobNotFound = (token: string) =>
  new ServiceError('JOB_NOT_FOUND', 'No job has this token. Check the link, or upload the logo to create a new job.', {
    subject: token,
  });

export const jobExpired = (token: string) =>
  new ServiceError('JOB_EXPIRED', 'This job has expired and its files were deleted.', { subject: token });

export const kitNotExported = (token: string) =>
  new ServiceError('KIT_NOT_EXPORTED', 'The brand kit of this job has not been exported.', { subject: token });

export const notARevision = (token: string) =>
  new ServiceError('NOT_A_REVISION', 'This job is not a revision, so it cannot be edited.', { subject: token });

export const uploadNotFound = (uploadId: string) =>
  new ServiceError('UPLOAD_NOT_FOUND', 'No upload has this upload_id.', { subject: uploadId });

/** `lifetime` as a person reads it: "15 minutes". */
export const uploadExpired = (uploadId: string, lifetime: string) =>
  new ServiceError('UPLOAD_EXPIRED', `This upload has expired (uploads are kept for ${lifetime}).`, {
    subject: uploadId,
  });

export const uploadLimit = (retryAfterSeconds: number) =>
  new ServiceError('UPLOAD_LIMIT', 'The temporary upload limit is reached.', { retryAfterSeconds });

export const busy = (retryAfterSeconds: number) =>
  new ServiceError('BUSY', 'Another job is being processed.', { retryAfterSeconds });

export const reviewRequired = (message: string) => new ServiceError('REVIEW_REQUIRED', message);

export const unprocessable = (message: string) => new ServiceError('UNPROCESSABLE', message);

/** Seconds a caller should wait before retrying a write the store refused: freeing a disk takes a person. */
const STORAGE_RETRY_AFTER_SECONDS = 60;

/** `cause` is the store's own failure, kept for the log. */
export function storageUnavailable(cause: unknown): ServiceError {
  const error = new ServiceError(
    'STORAGE_UNAVAILABLE',
    'The service cannot use its storage right now (it is full, read-only or unreachable); nothing already stored is lost.',
    { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS },
  );
  error.cause = cause;
  return error;
}
