/**
 * What the service tells about itself, from one source: the limits,
 * idempotency and versioning objects of GET /api, and the service guide: the
 * Markdown of the OpenAPI document's info.description, which the developer
 * portal shows as its first sections.
 */
import type { Config } from '../config.js';
import { markdownCode } from '../core/escape.js';
import {
  HIDDEN_COLORS_MAX,
  IDEMPOTENCY_KEY_MAX_CHARS,
  IMAGE_FORMATS,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE_PX,
  IMAGE_MIN_SIDE_PX,
  KIT_NAME_MAX_CHARS,
  UPLOAD_MAX_BYTES,
} from '../core/limits.js';
import { BRAND_COLORS_MAX } from '../core/settings.js';
import type { ServiceTerms } from '../core/terms.js';
import { UPLOAD_TTL_SECONDS } from '../core/uploads.js';
import { IDEMPOTENCY_HEADER, REPLAY_HEADER } from './idempotency.js';
import { VERSIONING_HEADING } from './public-url.js';
import type { ApiIndex, VersioningInfo } from './schemas.js';

export interface Endpoint {
  method: string;
  path: string;
  summary: string;
  /** Idempotency-Key handling of write operations. */
  idempotency?: 'replay' | 'validate-only';
}

export function limitsInfo(config: Config): ApiIndex['limits'] {
  return {
    upload_max_bytes: UPLOAD_MAX_BYTES,
    image_formats: [...IMAGE_FORMATS],
    image_min_side_px: IMAGE_MIN_SIDE_PX,
    image_max_side_px: IMAGE_MAX_SIDE_PX,
    image_max_megapixels: IMAGE_MAX_PIXELS / 1_000_000,
    concurrent_jobs: config.maxConcurrentJobs,
    trace_deadline_ms: config.traceDeadlineMs,
    job_lifetime_seconds: config.jobTtlSeconds,
    hidden_colors_max: HIDDEN_COLORS_MAX,
    kit_name_max_chars: KIT_NAME_MAX_CHARS,
    idempotency_key_max_chars: IDEMPOTENCY_KEY_MAX_CHARS,
    mcp_upload_lifetime_seconds: UPLOAD_TTL_SECONDS,
    mcp_live_uploads_max: config.maxLiveUploads,
    rate_quota: 'none; fair use is required, and bulk conversion and load testing are not allowed',
  };
}

export function idempotencyInfo(config: Config, endpoints: readonly Endpoint[]): ApiIndex['idempotency'] {
  const named = (mode: Endpoint['idempotency']) =>
    endpoints.filter((e) => e.idempotency === mode).map((e) => `${e.method} ${e.path}`);
  return {
    header: IDEMPOTENCY_HEADER,
    key_format: `1 to ${IDEMPOTENCY_KEY_MAX_CHARS} printable ASCII characters; anything else gets 400`,
    operations: named('replay'),
    validated_only: named('validate-only'),
    replay_header: REPLAY_HEADER,
    key_lifetime_seconds: config.jobTtlSeconds,
    rules: [
      `Same key and same parameters: the first successful response is returned with ${REPLAY_HEADER}: true; nothing is processed again. For uploads the parameters are the file content and the form fields, not the multipart boundary.`,
      'Same key with different parameters: 422.',
      'Same key while the first request still runs: 409 with Retry-After.',
      'Only successful responses are stored; retrying after 429, 413 or 422 runs the request again.',
      'Keys expire together with the job (or MCP upload) they created; a key is not replayed once its result is gone.',
    ],
  };
}

export interface GuideSection {
  /** A heading of the description; the portal's anchor for it comes from it (public-url.ts, portalSection). */
  title: string;
  /** Markdown paragraphs. */
  paragraphs: string[];
  table?: { head: string[]; rows: string[][] };
}

export interface GuideInput {
  /** URL of the MCP server: absolute when BASE_URL is set. */
  mcpUrl: string;
  versioning: VersioningInfo;
  idempotency: ApiIndex['idempotency'];
  limits: ApiIndex['limits'];
  /** The configured lifetimes, concurrency and upload size as prose states them. */
  terms: ServiceTerms;
}

