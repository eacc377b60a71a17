/**
 * The addon's boundary through its test and benchmark hooks, which only the
 * separate hooks build has (`npm run build:native:hooks`, run by `npm run
 * test:system`): a panic on the threadpool becomes a rejection, the plain
 * vtracer baseline rejects like traceImage, and the shipped addon exports
 * neither.
 */
import t from 'tap';

import { isImageError } from '../../src/core/errors.js';
import { traceImage } from '../../src/core/tracer.js';
import { GRAY, ORANGE, png, twoColorLogo } from '../helpers/fixtures.js';
import { nativeAddon } from '../helpers/native-addon.js';
import { tracePlainVtracer, traceWithForcedPanic } from '../helpers/native-hooks.js';
import { rejectsWithCode } from '../helpers/trace.js';

const sorted = (colors: readonly string[]) => [...colors].sort();

t.test('the shipped addon exports the tracing call only', async (t) => {
  const calls = Object.entries(nativeAddon).filter(([, value]) => typeof value === 'function');
  t.same(
    calls.map(([name]) => name),
    ['traceImage'],
  );
});

t.test('a panic in the engine rejects with INTERNAL and the process carries on', async (t) => {
  const input = png(twoColorLogo());
  const error = await rejectsWithCode(t, traceWithForcedPanic(), 'INTERNAL');
  t.match(error?.message, /panic/, 'the message says it was a panic');
  t.equal(isImageError(error), false, 'an engine failure, not a problem with the image');
  const after = await traceImage(input);
  t.same(sorted(after.palette), sorted([ORANGE, GRAY]), 'a later trace still works');
  // Panics mixed with good traces, all at once: each call gets its own outcome.
  const outcomes = await Promise.allSettled(
    Array.from({ length: 12 }, (_, i) => (i % 2 ? traceWithForcedPanic() : traceImage(input))),
  );
  outcomes.forEach((o, i) => {
    if (i % 2)
      t.ok(
        o.status === 'rejected' && (o.reason as { code?: string }).code === 'INTERNAL',
        `call ${i} panicked cleanly`,
      );
    else t.ok(o.status === 'fulfilled' && o.value.palette.length === 2, `call ${i} traced next to the panics`);
  });
});

t.test('the plain vtracer baseline traces and rejects the same way', async (t) => {
  const traced = await tracePlainVtracer(png(twoColorLogo()));
  t.match(traced.svg, /^<\?xml|^<svg/, 'an SVG');
  t.ok(traced.palette.length >= 2, `its fills are listed (${traced.palette.join(' ')})`);
  await rejectsWithCode(t, tracePlainVtracer(Buffer.from('nope')), 'UNSUPPORTED_FORMAT', 'a non-image is refused');
});
