import t from 'tap';

import { buildTestApp } from '../helpers/app.js';

t.test('GET /api/health answers {"status":"ok"}', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject('/api/health');
  t.equal(res.statusCode, 200);
  t.same(res.json(), { status: 'ok' });
  t.equal(res.headers['service-version'], '2026-10-14');
  const head = await app.inject({ method: 'HEAD', url: '/api/health' });
  t.equal(head.statusCode, 200);
});
