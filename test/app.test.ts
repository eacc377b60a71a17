import t from 'tap';

import { buildTestApp, newDataDir } from './helpers/app.js';

t.test('a restart keeps jobs, their files and idempotency keys', async (t) => {
  const dataDir = await newDataDir(t);
  const first = await buildTestApp(t, { DATA_DIR: dataDir });
  const created = await first.app.inject({
    method: 'POST',
    url: '/api/sample',
    headers: { 'idempotency-key': 'k-restart' },
  });
  const job = created.json();
  const svg = (await first.app.inject(job.svg)).body;
  await first.app.close();

  const second = await buildTestApp(t, { DATA_DIR: dataDir });
  const again = await second.app.inject(job.svg);
  t.equal(again.statusCode, 200);
  t.equal(again.body, svg);
  const hidden = await second.app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    payload: { hidden_colors: [job.palette[0]] },
  });
  t.equal(hidden.statusCode, 200);
  const replay = await second.app.inject({
    method: 'POST',
    url: '/api/sample',
    headers: { 'idempotency-key': 'k-restart' },
  });
  t.equal(replay.headers['idempotent-replayed'], 'true');
  t.equal(replay.body, created.body);
});
