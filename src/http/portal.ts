/**
 * GET /docs, the developer portal: one self-contained HTML page rendered on
 * the server from the OpenAPI document and the service guide. No script and
 * no third-party assets; every text is escaped where it lands.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { serviceGuide, TAGS, type JsonSchema, type OpenApiDocument, type OpenApiOperation } from './openapi.js';
import { PORTAL_PATH } from './public-url.js';
import { html, operation } from './schemas.js';
import type { GuideSection } from './service-info.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escaped text with `code` spans. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** A description and constraints as one line: "Crop to the logo; default true". */
function notes(parts: readonly string[]): string {
  return parts
    .filter(Boolean)
    .map((part) => part.replace(/\.$/, ''))
    .join('; ');
}

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (schema.format === 'binary') return 'file';
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  return schema.title && type === 'object' ? schema.title : type;
}

function constraintsOf(schema: JsonSchema): string[] {
  const found: string[] = [];
  if (schema.enum) found.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    found.push(`${schema.minimum} to ${schema.maximum}`);
  if (schema.minLength !== undefined) found.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) found.push(`at most ${schema.maxLength} characters`);
  if (schema.maxItems !== undefined) found.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) found.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) found.push(`default ${JSON.stringify(schema.default)}`);
  return found;
}

/** Fields of an object schema (and of objects nested in it) as table rows. */
function fieldRows(schema: JsonSchema, prefix = ''): string {
  return Object.entries(schema.properties ?? {})
    .map(([name, field]) => {
      const required = schema.required?.includes(name) ? 'yes' : 'no';
      const nested = field.type === 'array' ? field.items : field;
      const row = `<tr><td><code>${escapeHtml(prefix + name)}</code></td><td>${escapeHtml(typeOf(field))}</td><td>${required}</td><td>${prose(notes([field.description ?? '', ...constraintsOf(field)]))}</td></tr>`;
      return nested?.properties
        ? row + fieldRows(nested, `${prefix}${name}${field.type === 'array' ? '[]' : ''}.`)
        : row;
    })
    .join('');
}

function schemaBlock(schema: JsonSchema): string {
  const item = schema.type === 'array' ? schema.items : schema;
  if (item?.properties) {
    return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${fieldRows(item)}</tbody></table>`;
  }
  return `<p class="type">${escapeHtml(typeOf(schema))}</p>`;
}

function content(media: Record<string, { schema: JsonSchema }> | undefined): string {
  return Object.entries(media ?? {})
    .map(([type, { schema }]) => `<p class="media"><code>${escapeHtml(type)}</code></p>${schemaBlock(schema)}`)
    .join('');
}

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const parameters = op.parameters ?? [];
  const parts = [
    `<h3 id="${escapeHtml(op.operationId)}"><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>`,
    `<p class="summary">${prose(op.summary)}</p>`,
  ];
  if (op.description) parts.push(`<p>${prose(op.description)}</p>`);
  if (parameters.length > 0) {
    const rows = parameters
      .map((p) => {
        const text = notes([p.description ?? '', ...(p.schema ? constraintsOf(p.schema) : [])]);
        return `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${escapeHtml(p.schema ? typeOf(p.schema) : '')}</td><td>${p.required ? 'yes' : 'no'}</td><td>${prose(text)}</td></tr>`;
      })
      .join('');
    parts.push(
      `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }
  if (op.requestBody) {
    parts.push(
      `<h4>Request body${op.requestBody.required ? '' : ' (optional)'}</h4>${content(op.requestBody.content)}`,
    );
  }
  const responses = Object.entries(op.responses)
    .map(([status, response]) => {
      const headers = Object.entries(response.headers ?? {})
        .map(([name, h]) => `<li><code>${escapeHtml(name)}</code>: ${prose(h.description ?? '')}</li>`)
        .join('');
      return `<details${status === '200' ? ' open' : ''}><summary><strong>${escapeHtml(status)}</strong> ${prose(response.description)}</summary>${headers ? `<ul class="headers">${headers}</ul>` : ''}${content(response.content)}</details>`;
    })
    .join('');
  parts.push(`<h4>Responses</h4>${responses}`);
  return `<section class="operation">${parts.join('')}</section>`;
}

