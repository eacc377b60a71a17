import t from 'tap';

import type { OpenApiDocument } from '../../src/http/openapi.js';
import { renderPortal } from '../../src/http/portal.js';
import { buildTestApp } from '../helpers/app.js';

t.test('GET /docs renders the OpenAPI document and the guide, with our own assets only', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject('/docs');
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/html/);
  t.match(res.headers['content-security-policy'], /default-src 'none'/, 'nothing may load from elsewhere');
  t.notMatch(res.body, /<script|<link|src=|https?:\/\//, 'no script, stylesheet or image from anywhere');
  for (const section of ['overview', 'authentication', 'sandbox', 'versioning', 'idempotency', 'limits', 'errors']) {
    t.match(res.body, `<section id="${section}">`, section);
  }
  const document = app.openapiDocument();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const op of Object.values(item)) {
      t.match(res.body, `<h3 id="${op.operationId}">`, `${op.operationId} has a section`);
      t.ok(res.body.includes(path.replace(/&/g, '&#38;')), path);
    }
  }
  t.match(res.body, /Supported: 2026-10-14/);
});

t.test('every text of the document is escaped where it lands', async (t) => {
  const hostile = '<img src=x onerror=alert(1)>"\'&';
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: hostile, version: hostile, description: '' },
    servers: [{ url: hostile }],
    tags: [],
    paths: {
      [`/api/${hostile}`]: {
        get: {
          operationId: hostile,
          summary: hostile,
          description: hostile,
          tags: ['jobs'],
          parameters: [
            { name: hostile, in: 'query', description: hostile, schema: { type: 'string', enum: [hostile] } },
          ],
          responses: {
            '200': {
              description: hostile,
              headers: { [hostile]: { description: hostile, schema: { type: 'string' } } },
            },
          },
        },
      },
    },
    'x-service-versioning': { header: '', current: '', supported: [], deprecated: [], policy: '', documentation: '' },
  };
  const page = renderPortal(document, [
    { id: hostile, title: hostile, paragraphs: [hostile], table: { head: [hostile], rows: [[hostile]] } },
  ]);
  t.notMatch(page, /<img/);
  t.notMatch(page, /"'&</);
  t.match(page, /&#60;img src=x onerror=alert\(1\)&#62;&#34;&#39;&#38;/);
});
