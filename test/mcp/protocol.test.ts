/**
 * The HTTP side of the hosted MCP server, with raw fetch over a real socket:
 * what answers POST, GET and DELETE, how failures before the transport are
 * answered as JSON-RPC errors, and the headers every /api response carries.
 */
import t, { type TAP } from 'tap';

import { initializeRequest, listeningApp, MCP_ACCEPT, postJsonRpc } from '../helpers/mcp.js';

/** The assertions the helpers below use, as any tap test (root or subtest) has them. */
type Tap = Pick<TAP, 'equal' | 'ok' | 'notOk' | 'match' | 'same' | 'type' | 'fail' | 'not'>;

interface JsonRpcError {
  jsonrpc: string;
  id: unknown;
  error: { code: number; message: string };
}

/** Reads a JSON-RPC error response and checks its envelope and code. */
async function jsonRpcError(t: Tap, res: Response, code: number): Promise<JsonRpcError> {
  t.match(res.headers.get('content-type'), /^application\/json/, 'a JSON body');
  const body = (await res.json()) as JsonRpcError;
  t.equal(body.jsonrpc, '2.0', 'a JSON-RPC response');
  t.equal(body.id, null, 'no request id to echo');
  t.equal(body.error?.code, code, `error code ${code}`);
  t.type(body.error?.message, 'string');
  return body;
}

/** The headers every /api response carries. */
function commonHeaders(t: Tap, res: Response, what: string): void {
  t.equal(res.headers.get('service-version'), '2026-10-14', `${what}: Service-Version`);
  t.equal(res.headers.get('access-control-allow-origin'), '*', `${what}: CORS`);
}

t.test('an initialize POST is answered as JSON with the CORS and Service-Version headers', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  for (const url of [mcpUrl, mcpUrl.replace(/\/$/, '')]) {
    const res = await postJsonRpc(url, initializeRequest(7));
    t.equal(res.status, 200, `${url} answers`);
    t.match(res.headers.get('content-type'), /^application\/json/, 'a JSON response, not an event stream');
    commonHeaders(t, res, url);
    t.equal(res.headers.get('mcp-session-id'), null, 'stateless: no session');
    const body = (await res.json()) as { id: number; result: Record<string, any> };
    t.equal(body.id, 7);
    t.equal(body.result.protocolVersion, '2025-06-18', 'the version the client asked for');
    t.match(body.result.serverInfo, { name: 'logo-vectorizer', version: '2026-10-14' });
    t.same(
      body.result.capabilities.tools,
      { listChanged: false },
      'stateless: the tool list never changes mid-session',
    );
    t.match(body.result.instructions, /export_brand_kit/);
  }
});

t.test('the server is stateless: tools/list works without initialize or a session', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  const res = await postJsonRpc(mcpUrl, { jsonrpc: '2.0', id: 'list', method: 'tools/list' });
  t.equal(res.status, 200);
  const body = (await res.json()) as { id: string; result: { tools: { name: string }[] } };
  t.equal(body.id, 'list');
  t.equal(body.result.tools.length, 6);
  const notification = await postJsonRpc(mcpUrl, { jsonrpc: '2.0', method: 'notifications/initialized' });
  t.equal(notification.status, 202, 'a notification is accepted without a body');
  commonHeaders(t, notification, 'the notification');
});

t.test('GET and DELETE answer 405 with Allow: POST and a JSON-RPC error', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  for (const url of [mcpUrl, mcpUrl.replace(/\/$/, '')]) {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(url, { method, headers: { accept: 'text/event-stream' } });
      t.equal(res.status, 405, `${method} ${url}`);
      t.equal(res.headers.get('allow'), 'POST');
      commonHeaders(t, res, `${method} ${url}`);
      const body = await jsonRpcError(t, res, -32000);
      t.match(body.error.message, /stateless and answers POST only/);
    }
  }
});

