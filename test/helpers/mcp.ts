/**
 * MCP test helpers: the app listening on a real socket, the SDK's own client
 * connected to it over Streamable HTTP, and readers for tool results.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';

import type { BuildOptions } from '../../src/app.js';
import { buildTestApp, type Teardown } from './app.js';

export interface ListeningApp {
  app: FastifyInstance;
  dataDir: string;
  /** http://127.0.0.1:<port>, without a trailing slash. */
  baseUrl: string;
  /** The MCP server's address, with its trailing slash. */
  mcpUrl: string;
}

/** The app on a fresh data folder, listening on an ephemeral port of 127.0.0.1; closed after the test. */
export async function listeningApp(
  t: Teardown,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'config'> = {},
): Promise<ListeningApp> {
  const { app, dataDir } = await buildTestApp(t, env, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return { app, dataDir, baseUrl, mcpUrl: `${baseUrl}/api/mcp/` };
}

/** The SDK's client, initialized against `url`; closed after the test (before the app closes). */
export async function mcpClient(t: Teardown, url: string): Promise<Client> {
  const client = new Client({ name: 'logo-vectorizer-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  t.teardown(() => client.close());
  return client;
}

/** A listening app and a client connected to its MCP server. */
export async function mcpSetup(
  t: Teardown,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'config'> = {},
): Promise<ListeningApp & { client: Client }> {
  const listening = await listeningApp(t, env, options);
  return { ...listening, client: await mcpClient(t, listening.mcpUrl) };
}

/** Calls a tool and returns its result as the protocol types it. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The structured content of a successful tool result; throws with the tool's message otherwise. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the shape it asserts
export function structured<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool failed: ${textOf(result)}`);
  if (!result.structuredContent) throw new Error('the tool result has no structuredContent');
  return result.structuredContent as T;
}

/** The text blocks of a tool result, joined by newlines. */
export function textOf(result: CallToolResult): string {
  return result.content
    .filter((block): block is Extract<typeof block, { type: 'text' }> => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/** Calls a tool and returns its structured content, failing loudly when the tool reports an error. */
export async function callOk<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  return structured<T>(await callTool(client, name, args));
}

export interface McpUpload {
  upload_id: string;
  expires_at: string;
  expires_in_seconds: number;
  bytes: number;
  sha256: string;
  format: string;
  width: number;
  height: number;
}

/** POST /api/mcp/uploads over the socket with the platform's fetch and FormData. */
export async function postUpload(
  baseUrl: string,
  image: Buffer,
  filename = 'logo.png',
  type = 'image/png',
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type }), filename);
  return fetch(`${baseUrl}/api/mcp/uploads`, { method: 'POST', body: form });
}

/** The Accept header a Streamable HTTP client sends with every POST. */
export const MCP_ACCEPT = 'application/json, text/event-stream';

/** A JSON-RPC initialize request, as a client's first POST. */
export function initializeRequest(id: number | string = 1): object {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw-fetch', version: '1.0.0' },
    },
  };
}

/** A raw POST to an MCP endpoint with the headers a Streamable HTTP client sends. */
export function postJsonRpc(
  url: string,
  body: string | object,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: MCP_ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The `index`th image block of a result, decoded. */
export function imageOf(result: CallToolResult, index = 0): { mimeType: string; bytes: Buffer } | undefined {
  const images = result.content.filter(
    (block): block is Extract<typeof block, { type: 'image' }> => block.type === 'image',
  );
  const image = images[index];
  return image && { mimeType: image.mimeType, bytes: Buffer.from(image.data, 'base64') };
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
