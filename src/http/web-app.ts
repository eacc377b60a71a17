/**
 * The web app at GET /: index.html (revalidated on every visit, so a new
 * build reaches browsers at once) and its content-hashed files under /app/
 * (kept for a year), as `npm run build` wrote them to dist/web. The page runs
 * only this origin's scripts and styles and talks only to this origin's API.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { HttpError } from './errors.js';
import { html, operation, problem } from './schemas.js';
import { webAppHeaders } from './security-headers.js';
import { staticAsset, type StaticAsset } from './static-asset.js';

/** Where the build writes the app, from src/http or dist/http alike. */
const BUILT = fileURLToPath(new URL('../../dist/web/', import.meta.url));
export const WEB_ASSETS_PATH = '/app';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT = 'The web app is not built: run `npm run build` (npm install does it), then restart the server.';

interface BuiltApp {
  page: string;
  assets: Map<string, StaticAsset>;
}

async function loadBuiltApp(): Promise<BuiltApp | undefined> {
  try {
    const page = await readFile(`${BUILT}index.html`, 'utf8');
    const assets = new Map<string, StaticAsset>();
    for (const name of await readdir(`${BUILT}app`)) {
      const type = CONTENT_TYPES[extname(name)] ?? 'application/octet-stream';
      assets.set(name, staticAsset(await readFile(`${BUILT}app/${name}`), type));
    }
    return { page, assets };
  } catch {
    return undefined;
  }
}

const webApp: FastifyPluginAsyncTypebox = async (app) => {
  const built = await loadBuiltApp();
  if (!built) app.log.warn(NOT_BUILT);

  app.get('/', {
    ...operation({
      operationId: 'getWebApp',
      summary: 'The web app',
      description:
        'A page where a person turns a logo into an SVG and a brand kit, built on this public API only: upload, compare, tune, hide colors, download, brand kit.',
      tags: ['documentation'],
      response: { 200: html('The page.'), 503: problem(NOT_BUILT) },
    }),
    helmet: webAppHeaders(),
    handler: async (_request, reply) => {
      if (!built) throw new HttpError(503, NOT_BUILT);
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(built.page);
    },
  });

  app.get(`${WEB_ASSETS_PATH}/:file`, {
    ...operation({
      operationId: 'getWebAppFile',
      summary: 'A file of the web app',
      description:
        'A script, stylesheet or image of the web app, named by its content hash: it may be cached for a year. Brotli or gzip compressed when Accept-Encoding allows.',
      tags: ['documentation'],
      params: Type.Object({ file: Type.String({ description: 'The hashed file name, as the page links it.' }) }),
      response: {
        200: {
          description: 'The file.',
          content: Object.fromEntries(
            Object.values(CONTENT_TYPES).map((type) => [type, { schema: Type.String({ format: 'binary' }) }]),
          ),
        },
        304: { description: 'Not modified: If-None-Match names the current ETag.' },
        404: problem('No file of the current build has this name.'),
      },
    }),
    handler: async (request, reply) => {
      const asset = built?.assets.get(request.params.file);
      if (!asset) throw new HttpError(404, `The web app has no file named "${request.params.file.slice(0, 80)}".`);
      const { status, headers, body } = await asset.answer({
        // The name carries the content hash, so every request names the current version.
        version: asset.version,
        ifNoneMatch: request.headers['if-none-match'],
        acceptEncoding: request.headers['accept-encoding'],
      });
      return reply.code(status).headers(headers).send(body);
    },
  });
};

export default webApp;