t.test('a malformed or empty JSON body is a JSON-RPC parse error (-32700), 400', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  const malformed = await postJsonRpc(mcpUrl, '{"jsonrpc": "2.0", "id": 1, "method": ');
  t.equal(malformed.status, 400);
  commonHeaders(t, malformed, 'malformed');
  t.match((await jsonRpcError(t, malformed, -32700)).error.message, /^Parse error/);

  const empty = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: MCP_ACCEPT },
  });
  t.equal(empty.status, 400);
  t.match((await jsonRpcError(t, empty, -32700)).error.message, /^Parse error/);
});

t.test('a body that is not JSON is 415 with a JSON-RPC error', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  // A type Fastify has no parser for: the route's error handler answers.
  const xml = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', accept: MCP_ACCEPT },
    body: '<initialize/>',
  });
  t.equal(xml.status, 415);
  commonHeaders(t, xml, 'xml');
  t.match((await jsonRpcError(t, xml, -32600)).error.message, /Content-Type must be application\/json/);
  // Plain text Fastify parses, so the SDK's transport refuses it.
  const text = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', accept: MCP_ACCEPT },
    body: JSON.stringify(initializeRequest()),
  });
  t.equal(text.status, 415);
  t.match((await jsonRpcError(t, text, -32000)).error.message, /Content-Type must be application\/json/);
});

t.test('a client that does not accept an event stream gets 406 from the transport', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  const res = await postJsonRpc(mcpUrl, initializeRequest(), { accept: 'application/json' });
  t.equal(res.status, 406);
  commonHeaders(t, res, '406');
  t.match((await jsonRpcError(t, res, -32000)).error.message, /text\/event-stream/);
});

t.test('a body over the limit is 413 with a JSON-RPC error pointing to the uploads endpoint', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  // The limit admits a whole 10 MB image as base64 plus the envelope (about 14 MB); this is 15 MB.
  const image_base64 = 'A'.repeat(15 * 1024 * 1024);
  const res = await postJsonRpc(mcpUrl, {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'vectorize_logo', arguments: { image_base64 } },
  });
  t.equal(res.status, 413);
  commonHeaders(t, res, '413');
  t.match((await jsonRpcError(t, res, -32600)).error.message, /at most 10 MB.*POST \/api\/mcp\/uploads/);

  // Far above Fastify's default 64 KB, a large but admissible call reaches the tool.
  const admissible = await postJsonRpc(mcpUrl, {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'vectorize_logo', arguments: { image_base64: 'A'.repeat(4 * 1024 * 1024) } },
  });
  t.equal(admissible.status, 200, 'a 4 MB call is admitted');
  const body = (await admissible.json()) as { result: { isError: boolean; content: { text: string }[] } };
  t.equal(body.result.isError, true, 'and answered by the tool');
  t.match(body.result.content[0]?.text, /cannot be traced/);
});

t.test('an unsupported Service-Version is 400 with a JSON-RPC error naming the versions', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  const res = await postJsonRpc(mcpUrl, initializeRequest(), { 'service-version': '1999-01-01' });
  t.equal(res.status, 400);
  t.equal(res.headers.get('service-version'), '2026-10-14');
  t.match(
    (await jsonRpcError(t, res, -32600)).error.message,
    /Unsupported Service-Version "1999-01-01"\. Supported versions: 2026-10-14/,
  );
  t.equal(res.headers.get('access-control-allow-origin'), '*', 'a browser can read the error');

  const supported = await postJsonRpc(mcpUrl, initializeRequest(), { 'service-version': '2026-10-14' });
  t.equal(supported.status, 200, 'the current version by name');
  t.equal(supported.headers.get('service-version'), '2026-10-14');
});

t.test('a browser preflight allows POST with the MCP headers from any origin', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  const res = await fetch(mcpUrl, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://agent.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, mcp-protocol-version, service-version',
    },
  });
  t.equal(res.status, 204);
  t.equal(res.headers.get('access-control-allow-origin'), '*');
  t.match(res.headers.get('access-control-allow-methods'), /POST/);
  for (const header of ['content-type', 'mcp-protocol-version', 'service-version']) {
    t.match(res.headers.get('access-control-allow-headers'), header, `allows ${header}`);
  }
  t.notOk(res.headers.get('access-control-allow-credentials'), 'no credentials');
});
