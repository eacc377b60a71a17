/**
 * The bad-input suite against the real server process: every case of test/helpers/bad-inputs.ts gets the
 * spec's status with a clear detail, never a 5xx, and the server keeps serving after each.
 */
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import t from 'tap';

import {
  BAD_FIXTURE_FILES,
  BAD_FIXTURES_DIR,
  BAD_INPUTS,
  MAX_DETAIL_CHARS,
  runBadInputs,
} from '../../helpers/bad-inputs.js';
import { startServer } from '../../helpers/server-process.js';

t.test('test/fixtures/bad holds every file the cases upload, and nothing else', async (t) => {
  t.same((await readdir(BAD_FIXTURES_DIR)).sort(), [...BAD_FIXTURE_FILES].sort(), '`npm run fixtures:bad` writes them');
});

t.test('every bad input gets its status and a clear detail; the server keeps serving', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'lv-bad-inputs-'));
  const { base, child } = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  // The server goes first, so nothing writes to the folder while it is removed.
  t.teardown(async () => {
    const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
    child.kill();
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  });
  const results = await runBadInputs(base);
  t.same(
    results.map((r) => r.name),
    BAD_INPUTS.map((c) => c.name),
    'one result per case, in order',
  );
  for (const [i, r] of results.entries()) {
    const { detail: wanted } = BAD_INPUTS[i]!;
    t.test(r.name, async (t) => {
      const diagnostics = { detail: r.detail.slice(0, 300), failures: r.failures.map((f) => f.slice(0, 300)) };
      t.ok(r.expected.includes(r.status), `status ${r.status}, expected ${r.expected.join(' or ')}`, diagnostics);
      t.ok(r.status > 0 && r.status < 500, 'an answer, and never a 5xx');
      if (r.status === 200) {
        t.ok(r.wellFormed, 'the result is right', diagnostics);
      } else {
        t.ok(r.wellFormed, 'a JSON error body with a detail', diagnostics);
        t.ok(r.detail.length > 0 && r.detail.length <= MAX_DETAIL_CHARS, `a detail of ${r.detail.length} characters`);
        if (wanted) t.match(r.detail, wanted, 'the detail names the problem');
      }
      t.ok(r.serviceVersion, 'Service-Version header');
      t.ok(r.healthy, 'GET /api/health answers 200 after it');
    });
  }
});
