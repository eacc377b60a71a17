/**
 * schemathesis with every check, against a real server and its own
 * /openapi.json: every response must match the document (statuses, headers,
 * bodies), undeclared methods must get 405, schema-violating requests must be
 * refused and valid ones accepted. It must find nothing. .ci/run installs
 * schemathesis into .venv from requirements-dev.txt.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import t from 'tap';

import { newDataDir } from '../helpers/app.js';
import { startServer } from '../helpers/server-process.js';

const PROJECT_ROOT = join(import.meta.dirname, '../..');
const SCHEMATHESIS = process.env.SCHEMATHESIS_BIN ?? join(PROJECT_ROOT, '.venv/bin/schemathesis');
const EXAMPLES_PER_OPERATION = 20;

// A run takes about a minute alone, longer beside the other test files.
t.setTimeout(600_000);

const missing = existsSync(SCHEMATHESIS)
  ? false
  : `schemathesis is not installed at ${SCHEMATHESIS}: python3 -m venv .venv && .venv/bin/pip install -r requirements-dev.txt`;

t.test('schemathesis, every check, finds nothing', { skip: missing, timeout: 600_000 }, async (t) => {
  const { base, child } = await startServer({ DATA_DIR: await newDataDir(t), LOG_LEVEL: 'warn' });
  t.teardown(() => child.kill());
  const job = (await (await fetch(`${base}/api/sample`, { method: 'POST' })).json()) as { id: string };
  const run = await promisify(execFile)(
    SCHEMATHESIS,
    [
      'run',
      `${base}/openapi.json`,
      '--checks',
      'all',
      '--max-examples',
      String(EXAMPLES_PER_OPERATION),
      '--workers',
      '1',
      '--no-color',
    ],
    { cwd: PROJECT_ROOT, env: { ...process.env, JOB_TOKEN: job.id }, maxBuffer: 64 * 1024 * 1024, timeout: 540_000 },
  ).then(
    (out) => ({ code: 0, output: out.stdout }),
    (failure: unknown) => {
      const error = failure as { code?: number; stdout?: string; stderr?: string };
      return { code: error.code ?? -1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` };
    },
  );
  const cases = /(\d+) generated/.exec(run.output)?.[1];
  const summary = run.output
    .split('\n')
    .filter((line) => /generated|failures?|passed|in \d/.test(line))
    .slice(-4)
    .join(' | ');
  t.comment(`schemathesis: ${cases ?? '?'} cases; ${summary}`);
  t.ok(Number(cases) > 500, `it generated enough cases (${cases ?? 'none'})`);
  t.equal(run.code, 0, 'it found no failure', { output: run.output.slice(-8000) });
});
