/**
 * The engine over generated images (fast-check): drawn logos in any size,
 * colors, background and format, and arbitrary pixels. Every one is traced
 * into a valid SVG whose colors (fills and gradient stops) are its palette,
 * or refused as an image problem, within the deadline. A failure prints the
 * seed that replays it.
 */
import t from 'tap';

import { boundedTracer } from '../../../src/core/tracer.js';
import { checkEngineProperty } from '../../helpers/properties.js';

const DEADLINE_MS = 1500;

t.test('any decodable image is traced or refused as an image, within the deadline', async (t) => {
  const outcome = await checkEngineProperty(boundedTracer(DEADLINE_MS), DEADLINE_MS, { runs: 80 });
  t.equal(outcome.runs, 80, 'every run was made');
  t.comment(`outcomes: ${JSON.stringify(outcome.outcomes)}`);
  t.notOk(outcome.failed, outcome.name, { counterexample: outcome.counterexample, seed: outcome.seed });
});
