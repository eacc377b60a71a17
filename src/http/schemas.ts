/**
 * The wire format: TypeBox schemas shared by the routes (validation and
 * serialization), the OpenAPI document and the tests, plus `operation()`,
 * which adds the headers and responses every endpoint has in common.
 */
import type { FastifyRequest } from 'fastify';
import { Type, type Static, type TOptional, type TSchema, type TUnsafe } from 'typebox';

import { KIT_DEFAULTS } from '../core/brand-kit/index.js';
import {
  HIDDEN_COLORS_MAX,
  IMAGE_SIZE_RULE,
  IDEMPOTENCY_KEY_MAX_CHARS,
  KIT_NAME_MAX_CHARS,
  UPLOAD_MAX_BYTES,
  UPLOAD_SESSION_ID_MAX_CHARS,
} from '../core/limits.js';
import { BRAND_COLORS_DESCRIPTION } from '../core/setting-values.js';
import { MOCKUP_KINDS } from '../core/mockups/index.js';
import { spokenBytes, type ServiceTerms } from '../core/terms.js';
import {
  DEFAULT_SETTINGS,
  HexColor,
  restated,
  TRACE_SETTING_SCHEMAS,
  type TraceSettingName,
  type TraceSettings,
} from '../core/settings.js';

// ---------------------------------------------------------------- errors

export const ValidationProblem = Type.Object(
  {
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), {
      description: 'Where the problem is: the request part (body, query, path, header), then the field.',
    }),
    msg: Type.String({ description: 'What is wrong, for a person.' }),
    type: Type.String({ description: 'Machine-readable kind of problem, e.g. missing, enum, maximum.' }),
  },
  { title: 'ValidationProblem' },
);
export type ValidationProblem = Static<typeof ValidationProblem>;

export const ErrorBody = Type.Object(
  {
    detail: Type.Union([Type.String(), Type.Array(ValidationProblem)], {
      description: 'A message, or for request-field validation failures the list of problems.',
    }),
  },
  { title: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

// ---------------------------------------------------------------- jobs

const Token = Type.String({ description: 'Job token, from the `id` of a job result.' });

/** The settings of an upload: optional, with their defaults. */
const settingsFields = Object.fromEntries(
  Object.entries(TRACE_SETTING_SCHEMAS).map(([name, schema]) => [
    name,
    Type.Optional(restated(schema, { default: DEFAULT_SETTINGS[name as TraceSettingName] })),
  ]),
) as { [K in TraceSettingName]: TOptional<TUnsafe<TraceSettings[K]>> };

/**
 * The upload form. Validation sees the file field as the sha256 digest of the
 * uploaded bytes (see multipart.ts), which documents and requires it like any
 * other field.
 */
const UploadFile = Type.String({
  format: 'binary',
  description: `The logo: PNG, JPEG or WebP, at most ${spokenBytes(UPLOAD_MAX_BYTES)}, ${IMAGE_SIZE_RULE}.`,
});

export const VectorizeForm = Type.Object(
  {
    file: UploadFile,
    ...settingsFields,
    palette: Type.Optional(
      restated(TRACE_SETTING_SCHEMAS.palette, {
        default: DEFAULT_SETTINGS.palette,
        description: `${BRAND_COLORS_DESCRIPTION} In this form one field, its colors separated by commas or spaces: "#1d4ed8,#f59e0b".`,
      }),
    ),
    upload_session_id: Type.Optional(
      Type.String({
        maxLength: UPLOAD_SESSION_ID_MAX_CHARS,
        default: '',
        description:
          "Opaque identifier of one visit, sent with each of its uploads (the web app sends one random id per browser tab). The service counts the distinct ids of the day in GET /api/stats (uploads.sessions_today), hashed with the day's salt like visitors' addresses; it keeps the id with the job, never returns it, never finds jobs by it, and it changes nothing in the result.",
      }),
    ),
  },
  { title: 'VectorizeForm', additionalProperties: false },
);

export const SampleForm = Type.Object(
  { trim: settingsFields.trim },
  { title: 'SampleForm', additionalProperties: false },
);

/** The spec's Visibility request; `meaning` says how the list is read where it is used. */
function visibilityRequest(title: string, meaning: string) {
  return Type.Object(
    {
      hidden_colors: Type.Array(HexColor, {
        maxItems: HIDDEN_COLORS_MAX,
        description: `${meaning} Case-insensitive. Hiding any stop color of a gradient hides its whole shape. At least one color must stay visible.`,
      }),
    },
    { title, additionalProperties: false },
  );
}

export const VisibilityRequest = visibilityRequest(
  'VisibilityRequest',
  'Palette colors of the job to hide. Colors the job already hides may be listed again.',
);

export const KitRequest = Type.Object(
  {
    name: Type.Optional(
      Type.String({ maxLength: KIT_NAME_MAX_CHARS, default: KIT_DEFAULTS.name, description: 'Brand name.' }),
    ),
    background_color: Type.Optional(
      restated(HexColor, { default: KIT_DEFAULTS.backgroundColor, description: 'Background of the opaque variants.' }),
    ),
  },
  { title: 'KitRequest', additionalProperties: false },
);

// ---------------------------------------------------------------- revisions and MCP uploads

/**
 * An optional field that may also be null, as one schema with a type list:
 * the validator's type coercion would turn null into 0 or false for the first
 * branch of a union before trying the null one.
 */
function nullable<T extends TSchema>(schema: T) {
  const { type, enum: allowed } = schema as unknown as { type: string; enum?: unknown[] };
  return Type.Optional(
    Type.Unsafe<Static<T> | null>({
      ...schema,
      type: [type, 'null'],
      ...(allowed ? { enum: [...allowed, null] } : {}),
    }),
  );
}

export const EditorSettingsRequest = Type.Object(
  Object.fromEntries(Object.entries(TRACE_SETTING_SCHEMAS).map(([name, schema]) => [name, nullable(schema)])) as {
    [K in TraceSettingName]: ReturnType<typeof nullable<(typeof TRACE_SETTING_SCHEMAS)[K]>>;
  },
  {
    title: 'EditorSettingsRequest',
    additionalProperties: false,
    description: "Settings to change; a field left out or null keeps the revision's value.",
  },
);

export const EditorVisibilityRequest = visibilityRequest(
  'EditorVisibilityRequest',
  'The complete set of colors of the trace to hide; every other color is shown, so an empty list restores them all.',
);

export const McpUploadForm = Type.Object({ file: UploadFile }, { title: 'McpUploadForm', additionalProperties: false });

export const TokenParams = Type.Object({ token: Token });
export const MockupParams = Type.Object({
  token: Token,
  kind: Type.Unsafe<(typeof MOCKUP_KINDS)[number]>({
    type: 'string',
    enum: [...MOCKUP_KINDS],
    description: 'Which mockup; an unknown kind is 404.',
  }),
});
export const SvgQuery = Type.Object({
  download: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'true adds Content-Disposition: attachment, so browsers save the file.',
    }),
  ),
});

