import t from 'tap';

import { buildTestApp } from '../helpers/app.js';

t.test('GET /api has every required field', async (t) => {
  const { app } = await buildTestApp(t, { BASE_URL: 'https://logos.test', MAX_CONCURRENT_JOBS: '1' });
  const res = await app.inject('/api');
  t.equal(res.statusCode, 200);
  const index = res.json();
  for (const field of ['name', 'description', 'version', 'documentation', 'openapi', 'mcp', 'authentication']) {
    t.type(index[field], 'string', field);
  }
  t.equal(index.version, '2026-10-14');
  t.equal(index.authentication, 'none');
  t.equal(index.documentation, 'https://logos.test/docs');
  t.equal(index.openapi, 'https://logos.test/openapi.json');
  t.equal(index.mcp, 'https://logos.test/api/mcp/');
  for (const object of ['discovery', 'sandbox']) {
    for (const value of Object.values(index[object])) t.type(value, 'string', `${object} maps strings to strings`);
  }
  t.equal(index.sandbox.endpoint, 'https://logos.test/api/sample');
  t.equal(index.limits.upload_max_bytes, 10 * 1024 * 1024);
  t.equal(index.limits.concurrent_jobs, 1);
  t.equal(index.limits.job_lifetime_seconds, 7200);
  t.equal(index.limits.hidden_colors_max, 32);
  t.equal(index.idempotency.header, 'Idempotency-Key');
  t.same(index.idempotency.operations, [
    'POST /api/vectorize',
    'POST /api/sample',
    'POST /api/jobs/{token}/visibility',
    'POST /api/jobs/{token}/editor/settings',
    'POST /api/jobs/{token}/editor/visibility',
    'POST /api/mcp/uploads',
  ]);
  t.equal(index.mcp, 'https://logos.test/api/mcp/');
  t.equal(index.discovery.mcp, 'https://logos.test/api/mcp/');
  t.equal(index.limits.mcp_upload_lifetime_seconds, 900);
  t.equal(index.limits.mcp_live_uploads_max, 50);
  t.equal(index.limits.trace_deadline_ms, 1500, 'the default trace deadline');
  t.same(index.idempotency.validated_only, ['POST /api/jobs/{token}/kit']);
  t.equal(index.versioning.documentation, 'https://logos.test/docs#description/versioning');
});

t.test('endpoints lists every route with method, path and summary, as the OpenAPI document does', async (t) => {
  const { app } = await buildTestApp(t);
  const { endpoints } = (await app.inject('/api')).json();
  const document = (await app.inject('/openapi.json')).json();
  const documented = Object.entries(document.paths as Record<string, Record<string, { summary: string }>>).flatMap(
    ([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: op.summary })),
  );
  t.same(endpoints, documented);
  for (const required of [
    'POST /api/vectorize',
    'GET /api/jobs/{token}/mockup/{kind}.png',
    'GET /api/stats',
    'GET /api',
  ]) {
    t.ok(
      endpoints.some((e: { method: string; path: string }) => `${e.method} ${e.path}` === required),
      required,
    );
  }
});

t.test('without BASE_URL, absolute URLs come from the request', async (t) => {
  const { app } = await buildTestApp(t);
  const index = (await app.inject({ url: '/api', headers: { host: 'example.test:8080' } })).json();
  t.equal(index.documentation, 'http://example.test:8080/docs');
});
