import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

import SwaggerParser from '@apidevtools/swagger-parser';
import t from 'tap';

import { MCP_PATHS } from '../../src/http/mcp.js';
import { buildTestApp, liveRoutes, newDataDir } from '../helpers/app.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

t.test('GET /openapi.json is an OpenAPI 3.1 document that validates', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject('/openapi.json');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/json/);
  const document = res.json();
  t.equal(document.openapi, '3.1.0');
  t.equal(document.info.version, '2026-10-14');
  await t.resolves(SwaggerParser.validate(structuredClone(document)));
});

t.test('the document lints clean with @redocly/cli', async (t) => {
  const { app } = await buildTestApp(t);
  const file = join(await newDataDir(t), 'openapi.json');
  await writeFile(file, (await app.inject('/openapi.json')).body);
  const { stdout } = await promisify(execFile)('npx', ['--no-install', 'redocly', 'lint', '--format', 'json', file], {
    cwd: join(import.meta.dirname, '../..'),
  });
  const report = JSON.parse(stdout);
  t.same(report.totals, { errors: 0, warnings: 0, ignored: 0 });
  t.same(report.problems, []);
});

t.test('the document describes exactly the live routes: none missing, none extra', async (t) => {
  const { app } = await buildTestApp(t);
  const document = app.openapiDocument();
  const documented = Object.entries(document.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => HTTP_METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
  const routes = liveRoutes(app);
  // The MCP transport speaks JSON-RPC, not this REST API; the guide and GET /api point agents to it.
  const mcpTransport = routes.filter((route) => (MCP_PATHS as readonly string[]).includes(route.split(' ')[1] ?? ''));
  t.same(mcpTransport, [
    'DELETE /api/mcp',
    'DELETE /api/mcp/',
    'GET /api/mcp',
    'GET /api/mcp/',
    'POST /api/mcp',
    'POST /api/mcp/',
  ]);
  // The operators' Prometheus endpoint is not part of the public API.
  t.ok(routes.includes('GET /metrics'), 'GET /metrics is served');
  const live = routes.filter((route) => !mcpTransport.includes(route) && route !== 'GET /metrics');
  t.ok(live.length >= 17, `found the route table (${live.length} routes)`);
  t.same(documented, live);
  t.match(document.info.description, /## MCP server[\s\S]*export_brand_kit/);
});

t.test('every operation documents its parameters, headers, bodies and error bodies', async (t) => {
  const { app } = await buildTestApp(t);
  const document = app.openapiDocument();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`;
      t.ok(op.operationId && op.summary && op.tags?.length, `${name}: id, summary, tag`);
      const headers = (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      t.ok(headers.includes('Service-Version'), `${name}: Service-Version request header`);
      for (const pathParam of path.match(/\{(\w+)\}/g) ?? []) {
        t.ok(
          op.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === pathParam),
          `${name}: ${pathParam} documented`,
        );
      }
      for (const [status, response] of Object.entries(op.responses)) {
        t.ok(response.headers?.['Service-Version'], `${name} ${status}: Service-Version response header`);
        if (Number(status) >= 400) {
          const schema = response.content?.['application/json']?.schema;
          t.same(schema?.required, ['detail'], `${name} ${status}: error body`);
        }
      }
      t.ok(op.responses['400'], `${name}: 400 for an unsupported version`);
      if (method === 'post') {
        t.ok(headers.includes('Idempotency-Key'), `${name}: Idempotency-Key`);
        t.ok(op.requestBody, `${name}: request body`);
      }
    }
  }
  const vectorize = document.paths['/api/vectorize']?.post;
  // The spec's six, and the 503 of a store that cannot be used (issue 13: every reachable status is declared).
  t.same(Object.keys(vectorize?.responses ?? {}).sort(), ['200', '400', '409', '413', '422', '429', '503']);
  t.equal(vectorize?.responses['503']?.headers?.['Retry-After']?.schema.type, 'integer');
  t.same(Object.keys(vectorize?.requestBody?.content ?? {}), ['multipart/form-data']);
  t.same(Object.keys(vectorize?.requestBody?.content['multipart/form-data']?.schema.properties ?? {}), [
    'file',
    'colors',
    'smoothing',
    'transparent',
    'trim',
    'palette',
    'upload_session_id',
  ]);
  t.equal(vectorize?.responses['429']?.headers?.['Retry-After']?.schema.type, 'integer');
  t.equal(document.paths['/api/sample']?.post?.requestBody?.required, false, 'the sample body may be omitted');
  t.same(Object.keys(document.paths['/api/jobs/{token}/visibility']?.post?.responses ?? {}).sort(), [
    '200',
    '400',
    '404',
    '409',
    '422',
    '429',
    '503',
  ]);
  t.same(Object.keys(document.paths['/api/jobs/{token}/kit']?.post?.responses['404']?.content ?? {}), [
    'application/json',
    'application/zip',
  ]);
  t.notOk(document.paths['/api/jobs/{token}/kit']?.post?.responses['409'], 'kit stores nothing, so never 409');
  t.same(Object.keys(document.paths['/api/stats']?.get?.responses ?? {}).sort(), ['200', '400', '503']);
});

t.test(
  'the Service-Version request header is an enum of the supported versions, and an unknown one is the declared 400',
  async (t) => {
    const { app } = await buildTestApp(t);
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
            responses: Record<string, unknown>;
          }
        >
      >;
    }>();
    const supported = app.versions.current;
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'Service-Version');
        t.ok(header, `${method} ${path}: documents Service-Version`);
        t.ok(header?.schema?.enum?.includes(supported), `${method} ${path}: its enum holds ${supported}`);
        t.ok(op.responses['400'], `${method} ${path}: declares 400`);
        operations++;
      }
    }
    t.ok(operations > 10, `${operations} operations checked`);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'service-version': '1999-01-01' },
    });
    t.equal(unknown.statusCode, 400);
  },
);

t.test('links lead from each operation that makes a job or a revision to those that take its token', async (t) => {
  const { app } = await buildTestApp(t);
  const document = app.openapiDocument();
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.values(item).map((op) => ({ path, op })),
  );
  const byId = new Map(operations.map(({ path, op }) => [op.operationId, { path, op }]));
  const takesToken = operations
    .filter(({ op }) => (op.parameters ?? []).some((p) => p.in === 'path' && p.name === 'token'))
    .map(({ op }) => op.operationId);
  const linksOf = (operationId: string) => document.paths[byId.get(operationId)!.path]!.post!.responses['200']!.links;

  for (const maker of ['vectorize', 'createSample', 'hideColors']) {
    const links = linksOf(maker) ?? {};
    t.same(
      Object.keys(links).sort(),
      takesToken.filter((id) => !/^editRevision|^getExportedKit$/.test(id)).sort(),
      `${maker}: every job operation but the MCP editor and the export`,
    );
    for (const link of Object.values(links)) {
      t.same(link.parameters, { token: '$response.body#/id' }, `${maker} -> ${link.operationId}: the job's id`);
      t.ok(byId.has(link.operationId), `${link.operationId} is an operation of the document`);
    }
  }
  for (const maker of ['editRevisionSettings', 'editRevisionVisibility']) {
    const links = linksOf(maker) ?? {};
    t.same(
      Object.keys(links).sort(),
      takesToken.filter((id) => id !== 'getExportedKit').sort(),
      `${maker}: every operation on a revision, the editor included`,
    );
    t.ok(
      Object.values(links).every((link) => link.parameters.token === '$response.body#/revision_id'),
      `${maker}: the revision's id`,
    );
  }
  t.notOk(
    operations.some(({ op }) => 'x-after-another-step' in op),
    'the internal marker does not reach the document',
  );
});
