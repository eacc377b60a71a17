import t from 'tap';

import { buildTestApp } from '../helpers/app.js';

t.test('GET /api/stats counts distinct anonymised visitors and requests served', async (t) => {
  const { app } = await buildTestApp(t);
  for (const remoteAddress of ['203.0.113.1', '203.0.113.1', '203.0.113.2']) {
    await app.inject({ url: '/api/health', remoteAddress });
  }
  const res = await app.inject({ url: '/api/stats', remoteAddress: '203.0.113.2' });
  t.equal(res.statusCode, 200);
  const stats = res.json();
  t.same(stats.visitors, { last_5_minutes: 2, today: 2 });
  t.same(stats.requests_served, { today: 3, since_start: 3 }, 'the stats request itself is counted once answered');
  t.equal(stats.day, new Date().toISOString().slice(0, 10));
  t.notMatch(res.body, /203\.0\.113/, 'addresses never appear');
});

t.test('stats disabled: 503 with a detail', async (t) => {
  const { app } = await buildTestApp(t, { STATS_ENABLED: 'false' });
  const res = await app.inject('/api/stats');
  t.equal(res.statusCode, 503);
  t.match(res.json().detail, /disabled/);
  t.equal(res.headers['service-version'], '2026-10-14');
});
