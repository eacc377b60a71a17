/**
 * schemathesis with every check, against a real server and its own
 * /openapi.json: every response must match the document (statuses, headers,
 * bodies), undeclared methods must get 405, schema-violating requests must be
 * refused and valid ones accepted. It must find nothing.
 */
import t from 'tap';

import { newDataDir } from '../../helpers/app.js';
import { runSchemathesis, schemathesisMissing } from '../../helpers/schemathesis.js';
import { startServer } from '../../helpers/server-process.js';

// A run takes about a minute alone, longer beside the other test files.
t.setTimeout(600_000);

t.test('schemathesis, every check, finds nothing', { skip: schemathesisMissing, timeout: 600_000 }, async (t) => {
  const { base, child } = await startServer({ DATA_DIR: await newDataDir(t), LOG_LEVEL: 'warn' });
  t.teardown(() => child.kill());
  const job = (await (await fetch(`${base}/api/sample`, { method: 'POST' })).json()) as { id: string };
  const run = await runSchemathesis(base, job.id, 10);
  t.comment(`schemathesis: ${run.cases} cases; ${run.summary}`);
  t.ok(run.cases > 300, `it generated enough cases (${run.cases})`);
  t.equal(run.exitCode, 0, 'it found no failure', { output: run.output.slice(-8000) });
});
