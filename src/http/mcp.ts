/**
 * The hosted MCP server over Streamable HTTP at /api/mcp/ (and /api/mcp):
 * stateless, one McpServer and transport per POST, answered as plain JSON.
 * Fastify has already parsed the body and set the CORS and Service-Version
 * headers; the handler hands the raw request and those headers to the SDK's
 * transport and hijacks the reply. GET and DELETE (server streams and
 * sessions) answer 405, and failures before the transport runs are answered
 * as JSON-RPC errors, which is what MCP clients read.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { JSON_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '../core/limits.js';
import { spokenBytes } from '../core/terms.js';
import { clientLeft } from './client-gone.js';
import { HttpError } from './errors.js';
import { MCP_PATH, publicUrl } from './public-url.js';
import { VERSION_HEADER } from './versioning.js';

/** The server's address, and the same without the trailing slash. */
export const MCP_PATHS = [MCP_PATH, MCP_PATH.replace(/\/$/, '')] as const;

/** A JSON-RPC request carrying a whole image of the largest upload as base64, with room for the envelope. */
const MCP_BODY_LIMIT = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4 + JSON_BODY_MAX_BYTES;

/** JSON-RPC codes: -32700 parse error, -32600 invalid request, -32603 internal, -32000 server-defined. */
function jsonRpcErrorBody(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
}

function jsonRpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).type('application/json').send(jsonRpcErrorBody(code, message));
}

function answerAsJsonRpc(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return jsonRpcError(reply, error.statusCode, -32600, error.message);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return jsonRpcError(reply, 400, -32700, `Parse error: ${error.message}`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return jsonRpcError(reply, 415, -32600, 'Content-Type must be application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return jsonRpcError(
        reply,
        413,
        -32600,
        `The request is too large: an image may be at most ${spokenBytes(UPLOAD_MAX_BYTES)}. Upload larger files with POST /api/mcp/uploads.`,
      );
  }
  if (clientLeft(reply)) {
    request.log.info({ err: error.message }, 'MCP client went away before the answer');
    return reply;
  }
  request.log.error({ err: error }, 'MCP request failed');
  return jsonRpcError(reply, 500, -32603, 'Internal error; it was logged.');
}

/**
 * The MCP SDK and our tools load on the first MCP request: most processes (the CLI, a REST-only
 * deployment, most tests) never pay for them at start-up.
 */
async function loadMcp() {
  const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
    import('../mcp/index.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  return { createMcpServer, StreamableHTTPServerTransport };
}

export default async function mcp(app: FastifyInstance): Promise<void> {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const { createMcpServer, StreamableHTTPServerTransport } = await loadMcp();
    const server = createMcpServer({
      jobs: app.jobs,
      revisions: app.revisions,
      uploads: app.uploads,
      gate: app.gate,
      log: request.log,
      terms: app.terms,
      baseUrl: publicUrl(request, ''),
      version: String(reply.getHeader(VERSION_HEADER) ?? app.versions.current),
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // From here the SDK writes the response; the headers our hooks set go with it.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    try {
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      // Fastify no longer answers for a hijacked reply: a failure here is ours to report.
      if (clientLeft(reply)) {
        request.log.info({ err: (error as Error).message }, 'MCP client went away before the answer');
        return;
      }
      request.log.error({ err: error }, 'MCP transport failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(jsonRpcErrorBody(-32603, 'Internal error; it was logged.'));
      }
    }
  };

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Allow', 'POST');
    return jsonRpcError(
      reply,
      405,
      -32000,
      'Method not allowed: this MCP server is stateless and answers POST only (no server stream, no sessions).',
    );
  };

  for (const url of MCP_PATHS) {
    app.route({
      method: 'POST',
      url,
      bodyLimit: MCP_BODY_LIMIT,
      schema: { hide: true },
      errorHandler: answerAsJsonRpc,
      handler: handle,
    });
    app.route({
      method: ['GET', 'DELETE'],
      url,
      schema: { hide: true },
      errorHandler: answerAsJsonRpc,
      handler: notAllowed,
    });
  }
}
