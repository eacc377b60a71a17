import t from 'tap';

import { buildTestApp } from '../helpers/app.js';
import { drawnLogo } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';

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

t.test('uploads are counted with their distinct upload sessions, never shown back', async (t) => {
  const { app } = await buildTestApp(t);
  const logo = (await drawnLogo()).image;
  const sessions = ['visit-a', 'visit-a', 'visit-b', ''];
  for (const session of sessions) {
    const form = await uploadForm(logo, session ? { upload_session_id: session } : {});
    const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...form });
    t.equal(res.statusCode, 200);
    t.notMatch(res.body, /visit-/, 'the job result never carries the session id');
  }
  // A replay under the same Idempotency-Key is not a new upload.
  const keyed = await uploadForm(logo, { upload_session_id: 'visit-c' });
  for (let i = 0; i < 2; i += 1) {
    await app.inject({
      method: 'POST',
      url: '/api/vectorize',
      ...keyed,
      headers: { ...keyed.headers, 'idempotency-key': 'k1' },
    });
  }
  const stats = (await app.inject('/api/stats')).json();
  t.same(stats.uploads, { today: 5, sessions_today: 3 }, 'five uploads from visits a, b and c (one without an id)');
  t.notMatch(JSON.stringify(stats), /visit-/);
});
