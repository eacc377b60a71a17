/**
 * The hosted MCP server's tools: create a revision, inspect it, refine it
 * (new settings, hidden colors), review it, and export its brand kit. Each
 * tool is a thin wrapper over the revision service; its description is
 * written for the agent that chooses it.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

import { kitRequestOf } from '../core/brand-kit/index.js';
import { unprocessable } from '../core/errors.js';
import { escapeMarkdown } from '../core/escape.js';
import { runInSlot, type ConcurrencyGate } from '../core/gate.js';
import type { JobService } from '../core/jobs.js';
import { UPLOAD_MAX_BYTES } from '../core/limits.js';
import type { RevisionService } from '../core/revisions.js';
import { DEFAULT_SETTINGS, withChanges } from '../core/settings.js';
import type { UploadService } from '../core/uploads.js';
import type { JobRecord } from '../core/job-store.js';
import { jobPaths, type RevisionResult, revisionResult } from '../core/results.js';
import {
  exportBrandKitInput,
  exportOutput,
  reviewOutput,
  revisionInput,
  revisionOutput,
  setColorVisibilityInput,
  updateSettingsInput,
  vectorizationOutput,
  vectorizeLogoInput,
} from './schemas.js';
import { asToolResult, toolError, type ToolLog } from './tool-errors.js';
import { spokenBytes, type ServiceTerms } from '../core/terms.js';

export interface ToolDeps {
  jobs: Pick<JobService, 'previewPng' | 'samplePng'>;
  revisions: RevisionService;
  uploads: UploadService;
  gate: ConcurrencyGate;
  log: ToolLog;
  /** The configured terms (job lifetime, concurrency, upload limit) as messages state them. */
  terms: ServiceTerms;
  /** Absolute address of this service, without a trailing slash, for the links in results. */
  baseUrl: string;
}

const DATA_URL_PREFIX = /^data:[^,]*;base64,/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The image bytes of image_base64 (plain base64, base64url, or a data: URL). */
function decodeBase64Image(text: string): Buffer {
  const body = text.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (body === '' || !BASE64.test(body)) {
    throw unprocessable("image_base64 is not base64 data: send the file's bytes encoded as base64.");
  }
  const image = Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
  if (image.length > UPLOAD_MAX_BYTES) {
    throw unprocessable(`The image is larger than the ${spokenBytes(UPLOAD_MAX_BYTES)} limit.`);
  }
  return image;
}

const json = (value: unknown): ContentBlock => ({ type: 'text', text: JSON.stringify(value, null, 2) });
const png = (bytes: Buffer): ContentBlock => ({ type: 'image', data: bytes.toString('base64'), mimeType: 'image/png' });

/** 'Gradients: #a -> #b; #c -> #d.', or '' when there are none. */
function gradientsLine(revision: RevisionResult): string {
  const ramps = revision.gradients.map((stops) => stops.join(' -> '));
  return ramps.length > 0 ? `Gradients (each hidden with any of its colors): ${ramps.join('; ')}.` : '';
}

function summary(revision: RevisionResult): string {
  const hidden = revision.hidden_colors.length > 0 ? `; hidden: ${revision.hidden_colors.join(', ')}` : '';
  return [
    `Revision ${revision.revision_id}: ${revision.width} x ${revision.height} px, ${revision.bytes} bytes of SVG.`,
    `Palette (${revision.palette.length}): ${revision.palette.join(', ')}${hidden}.`,
    gradientsLine(revision),
    revision.warning ? `Notes: ${revision.warning}.` : '',
    `Expires in ${Math.round(revision.expires_in_seconds / 60)} minutes.`,
  ]
    .filter(Boolean)
    .join('\n');
}

