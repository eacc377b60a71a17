/**
 * The one place errors become responses: JSON `{detail}` with the right
 * status. Request-field problems are 422 with a list of {loc, msg, type};
 * server faults are logged and answered without their internals.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js';
import fp from 'fastify-plugin';

import { isImageError, ServiceError } from '../core/errors.js';
import { UPLOAD_MAX_BYTES } from '../core/limits.js';
import { spokenBytes, type ServiceTerms } from '../core/terms.js';
import { clientLeft } from './client-gone.js';
import type { ErrorBody, ValidationProblem } from './schemas.js';
import { FORM_TOO_BIG } from './upload-form.js';

/** An error that already knows its status, detail and extra headers. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** Request-field problems found outside schema validation (e.g. while reading a multipart body). */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  constructor(readonly problems: ValidationProblem[]) {
    super(problems.map((p) => `${p.loc.join('.')}: ${p.msg}`).join('; '));
  }
}

export const UPLOAD_TOO_LARGE = `The upload is larger than the ${spokenBytes(UPLOAD_MAX_BYTES)} limit.`;

const LOCATION: Record<SchemaErrorDataVar, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function problemOf(error: FastifySchemaValidationError, part: string): ValidationProblem {
  const loc: (string | number)[] = [part];
  for (const segment of error.instancePath.split('/').slice(1)) {
    const name = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    loc.push(/^\d+$/.test(name) ? Number(name) : name);
  }
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return { loc: [...loc, String(params.missingProperty)], msg: 'Field required', type: 'missing' };
    case 'additionalProperties':
      return { loc: [...loc, String(params.additionalProperty)], msg: 'Unknown field', type: 'extra_forbidden' };
    case 'enum':
      return { loc, msg: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`, type: 'enum' };
    case 'type':
      return { loc, msg: `must be ${String(params.type)}`, type: `${String(params.type)}_type` };
    default:
      return { loc, msg: error.message ?? 'is invalid', type: error.keyword };
  }
}

interface WireError {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

const message = (status: number, detail: string, headers?: Record<string, string>): WireError => ({
  status,
  body: { detail },
  ...(headers ? { headers } : {}),
});

/** A 422 about the body as a whole (its media type or syntax). */
const bodyProblem = (msg: string, type: string): WireError => ({
  status: 422,
  body: { detail: [{ loc: ['body'], msg, type }] },
});

/** A 422 lists at most this many problems, so a body of thousands of bad items gets a short answer and log line. */
const MAX_PROBLEMS = 10;
/** Longest message of one problem, in characters. */
const MAX_PROBLEM_CHARS = 200;

/**
 * The first MAX_PROBLEMS of `total` problems (the list may hold only those), each cut short, and a last
 * one that counts the rest.
 */
function boundedProblems(problems: readonly ValidationProblem[], total = problems.length): ValidationProblem[] {
  const shown = problems.slice(0, MAX_PROBLEMS).map((p) => ({
    ...p,
    msg: p.msg.length > MAX_PROBLEM_CHARS ? `${p.msg.slice(0, MAX_PROBLEM_CHARS - 1)}…` : p.msg,
  }));
  const more = total - shown.length;
  if (more <= 0) return shown;
  return [...shown, { loc: shown.at(-1)?.loc.slice(0, 1) ?? ['body'], msg: `and ${more} more problems`, type: 'more' }];
}

function fromValidation(error: FastifyError, request: FastifyRequest): WireError {
  const part = LOCATION[error.validationContext ?? 'body'];
  const validation = error.validation ?? [];
  const problems = boundedProblems(
    validation.slice(0, MAX_PROBLEMS).map((e) => problemOf(e, part)),
    validation.length,
  );
  if (part !== 'path') return { status: 422, body: { detail: problems } };
  // A path that names no resource is "not found", whatever is wrong with it.
  const reasons = problems.map((p) => `${p.loc.slice(1).join('.')} ${p.msg}`).join('; ');
  return message(404, `Not found: ${shortened(request.url.split('?')[0] ?? '')} (${reasons})`);
}

/** A failure of the core as a REST client reads it: its status, and what to do next. */
function fromServiceError(error: ServiceError, terms: ServiceTerms, stopping: boolean): WireError {
  const retryAfter = { 'Retry-After': String(error.details.retryAfterSeconds ?? 1) };
  if (isImageError(error)) return message(422, `This image cannot be traced: ${error.message}.`);
  switch (error.code) {
    case 'JOB_NOT_FOUND':
    case 'UPLOAD_NOT_FOUND':
    case 'UPLOAD_EXPIRED':
      return message(404, error.message);
    case 'JOB_EXPIRED':
      return message(404, `${error.message} Jobs last ${terms.jobLifetime}; please upload the logo again.`);
    case 'KIT_NOT_EXPORTED':
      return message(
        404,
        `${error.message} The MCP export_brand_kit tool exports it; REST clients get the kit from POST /api/jobs/{token}/kit.`,
      );
    case 'NOT_A_REVISION':
      return message(
        422,
        `${error.message} Only revisions made through the hosted MCP server can be edited. Upload the logo again to ` +
          'POST /api/vectorize with new form fields (colors, smoothing, transparent, trim), or hide colors with ' +
          'POST /api/jobs/{token}/visibility.',
      );
    case 'BUSY':
      return message(429, `${error.message} The service runs ${terms.concurrency}; please retry shortly.`, retryAfter);
    case 'UPLOAD_LIMIT':
      return message(429, `${error.message} Retry after Retry-After seconds.`, retryAfter);
    case 'UNPROCESSABLE':
    case 'REVIEW_REQUIRED':
      return message(422, error.message);
    case 'ABORTED':
      return stopping
        ? message(
            503,
            'The server is stopping and cancelled the trace; please retry, another instance will answer.',
            retryAfter,
          )
        : message(503, 'The trace was cancelled because the client disconnected.');
    case 'STORAGE_UNAVAILABLE':
      return message(503, `${error.message} Please retry after Retry-After seconds.`, retryAfter);
    default:
      return message(500, 'Internal server error. The problem was logged.');
  }
}

function toWire(error: FastifyError | Error, request: FastifyRequest): WireError {
  if (error instanceof HttpError) return message(error.statusCode, error.message, { ...error.headers });
  if (error instanceof RequestValidationError)
    return { status: 422, body: { detail: boundedProblems(error.problems) } };
  if (error instanceof ServiceError)
    return fromServiceError(error, request.server.terms, request.server.stopping.aborted);

  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return fromValidation(fastifyError, request);
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return bodyProblem(`unsupported media type ${request.headers['content-type'] ?? '(none)'}`, 'media_type');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return bodyProblem(fastifyError.message, 'json_invalid');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // 413 is the spec's answer for an upload over its limit only; a JSON body past its bound is invalid.
      return bodyProblem(
        `the request body is larger than ${spokenBytes(request.routeOptions.bodyLimit)}`,
        'body_too_large',
      );
    case 'FST_REQ_FILE_TOO_LARGE':
      return message(413, UPLOAD_TOO_LARGE);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return bodyProblem(FORM_TOO_BIG, 'multipart_limits');
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return message(status, fastifyError.message);
  return message(500, 'Internal server error. The problem was logged.');
}

/** What an answer made outside the hooks (which set these on every other one) must still carry. */
function bareErrorHeaders(currentVersion: string): Record<string, string> {
  return {
    'Service-Version': currentVersion,
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  };
}

/**
 * Fastify's `frameworkErrors` option: requests it rejects before routing (a
 * malformed URL), which no hook sees. They get our format and headers.
 */
export function answerFrameworkError(currentVersion: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const path = shortened(request.url.split('?')[0] ?? '');
    const reason = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path segment is too long' : 'the URL is malformed';
    request.log.info({ code: error.code, path }, 'request rejected before routing');
    const body: ErrorBody = { detail: `Not found: ${request.method} ${path} (${reason})` };
    void reply.code(404).headers(bareErrorHeaders(currentVersion)).send(body);
  };
}

/** Longest piece of a request's URL echoed in a detail or log line: the URL is the caller's, of any length. */
const MAX_ECHOED_CHARS = 120;

function shortened(text: string): string {
  return text.length > MAX_ECHOED_CHARS ? `${text.slice(0, MAX_ECHOED_CHARS - 1)}…` : text;
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large.' },
};
const MALFORMED = { status: 400, detail: 'The request is not valid HTTP.' };

/**
 * Fastify's `clientErrorHandler` option: requests Node's HTTP parser refuses (malformed, headers too
 * large, too slow) before Fastify sees them. They get our error body and headers, then the connection closes.
 */
export function answerClientError(currentVersion: string) {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
    // A connection the client reset has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
    this.log.info({ code: error.code, status }, 'request refused by the HTTP parser');
    if (socket.writable) {
      const body = JSON.stringify({ detail } satisfies ErrorBody);
      const headers = {
        ...bareErrorHeaders(currentVersion),
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        Connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/**
 * The answer to a request no route takes: 405 with Allow when the path is known for other methods,
 * else 404. A path that the routes' patterns match for this very method, but the router does not
 * (a parameter it cannot read), is not found.
 */
function unrouted(request: FastifyRequest): WireError {
  const path = request.url.split('?')[0] ?? '';
  const allowed = request.server.allowedMethods(path);
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    return message(405, `Method ${request.method} is not allowed on ${path}; it answers ${allowed.join(', ')}.`, {
      Allow: allowed.join(', '),
    });
  }
  return message(404, `Not found: ${request.method} ${shortened(path)}`);
}

async function errorHandling(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply: FastifyReply) => {
    const { code } = error as Partial<FastifyError>;
    // No route took the request and its body failed to parse on the way to "not found": that is the answer.
    // Not every error that lands here is Fastify's: a plain Error has no code.
    const unparsedBody =
      request.is404 &&
      code !== undefined &&
      (code.startsWith('FST_ERR_CTP_') || code === 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE');
    const { status, body, headers } = unparsedBody ? unrouted(request) : toWire(error, request);
    if (clientLeft(reply)) request.log.info({ detail: body.detail }, 'client went away before the answer');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, detail: body.detail }, 'request rejected');
    return reply
      .code(status)
      .headers(headers ?? {})
      .send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const { status, body, headers } = unrouted(request);
    return reply
      .code(status)
      .headers(headers ?? {})
      .send(body);
  });
}

export default fp(errorHandling, { name: 'errors', dependencies: ['allowed-methods'] });
