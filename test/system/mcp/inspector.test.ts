/**
 * The MCP Inspector's command-line mode (@modelcontextprotocol/inspector-cli),
 * a client we did not write, against the app on a real socket: it must list
 * our tools and call one.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

import t from 'tap';

import { listeningApp } from '../../helpers/mcp.js';

const run = promisify(execFile);

/** The package's launcher, what `npx mcp-inspector-cli` runs. */
const INSPECTOR_BIN = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli');

/**
 * Runs the inspector in CLI mode and parses the JSON it prints. Inspector-cli
 * 1.0.3 looks for its own package.json at the cwd-relative path
 * "../package.json" before importing it relative to its module, so it only
 * starts from a folder one level below a package.json: its own build folder
 * is such a place.
 */
async function inspect(url: string, ...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [INSPECTOR_BIN, '--cli', url, '--transport', 'http', ...args], {
    cwd: dirname(INSPECTOR_BIN),
    timeout: 30_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

t.test('the Inspector CLI lists the six tools', async (t) => {
  const { mcpUrl } = await listeningApp(t);
  const output = await inspect(mcpUrl, '--method', 'tools/list');
  const tools = output.tools as { name: string; inputSchema: { type: string }; annotations?: object }[];
  t.same(tools.map((tool) => tool.name).sort(), [
    'export_brand_kit',
    'get_vectorization',
    'review_vectorization',
    'set_color_visibility',
    'update_settings',
    'vectorize_logo',
  ]);
  for (const tool of tools) {
    t.equal(tool.inputSchema.type, 'object', `${tool.name} has an input schema`);
    t.ok(tool.annotations, `${tool.name} has annotations`);
  }
});

t.test('the Inspector CLI calls vectorize_logo at the address without a trailing slash', async (t) => {
  const { mcpUrl, baseUrl } = await listeningApp(t);
  const output = await inspect(
    mcpUrl.replace(/\/$/, ''),
    '--method',
    'tools/call',
    '--tool-name',
    'vectorize_logo',
    '--tool-arg',
    'sample=true',
  );
  t.notOk(output.isError);
  const revision = output.structuredContent as { revision_id: string; svg_url: string; palette: string[] };
  t.match(revision.revision_id, /^[A-Za-z0-9_-]{24}$/);
  t.equal(revision.svg_url, `${baseUrl}/api/jobs/${revision.revision_id}/logo.svg`);
  t.ok(revision.palette.length > 0);
  t.equal((await fetch(revision.svg_url)).status, 200, 'the revision it made is served');
});
