import t from 'tap';

import type { ConcurrencyGate } from '../../src/core/gate.js';
import { DEFAULT_SETTINGS, type TraceSettings } from '../../src/core/settings.js';
import { traceImage } from '../../src/core/tracer.js';
import { openFileStore } from '../../src/store/index.js';
import { buildTestApp, newDataDir, type Teardown } from '../helpers/app.js';
import { fiveColorLogo, png } from '../helpers/fixtures.js';
import { drawnLogo, GRADIENT_LOGO } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';
import { REVISION_FIELDS } from '../helpers/revision.js';
import { controlledTracer } from '../helpers/tracer.js';

const BASE_URL = 'https://logos.test';
const FIVE_COLOR_PNG = png(fiveColorLogo());

const settingsUrl = (token: string) => `/api/jobs/${token}/editor/settings`;
const visibilityUrl = (token: string) => `/api/jobs/${token}/editor/visibility`;
const key = (value: string) => ({ 'idempotency-key': value });

/**
 * The app on BASE_URL with a counted tracer, and a revision of the five-color logo (or `image`) made as the
 * MCP server makes it.
 */
async function appWithRevision(
  t: Teardown,
  settings: Partial<TraceSettings> = {},
  { image = FIVE_COLOR_PNG, ...options }: { gate?: ConcurrencyGate; image?: Buffer } = {},
) {
  const tracer = controlledTracer();
  const { app } = await buildTestApp(t, { BASE_URL }, { trace: tracer.trace, ...options });
  const source = await app.revisions.create(image, { ...DEFAULT_SETTINGS, ...settings });
  return { app, tracer, source };
}

t.test('editor/settings re-traces into a new revision with every Revision field', async (t) => {
  const { app, tracer, source } = await appWithRevision(t);
  const sourceSvg = (await app.inject(`/api/jobs/${source.id}/logo.svg`)).body;
  const calls = tracer.calls;

  const res = await app.inject({
    method: 'POST',
    url: settingsUrl(source.id),
    payload: { smoothing: 70, trim: false },
  });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['service-version'], '2026-10-14');
  t.match(res.headers['content-type'], /^application\/json/);
  const revision = res.json();
  t.same(Object.keys(revision).sort(), REVISION_FIELDS, 'exactly the Revision fields');
  t.equal(tracer.calls, calls + 1, 'traced again');

  const id = revision.revision_id;
  t.match(id, /^[A-Za-z0-9_-]{24}$/);
  t.not(id, source.id);
  t.equal(revision.svg_url, `${BASE_URL}/api/jobs/${id}/logo.svg`);
  t.equal(revision.preview_url, `${BASE_URL}/api/jobs/${id}/preview.png`);
  t.equal(revision.preview_markdown, `![Vectorized logo preview](${revision.preview_url})`);
  const settings = { ...DEFAULT_SETTINGS, smoothing: 70, trim: false };
  t.same(revision.settings, settings);
  const reference = await traceImage(FIVE_COLOR_PNG, settings);
  t.same(revision.palette, reference.palette);
  t.same(revision.hidden_colors, []);
  t.same([revision.width, revision.height], [reference.width, reference.height]);
  t.equal(revision.warning, reference.warnings.join('; '));
  t.type(revision.expires_in_seconds, 'number');
  t.ok(Number.isInteger(revision.expires_in_seconds));
  t.ok(revision.expires_in_seconds <= 7200 && revision.expires_in_seconds >= 7190, 'about two hours left');

  const svg = await app.inject(new URL(revision.svg_url).pathname);
  t.equal(svg.statusCode, 200);
  t.equal(svg.body, reference.svg, 'the SVG is the trace with the new settings');
  t.equal(Buffer.byteLength(svg.body), revision.bytes);
  const preview = await app.inject(new URL(revision.preview_url).pathname);
  t.equal(preview.statusCode, 200);
  t.equal(preview.headers['content-type'], 'image/png');

  t.equal((await app.inject(`/api/jobs/${source.id}/logo.svg`)).body, sourceSvg, 'the source SVG is unchanged');
  t.same(await app.revisions.get(source.id), source, 'the source revision is unchanged');
  t.equal((await app.revisions.get(id)).originalId, source.id, 'the new revision records its source');
});

