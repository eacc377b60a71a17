/**
 * Absolute URLs of this service, and the paths other modules link to. Without
 * BASE_URL they are built from the request, so the request's host must be a
 * host name (hostHeaderCheck refuses any other) and its protocol http or https.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { HttpError } from './errors.js';

/** The developer portal. */
export const PORTAL_PATH = '/docs';
/** The hosted MCP server. */
export const MCP_PATH = '/api/mcp/';

/**
 * A heading of the OpenAPI description, as the portal (Scalar's API reference)
 * anchors it: `description/` and the heading lowercased, spaces as hyphens.
 */
export function portalSection(heading: string): string {
  return `${PORTAL_PATH}#description/${heading.toLowerCase().replace(/\s+/g, '-')}`;
}

/** The service guide's versioning heading, and its section in the portal: deprecation links point there. */
export const VERSIONING_HEADING = 'Versioning';
export const VERSIONING_SECTION = portalSection(VERSIONING_HEADING);

/** A DNS name (labels of letters, digits, '-' and '_'), an IPv4 address or a bracketed IPv6 one, and a port. */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const MAX_HOST_CHARS = 255;

export const BAD_HOST = 'The Host header must be a host name or address, optionally with a port.';

/** BASE_URL + path when BASE_URL is configured, else derived from the request's protocol and host. */
export function publicUrl(request: FastifyRequest, path: string): string {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const base = request.server.config.baseUrl ?? `${protocol}://${request.host}`;
  return `${base}${path}`;
}

/** Refuses a request whose host (the Host header, or X-Forwarded-Host behind a trusted proxy) is not a host name. */
async function hostHeaderCheck(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const host = (request.host as string | undefined) ?? '';
    if (host.length > MAX_HOST_CHARS || !HOST.test(host)) throw new HttpError(400, BAD_HOST);
  });
}

export const hostCheck = fp(hostHeaderCheck, { name: 'host-check' });
