/** Security headers on every answer: JSON, errors, images, SVGs and the portal (its CSP: portal.test.ts). */
import t from 'tap';

import { buildTestApp } from '../helpers/app.js';

t.test('JSON, errors, images and the portal carry nosniff, no-referrer, no framing and a strict CSP', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json<{ id: string }>();
  const urls = [
    '/api',
    '/api/health',
    '/api/nope',
    `/api/jobs/${job.id}/preview.png`,
    `/api/jobs/${job.id}/mockup/cap.png`,
    '/docs',
    '/docs/scalar.js',
    '/openapi.json',
  ];
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url });
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${url} (${res.statusCode}): nosniff`);
    t.equal(res.headers['referrer-policy'], 'no-referrer', `${url}: no referrer`);
    t.equal(res.headers['x-frame-options'], 'DENY', `${url}: no framing`);
    const csp = String(res.headers['content-security-policy']);
    t.match(csp, /default-src 'none'/, `${url}: CSP default-src 'none'`);
    t.match(csp, /frame-ancestors 'none'/, `${url}: CSP frame-ancestors 'none'`);
    // The portal page alone runs scripts: this origin's and its start script (portal.test.ts).
    if (url === '/docs') t.match(csp, /script-src 'self' 'sha256-[^' ]+';/, `${url}: this origin's scripts only`);
    else t.notMatch(csp, /script-src/, `${url}: no script allowed`);
    t.equal(res.headers['cross-origin-resource-policy'], 'cross-origin', `${url}: embeddable by other sites`);
    t.notOk(res.headers['strict-transport-security'], `${url}: no HSTS without an https BASE_URL`);
  }
});

t.test('a served SVG is sandboxed', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json<{ svg: string }>();
  const res = await app.inject({ method: 'GET', url: job.svg });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-security-policy'], /default-src 'none'.*sandbox/);
  t.equal(res.headers['x-content-type-options'], 'nosniff');
});

t.test('with an https BASE_URL, browsers are told to insist on https', async (t) => {
  const { app } = await buildTestApp(t, { BASE_URL: 'https://logos.example.com' });
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  t.match(res.headers['strict-transport-security'], /max-age=31536000/);
});
