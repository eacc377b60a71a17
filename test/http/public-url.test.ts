/** Absolute URLs come from BASE_URL or from a host that is a host name; anything else in Host is refused. */
import t from 'tap';

import { buildTestApp } from '../helpers/app.js';

t.test('a Host that is not a host name is 400 with the error body, Service-Version and CORS', async (t) => {
  const { app } = await buildTestApp(t);
  for (const host of ['evil.example"><x>', 'a b', 'example.com/path', 'example.com:port', `${'a'.repeat(300)}.com`]) {
    const res = await app.inject({ method: 'GET', url: '/api', headers: { host, origin: 'https://site.example' } });
    t.equal(res.statusCode, 400, `Host ${JSON.stringify(host.slice(0, 30))} is refused`);
    t.match(res.json<{ detail: string }>().detail, /Host header must be a host name/);
    t.ok(res.headers['service-version'], 'with Service-Version');
    t.equal(res.headers['access-control-allow-origin'], '*', 'with CORS');
    t.notMatch(res.body, /<x>/, 'the host is not echoed');
  }
});

t.test('names, addresses and ports are hosts, and build the absolute URLs', async (t) => {
  const { app } = await buildTestApp(t);
  for (const host of [
    'api.example.com',
    'api.example.com:8443',
    '127.0.0.1:8080',
    '[::1]:8080',
    'my_service:80',
    'localhost',
  ]) {
    const res = await app.inject({ method: 'GET', url: '/api', headers: { host } });
    t.equal(res.statusCode, 200, `Host ${host}`);
    t.match(res.body, `http://${host}/`, `${host}: absolute URLs use it`);
  }
});

t.test('behind a trusted proxy, a forwarded protocol other than http or https gives http', async (t) => {
  const { app } = await buildTestApp(t, { TRUST_PROXY: 'true' });
  const res = await app.inject({
    method: 'GET',
    url: '/api',
    headers: { host: 'api.example.com', 'x-forwarded-proto': 'javascript' },
  });
  t.equal(res.statusCode, 200);
  t.notMatch(res.body, /javascript:/, 'no javascript: URL');
  t.match(res.body, 'http://api.example.com/');
  const forwardedHost = await app.inject({
    method: 'GET',
    url: '/api',
    headers: { host: 'api.example.com', 'x-forwarded-host': 'evil"><x>' },
  });
  t.equal(forwardedHost.statusCode, 400, 'a forwarded host is checked too');
});

t.test('with BASE_URL, the URLs come from it whatever the Host', async (t) => {
  const { app } = await buildTestApp(t, { BASE_URL: 'https://logos.example.com' });
  const res = await app.inject({ method: 'GET', url: '/api', headers: { host: 'other.example' } });
  t.equal(res.statusCode, 200);
  t.match(res.body, 'https://logos.example.com/');
  t.notMatch(res.body, 'other.example');
});
