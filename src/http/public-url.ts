/** Absolute URLs of this service, and the paths other modules link to. */
import type { FastifyRequest } from 'fastify';

/** The developer portal. */
export const PORTAL_PATH = '/docs';
/** The hosted MCP server. */
export const MCP_PATH = '/api/mcp/';
/** Its versioning section; deprecation links point there. */
export const VERSIONING_SECTION = `${PORTAL_PATH}#versioning`;

/** BASE_URL + path when BASE_URL is configured, else derived from the request's protocol and host. */
export function publicUrl(request: FastifyRequest, path: string): string {
  const base = request.server.config.baseUrl ?? `${request.protocol}://${request.host}`;
  return `${base}${path}`;
}
