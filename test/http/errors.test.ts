import t from 'tap';

import { buildTestApp } from '../helpers/app.js';

t.test('unknown /api paths are 404 with a JSON detail and Service-Version', async (t) => {
  const { app } = await buildTestApp(t);
  for (const request of [
    { method: 'GET' as const, url: '/api/nothing-here' },
    { method: 'POST' as const, url: '/api/jobs' },
  ]) {
    const res = await app.inject(request);
    t.equal(res.statusCode, 404);
    t.match(res.headers['content-type'], /^application\/json/);
    t.same(res.json(), { detail: `Not found: ${request.method} ${request.url}` });
    t.equal(res.headers['service-version'], '2026-10-14');
  }
});

t.test('CORS: any origin, no credentials, the API headers exposed', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ url: '/api/health', headers: { origin: 'https://someone.example' } });
  t.equal(res.headers['access-control-allow-origin'], '*');
  t.notOk(res.headers['access-control-allow-credentials']);
  const exposed = String(res.headers['access-control-expose-headers']).split(', ');
  for (const header of ['Service-Version', 'Idempotent-Replayed', 'Retry-After', 'Deprecation', 'Sunset', 'Link']) {
    t.ok(exposed.includes(header), header);
  }
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/vectorize',
    headers: {
      origin: 'https://someone.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'idempotency-key, service-version',
    },
  });
  t.equal(preflight.statusCode, 204);
  t.equal(preflight.headers['access-control-allow-origin'], '*');
  t.match(preflight.headers['access-control-allow-methods'], /POST/);
  t.match(preflight.headers['access-control-allow-headers'], /idempotency-key/);
});

t.test('a JSON body in an unsupported media type is 422', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    headers: { 'content-type': 'application/xml' },
    payload: '<hidden/>',
  });
  t.equal(res.statusCode, 422);
  t.same(res.json().detail, [{ loc: ['body'], msg: 'unsupported media type application/xml', type: 'media_type' }]);
});

t.test('another method on a known path is 405 with Allow; an unknown path stays 404', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json<{ id: string }>();
  const cases: [string, string, string][] = [
    ['TRACE', '/api/health', 'GET, HEAD'],
    ['DELETE', '/api/health', 'GET, HEAD'],
    ['PUT', '/api/vectorize', 'POST'],
    ['GET', '/api/vectorize', 'POST'],
    ['PATCH', `/api/jobs/${job.id}/logo.svg`, 'GET, HEAD'],
    ['DELETE', `/api/jobs/${job.id}/mockup/cap.png`, 'GET, HEAD'],
    // A method with a body and no Content-Type: still 405, not the body parser's 400.
    ['QUERY', '/api/health', 'GET, HEAD'],
  ];
  for (const [method, url, allow] of cases) {
    const res = await app.inject({ method: method as 'GET', url });
    t.equal(res.statusCode, 405, `${method} ${url}: 405`);
    t.equal(res.headers.allow, allow, `${method} ${url}: Allow ${allow}`);
    t.match(res.json<{ detail: string }>().detail, `Method ${method} is not allowed`);
    t.ok(res.headers['service-version'], `${method} ${url}: Service-Version`);
  }
  const unreadable = await app.inject({ method: 'GET', url: `/api/jobs/${job.id}/mockup/%0D%F1%84%A3%AA.png` });
  t.equal(unreadable.statusCode, 404, 'a GET the GET route cannot read is 404, not 405');
  const unknown = await app.inject({ method: 'PATCH', url: '/api/nothing-here' });
  t.equal(unknown.statusCode, 404);
  t.notOk(unknown.headers.allow);
  const options = await app.inject({ method: 'OPTIONS', url: '/api/health' });
  t.ok(options.statusCode < 300, `a bare OPTIONS is answered (${options.statusCode})`);
  t.equal(options.headers['access-control-allow-origin'], '*');
});

/** Writes `raw` to the server and reads everything it answers until it closes the connection. */
async function rawExchange(base: string, raw: string): Promise<string> {
  const { connect } = await import('node:net');
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.on('error', () => {});
  socket.write(raw);
  await closed;
  return answer;
}

t.test("requests Node's HTTP parser refuses get the error body, Service-Version and CORS", async (t) => {
  const { app } = await buildTestApp(t);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const cases: [string, string, number][] = [
    ['malformed', 'THIS IS NOT HTTP\r\n\r\n', 400],
    ['headers too large', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ];
  for (const [label, raw, status] of cases) {
    const answer = await rawExchange(base, raw);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    t.match(head, new RegExp(`^HTTP/1.1 ${status} `), `${label}: ${status}`);
    t.match(head, /\r\nService-Version: \d{4}-\d{2}-\d{2}\r\n/i, `${label}: Service-Version`);
    t.match(head, /\r\nAccess-Control-Allow-Origin: \*\r\n/i, `${label}: CORS`);
    t.match(head, /\r\nContent-Type: application\/json/i, `${label}: JSON`);
    t.type(JSON.parse(body).detail, 'string', `${label}: a detail`);
  }
  t.equal((await fetch(`${base}/api/health`)).status, 200, 'the server keeps serving');
});

t.test('a request that arrives too slowly gets 408 in the error format, and its connection is closed', async (t) => {
  const { app } = await buildTestApp(t, { REQUEST_TIMEOUT_SECONDS: '1' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const cases: [string, string][] = [
    // Headers that never end (slowloris), and a body that stops halfway.
    ['slow headers', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n'],
    [
      'slow body',
      'POST /api/vectorize HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
        'Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n',
    ],
  ];
  for (const [label, raw] of cases) {
    const started = Date.now();
    const answer = await rawExchange(base, raw);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    t.match(head, /^HTTP\/1.1 408 /, `${label}: 408`);
    t.match(head, /\r\nService-Version: \d{4}-\d{2}-\d{2}\r\n/i, `${label}: Service-Version`);
    t.match(JSON.parse(body), { detail: /took too long/ }, `${label}: a detail`);
    t.ok(Date.now() - started < 3000, `${label}: refused within the timeout and a check interval`);
  }
  t.equal((await fetch(`${base}/api/health`)).status, 200, 'the server keeps serving');
});

t.test('a malformed URL, refused before routing, gets CORS and nosniff too', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject({ method: 'GET', url: '/api/jobs/%E0%A4%A' });
  t.equal(res.statusCode, 404);
  t.equal(res.headers['access-control-allow-origin'], '*');
  t.equal(res.headers['x-content-type-options'], 'nosniff');
  t.ok(res.headers['service-version']);
});