// ---------------------------------------------------------------- service information

export const Health = Type.Object({ status: Type.Literal('ok') }, { title: 'Health' });

export const VersioningInfo = Type.Object(
  {
    header: Type.String({ description: 'Request and response header carrying the version.' }),
    current: Type.String({ description: 'Version that answers when the header is omitted.' }),
    supported: Type.Array(Type.String()),
    deprecated: Type.Array(
      Type.Object({
        version: Type.String(),
        deprecated_at: Type.String({ description: 'ISO 8601.' }),
        sunset_at: Type.String({ description: 'ISO 8601; the version is removed after this.' }),
      }),
    ),
    policy: Type.String(),
    documentation: Type.String({ description: 'Versioning section of the developer portal.' }),
  },
  { title: 'VersioningInfo' },
);
export type VersioningInfo = Static<typeof VersioningInfo>;

export const IdempotencyInfo = Type.Object(
  {
    header: Type.String(),
    key_format: Type.String(),
    operations: Type.Array(Type.String()),
    validated_only: Type.Array(Type.String()),
    replay_header: Type.String(),
    key_lifetime_seconds: Type.Integer(),
    rules: Type.Array(Type.String()),
  },
  { title: 'IdempotencyInfo' },
);

export const LimitsInfo = Type.Object(
  {
    upload_max_bytes: Type.Integer(),
    image_formats: Type.Array(Type.String()),
    image_min_side_px: Type.Integer(),
    image_max_side_px: Type.Integer(),
    image_max_megapixels: Type.Integer(),
    concurrent_jobs: Type.Integer({ description: 'Jobs processed at once; more get 429.' }),
    trace_deadline_ms: Type.Integer({
      description:
        'Most CPU time one trace may use (ms); an image still tracing then is refused with 422 as too complex for a logo.',
    }),
    job_lifetime_seconds: Type.Integer(),
    hidden_colors_max: Type.Integer(),
    kit_name_max_chars: Type.Integer(),
    idempotency_key_max_chars: Type.Integer(),
    mcp_upload_lifetime_seconds: Type.Integer({ description: 'How long POST /api/mcp/uploads keeps an image.' }),
    mcp_live_uploads_max: Type.Integer({ description: 'MCP uploads kept at once; more get 429.' }),
    rate_quota: Type.String(),
  },
  { title: 'LimitsInfo' },
);

