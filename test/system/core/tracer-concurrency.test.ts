/**
 * The engine under load and failure: concurrent calls on the libuv
 * threadpool, the event loop staying free, and cancellation through an
 * AbortSignal (panics becoming rejections: test/system/native-hooks.test.ts).
 */
import t from 'tap';

import { traceImage, type TraceResult } from '../../../src/core/tracer.js';
import {
  GRAY,
  ORANGE,
  busyLogo,
  jpeg,
  matchPalette,
  png,
  renderSvgAt,
  twoColorLogo,
  variantLogo,
} from '../../helpers/fixtures.js';
import { rejectsWithCode } from '../../helpers/trace.js';

const sorted = (colors: readonly string[]) => [...colors].sort();
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const COLOR_POOL = ['#fc4c02', '#54585a', '#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#1e3a8a', '#e91e63'];

/** Watches the event loop: ticks of a short interval and the longest gap between them. */
function loopWatch(everyMs = 5) {
  const started = performance.now();
  let last = started;
  let ticks = 0;
  let maxGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    ticks++;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const elapsed = performance.now() - started;
      return { ticks, maxGap: Math.max(maxGap, performance.now() - last), elapsed, expected: elapsed / everyMs };
    },
  };
}

t.test(
  '20 concurrent traces of different logos all resolve with their own palettes; the event loop keeps ticking',
  async (t) => {
    const cases = await Promise.all(
      Array.from({ length: 20 }, async (_, seed) => {
        const count = 1 + (seed % 3);
        const colors = Array.from({ length: count }, (_, i) => COLOR_POOL[(seed + i * 3) % COLOR_POOL.length]!);
        const fixture = variantLogo(seed, colors);
        // Six times the drawn size (about 1000 to 2300 px wide), so each trace takes a while.
        const source = renderSvgAt(fixture.svg, fixture.width * 6);
        const lossy = seed % 4 === 3;
        return { seed, colors, lossy, input: lossy ? await jpeg(source, 90) : source };
      }),
    );
    const watch = loopWatch(5);
    const settled = await Promise.allSettled(cases.map((c) => traceImage(c.input)));
    const loop = watch.stop();
    let engineMs = 0;
    settled.forEach((outcome, i) => {
      const c = cases[i];
      if (!c) return;
      if (outcome.status === 'rejected') {
        t.fail(`logo ${c.seed} rejected: ${String(outcome.reason)}`);
        return;
      }
      const result: TraceResult = outcome.value;
      engineMs += result.engineMs;
      if (c.lossy) {
        t.equal(
          result.palette.length,
          c.colors.length,
          `logo ${c.seed} (JPEG): ${c.colors.length} colors, got ${result.palette.join(' ')}`,
        );
        for (const m of matchPalette(result.palette, c.colors))
          t.ok(m.diff <= 2, `logo ${c.seed} (JPEG): ${m.expected} within 2 (got ${m.got})`);
      } else {
        t.same(sorted(result.palette), sorted(c.colors), `logo ${c.seed} (PNG): exact palette`);
      }
    });
    t.comment(
      `20 traces: ${loop.elapsed.toFixed(0)} ms wall, ${engineMs.toFixed(0)} ms engine time summed; ` +
        `${loop.ticks} ticks of a 5 ms interval (${loop.expected.toFixed(0)} expected), longest gap ${loop.maxGap.toFixed(1)} ms`,
    );
    t.ok(
      engineMs > loop.elapsed,
      'traces overlapped: more engine time than wall time, so several ran at once off the JS thread',
    );
    t.ok(loop.maxGap < 250, `the event loop never stalled (longest gap ${loop.maxGap.toFixed(1)} ms < 250 ms)`);
    t.ok(
      loop.ticks >= loop.expected * 0.3,
      `the interval kept ticking (${loop.ticks} of ~${loop.expected.toFixed(0)})`,
    );
  },
);

t.test('an AbortSignal that is already aborted rejects with ABORTED', async (t) => {
  const controller = new AbortController();
  controller.abort();
  await rejectsWithCode(
    t,
    traceImage(png(twoColorLogo()), {}, { signal: controller.signal }),
    'ABORTED',
    'already aborted',
  );
});

t.test('abort while queued behind a saturated threadpool rejects with ABORTED; running work finishes', async (t) => {
  const busy = busyLogo(2200, 900);
  const small = png(twoColorLogo());
  const started = performance.now();
  // More blockers than pool threads: every thread is busy and some wait.
  const blockers = Array.from({ length: POOL_SIZE + 2 }, () =>
    traceImage(busy, { smoothing: 0 }).then((r) => ({ r, at: performance.now() - started })),
  );
  const controller = new AbortController();
  const queued = traceImage(small, {}, { signal: controller.signal }).then(
    (r) => ({ resolved: r, at: performance.now() - started }),
    (e: unknown) => ({ rejected: e as { code?: string; message?: string }, at: performance.now() - started }),
  );
  // The call is queued once traceImage has returned; abort on the next turn.
  await new Promise((resolve) => setImmediate(resolve));
  controller.abort();
  const outcome = await queued;
  const done = await Promise.all(blockers);
  const firstBlocker = Math.min(...done.map((d) => d.at));
  t.comment(
    `pool of ${POOL_SIZE}: the queued call settled at ${outcome.at.toFixed(0)} ms, the first blocker at ${firstBlocker.toFixed(0)} ms`,
  );
  t.ok('rejected' in outcome, 'the queued call rejects');
  if ('rejected' in outcome) {
    t.equal(outcome.rejected.code, 'ABORTED', 'with code ABORTED');
    t.ok(outcome.at < firstBlocker, 'at once, without waiting for a free thread');
  }
  for (const d of done) t.equal(d.r.palette.length, 4, 'the blockers all finish normally');
});

t.test('abort after a trace has started stops it at once with ABORTED; the engine keeps working', async (t) => {
  const busy = busyLogo(2200, 2000);
  const alone = performance.now();
  await traceImage(busy, { smoothing: 0 });
  const fullMs = performance.now() - alone;
  const controller = new AbortController();
  const started = performance.now();
  const running = traceImage(busy, { smoothing: 0 }, { signal: controller.signal });
  const abortAfterMs = Math.min(100, fullMs / 4);
  await new Promise((resolve) => setTimeout(resolve, abortAfterMs));
  controller.abort();
  const aborted = performance.now();
  const error = await rejectsWithCode(t, running, 'ABORTED', 'the running trace rejects');
  const stoppedMs = performance.now() - aborted;
  t.comment(
    `a full trace takes ${fullMs.toFixed(0)} ms; aborted after ${abortAfterMs.toFixed(0)} ms, it stopped ${stoppedMs.toFixed(0)} ms later`,
  );
  t.match(error?.message, /cancelled/, 'saying it was cancelled');
  t.ok(performance.now() - started < fullMs, 'before the trace would have finished');
  // Aborting a finished call is harmless.
  const finished = new AbortController();
  const result = await traceImage(png(twoColorLogo()), {}, { signal: finished.signal });
  finished.abort();
  t.equal(result.palette.length, 2, 'aborting after completion changes nothing');
  t.same(
    sorted((await traceImage(png(twoColorLogo()))).palette),
    sorted([ORANGE, GRAY]),
    'and the engine keeps working',
  );
});
