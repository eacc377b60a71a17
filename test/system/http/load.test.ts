/**
 * A short mixed load on a real server (test/helpers/mixed-load.ts): uploads,
 * readers, kit builds and MCP calls at once get only 2xx and the documented
 * 429s, no connection fails, and the jobs made before it are still served.
 * The 60 s run with the event-loop delay and memory targets is
 * `npm run reliability`, on a machine that runs nothing else.
 */
import t from 'tap';

import { runMixedLoad } from '../../helpers/mixed-load.js';

t.test('under a mixed load the server answers only 2xx and the documented 429s, and loses no job', async (t) => {
  const load = await runMixedLoad(10);
  for (const group of load.groups) {
    t.ok(group.requests > 0, `${group.name}: served (${JSON.stringify(group.statuses)})`);
    t.equal(group.unexpected, 0, `${group.name}: no status but 2xx and 429`);
    t.equal(group.errors, 0, `${group.name}: no connection error or timeout`);
  }
  t.ok(
    load.groups.some((g) => (g.statuses['200'] ?? 0) > 0 && g.name.startsWith('uploads')),
    'uploads got through',
  );
  t.equal(load.jobsLost, 0, 'every job made before the load is still served');
});