function guideHtml(section: GuideSection): string {
  const paragraphs = section.paragraphs.map((p) => `<p>${prose(p)}</p>`).join('');
  const table = section.table
    ? `<table><thead><tr>${section.table.head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${section.table.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${prose(cell)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`
    : '';
  return `<section id="${escapeHtml(section.id)}"><h2>${escapeHtml(section.title)}</h2>${paragraphs}${table}</section>`;
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2937;background:#fff}
header{padding:1.5rem 2rem;background:#1e2a4a;color:#fff}header h1{margin:0 0 .25rem}header a{color:#f2a541}
.layout{display:flex;align-items:flex-start}nav{position:sticky;top:0;max-height:100vh;overflow:auto;flex:0 0 16rem;padding:1rem 1.5rem;border-right:1px solid #e5e7eb;font-size:.9rem}
nav ul{list-style:none;padding:0;margin:.25rem 0 1rem}nav a{color:#1e2a4a;text-decoration:none}nav a:hover{text-decoration:underline}
main{flex:1;min-width:0;padding:1rem 2rem 4rem;max-width:60rem}h2{border-bottom:2px solid #e5e7eb;padding-bottom:.25rem;margin-top:2.5rem}
.operation{border:1px solid #e5e7eb;border-radius:8px;padding:0 1rem 1rem;margin:1.5rem 0}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;padding:0 .4rem;color:#fff;font-size:.85rem}
.method.get{background:#29a19c}.method.post{background:#e4572e}.summary{font-weight:600}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}th,td{border:1px solid #e5e7eb;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f8fafc}code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace;background:#f3f4f6;padding:0 .2rem;border-radius:3px}
header code{background:rgba(255,255,255,.15);color:#fff}details{margin:.4rem 0}summary{cursor:pointer}.media{margin:.4rem 0 0}ul.headers{margin:.3rem 0;font-size:.9rem}
@media (max-width:50rem){.layout{display:block}nav{position:static;max-height:none;border:0}}`;

export function renderPortal(document: OpenApiDocument, guide: readonly GuideSection[]): string {
  const byTag = TAGS.map((tag) => ({
    tag,
    operations: Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.tags?.includes(tag.name))
        .map(([method, op]) => ({ method, path, op })),
    ),
  })).filter((group) => group.operations.length > 0);

  const nav = [
    `<strong>Guide</strong><ul>${guide.map((s) => `<li><a href="#${escapeHtml(s.id)}">${escapeHtml(s.title)}</a></li>`).join('')}</ul>`,
    ...byTag.map(
      ({ tag, operations }) =>
        `<strong>${escapeHtml(tag.name)}</strong><ul>${operations
          .map(
            ({ method, path, op }) =>
              `<li><a href="#${escapeHtml(op.operationId)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul>`,
    ),
  ].join('');

  const reference = byTag
    .map(
      ({ tag, operations }) =>
        `<section id="tag-${escapeHtml(tag.name)}"><h2>${escapeHtml(tag.name)}</h2><p>${prose(tag.description)}</p>${operations
          .map(({ method, path, op }) => operationHtml(method, path, op))
          .join('')}</section>`,
    )
    .join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}: developer portal</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(document.info.title)}</h1><p>API version ${escapeHtml(document.info.version)} · base URL <code>${escapeHtml(document.servers[0]?.url ?? '/')}</code> · <a href="/openapi.json">OpenAPI document</a></p></header>
<div class="layout"><nav>${nav}</nav><main>${guide.map(guideHtml).join('')}${reference}</main></div>
</body>
</html>`;
}

const portal: FastifyPluginAsyncTypebox = async (app) => {
  let page: string | undefined;
  app.get(PORTAL_PATH, {
    ...operation({
      operationId: 'getPortal',
      summary: 'Developer portal',
      description:
        'This API documented for people: the guide (authentication, versioning, idempotency, limits, errors) and every endpoint.',
      tags: ['documentation'],
      response: { 200: html('The portal page.') },
    }),
    handler: async (_request, reply) => {
      const document = app.openapiDocument();
      page ??= renderPortal(document, serviceGuide(app, document));
      return reply.type('text/html; charset=utf-8').send(page);
    },
  });
};

export default portal;
