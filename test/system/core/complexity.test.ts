/**
 * Bounded work: images that are not logos (patterns, noise, dithering,
 * photos, mosaics of hundreds of colors) are recognised and refused within
 * a fraction of a second, a trace stops at its deadline, and real logos,
 * large ones too, trace well within it.
 */
import t from 'tap';

import { traceImage } from '../../../src/core/tracer.js';
import { busyLogo } from '../../helpers/fixtures.js';
import { checkerboard, dithered, faintNoise, mosaic, noise, photo } from '../../helpers/hostile.js';
import { drawnLogo, FOUR_COLORS } from '../../helpers/images.js';
import { rejectsWithCode } from '../../helpers/trace.js';

/** The service's default deadline. */
const DEADLINE_MS = 1500;
const sorted = (colors: readonly string[]) => [...colors].sort();

t.test('patterns, noise, dithering, photos and mosaics are recognised and refused fast with TOO_COMPLEX', async (t) => {
  const images = await Promise.all([
    checkerboard(1000, 1000, 1),
    checkerboard(1200, 1200, 3),
    noise(800),
    dithered(1000),
    photo(1500),
    mosaic(1000, 250, 40),
  ]);
  for (const hostile of images) {
    const started = performance.now();
    // A generous deadline: the refusal must come from recognising the image, not from running out of time.
    const error = await rejectsWithCode(
      t,
      traceImage(hostile.image, {}, { deadlineMs: 30_000 }),
      'TOO_COMPLEX',
      hostile.name,
    );
    const ms = performance.now() - started;
    t.comment(`${hostile.name}: refused in ${ms.toFixed(0)} ms: ${error?.message ?? ''}`);
    t.match(error?.message, /too complex for a logo/, `${hostile.name}: the message says why`);
    t.notMatch(error?.message, /did not finish/, `${hostile.name}: recognised, not timed out`);
    t.ok(ms < DEADLINE_MS, `${hostile.name}: refused within the default deadline (${ms.toFixed(0)} ms)`);
  }
});

t.test(
  'a grey sheet of faint grain is refused fast: its grain goes with the paper, or kept it is too complex',
  async (t) => {
    const sheet = await faintNoise(1000);
    for (const [transparent, code, reason] of [
      [true, 'NOTHING_TO_TRACE', /nothing to trace/],
      [false, 'TOO_COMPLEX', /too complex for a logo/],
    ] as const) {
      const started = performance.now();
      const error = await rejectsWithCode(t, traceImage(sheet.image, { transparent }, { deadlineMs: 30_000 }), code);
      const ms = performance.now() - started;
      t.comment(`transparent=${transparent}: refused in ${ms.toFixed(0)} ms: ${error?.message ?? ''}`);
      t.match(error?.message, reason, 'the message says why');
      t.ok(ms < DEADLINE_MS, `refused within the default deadline (${ms.toFixed(0)} ms)`);
    }
  },
);

t.test('a trace that reaches its deadline stops there with TOO_COMPLEX', async (t) => {
  const busy = busyLogo(1400, 2000);
  const started = performance.now();
  const error = await rejectsWithCode(t, traceImage(busy, { smoothing: 0 }, { deadlineMs: 30 }), 'TOO_COMPLEX');
  const ms = performance.now() - started;
  t.comment(`deadline 30 ms: stopped after ${ms.toFixed(0)} ms`);
  t.match(error?.message, /did not finish within 30 ms/, 'the message gives the deadline');
  t.ok(ms < 30 + 400, 'within moments of it');
  const unbounded = await traceImage(busy, { smoothing: 0 });
  t.equal(unbounded.palette.length, 4, 'the same image traces in full without a deadline');
});

t.test('real logos, large ones too, trace within the default deadline', async (t) => {
  for (const options of [
    { width: 2000, format: 'png' as const },
    { width: 2000, format: 'jpeg' as const },
    { width: 5000, format: 'png' as const },
  ]) {
    const logo = await drawnLogo({ ...options, palette: FOUR_COLORS });
    const started = performance.now();
    const result = await traceImage(logo.image, {}, { deadlineMs: DEADLINE_MS });
    const ms = performance.now() - started;
    // Resolving at all is the point: the deadline counts the trace's CPU time, so a busy test machine cannot fail it.
    t.comment(
      `${options.width} px ${options.format}: traced in ${ms.toFixed(0)} ms within the ${DEADLINE_MS} ms deadline`,
    );
    if (options.format === 'png')
      t.same(sorted(result.palette), sorted(logo.palette), `${options.width} px ${options.format}: every drawn color`);
    else
      t.equal(
        result.palette.length,
        logo.palette.length,
        `${options.width} px ${options.format}: as many colors as drawn`,
      );
  }
});