t.test("editor/settings: fields left out keep the revision's values", async (t) => {
  const { app, source } = await appWithRevision(t, { colors: 4, smoothing: 10, transparent: true, trim: false });
  const post = (payload: object) => app.inject({ method: 'POST', url: settingsUrl(source.id), payload });

  const some = await post({ smoothing: 55 });
  t.equal(some.statusCode, 200);
  t.same(some.json().settings, { colors: 4, smoothing: 55, transparent: true, trim: false, palette: [] });

  const none = await post({});
  t.equal(none.statusCode, 200);
  t.same(none.json().settings, source.settings, 'an empty body re-traces with the same settings');
  t.not(none.json().revision_id, source.id, 'still a new revision');

  const every = await post({ colors: 2, smoothing: 0, transparent: false, trim: true });
  t.same(every.json().settings, { colors: 2, smoothing: 0, transparent: false, trim: true, palette: [] });
  t.same(every.json().palette, (await traceImage(FIVE_COLOR_PNG, every.json().settings)).palette);

  // Changes accumulate along a chain of revisions.
  const next = await app.inject({
    method: 'POST',
    url: settingsUrl(some.json().revision_id),
    payload: { trim: true },
  });
  t.same(next.json().settings, { colors: 4, smoothing: 55, transparent: true, trim: true, palette: [] });
});

// Fastify's ajv coerces types: null must not become 0 or false on its way to "keep".
t.test("editor/settings: null fields keep the revision's values", async (t) => {
  const { app, source } = await appWithRevision(t, { colors: 4, smoothing: 10, transparent: true, trim: false });
  const post = (payload: object) => app.inject({ method: 'POST', url: settingsUrl(source.id), payload });

  const some = await post({ colors: null, smoothing: 55, transparent: null });
  t.equal(some.statusCode, 200);
  t.equal(some.json().settings.smoothing, 55, 'the field that is set changes');
  t.equal(some.json().settings.trim, false, 'the field left out is kept');
  t.equal(some.json().settings.colors, 4, 'colors: null keeps 4');
  t.equal(some.json().settings.transparent, true, 'transparent: null keeps true');

  const allNull = await post({ colors: null, smoothing: null, transparent: null, trim: null });
  t.equal(allNull.statusCode, 200);
  t.same(allNull.json().settings, source.settings, 'all null keeps every setting');
});

t.test('editor/settings: invalid values are 422 with a list of problems', async (t) => {
  const { app, source, tracer } = await appWithRevision(t);
  const calls = tracer.calls;
  const post = (payload: object) => app.inject({ method: 'POST', url: settingsUrl(source.id), payload });

  const res = await post({ colors: 5, smoothing: 101 });
  t.equal(res.statusCode, 422);
  t.equal(res.headers['service-version'], '2026-10-14');
  const { detail } = res.json();
  t.ok(Array.isArray(detail) && detail.length >= 2, 'a list');
  for (const problem of detail) {
    t.same(Object.keys(problem).sort(), ['loc', 'msg', 'type']);
    t.type(problem.msg, 'string');
    t.type(problem.type, 'string');
  }
  const locs = new Set(detail.map((p: { loc: unknown[] }) => JSON.stringify(p.loc)));
  t.same([...locs].sort(), [JSON.stringify(['body', 'colors']), JSON.stringify(['body', 'smoothing'])]);
  t.ok(
    detail.some((p: { loc: string[]; msg: string }) => p.loc[1] === 'colors' && p.msg.includes('0, 1, 2, 3, 4, 6, 8')),
    'the colors problem lists the allowed values',
  );

  for (const [name, payload, field] of [
    ['negative smoothing', { smoothing: -1 }, 'smoothing'],
    ['fractional smoothing', { smoothing: 50.5 }, 'smoothing'],
    ['colors 7', { colors: 7 }, 'colors'],
    ['transparent as an object', { transparent: { yes: true } }, 'transparent'],
  ] as const) {
    const bad = await post(payload);
    t.equal(bad.statusCode, 422, name);
    t.ok(Array.isArray(bad.json().detail), `${name}: a list`);
    t.ok(
      bad.json().detail.every((p: { loc: unknown[] }) => p.loc[0] === 'body' && p.loc[1] === field),
      `${name}: every problem is about ${field}`,
    );
  }

  const notJson = await app.inject({
    method: 'POST',
    url: settingsUrl(source.id),
    headers: { 'content-type': 'application/json' },
    payload: '{"smoothing": ',
  });
  t.equal(notJson.statusCode, 422, 'malformed JSON');
  t.equal(tracer.calls, calls, 'nothing was traced for an invalid request');
});

t.test('editor/settings: an unknown field is 422', async (t) => {
  const { app, source } = await appWithRevision(t);
  // A typo must not pass for "no change": the schema says additionalProperties: false.
  const res = await app.inject({ method: 'POST', url: settingsUrl(source.id), payload: { smothing: 80 } });
  t.equal(res.statusCode, 422, 'refused');
  t.same(res.json().detail?.[0]?.loc, ['body', 'smothing'], 'the problem names the field');
});