export const ApiIndex = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    version: Type.String({ description: 'The API version answering this request.' }),
    documentation: Type.String({ description: 'URL of the developer portal.' }),
    openapi: Type.String({ description: 'URL of the OpenAPI document.' }),
    mcp: Type.String({ description: 'URL of the hosted MCP server.' }),
    discovery: Type.Record(Type.String(), Type.String(), { description: 'Agent discovery documents by name.' }),
    authentication: Type.Literal('none'),
    versioning: VersioningInfo,
    idempotency: IdempotencyInfo,
    limits: LimitsInfo,
    sandbox: Type.Record(Type.String(), Type.String()),
    endpoints: Type.Array(Type.Object({ method: Type.String(), path: Type.String(), summary: Type.String() })),
  },
  { title: 'ApiIndex' },
);
export type ApiIndex = Static<typeof ApiIndex>;

export const Sponsor = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    url: Type.String({ description: "The sponsor's website." }),
    description: Type.String(),
    logo: Type.String({ description: 'Relative URL of the PNG logo.' }),
    featured_from: Type.Union([Type.String(), Type.Null()], { description: 'First day featured (YYYY-MM-DD, UTC).' }),
    featured_until: Type.Union([Type.String(), Type.Null()], {
      description: 'Last day featured; null while open-ended.',
    }),
  },
  { title: 'Sponsor' },
);
export const SponsorList = Type.Object(
  {
    current: Type.Array(Sponsor, { description: 'Featured today.' }),
    past: Type.Array(Sponsor, { description: "Featured before, in the order of the operator's list." }),
  },
  { title: 'SponsorList' },
);
export const SponsorParams = Type.Object({ sponsor_id: Type.String() });

export const Stats = Type.Object(
  {
    visitors: Type.Object({
      last_5_minutes: Type.Integer({ description: 'Distinct visitors seen in the last five minutes.' }),
      today: Type.Integer({ description: 'Distinct visitors since midnight UTC.' }),
    }),
    requests_served: Type.Object({
      today: Type.Integer({ description: 'Requests answered since midnight UTC.' }),
      since_start: Type.Integer({ description: 'Requests answered since the server started.' }),
    }),
    uploads: Type.Object({
      today: Type.Integer({ description: 'Logos uploaded to POST /api/vectorize since midnight UTC.' }),
      sessions_today: Type.Integer({
        description:
          'Distinct upload_session_id values sent with those uploads (one per visit of the web app), anonymised like visitors.',
      }),
    }),
    day: Type.String({ description: 'The UTC day of the daily counts (YYYY-MM-DD).' }),
    since: Type.String({ description: 'When this server started counting (ISO 8601).' }),
  },
  {
    title: 'Stats',
    description:
      'A visitor is an anonymised client address: a salted hash whose salt changes every UTC midnight; addresses are never stored.',
  },
);

// ---------------------------------------------------------------- responses and operations

const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

interface ResponseSpec {
  description: string;
  headers?: Record<string, TSchema>;
  /** Absent for a response without a body (304). */
  content?: Record<string, { schema: TSchema }>;
}

export function json<T extends TSchema>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export function binary(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: Binary } } };
}

export function html(description: string) {
  return { description, content: { 'text/html': { schema: Type.String() } } };
}

export function javascript(description: string) {
  return { description, content: { 'text/javascript': { schema: Type.String() } } };
}

export function problem(description: string) {
  return json(ErrorBody, description);
}

/** The 429 of every operation that runs a job. */
export const busyText = (terms: ServiceTerms) =>
  `Another job is being processed (${terms.concurrency}); retry after Retry-After seconds.`;

export const fileTooLarge = (terms: ServiceTerms) => problem(`The file is larger than ${terms.uploadLimit}.`);

const header = (description: string) => Type.String({ description });

