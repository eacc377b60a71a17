/**
 * Faults against a real server process (issue 13): SIGKILL during a trace and
 * while storing, a full disk, a read-only disk. No finished job may be lost.
 * The disk faults need root to mount a small tmpfs; without it they say so.
 */
import t from 'tap';

import { runFaults } from '../../helpers/faults.js';

t.test('killed, filled or made read-only, the server loses no finished job', async (t) => {
  for (const outcome of await runFaults(t)) {
    if (outcome.unavailable) {
      t.pass(outcome.fault, { skip: outcome.unavailable });
      continue;
    }
    for (const { what, ok, got } of outcome.checks) t.ok(ok, `${outcome.fault}: ${what}`, got ? { got } : {});
    t.ok(outcome.jobsBefore > 0, `${outcome.fault}: finished jobs were stored before the fault`);
    t.equal(outcome.jobsLost, 0, `${outcome.fault}: no job lost of ${outcome.jobsBefore}`);
  }
});
