/**
 * The hosted MCP server: one McpServer with our tools. The HTTP layer makes
 * one per request (the server is stateless), bound to that request's public
 * address and log.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

import type { ServiceTerms } from '../core/terms.js';
import { registerTools, type ToolDeps } from './tools.js';

export interface McpServerOptions extends ToolDeps {
  /** Reported as the server's version: the API version answering. */
  version: string;
}

const instructions = (terms: ServiceTerms) =>
  [
    'Logo vectorization: turns a raster logo into a clean SVG with its exact brand colors, and builds a brand kit.',
    'Flow: vectorize_logo (from upload_id, image_base64 or sample) -> get_vectorization to look -> refine with ' +
      'update_settings or set_color_visibility (each makes a new revision) -> review_vectorization with the user -> ' +
      'export_brand_kit with the review_token of that revision.',
    `Revisions and their files are deleted ${terms.jobLifetime} after creation; expires_in_seconds tells how long is left.`,
    `The service runs ${terms.concurrency}: when a tool says it is busy, retry after the seconds it names.`,
  ].join('\n');

export function createMcpServer(options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: 'logo-vectorizer', title: 'Logo Vectorization Service', version: options.version },
    { instructions: instructions(options.terms), capabilities: { tools: {} } },
  );
  registerTools(server, options);
  // The SDK announces list changes once tools exist; a stateless server never sends them.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