const SERVICE_VERSION_REQUEST = header(
  'API version (a date). Omit it for the current version; an unsupported value gets 400 listing the supported ones.',
);
const SERVICE_VERSION_RESPONSE = header('The API version that answered.');
const RETRY_AFTER = Type.Integer({ description: 'Seconds to wait before retrying.' });
const DEPRECATION_HEADERS = {
  Deprecation: header('Only when the requested version is deprecated: @<unix seconds> of the deprecation (RFC 9745).'),
  Sunset: header('Only when the requested version is deprecated: HTTP date of its removal (RFC 8594).'),
  Link: header(
    'Only when the requested version is deprecated: the versioning section of the portal, rel="deprecation".',
  ),
};
const IDEMPOTENCY_KEY = Type.String({
  minLength: 1,
  maxLength: IDEMPOTENCY_KEY_MAX_CHARS,
  pattern: '^[\\x20-\\x7E]+$',
  description: `1 to ${IDEMPOTENCY_KEY_MAX_CHARS} printable ASCII characters; see the idempotency section.`,
});

export const UNSUPPORTED_VERSION = 'Unsupported Service-Version (the detail lists the supported versions).';
export const INVALID_KEY = 'Or an Idempotency-Key that is empty, longer than 255 characters or not printable ASCII.';
const STORAGE_UNAVAILABLE_TEXT =
  "The server's storage is full, read-only or unreachable, so the job cannot be stored or read (nothing already stored is lost); retry after Retry-After seconds.";

/** How a write operation treats Idempotency-Key: replay stored successes, or only validate the header. */
export type IdempotencyMode = 'replay' | 'validate-only';

interface OperationSpec {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  idempotency?: IdempotencyMode;
  /** Replay lifetime of a stored response, when shorter than a job's (see idempotency.ts). */
  replayForSeconds?: number;
  /** The request body may be omitted (documented as such in OpenAPI). */
  optionalBody?: boolean;
  /** Its file exists only after another step (the MCP export), so no OpenAPI link leads here from a new job. */
  afterAnotherStep?: boolean;
  /** It reads the job store, which may be unreachable (503); replayable operations write it, so they do too. */
  usesStore?: boolean;
  consumes?: string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Record<number, ResponseSpec>;
}

/** Lets a route with an optional body validate a missing one as `{}`, so defaults apply. */
async function missingBodyAsEmpty(request: FastifyRequest): Promise<void> {
  // Only an absent body: a JSON null is a body, and not an object.
  if (request.body === undefined) request.body = {};
}

/**
 * A route's schema and config from one declaration: adds the Service-Version
 * request and response headers, the 400 every endpoint can answer, and for
 * write operations the Idempotency-Key header with its responses.
 */
export function operation<const S extends OperationSpec>(spec: S) {
  const { idempotency, replayForSeconds, optionalBody, afterAnotherStep, usesStore, response, ...schema } = spec;
  const requestHeaders: Record<string, TSchema> = { 'Service-Version': Type.Optional(SERVICE_VERSION_REQUEST) };
  const responses: Record<number, ResponseSpec> = {
    400: problem(idempotency ? `${UNSUPPORTED_VERSION} ${INVALID_KEY}` : UNSUPPORTED_VERSION),
    ...response,
  };
  if (idempotency) requestHeaders['Idempotency-Key'] = Type.Optional(IDEMPOTENCY_KEY);
  if (idempotency === 'replay') {
    responses[409] = problem('A request with this Idempotency-Key is still running; retry after Retry-After seconds.');
  }
  // A replayable operation stores its result, which a full, read-only or unreachable store refuses.
  if (usesStore || idempotency === 'replay') responses[503] = problem(STORAGE_UNAVAILABLE_TEXT);
  for (const [status, entry] of Object.entries(responses)) {
    const headers: Record<string, TSchema> = { 'Service-Version': SERVICE_VERSION_RESPONSE };
    if (status === '200') Object.assign(headers, DEPRECATION_HEADERS);
    if (status === '200' && idempotency === 'replay') {
      headers['Idempotent-Replayed'] = header(
        '"true" when this is the stored response of an earlier request with the same key.',
      );
    }
    if (status === '409' || status === '429' || status === '503') headers['Retry-After'] = RETRY_AFTER;
    responses[Number(status)] = { ...entry, headers: { ...entry.headers, ...headers } };
  }
  return {
    schema: {
      ...schema,
      headers: Type.Object(requestHeaders),
      response: responses as S['response'],
      // Extensions copied into the OpenAPI operation (see openapi.ts).
      ...(idempotency ? { 'x-idempotency': idempotency } : {}),
      ...(optionalBody ? { 'x-optional-body': true } : {}),
      ...(afterAnotherStep ? { 'x-after-another-step': true } : {}),
    },
    config: { idempotency, ...(replayForSeconds ? { replayForSeconds } : {}) },
    ...(optionalBody ? { preValidation: missingBodyAsEmpty } : {}),
  };
}