export function guide({ mcpUrl, versioning, idempotency, limits, terms }: GuideInput): GuideSection[] {
  return [
    {
      title: 'Overview',
      paragraphs: [
        'Upload a PNG, JPEG or WebP logo and get a job: an SVG trace of the logo with its exact palette, a PNG preview, cap and t-shirt mockups, versions with colors hidden, and a brand-kit ZIP.',
        `The service is free, anonymous and shared. It processes ${terms.concurrency}; bulk conversion and load testing are not allowed. Jobs and their files are deleted ${terms.jobLifetime} after creation.`,
      ],
    },
    {
      title: 'Authentication',
      paragraphs: [
        'There is none: every request is anonymous, and no API key, account or Authorization header exists.',
        'A job token is an unguessable identifier of one temporary result. Anyone holding it can read that job until it expires, like a private link, so share it only with people who may see the logo.',
        'If keys or quotas are ever introduced, this portal will say so.',
      ],
    },
    {
      title: 'Sandbox',
      paragraphs: [
        'POST /api/sample creates a demo job from a logo built into the service, without any upload. It runs on this same server (there is no separate test host), and the job works with every /api/jobs/{token}/... endpoint.',
      ],
    },
    {
      title: 'Brand colors',
      paragraphs: [
        "When you know the logo's exact colors, give them as the palette setting, and the SVG paints them exactly: a JPEG shifts every color a little, so its trace alone seldom has the exact hex. Each traced color close to a listed one (as close as the noise of a JPEG moves a color) becomes the nearest listed color, and two traced colors that become one merge into one shape; traced colors close to none keep their own. The result's palette lists what the SVG paints, and its warning names listed colors that matched nothing and traced colors that matched no listed color.",
        `POST /api/vectorize takes it as one form field, its colors separated by commas or spaces: ${markdownCode("curl -F file=@logo.jpg -F 'palette=#1d4ed8,#f59e0b' .../api/vectorize")}. The editor and the MCP tools take a list, ${markdownCode('"palette": ["#1d4ed8", "#f59e0b"]')}; the revision's settings show it (an empty list when none). At most ${BRAND_COLORS_MAX} colors, each #rrggbb; anything else is 422 with a problem located at palette.`,
      ],
    },
    {
      title: 'MCP server',
      paragraphs: [
        `Agents use the service through the hosted Model Context Protocol server at ${markdownCode(mcpUrl)}: Streamable HTTP, stateless, JSON responses (POST only; GET and DELETE answer 405). Point any MCP client at that URL; no key is needed.`,
        'Tools: vectorize_logo (from an upload_id, base64 image data or the built-in sample, with the trace settings) creates a revision; get_vectorization shows it with its preview image and file links; update_settings re-traces it with new settings and set_color_visibility hides or restores colors, each into a new revision; review_vectorization shows the preview, palette and notes and returns a review token for that revision; export_brand_kit takes that token and the kit request, builds the brand kit and returns the URL of GET /api/jobs/{token}/brand-kit.zip, which answers 404 until then.',
        `Large images go first to POST /api/mcp/uploads (multipart field file, the same format and size rules as POST /api/vectorize); the upload_id it returns lasts ${terms.uploadLifetime}, and at most ${limits.mcp_live_uploads_max} uploads are kept at once (more get 429 with Retry-After).`,
        'A revision is a job: every /api/jobs/{token}/... endpoint works with its revision_id. POST /api/jobs/{token}/editor/settings and /editor/visibility change revisions over REST, always into a new revision; jobs made with POST /api/vectorize refuse them with 422 (upload again with new form fields instead).',
        'Tool failures come back as tool results with isError and a message that says what to do: upload again when a revision expired, retry shortly when the service is busy, review first when export_brand_kit lacks the review token.',
      ],
    },
    {
      title: VERSIONING_HEADING,
      paragraphs: [
        `Versions are dates sent in the optional ${versioning.header} request header. The current version is ${versioning.current}; it answers when the header is omitted. Supported: ${versioning.supported.join(', ')}.`,
        `Every response echoes the answering version in ${versioning.header}. An unknown version gets 400 naming it and listing the supported versions.`,
        versioning.policy,
        versioning.deprecated.length === 0
          ? 'Nothing is deprecated currently.'
          : `Deprecated: ${versioning.deprecated.map((d) => `${d.version} (removed after ${d.sunset_at})`).join('; ')}.`,
      ],
    },
    {
      title: 'Idempotency',
      paragraphs: [
        `Write operations accept an optional ${idempotency.header} header (${idempotency.key_format}). It applies to ${idempotency.operations.join(', ')}. ${idempotency.validated_only.join(', ')} validates the header but stores nothing: it is naturally idempotent.`,
        ...idempotency.rules,
      ],
    },
    {
      title: 'Limits',
      paragraphs: ['There is no request-rate or account quota; fair use is required.'],
      table: {
        head: ['Limit', 'Value'],
        rows: [
          ['Upload size', `${limits.upload_max_bytes / 1024 / 1024} MB; larger gets 413`],
          ['Image formats', limits.image_formats.join(', ')],
          [
            'Image dimensions',
            `${limits.image_min_side_px} to ${limits.image_max_side_px} pixels per side; otherwise 422`,
          ],
          ['Image area', `up to ${limits.image_max_megapixels} megapixels; otherwise 422`],
          [
            'Concurrency',
            `${terms.concurrency} (uploads, sample, hide colors, editor, kit, MCP tools that trace or build); otherwise 429 with Retry-After`,
          ],
          ['Job lifetime', `${terms.jobLifetime} from creation, for the job, its files and its idempotency keys`],
          ['hidden_colors', `at most ${limits.hidden_colors_max} items`],
          ['Kit name', `at most ${limits.kit_name_max_chars} characters`],
          [
            'MCP temporary uploads',
            `kept ${terms.uploadLifetime}; at most ${limits.mcp_live_uploads_max} at once, otherwise 429 with Retry-After`,
          ],
          ['Idempotency-Key', idempotency.key_format],
          ['Deprecation notice', 'at least 90 days before a version or endpoint is removed'],
        ],
      },
    },
    {
      title: 'Errors',
      paragraphs: [
        'Errors are JSON bodies with a detail field: a message, or for request-field validation failures a list of {loc, msg, type} objects.',
      ],
      table: {
        head: ['Status', 'When'],
        rows: [
          ['400', `${versioning.header} unknown, or ${idempotency.header} empty, too long or not printable ASCII`],
          ['404', 'Job token unknown, or expired (the message asks you to upload again); unknown /api path'],
          ['409', `Another request with the same ${idempotency.header} is still running (with Retry-After)`],
          ['413', `Upload larger than ${terms.uploadLimit}`],
          [
            '422',
            'Invalid field values; an image that cannot be traced; a key reused with other parameters; hiding every color',
          ],
          ['429', 'Another job is being processed; retry after Retry-After seconds'],
          [
            '503',
            "GET /api/stats when live stats are unavailable; a request that stores a result while the server's storage is full, read-only or unreachable (with Retry-After)",
          ],
        ],
      },
    },
  ];
}

/** The guide as Markdown, for the OpenAPI document's description: a level-2 heading per section. */
export function guideMarkdown(sections: readonly GuideSection[]): string {
  return sections
    .map(({ title, paragraphs, table }) => {
      const parts = [`## ${title}`, ...paragraphs];
      if (table) {
        parts.push(
          [
            `| ${table.head.join(' | ')} |`,
            `|${table.head.map(() => '---').join('|')}|`,
            ...table.rows.map((row) => `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`),
          ].join('\n'),
        );
      }
      return parts.join('\n\n');
    })
    .join('\n\n');
}
