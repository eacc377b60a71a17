/**
 * scripts/run-tests.mjs, the runner of both tiers: a file that hangs past its budget is stopped and
 * fails, and a file that declares a longer budget of its own (`t.setTimeout`) gets it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import t from 'tap';

const runner = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/run-tests.mjs');

t.test('the default budget stops a hanging file; a declared budget overrides it', async (t) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'run-tests-'));
  // Plain node programs printing TAP, so they need no package from this folder.
  writeFileSync(path.join(folder, 'hangs.test.mjs'), 'setInterval(() => {}, 1000);\n');
  writeFileSync(
    path.join(folder, 'declares.test.mjs'),
    [
      'const t = { setTimeout() {} };',
      't.setTimeout(5_000)',
      "setTimeout(() => console.log('ok 1 - waited past the default\\n1..1'), 2000);",
      '',
    ].join('\n'),
  );
  const run = spawnSync(process.execPath, [runner, '--timeout=1', folder], { encoding: 'utf8' });
  t.equal(run.status, 1, 'one file failed, so the run fails');
  t.match(run.stdout, /not ok \d - \S*hangs\.test\.mjs # time=1\.\d+s\n\s+---\n\s+reason: timed out after 1 s/);
  t.match(run.stdout, /\n {4}ok 1 - waited past the default\n/);
  t.match(run.stdout, /\nok \d - \S*declares\.test\.mjs # time=2\.\d+s\n/);
});

t.test('a budget that is not a positive number is refused', async (t) => {
  const run = spawnSync(process.execPath, [runner, '--timeout=soon', '.'], { encoding: 'utf8' });
  t.equal(run.status, 2);
  t.match(run.stderr, /usage: node scripts\/run-tests\.mjs/);
});