t.test('editor/visibility hides exactly the listed colors and restores the others', async (t) => {
  const { app, source, tracer } = await appWithRevision(t);
  const [a, b, c, ...rest] = source.palette as [string, string, string, ...string[]];
  const sourceSvg = (await app.inject(`/api/jobs/${source.id}/logo.svg`)).body;
  const calls = tracer.calls;
  const hide = (token: string, hidden_colors: string[], headers = {}) =>
    app.inject({ method: 'POST', url: visibilityUrl(token), payload: { hidden_colors }, headers });

  const first = await hide(source.id, [b.toUpperCase(), a]);
  t.equal(first.statusCode, 200);
  t.equal(first.headers['service-version'], '2026-10-14');
  const hidden = first.json();
  t.same(Object.keys(hidden).sort(), REVISION_FIELDS);
  t.not(hidden.revision_id, source.id);
  t.same(hidden.hidden_colors, [a, b], 'case-insensitive, in the order of the trace');
  t.same(hidden.palette, [c, ...rest]);
  t.same(hidden.settings, source.settings);
  t.same([hidden.width, hidden.height], [source.width, source.height]);
  t.equal(hidden.svg_url, `${BASE_URL}/api/jobs/${hidden.revision_id}/logo.svg`);
  t.ok(hidden.expires_in_seconds <= 7200 && hidden.expires_in_seconds >= 7190);
  const hiddenSvg = (await app.inject(new URL(hidden.svg_url).pathname)).body;
  t.notOk(hiddenSvg.includes(`fill="${a}"`) || hiddenSvg.includes(`fill="${b}"`), 'hidden colors are left out');
  t.ok(hiddenSvg.includes(`fill="${c}"`));
  t.equal(Buffer.byteLength(hiddenSvg), hidden.bytes);

  const swapped = await hide(hidden.revision_id, [c]);
  t.equal(swapped.statusCode, 200);
  t.same(swapped.json().hidden_colors, [c], 'the list replaces what was hidden');
  t.same(swapped.json().palette, [a, b, ...rest], 'a and b are restored');

  const restored = await hide(swapped.json().revision_id, []);
  t.same(restored.json().hidden_colors, []);
  t.same(restored.json().palette, source.palette);
  t.equal((await app.inject(new URL(restored.json().svg_url).pathname)).body, sourceSvg, 'the full trace again');

  t.equal(tracer.calls, calls, 'nothing was re-traced');
  t.equal((await app.inject(`/api/jobs/${source.id}/logo.svg`)).body, sourceSvg, 'the source SVG is unchanged');
  t.same(await app.revisions.get(source.id), source, 'the source revision is unchanged');
});

