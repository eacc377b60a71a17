/**
 * The API over generated requests (fast-check): uploads of generated images
 * with any settings, the sample, visibility, kits and job files, aimed at a
 * live job or at any other token, with and without Service-Version and
 * Idempotency-Key. Every answer's status is one its operation declares in
 * /openapi.json, and every refusal carries the error body.
 */
import t from 'tap';

import { listeningApp } from '../../helpers/mcp.js';
import { checkApiProperty } from '../../helpers/properties.js';

t.test('any request the schema allows gets a declared status', async (t) => {
  const { baseUrl } = await listeningApp(t, { LOG_LEVEL: 'silent' });
  const outcome = await checkApiProperty(baseUrl, { runs: 40 });
  t.equal(outcome.runs, 40, 'every run was made');
  t.comment(`outcomes: ${JSON.stringify(outcome.outcomes)}`);
  t.notOk(outcome.failed, outcome.name, { counterexample: outcome.counterexample, seed: outcome.seed });
});