export function registerTools(server: McpServer, deps: ToolDeps): void {
  const { revisions, gate, baseUrl } = deps;
  const url = (path: string) => `${baseUrl}${path}`;
  const asRevision = (job: JobRecord) => revisionResult(job, baseUrl);

  function revisionToolResult(job: JobRecord): CallToolResult {
    const structured = asRevision(job);
    return { content: [json(structured)], structuredContent: structured };
  }

  server.registerTool(
    'vectorize_logo',
    {
      title: 'Vectorize a logo',
      description:
        `Traces a raster logo (PNG, JPEG or WebP, up to ${spokenBytes(UPLOAD_MAX_BYTES)}) into a clean SVG with its exact brand colors and ` +
        'returns a new revision: its revision_id, palette, SVG and preview links. Give exactly one source: ' +
        'upload_id (POST the file as multipart field "file" to /api/mcp/uploads first; best for large files), ' +
        'image_base64, or sample: true for a built-in demo logo. Settings are optional; the defaults suit most ' +
        'logos. Next: get_vectorization or review_vectorization to look at the result.',
      inputSchema: vectorizeLogoInput,
      outputSchema: revisionOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ upload_id, image_base64, sample, ...settings }) =>
      asToolResult('vectorize_logo', deps, async () => {
        const sources = [upload_id !== undefined, image_base64 !== undefined, sample === true];
        if (sources.filter(Boolean).length !== 1) {
          return toolError(
            'Give exactly one image source: upload_id (from POST /api/mcp/uploads), image_base64, or sample: true.',
          );
        }
        const image =
          upload_id !== undefined
            ? await deps.uploads.image(upload_id)
            : image_base64 !== undefined
              ? decodeBase64Image(image_base64)
              : await deps.jobs.samplePng();
        const traceSettings = withChanges(DEFAULT_SETTINGS, settings);
        return revisionToolResult(await runInSlot(gate, () => revisions.create(image, traceSettings)));
      }),
  );

  server.registerTool(
    'get_vectorization',
    {
      title: 'Get a vectorization',
      description:
        'Shows a revision: its fields (palette, hidden colors, size, settings, time left), its preview as a PNG ' +
        'image, and links to its SVG, preview, cap and t-shirt mockups, and its brand kit once exported. ' +
        'Changes nothing.',
      inputSchema: revisionInput,
      outputSchema: vectorizationOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ revision_id }) =>
      asToolResult('get_vectorization', deps, async () => {
        const job = await revisions.get(revision_id);
        const [preview, kit] = await Promise.all([deps.jobs.previewPng(job.id), revisions.exportedKit(job.id)]);
        const structured = {
          ...asRevision(job),
          links: {
            svg: url(jobPaths.svg(job.id)),
            svg_download: url(`${jobPaths.svg(job.id)}?download=true`),
            preview_png: url(jobPaths.preview(job.id)),
            cap_mockup_png: url(jobPaths.mockup(job.id, 'cap')),
            tshirt_mockup_png: url(jobPaths.mockup(job.id, 'tshirt')),
          },
          brand_kit: kit && {
            url: url(jobPaths.exportedKit(job.id)),
            name: kit.name,
            background_color: kit.backgroundColor,
            bytes: kit.bytes,
          },
        };
        const links: ContentBlock[] = [
          { type: 'resource_link', uri: structured.links.svg, name: 'logo.svg', mimeType: 'image/svg+xml' },
        ];
        if (structured.brand_kit) {
          links.push({
            type: 'resource_link',
            uri: structured.brand_kit.url,
            name: 'brand-kit.zip',
            mimeType: 'application/zip',
          });
        }
        return { content: [json(structured), png(preview), ...links], structuredContent: structured };
      }),
  );

  server.registerTool(
    'update_settings',
    {
      title: 'Change the trace settings',
      description:
        "Re-traces the revision's image with changed settings (colors, smoothing, transparent, trim, palette) into a NEW " +
        'revision; the given revision stays as it was. Omitted settings keep their values. Use it when colors are ' +
        'merged or split wrongly (colors), edges are jagged or too round (smoothing), or the background or margins ' +
        "are wrong (transparent, trim), or colors are slightly off the brand's exact hex values (palette: the brand colors). " +
        'Colors hidden before stay hidden while the new trace has them.',
      inputSchema: updateSettingsInput,
      outputSchema: revisionOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ revision_id, ...settings }) =>
      asToolResult('update_settings', deps, async () =>
        revisionToolResult(await runInSlot(gate, () => revisions.updateSettings(revision_id, settings))),
      ),
  );

  server.registerTool(
    'set_color_visibility',
    {
      title: 'Hide or restore colors',
      description:
        'Makes a NEW revision that hides exactly the listed colors and shows all others (so [] restores every ' +
        'color), without re-tracing; the given revision stays as it was. Use it to drop a background plate, a ' +
        'stray shade or a tagline color. Hiding any stop color of a gradient hides its whole shape. At least one ' +
        'color must stay visible.',
      inputSchema: setColorVisibilityInput,
      outputSchema: revisionOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ revision_id, hidden_colors }) =>
      asToolResult('set_color_visibility', deps, async () =>
        revisionToolResult(await runInSlot(gate, () => revisions.setHiddenColors(revision_id, hidden_colors))),
      ),
  );

  server.registerTool(
    'review_vectorization',
    {
      title: 'Review before export',
      description:
        'The review step before the brand kit: returns a review sheet image (the logo on transparency, white and ' +
        'dark, with its palette swatches), the palette and notes with a ' +
        'checklist to go through with the user, and a review_token for exactly this revision. Show the preview ' +
        'and palette to the user; when they approve, call export_brand_kit with this revision_id and the ' +
        'review_token. Any change makes a new revision, which needs its own review.',
      inputSchema: revisionInput,
      outputSchema: reviewOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ revision_id }) =>
      asToolResult('review_vectorization', deps, async () => {
        const job = await revisions.get(revision_id);
        const [reviewToken, sheet] = await Promise.all([revisions.review(job.id), revisions.reviewSheet(job.id)]);
        const revision = asRevision(job);
        const checklist = [
          'Compare the preview with the original logo: every shape is there, nothing extra, edges clean.',
          'On the sheet, the logo must read on transparency, on white and on dark; a shape that vanishes on one of them may need another color or background setting.',
          `The palette has ${revision.palette.length} color(s): ${revision.palette.join(', ')}. Confirm they are the brand's colors.`,
          ...(revision.hidden_colors.length > 0 ? [`Hidden on purpose: ${revision.hidden_colors.join(', ')}.`] : []),
          ...(revision.warning ? [`Automatic adjustments to confirm: ${revision.warning}.`] : []),
          'To fix something, call update_settings or set_color_visibility, then review the new revision.',
          'When the user approves, call export_brand_kit with this revision_id and review_token.',
        ];
        const structured = { ...revision, review_token: reviewToken, checklist };
        const text = `${summary(revision)}\n\nReview checklist:\n${checklist.map((item) => `- ${item}`).join('\n')}`;
        return {
          content: [{ type: 'text', text }, png(sheet), json(structured)],
          structuredContent: structured,
        };
      }),
  );

  server.registerTool(
    'export_brand_kit',
    {
      title: 'Export the brand kit',
      description:
        'Builds the brand-kit ZIP of a reviewed revision: SVG, PNG, PDF and EPS logo variants, the brand guide (PDF and ' +
        'HTML), palette files, favicons, app icons, social images and cap and t-shirt mockups. Needs the ' +
        'review_token that review_vectorization returned for this same revision. Returns the URL of the ZIP, ' +
        'which lives as long as the revision. Exporting the same revision again replaces its earlier kit.',
      inputSchema: exportBrandKitInput,
      outputSchema: exportOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ revision_id, review_token, ...kitFields }) =>
      asToolResult('export_brand_kit', deps, async () => {
        const request = kitRequestOf(kitFields);
        // The review comes before the gate: a missing review is the answer even when the service is busy.
        await revisions.checkReviewToken(revision_id, review_token);
        const kit = await runInSlot(gate, () => revisions.exportKit(revision_id, review_token, request));
        const job = await revisions.get(revision_id);
        const kitUrl = url(jobPaths.exportedKit(job.id));
        const structured = {
          revision_id: job.id,
          brand_kit_url: kitUrl,
          brand_kit_markdown: `[Download the ${escapeMarkdown(kit.name)} brand kit (ZIP)](${kitUrl})`,
          logo_pdf_url: url(jobPaths.print(job.id, 'pdf')),
          logo_eps_url: url(jobPaths.print(job.id, 'eps')),
          name: kit.name,
          background_color: kit.backgroundColor,
          bytes: kit.bytes,
          expires_in_seconds: asRevision(job).expires_in_seconds,
        };
        return {
          content: [
            json(structured),
            { type: 'resource_link', uri: kitUrl, name: 'brand-kit.zip', mimeType: 'application/zip' },
            { type: 'resource_link', uri: structured.logo_pdf_url, name: 'logo.pdf', mimeType: 'application/pdf' },
            {
              type: 'resource_link',
              uri: structured.logo_eps_url,
              name: 'logo.eps',
              mimeType: 'application/postscript',
            },
          ],
          structuredContent: structured,
        };
      }),
  );
}