t.test('editor/visibility: hiding one stop of a gradient removes its shape and its other stops', async (t) => {
  const { app, source } = await appWithRevision(t, {}, { image: (await drawnLogo(GRADIENT_LOGO)).image });
  const [stops] = source.gradients ?? [];
  if (!stops) return t.fail('the drawn logo is traced with a gradient (the premise of this test)');
  const sourceSvg = (await app.inject(`/api/jobs/${source.id}/logo.svg`)).body;
  const hide = (token: string, hidden_colors: string[]) =>
    app.inject({ method: 'POST', url: visibilityUrl(token), payload: { hidden_colors } });

  const first = (await hide(source.id, [stops[0] ?? ''])).json();
  t.same(first.hidden_colors, [stops[0]]);
  t.same(first.gradients, [], 'the gradient is gone');
  t.same(
    first.palette,
    source.palette.filter((color) => !stops.includes(color)),
    'its stops left the palette with it',
  );
  const svg = (await app.inject(new URL(first.svg_url).pathname)).body;
  t.notMatch(svg, /Gradient|url\(#/, 'neither its shape nor its def is in the SVG');
  t.ok(
    first.palette.every((color: string) => svg.includes(`fill="${color}"`)),
    'the flat colors are all still drawn',
  );

  const restored = (await hide(first.revision_id, [])).json();
  t.same(restored.gradients, [stops], 'showing the stop brings the gradient back');
  t.equal((await app.inject(new URL(restored.svg_url).pathname)).body, sourceSvg);

  const allButGradient = source.palette.filter((color) => !stops.includes(color));
  const gradientOnly = (await hide(source.id, allButGradient)).json();
  t.same(gradientOnly.palette, stops, 'the flat colors hidden, the gradient alone is left');
  t.same(gradientOnly.gradients, [stops]);
  const nothing = await hide(source.id, [...allButGradient, stops.at(-1) ?? '']);
  t.equal(nothing.statusCode, 422, 'hiding a stop as well would leave nothing');
  t.match(nothing.json().detail, /a gradient goes when any of its colors is hidden/);
});

t.test('editor/visibility: colors not in the trace, hiding all and malformed lists are 422', async (t) => {
  const { app, source } = await appWithRevision(t);
  const post = (payload: object) => app.inject({ method: 'POST', url: visibilityUrl(source.id), payload });

  const stranger = await post({ hidden_colors: [source.palette[0], '#123456'] });
  t.equal(stranger.statusCode, 422);
  t.type(stranger.json().detail, 'string');
  t.match(stranger.json().detail, /#123456 is not in this revision's palette/);

  const all = await post({ hidden_colors: source.palette.map((c) => c.toUpperCase()) });
  t.equal(all.statusCode, 422);
  t.match(all.json().detail, /at least one/i);

  const badHex = await post({ hidden_colors: ['red'] });
  t.equal(badHex.statusCode, 422);
  t.same(badHex.json().detail[0].loc, ['body', 'hidden_colors', 0]);

  const many = await post({ hidden_colors: Array(33).fill(source.palette[0]) });
  t.equal(many.statusCode, 422);
  t.equal(many.json().detail[0].type, 'maxItems');

  const missing = await post({});
  t.equal(missing.statusCode, 422);
  t.same(missing.json().detail, [{ loc: ['body', 'hidden_colors'], msg: 'Field required', type: 'missing' }]);
});

t.test('jobs made with /api/vectorize, /api/sample or /visibility are 422: upload again instead', async (t) => {
  const { app, tracer } = await appWithRevision(t);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/vectorize',
    ...(await uploadForm((await drawnLogo()).image)),
  });
  const sample = await app.inject({ method: 'POST', url: '/api/sample' });
  const hidden = await app.inject({
    method: 'POST',
    url: `/api/jobs/${sample.json().id}/visibility`,
    payload: { hidden_colors: [sample.json().palette[0]] },
  });
  const calls = tracer.calls;
  for (const [name, job] of [
    ['vectorize', uploaded],
    ['sample', sample],
    ['visibility', hidden],
  ] as const) {
    t.equal(job.statusCode, 200, `${name} job made`);
    const token = job.json().id;
    const svgBefore = (await app.inject(`/api/jobs/${token}/logo.svg`)).body;
    for (const [endpoint, url, payload] of [
      ['settings', settingsUrl(token), { smoothing: 50 }],
      ['visibility', visibilityUrl(token), { hidden_colors: [] }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload });
      t.equal(res.statusCode, 422, `${name} job, editor/${endpoint}`);
      t.type(res.json().detail, 'string');
      t.match(res.json().detail, /upload the logo again/i, `${name} job, editor/${endpoint}: upload again`);
      t.match(res.json().detail, /new form fields/, `${name} job, editor/${endpoint}: with new form fields`);
      t.equal(res.headers['service-version'], '2026-10-14');
    }
    t.equal((await app.inject(`/api/jobs/${token}/logo.svg`)).body, svgBefore, `${name} job unchanged`);
  }
  t.equal(tracer.calls, calls, 'nothing was traced');
});

t.test('unknown, malformed and expired tokens are 404', async (t) => {
  const clock = { now: Date.now() };
  const store = await openFileStore({ dir: await newDataDir(t), sweepIntervalMs: 0, now: () => clock.now });
  const { app } = await buildTestApp(t, { BASE_URL }, { store });
  for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fjobs']) {
    for (const [url, payload] of [
      [settingsUrl(token), {}],
      [visibilityUrl(token), { hidden_colors: [] }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload });
      t.equal(res.statusCode, 404, url);
      t.type(res.json().detail, 'string');
      t.equal(res.headers['service-version'], '2026-10-14');
    }
  }

  const revision = await app.revisions.create(FIVE_COLOR_PNG, { ...DEFAULT_SETTINGS });
  clock.now += 2 * 3600 * 1000 + 60_000; // just over two hours later
  for (const [url, payload] of [
    [settingsUrl(revision.id), { smoothing: 40 }],
    [visibilityUrl(revision.id), { hidden_colors: [] }],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, payload });
    t.equal(res.statusCode, 404, `expired: ${url}`);
    t.match(res.json().detail, /expired.*upload the logo again/i);
  }
});

