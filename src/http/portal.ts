/**
 * The developer portal. GET /docs is Scalar's API reference of GET
 * /openapi.json, whose description is the service guide; GET /docs/scalar.js
 * is Scalar's browser bundle, from the npm package. The page reaches nothing
 * but this origin (no CDN, fonts, telemetry, hosted agent or upsell), and its
 * CSP allows only this origin's scripts and, by hash, the inline one that
 * starts the reference.
 */
import { createHash } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ApiReferenceConfiguration } from '@scalar/fastify-api-reference';
import { Type } from 'typebox';

import { escapeXml } from '../core/escape.js';
import { PORTAL_PATH } from './public-url.js';
import { scalarBundle } from './scalar-bundle.js';
import { html, javascript, operation } from './schemas.js';
import { scriptedPageHeaders } from './security-headers.js';
import { staticAsset, type StaticAsset } from './static-asset.js';

export const PORTAL_SCRIPT_PATH = `${PORTAL_PATH}/scalar.js`;

/** The reference shows this service's document and features only: nothing hosted by Scalar, nothing from elsewhere. */
const REFERENCE: Partial<ApiReferenceConfiguration> = {
  url: '/openapi.json',
  // System fonts instead of fonts.scalar.com.
  withDefaultFonts: false,
  telemetry: false,
  // No "Ask AI" chat and no generated MCP server (the guide names the service's own).
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  // Its "Open API Client" button leads to Scalar's hosted client; each operation's own client stays.
  hideClientButton: true,
  // The download link is /openapi.json itself.
  documentDownloadType: 'direct',
  // The guide's tables (limits, errors) size their columns by content, so no word is cut in two.
  customCss: [
    '.scalar-app .markdown table { table-layout: auto }',
    '.scalar-app .markdown th, .scalar-app .markdown td { word-break: normal }',
  ].join('\n'),
};

/** JSON inside a script element: `<` escaped, so nothing in it can end the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Runs before the bundle: sets jitless in the zod inside it (zod's switch for pages without eval, shared through
 * this global), so zod does not probe Function('') and trip the CSP; then starts the reference once the bundle
 * has run.
 */
const START_SCRIPT = [
  '(globalThis.__zod_globalConfig ??= {}).jitless = true;',
  `addEventListener('DOMContentLoaded', () => Scalar.createApiReference('#app', ${scriptJson(REFERENCE)}));`,
].join('\n');
const START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(START_SCRIPT).digest('base64')}'`;

function portalPage(title: string, scriptUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}: developer portal</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>The portal needs JavaScript; the same reference is the OpenAPI document, <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="app"></div>
<script>${START_SCRIPT}</script>
<script src="${escapeXml(scriptUrl)}"></script>
</body>
</html>`;
}

// One per process: the bundle's encodings are made once, whatever the number of apps.
let scalarScript: Promise<StaticAsset> | undefined;
const portalScript = () =>
  (scalarScript ??= scalarBundle().then((bundle) => staticAsset(bundle, 'text/javascript; charset=utf-8')));

const portal: FastifyPluginAsyncTypebox = async (app) => {
  let page: string | undefined;
  app.get(PORTAL_PATH, {
    ...operation({
      operationId: 'getPortal',
      summary: 'Developer portal',
      description:
        'This API documented for people: the guide (authentication, MCP server, versioning, idempotency, limits, errors) and every endpoint, with requests to try.',
      tags: ['documentation'],
      response: { 200: html('The portal page.') },
    }),
    helmet: scriptedPageHeaders([START_SCRIPT_HASH]),
    handler: async (_request, reply) => {
      const script = await portalScript();
      page ??= portalPage(app.openapiDocument().info.title, `${PORTAL_SCRIPT_PATH}?v=${script.version}`);
      // Revalidated, so that a new bundle's URL reaches browsers at once.
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
    },
  });

  app.get(PORTAL_SCRIPT_PATH, {
    ...operation({
      operationId: 'getPortalScript',
      summary: 'Developer portal script',
      description:
        "Scalar's API reference for browsers, which the portal page runs; brotli or gzip compressed when Accept-Encoding allows.",
      tags: ['documentation'],
      querystring: Type.Object({
        v: Type.Optional(
          Type.String({
            description:
              'The content version, as the portal page links it: with the current one the script may be cached for a year, otherwise it is revalidated by its ETag.',
          }),
        ),
      }),
      response: {
        200: javascript('The script.'),
        304: { description: 'Not modified: If-None-Match names the current ETag.' },
      },
    }),
    handler: async (request, reply) => {
      const script = await portalScript();
      const { status, headers, body } = await script.answer({
        version: request.query.v,
        ifNoneMatch: request.headers['if-none-match'],
        acceptEncoding: request.headers['accept-encoding'],
      });
      return reply.code(status).headers(headers).send(body);
    },
  });
};

export default portal;
