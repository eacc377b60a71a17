import t from 'tap';

import { SERVICE_VERSIONS, type VersionTable } from '../../src/http/versioning.js';
import { buildTestApp } from '../helpers/app.js';

const DEPRECATED_AT = new Date('2026-01-01T00:00:00Z');
const SUNSET_AT = new Date('2099-06-01T00:00:00Z');
const TEST_VERSIONS: VersionTable = {
  current: '2026-10-14',
  versions: [
    { version: '2026-10-14' },
    { version: '2025-05-01', deprecatedAt: DEPRECATED_AT, sunsetAt: SUNSET_AT },
    {
      version: '2024-01-01',
      deprecatedAt: new Date('2024-06-01T00:00:00Z'),
      sunsetAt: new Date('2025-01-01T00:00:00Z'),
    },
  ],
};

t.test('2026-10-14 is the only and default version, echoed on every response', async (t) => {
  t.same(
    SERVICE_VERSIONS.versions.map((v) => v.version),
    ['2026-10-14'],
  );
  const { app } = await buildTestApp(t);
  const omitted = await app.inject('/api/health');
  t.equal(omitted.headers['service-version'], '2026-10-14');
  const explicit = await app.inject({ url: '/api/health', headers: { 'service-version': '2026-10-14' } });
  t.equal(explicit.statusCode, 200);
  t.equal(explicit.headers['service-version'], '2026-10-14');
  t.notOk(explicit.headers.deprecation);
  for (const url of ['/api/nope', '/api/jobs/AAAAAAAAAAAAAAAAAAAAAAAA/logo.svg', '/openapi.json', '/docs']) {
    t.equal((await app.inject(url)).headers['service-version'], '2026-10-14', url);
  }
});

t.test('an unknown version is 400 naming it and listing the supported ones', async (t) => {
  const { app } = await buildTestApp(t);
  for (const url of ['/api/health', '/api/nope']) {
    const res = await app.inject({ url, headers: { 'service-version': '2030-01-01' } });
    t.equal(res.statusCode, 400, url);
    t.equal(res.json().detail, 'Unsupported Service-Version "2030-01-01". Supported versions: 2026-10-14.');
    t.equal(res.headers['service-version'], '2026-10-14');
  }
  const post = await app.inject({ method: 'POST', url: '/api/sample', headers: { 'service-version': 'latest' } });
  t.equal(post.statusCode, 400, 'checked before any work');
});

t.test('a deprecated version answers with Deprecation, Sunset and Link (test-only table)', async (t) => {
  const { app } = await buildTestApp(t, { BASE_URL: 'https://logos.test' }, { versions: TEST_VERSIONS });
  const res = await app.inject({ url: '/api/health', headers: { 'service-version': '2025-05-01' } });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['service-version'], '2025-05-01');
  t.equal(res.headers.deprecation, `@${DEPRECATED_AT.getTime() / 1000}`);
  t.equal(res.headers.sunset, 'Mon, 01 Jun 2099 00:00:00 GMT');
  t.equal(res.headers.link, '<https://logos.test/docs#description/versioning>; rel="deprecation"; type="text/html"');
  t.equal(new Date(String(res.headers.sunset)).getTime(), SUNSET_AT.getTime());

  const errors = await app.inject({ url: '/api/nope', headers: { 'service-version': '2025-05-01' } });
  t.equal(errors.statusCode, 404);
  t.ok(errors.headers.deprecation, 'errors carry the signals too');

  const current = await app.inject('/api/health');
  t.notOk(current.headers.deprecation);
  t.notOk(current.headers.sunset);

  const removed = await app.inject({ url: '/api/health', headers: { 'service-version': '2024-01-01' } });
  t.equal(removed.statusCode, 400, 'a version past its sunset no longer answers');
  t.equal(
    removed.json().detail,
    'Unsupported Service-Version "2024-01-01". Supported versions: 2026-10-14, 2025-05-01.',
  );

  // The portal shows the document's description; its versioning heading is the Link target (portal.test.ts).
  const { description } = app.openapiDocument().info;
  t.match(description, /^## Versioning$/m, 'the Link target exists');
  t.match(description, /2025-05-01 \(removed after 2099-06-01T00:00:00.000Z\)/);
});

t.test('/api and the OpenAPI document carry the same versioning information', async (t) => {
  const { app } = await buildTestApp(t, { BASE_URL: 'https://logos.test' }, { versions: TEST_VERSIONS });
  const index = (await app.inject('/api')).json();
  const document = (await app.inject('/openapi.json')).json();
  t.same(index.versioning, document['x-service-versioning']);
  t.same(index.versioning.supported, ['2026-10-14', '2025-05-01']);
  t.equal(index.versioning.header, 'Service-Version');
  t.equal(index.versioning.current, '2026-10-14');
  t.same(index.versioning.deprecated, [
    { version: '2025-05-01', deprecated_at: DEPRECATED_AT.toISOString(), sunset_at: SUNSET_AT.toISOString() },
  ]);
  t.match(index.versioning.policy, /at least 90 days/);
  t.match(document.info.description, /## Versioning[\s\S]*Supported: 2026-10-14, 2025-05-01/);
});

t.test('the version table is checked: current listed and live, notices of 90 days or more', async (t) => {
  const shortNotice: VersionTable = {
    current: '2026-10-14',
    versions: [
      { version: '2026-10-14' },
      { version: '2026-01-01', deprecatedAt: new Date('2026-01-01'), sunsetAt: new Date('2026-02-01') },
    ],
  };
  await t.rejects(buildTestApp(t, {}, { versions: shortNotice }), /at least 90 days/);
  await t.rejects(
    buildTestApp(t, {}, { versions: { current: '2027-01-01', versions: [{ version: '2026-10-14' }] } }),
    /must be listed/,
  );
});

t.test('every documented endpoint answers 400 to an unsupported version', async (t) => {
  const { app } = await buildTestApp(t);
  for (const [path, item] of Object.entries(app.openapiDocument().paths)) {
    for (const method of Object.keys(item)) {
      const url = path.replace('{kind}', 'cap').replace(/\{\w+\}/g, 'AAAAAAAAAAAAAAAAAAAAAAAA');
      const res = await app.inject({
        method: method.toUpperCase() as 'GET' | 'POST',
        url,
        headers: { 'service-version': '1.0' },
      });
      t.equal(res.statusCode, 400, `${method.toUpperCase()} ${path}`);
      t.match(res.json().detail, /^Unsupported Service-Version "1.0"/);
    }
  }
});