t.test('both endpoints go through the concurrency gate: 429 with Retry-After when it is full', async (t) => {
  const busy: ConcurrencyGate = { capacity: 1, tryAcquire: async () => null };
  const { app, source, tracer } = await appWithRevision(t, {}, { gate: busy });
  const calls = tracer.calls;
  for (const [url, payload] of [
    [settingsUrl(source.id), { smoothing: 40 }],
    [visibilityUrl(source.id), { hidden_colors: [source.palette[0]] }],
  ] as const) {
    const res = await app.inject({ method: 'POST', url, payload, headers: key(`busy-${url}`) });
    t.equal(res.statusCode, 429, url);
    t.equal(res.headers['retry-after'], '2');
    t.match(res.json().detail, /one job at a time/);
    t.equal(res.headers['service-version'], '2026-10-14');
  }
  t.equal(tracer.calls, calls, 'nothing was traced');
});

t.test('a 429 is not stored: the same key runs the request once a slot is free', async (t) => {
  let open = false;
  const gate: ConcurrencyGate = { capacity: 1, tryAcquire: async () => (open ? () => {} : null) };
  const { app, source } = await appWithRevision(t, {}, { gate });
  const request = {
    method: 'POST' as const,
    url: visibilityUrl(source.id),
    payload: { hidden_colors: [source.palette[0]] },
    headers: key('k-after-busy'),
  };
  t.equal((await app.inject(request)).statusCode, 429);
  open = true;
  const retry = await app.inject(request);
  t.equal(retry.statusCode, 200);
  t.notOk(retry.headers['idempotent-replayed'], 'run, not replayed');
});

t.test('Idempotency-Key replays the first revision on both endpoints', async (t) => {
  const { app, source, tracer } = await appWithRevision(t);

  const settings = { method: 'POST' as const, url: settingsUrl(source.id), payload: { colors: 3 } };
  const first = await app.inject({ ...settings, headers: key('k-settings') });
  t.equal(first.statusCode, 200);
  t.notOk(first.headers['idempotent-replayed']);
  const calls = tracer.calls;
  const replay = await app.inject({ ...settings, headers: key('k-settings') });
  t.equal(replay.statusCode, 200);
  t.equal(replay.headers['idempotent-replayed'], 'true');
  t.equal(replay.json().revision_id, first.json().revision_id, 'the same revision');
  t.equal(replay.body, first.body);
  t.equal(replay.headers['service-version'], '2026-10-14');
  t.equal(tracer.calls, calls, 'the replay did not trace');
  const fresh = await app.inject(settings);
  t.not(fresh.json().revision_id, first.json().revision_id, 'without the key it is a new revision');

  const otherBody = await app.inject({ ...settings, payload: { colors: 2 }, headers: key('k-settings') });
  t.equal(otherBody.statusCode, 422, 'same key, other settings');
  t.match(otherBody.json().detail, /already used with other parameters/);
  const otherToken = await app.inject({
    ...settings,
    url: settingsUrl(first.json().revision_id),
    headers: key('k-settings'),
  });
  t.equal(otherToken.statusCode, 422, 'same key, other revision');

  const visibility = {
    method: 'POST' as const,
    url: visibilityUrl(source.id),
    payload: { hidden_colors: [source.palette[1]] },
  };
  const hidden = await app.inject({ ...visibility, headers: key('k-visibility') });
  t.equal(hidden.statusCode, 200);
  const hiddenAgain = await app.inject({ ...visibility, headers: key('k-visibility') });
  t.equal(hiddenAgain.headers['idempotent-replayed'], 'true');
  t.equal(hiddenAgain.json().revision_id, hidden.json().revision_id);
  const otherColors = await app.inject({
    ...visibility,
    payload: { hidden_colors: [source.palette[2]] },
    headers: key('k-visibility'),
  });
  t.equal(otherColors.statusCode, 422, 'same key, other colors');
  const crossEndpoint = await app.inject({ ...settings, headers: key('k-visibility') });
  t.equal(crossEndpoint.statusCode, 422, 'same key on the other editor endpoint');

  t.same(await app.revisions.get(source.id), source, 'the source revision is unchanged');
});

t.test('a failed edit is not stored under its key: a retry runs again and the key stays free', async (t) => {
  const { app, source } = await appWithRevision(t);
  const all = { method: 'POST' as const, url: visibilityUrl(source.id), payload: { hidden_colors: source.palette } };
  t.equal((await app.inject({ ...all, headers: key('k-fail') })).statusCode, 422);
  const again = await app.inject({ ...all, headers: key('k-fail') });
  t.equal(again.statusCode, 422, 'ran again and failed again');
  t.notOk(again.headers['idempotent-replayed']);
  const other = await app.inject({
    ...all,
    payload: { hidden_colors: [source.palette[0]] },
    headers: key('k-fail'),
  });
  t.equal(other.statusCode, 200, 'nothing was stored, so the key is free for another request');
});
