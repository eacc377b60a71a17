/**
 * The developer portal: Scalar's reference of /openapi.json, served from this
 * origin only, whose description is the service guide with the live values.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import type { FastifyInstance } from 'fastify';
import t from 'tap';

import { portalSection, VERSIONING_SECTION } from '../../src/http/public-url.js';
import { buildTestApp } from '../helpers/app.js';

const GUIDE_HEADINGS = [
  'Overview',
  'Authentication',
  'Sandbox',
  'Brand colors',
  'MCP server',
  'Versioning',
  'Idempotency',
  'Limits',
  'Errors',
];
const OUTSIDE_OFF = [
  '"withDefaultFonts":false',
  '"telemetry":false',
  '"agent":{"disabled":true}',
  '"mcp":{"disabled":true}',
  '"hideClientButton":true',
  '"showDeveloperTools":"never"',
];

/** A CSP header as a map of directive to its sources. */
function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

async function portalPage(app: FastifyInstance) {
  const res = await app.inject('/docs');
  const tags = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  const scripts = tags.map(([, attributes = '', text = '']) => ({
    src: /\bsrc="([^"]*)"/.exec(attributes)?.[1]?.replace(/&amp;/g, '&'),
    text,
  }));
  return { res, scripts };
}

/** The section of a Markdown description under a level-2 heading, up to the next one. */
function section(markdown: string, heading: string): string {
  return markdown.split(/^(?=## )/m).find((part) => part.startsWith(`## ${heading}\n`)) ?? '';
}

t.test('GET /docs is the reference page, with scripts from this origin only, reading /openapi.json', async (t) => {
  const { app } = await buildTestApp(t);
  const { res, scripts } = await portalPage(app);
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/html/);
  t.equal(res.headers['cache-control'], 'no-cache', 'revalidated, so a new bundle URL reaches browsers');
  t.notMatch(res.body, /https?:\/\/|\/\/[a-z]/i, 'no address of another origin anywhere in the page');
  t.same(
    [...res.body.matchAll(/<link[^>]*>/g)].map(([tag]) => tag),
    ['<link rel="icon" href="data:,">'],
    'no stylesheet or font link; an empty icon, so no favicon request',
  );

  const external = scripts.filter((script) => script.src !== undefined);
  t.equal(external.length, 1, 'one script file');
  t.match(external[0]?.src, /^\/docs\/scalar\.js\?v=[0-9a-f]{16}$/, 'from this origin, under a versioned URL');
  const inline = scripts.filter((script) => script.src === undefined);
  t.equal(inline.length, 1, 'one inline script, which starts the reference');
  const start = inline[0]?.text ?? '';
  t.match(start, /Scalar\.createApiReference\('#app', /);
  t.match(start, '"url":"/openapi.json"', 'the reference reads the document the service already serves');
  for (const setting of OUTSIDE_OFF) t.match(start, setting, `nothing hosted by Scalar: ${setting}`);
  t.match(start, /__zod_globalConfig \?\?= \{\}\)\.jitless = true/, 'the bundled zod never probes eval');
  t.ok(
    res.body.indexOf(start) < res.body.indexOf('<script src='),
    'the start script runs before the bundle, which it waits for',
  );
});

t.test("the portal's CSP adds exactly its start script and this origin's scripts and requests", async (t) => {
  const { app } = await buildTestApp(t);
  const { res, scripts } = await portalPage(app);
  const start = scripts.find((script) => script.src === undefined)?.text ?? '';
  const hash = `'sha256-${createHash('sha256').update(start).digest('base64')}'`;
  const portal = directives(res.headers['content-security-policy']);
  t.same(portal.get('script-src'), ["'self'", hash], 'this origin, and the start script by its hash: no eval');
  t.same(portal.get('connect-src'), ["'self'"], 'the document and tried requests go to this origin only');
  t.same(portal.get('default-src'), ["'none'"]);
  t.same(portal.get('frame-ancestors'), ["'none'"], 'still not framable');
  t.same(portal.get('style-src'), ["'unsafe-inline'"], 'inline styles, as every page of the service has');

  const strict = directives((await app.inject('/api')).headers['content-security-policy']);
  portal.delete('script-src');
  portal.delete('connect-src');
  t.same(Object.fromEntries(portal), Object.fromEntries(strict), 'otherwise the strict policy of every other answer');
});

t.test('GET /docs/scalar.js is the bundle: cached for a year under the linked URL, compressed once', async (t) => {
  const { app } = await buildTestApp(t);
  const src = (await portalPage(app)).scripts.find((script) => script.src)?.src ?? '';

  const plain = await app.inject({ url: src, headers: { 'accept-encoding': 'identity' } });
  t.equal(plain.statusCode, 200);
  t.match(plain.headers['content-type'], /^text\/javascript/);
  t.notOk(plain.headers['content-encoding']);
  t.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable', 'the versioned URL may be kept');
  t.equal(plain.headers.vary, 'Accept-Encoding');
  t.match(plain.headers['content-security-policy'], /default-src 'none'/, 'the script keeps the strict policy');
  t.match(plain.body, /createApiReference/, "Scalar's standalone bundle");
  const version = /\?v=([0-9a-f]+)$/.exec(src)?.[1] ?? '';
  t.equal(createHash('sha256').update(plain.rawPayload).digest('hex').slice(0, 16), version, 'named by its content');
  t.equal(plain.headers.etag, `W/"${version}"`);

  const br = await app.inject({ url: src, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  t.equal(br.headers['content-encoding'], 'br', 'brotli when accepted');
  t.ok(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload), 'the same script');
  const gzip = await app.inject({ url: src, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
  t.equal(gzip.headers['content-encoding'], 'gzip', 'gzip when brotli is refused');
  t.ok(gunzipSync(gzip.rawPayload).equals(plain.rawPayload), 'the same script');
  t.comment(`bundle: ${plain.rawPayload.length} bytes, brotli ${br.rawPayload.length}, gzip ${gzip.rawPayload.length}`);
  t.ok(br.rawPayload.length < plain.rawPayload.length / 3, 'brotli sends under a third of it');

  const unversioned = await app.inject('/docs/scalar.js');
  t.equal(unversioned.headers['cache-control'], 'no-cache', 'without the current version: revalidate');
  const again = await app.inject({ url: '/docs/scalar.js', headers: { 'if-none-match': String(plain.headers.etag) } });
  t.equal(again.statusCode, 304, 'not modified');
  t.equal(again.rawPayload.length, 0);
  t.equal(again.headers.etag, plain.headers.etag);
});

t.test('the OpenAPI description is the guide, written with the live configuration', async (t) => {
  const { app } = await buildTestApp(t, {
    BASE_URL: 'https://logos.test',
    JOB_TTL_SECONDS: '10800',
    MAX_CONCURRENT_JOBS: '3',
    MAX_LIVE_UPLOADS: '7',
  });
  const { description } = (await app.inject('/openapi.json')).json<{ info: { description: string } }>().info;
  t.same(
    [...description.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading),
    GUIDE_HEADINGS,
    'every section of the guide, in order',
  );
  t.match(section(description, 'Overview'), /processes three jobs at a time[\s\S]*deleted three hours after creation/);
  const mcp = section(description, 'MCP server');
  t.match(mcp, 'server at `https://logos.test/api/mcp/`', 'the configured address, as code');
  t.match(mcp, /export_brand_kit/);
  t.match(mcp, /at most 7 uploads are kept at once/);
  t.match(section(description, 'Versioning'), /The current version is 2026-10-14[\s\S]*Supported: 2026-10-14\./);
  const limits = section(description, 'Limits');
  t.match(limits, /\| Concurrency \| three jobs at a time/, 'tables are Markdown tables');
  t.match(limits, /\| Job lifetime \| three hours from creation/);
});

t.test('a configured address cannot turn into Markdown in the guide', async (t) => {
  const { app } = await buildTestApp(t, { BASE_URL: 'https://a`b.test/_x_/[y](z)' });
  const mcp = section(app.openapiDocument().info.description, 'MCP server');
  t.match(mcp, 'server at ``https://a`b.test/_x_/[y](z)/api/mcp/``:', 'a code span that its backtick cannot end');
});

t.test('the deprecation link and the API index point at the versioning section as Scalar anchors it', async (t) => {
  // The anchor Scalar gives a heading of the description (checked in Chromium: scripts/screenshot-portal.ts).
  t.equal(VERSIONING_SECTION, '/docs#description/versioning');
  t.equal(portalSection('MCP server'), '/docs#description/mcp-server');
  const { app } = await buildTestApp(t, { BASE_URL: 'https://logos.test' });
  const headings = [...app.openapiDocument().info.description.matchAll(/^## (.+)$/gm)].map(([, h]) => h ?? '');
  t.ok(
    headings.some((heading) => portalSection(heading) === VERSIONING_SECTION),
    'a heading of the description lands there',
  );
  const index = (await app.inject('/api')).json<{ versioning: { documentation: string } }>();
  t.equal(index.versioning.documentation, `https://logos.test${VERSIONING_SECTION}`);
});
