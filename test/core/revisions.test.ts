import t from 'tap';

import { createJobService } from '../../src/core/jobs.js';
import { createRasterizer } from '../../src/core/raster.js';
import { createRevisionService } from '../../src/core/revisions.js';
import { DEFAULT_SETTINGS, type TraceSettings } from '../../src/core/settings.js';
import { revisionResult } from '../../src/core/results.js';
import { newToken } from '../../src/core/tokens.js';
import { traceImage } from '../../src/core/tracer.js';
import { openFileStore } from '../../src/store/index.js';
import { newDataDir, type Teardown } from '../helpers/app.js';
import { fiveColorLogo, png } from '../helpers/fixtures.js';
import { drawnLogo } from '../helpers/images.js';
import { unzip } from '../helpers/kit.js';
import { controlledTracer } from '../helpers/tracer.js';

const TTL_SECONDS = 600;

/** Five flat colors, each a shape of its own, so settings change the palette predictably. */
const FIVE_COLOR_PNG = png(fiveColorLogo());

/** Revision and job services over one fresh store, on a clock the test moves, with a counted tracer. */
async function services(t: Teardown) {
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const store = await openFileStore({ dir: await newDataDir(t), sweepIntervalMs: 0, now });
  t.teardown(() => store.close());
  const tracer = controlledTracer();
  const rasterize = createRasterizer();
  const jobs = createJobService({ store, ttlSeconds: TTL_SECONDS, trace: tracer.trace, rasterize, now });
  const revisions = createRevisionService({
    store,
    jobs,
    ttlSeconds: TTL_SECONDS,
    trace: tracer.trace,
    rasterize,
    now,
  });
  return { store, clock, tracer, jobs, revisions };
}

function settings(changes: Partial<TraceSettings> = {}): TraceSettings {
  return { ...DEFAULT_SETTINGS, ...changes };
}

const fillOf = (color: string) => `fill="${color}"`;

t.test('create traces the image into a revision that keeps its source image and full trace', async (t) => {
  const { revisions, store, clock, jobs } = await services(t);
  const reference = await traceImage(FIVE_COLOR_PNG, settings());
  t.ok(reference.palette.length >= 3, 'the fixture traces to several colors');

  const revision = await revisions.create(FIVE_COLOR_PNG, settings());
  t.equal(revision.origin, 'revision');
  t.match(revision.id, /^[A-Za-z0-9_-]{24}$/);
  t.equal(revision.createdAt, clock.now);
  t.equal(revision.expiresAt, clock.now + TTL_SECONDS * 1000);
  t.same(revision.palette, reference.palette);
  t.same(revision.revision?.tracedPalette, reference.palette, 'the full palette is kept');
  t.same(revision.hiddenColors, []);
  t.equal(revision.originalId, null);
  t.same(revision.settings, settings());
  t.same([revision.width, revision.height], [reference.width, reference.height]);
  t.equal(revision.warning, reference.warnings.join('; '));
  t.equal(revision.uploadSessionId, '');

  t.same(await revisions.get(revision.id), revision);
  t.same(await jobs.get(revision.id), revision, 'a revision is a job like any other');
  const svg = (await jobs.svg(revision.id)).toString();
  t.equal(svg, reference.svg);
  t.equal(revision.svgBytes, Buffer.byteLength(svg));
  t.ok((await store.readFile(revision.id, 'source-image'))?.equals(FIVE_COLOR_PNG), 'the source image is kept');
  t.equal((await store.readFile(revision.id, 'traced.svg'))?.toString(), reference.svg, 'the full trace is kept');
  t.equal(await revisions.exportedKit(revision.id), null, 'nothing exported yet');
});

t.test('updateSettings re-traces the source image into a new revision with merged settings', async (t) => {
  const { revisions, jobs, tracer } = await services(t);
  const source = await revisions.create(FIVE_COLOR_PNG, settings());
  const sourceSvg = (await jobs.svg(source.id)).toString();
  const calls = tracer.calls;

  const untrimmed = await revisions.updateSettings(source.id, { trim: false, smoothing: 80 });
  t.equal(tracer.calls, calls + 1, 'traced again');
  const merged = settings({ trim: false, smoothing: 80 });
  t.same(untrimmed.settings, merged, 'changes merged into the source settings');
  t.not(untrimmed.id, source.id);
  t.equal(untrimmed.originalId, source.id);
  t.equal(untrimmed.origin, 'revision');
  const reference = await traceImage(FIVE_COLOR_PNG, merged);
  t.equal(
    (await jobs.svg(untrimmed.id)).toString(),
    reference.svg,
    'the trace of the source image with the new settings',
  );
  t.same([untrimmed.width, untrimmed.height], [reference.width, reference.height]);
  t.ok(untrimmed.width > source.width, 'trim=false kept the margins');

  // A chain of edits still reaches the original image.
  const fewer = await revisions.updateSettings(untrimmed.id, { colors: 2 });
  t.same(fewer.settings, settings({ trim: false, smoothing: 80, colors: 2 }), 'earlier changes are kept');
  t.same(fewer.palette, (await traceImage(FIVE_COLOR_PNG, fewer.settings)).palette);
  t.equal(fewer.originalId, untrimmed.id);

  const same = await revisions.updateSettings(source.id, {});
  t.same(same.settings, source.settings, 'no changes keep every setting');
  t.not(same.id, source.id, 'still a new revision');

  t.same(await revisions.get(source.id), source, 'the source record is unchanged');
  t.equal((await jobs.svg(source.id)).toString(), sourceSvg, 'the source SVG is unchanged');
});

t.test('updateSettings keeps hidden colors the new trace still has and notes the ones that vanished', async (t) => {
  const { revisions, jobs } = await services(t);
  const source = await revisions.create(FIVE_COLOR_PNG, settings());
  const full = source.palette;
  // Hide the two smallest colors, then ask for fewer colors: the smallest ones are merged away first.
  const toHide = full.slice(-2);
  const hiding = await revisions.setHiddenColors(source.id, toHide);
  t.same(hiding.hiddenColors, toHide);

  const merged = settings({ colors: 4 });
  const reference = await traceImage(FIVE_COLOR_PNG, merged);
  const kept = toHide.filter((c) => reference.palette.includes(c));
  const gone = toHide.filter((c) => !reference.palette.includes(c));
  t.ok(kept.length > 0 && gone.length > 0, 'the fixture keeps one hidden color and loses the other', { kept, gone });

  const fewer = await revisions.updateSettings(hiding.id, { colors: 4 });
  t.same(fewer.hiddenColors, kept, 'colors still in the trace stay hidden');
  t.same(fewer.revision?.tracedPalette, reference.palette);
  t.same(
    fewer.palette,
    reference.palette.filter((c) => !kept.includes(c)),
    'the visible palette leaves the hidden colors out',
  );
  for (const color of gone) t.match(fewer.warning, color, `the warning names ${color}, which vanished`);
  for (const color of kept) t.notMatch(fewer.warning, color, `the warning does not name ${color}, still hidden`);
  t.match(fewer.warning, /not in the new trace/);
  const svg = (await jobs.svg(fewer.id)).toString();
  for (const color of kept) t.notOk(svg.includes(fillOf(color)), `${color} is left out of the SVG`);
  for (const color of fewer.palette) t.ok(svg.includes(fillOf(color)), `${color} is drawn`);

  // Restoring still works on the new revision: the full trace was kept.
  const restored = await revisions.setHiddenColors(fewer.id, []);
  t.same(restored.palette, reference.palette);
  t.equal((await jobs.svg(restored.id)).toString(), reference.svg);
  t.equal(
    restored.warning,
    reference.warnings.join('; '),
    'the note about colors that vanished in the re-trace is not carried to a revision that hides nothing',
  );

  // Only the colors that vanished are noted: with the same palette there is nothing to say.
  const smoother = await revisions.updateSettings(hiding.id, { smoothing: 60 });
  t.same(smoother.hiddenColors, toHide, 'the same palette keeps every hidden color');
  t.equal(smoother.warning, (await traceImage(FIVE_COLOR_PNG, smoother.settings)).warnings.join('; '));
});

t.test('updateSettings shows every color when the kept hidden colors would hide them all', async (t) => {
  const { revisions } = await services(t);
  const source = await revisions.create(FIVE_COLOR_PNG, settings());
  const smallest = source.palette.at(-1)!;
  // Everything but the smallest color is hidden; with fewer colors the smallest is merged away.
  const onlySmallest = await revisions.setHiddenColors(
    source.id,
    source.palette.filter((c) => c !== smallest),
  );
  t.same(onlySmallest.palette, [smallest]);
  const reference = await traceImage(FIVE_COLOR_PNG, settings({ colors: 2 }));
  t.notOk(reference.palette.includes(smallest), 'the fixture loses its smallest color at 2 colors');
  t.ok(
    reference.palette.every((c) => onlySmallest.hiddenColors.includes(c)),
    'and keeps only hidden ones',
  );

  const fewer = await revisions.updateSettings(onlySmallest.id, { colors: 2 });
  t.same(fewer.hiddenColors, [], 'nothing hidden rather than nothing visible');
  t.same(fewer.palette, reference.palette);
  t.match(fewer.warning, /every color is shown/);
  for (const color of reference.palette) t.match(fewer.warning, color, `${color} is named as shown again`);
  const vanished = onlySmallest.hiddenColors.filter((c) => !reference.palette.includes(c));
  t.ok(vanished.length > 0);
  for (const color of vanished) t.match(fewer.warning, color, `${color}, hidden and now gone, is noted`);
});

t.test('setHiddenColors hides exactly the given colors and restores the others, without re-tracing', async (t) => {
  const { revisions, jobs, tracer } = await services(t);
  const source = await revisions.create(FIVE_COLOR_PNG, settings({ smoothing: 30 }));
  const sourceSvg = (await jobs.svg(source.id)).toString();
  const [a, b, c, ...rest] = source.palette as [string, string, string, ...string[]];
  const calls = tracer.calls;

  const first = await revisions.setHiddenColors(source.id, [b.toUpperCase(), a, a]);
  t.same(first.hiddenColors, [a, b], 'case-insensitive, no duplicates, in the order of the trace');
  t.same(first.palette, [c, ...rest]);
  t.equal(first.originalId, source.id);
  t.same(first.settings, source.settings);
  t.same(first.revision?.tracedPalette, source.palette);
  t.same([first.width, first.height], [source.width, source.height]);
  t.equal(first.warning, source.warning);
  const firstSvg = (await jobs.svg(first.id)).toString();
  t.notOk(firstSvg.includes(fillOf(a)) || firstSvg.includes(fillOf(b)), 'hidden colors are left out');
  t.ok(firstSvg.includes(fillOf(c)));
  t.equal(first.svgBytes, Buffer.byteLength(firstSvg));

  // Not cumulative: the new set replaces the old one, so a and b come back.
  const second = await revisions.setHiddenColors(first.id, [c]);
  t.same(second.hiddenColors, [c]);
  t.same(second.palette, [a, b, ...rest]);
  const secondSvg = (await jobs.svg(second.id)).toString();
  t.ok(secondSvg.includes(fillOf(a)) && secondSvg.includes(fillOf(b)), 'a and b are restored');
  t.notOk(secondSvg.includes(fillOf(c)));

  const all = await revisions.setHiddenColors(second.id, []);
  t.same(all.hiddenColors, []);
  t.same(all.palette, source.palette);
  t.equal((await jobs.svg(all.id)).toString(), sourceSvg, 'an empty list restores the full trace');

  t.equal(tracer.calls, calls, 'nothing was re-traced');
  t.same(await revisions.get(source.id), source, 'the source is unchanged');
  t.equal((await jobs.svg(source.id)).toString(), sourceSvg);
  t.same(await revisions.get(first.id), first, 'so is the intermediate revision');
});

t.test('setHiddenColors refuses colors not in the trace and hiding every color', async (t) => {
  const { revisions } = await services(t);
  const source = await revisions.create(FIVE_COLOR_PNG, settings());
  const [a] = source.palette as [string];

  const stranger = revisions.setHiddenColors(source.id, [a, '#010203']);
  await t.rejects(stranger, { code: 'UNPROCESSABLE' });
  await t.rejects(revisions.setHiddenColors(source.id, ['#010203']), /#010203 is not in this revision's palette/);
  await t.rejects(
    revisions.setHiddenColors(source.id, ['#010203', '#0A0B0C']),
    /#010203, #0a0b0c are not in this revision's palette/,
  );

  await t.rejects(revisions.setHiddenColors(source.id, source.palette), { code: 'UNPROCESSABLE' });
  await t.rejects(
    revisions.setHiddenColors(
      source.id,
      source.palette.map((c) => c.toUpperCase()),
    ),
    /At least one palette color must stay visible/,
  );

  // A color hidden in the source is still in its trace, so it may be listed (and is not a stranger).
  const hidden = await revisions.setHiddenColors(source.id, [a]);
  const again = await revisions.setHiddenColors(hidden.id, [a]);
  t.same(again.hiddenColors, [a]);
  await t.rejects(
    revisions.setHiddenColors(hidden.id, source.palette),
    /At least one/,
    'hiding all is refused from a revision that hides some, too',
  );
});

t.test('review gives each revision one token of its own', async (t) => {
  const { revisions } = await services(t);
  const revision = await revisions.create(FIVE_COLOR_PNG, settings());
  const token = await revisions.review(revision.id);
  t.match(token, /^[A-Za-z0-9_-]{24}$/);
  t.equal(await revisions.review(revision.id), token, 'the same token twice');
  t.same(await revisions.checkReviewToken(revision.id, token), revision);

  const derived = await revisions.setHiddenColors(revision.id, [revision.palette[0]!]);
  await t.rejects(
    revisions.checkReviewToken(derived.id, token),
    { code: 'REVIEW_REQUIRED' },
    'a new revision does not inherit the review of its source',
  );
  const derivedToken = await revisions.review(derived.id);
  t.not(derivedToken, token);
  t.equal(await revisions.review(revision.id), token, 'reviewing another revision changes nothing here');
});

// Two first reviews at once must not leave one caller with a token that export_brand_kit refuses.
t.test('concurrent reviews of one revision agree on the token', async (t) => {
  const { revisions } = await services(t);
  const revision = await revisions.create(FIVE_COLOR_PNG, settings());
  const [first, second] = await Promise.all([revisions.review(revision.id), revisions.review(revision.id)]);
  t.equal(first, second, 'both callers got the same token');
  const accepted = await Promise.all(
    [first, second].map((token) =>
      revisions.checkReviewToken(revision.id, token).then(
        () => true,
        () => false,
      ),
    ),
  );
  t.same(accepted, [true, true], "each caller's token is accepted");
  t.ok(accepted.includes(true), 'at least one of them is');
  t.ok([first, second].includes(await revisions.review(revision.id)), 'later reviews settle on one of them');
});

t.test('checkReviewToken and exportKit need the review token of that very revision', async (t) => {
  const { revisions, jobs } = await services(t);
  const revision = await revisions.create(FIVE_COLOR_PNG, settings());
  const other = await revisions.create(FIVE_COLOR_PNG, settings({ colors: 2 }));
  const kit = { name: 'Acme', backgroundColor: '#102030' };

  await t.rejects(
    revisions.checkReviewToken(revision.id, newToken()),
    { code: 'REVIEW_REQUIRED' },
    'before any review',
  );
  await t.rejects(revisions.checkReviewToken(revision.id, newToken()), /has not been reviewed/);
  await t.rejects(
    revisions.exportKit(revision.id, newToken(), kit),
    { code: 'REVIEW_REQUIRED' },
    'export before any review',
  );

  const token = await revisions.review(revision.id);
  const otherToken = await revisions.review(other.id);
  for (const [name, wrong] of [
    ['a random token', newToken()],
    ["another revision's token", otherToken],
    ['an empty token', ''],
    ['a prefix of the token', token.slice(0, 10)],
    ['the token in upper case', token.toUpperCase() === token ? `${token}x` : token.toUpperCase()],
  ] as const) {
    await t.rejects(revisions.checkReviewToken(revision.id, wrong), { code: 'REVIEW_REQUIRED' }, name);
    await t.rejects(revisions.checkReviewToken(revision.id, wrong), /not the one of revision/, name);
    await t.rejects(revisions.exportKit(revision.id, wrong, kit), { code: 'REVIEW_REQUIRED' }, `export with ${name}`);
  }
  await t.rejects(revisions.checkReviewToken(other.id, token), { code: 'REVIEW_REQUIRED' }, 'and the other way round');
  t.equal(await revisions.exportedKit(revision.id), null, 'refused exports stored nothing');
  await t.rejects(jobs.exportedKitZip(revision.id), { code: 'KIT_NOT_EXPORTED' });
});

t.test("exportKit stores the brand kit as the revision's brand-kit.zip", async (t) => {
  const { revisions, jobs, clock } = await services(t);
  const revision = await revisions.create(FIVE_COLOR_PNG, settings());
  const hidden = await revisions.setHiddenColors(revision.id, [revision.palette[0]!]);
  const token = await revisions.review(hidden.id);
  clock.now += 5_000;
  const kit = { name: 'Acme <Logos>', backgroundColor: '#102030' };

  const exported = await revisions.exportKit(hidden.id, token, kit);
  t.same(exported, {
    name: kit.name,
    backgroundColor: kit.backgroundColor,
    bytes: exported.bytes,
    exportedAt: clock.now,
  });
  t.same(await revisions.exportedKit(hidden.id), exported, 'exportedKit reads back what was exported');
  const zip = await jobs.exportedKitZip(hidden.id);
  t.equal(zip.length, exported.bytes, 'bytes is the size of the stored ZIP');
  const files = unzip(zip);
  t.ok(files.size > 0, 'a readable ZIP');
  const svgs = [...files.entries()].filter(([name]) => name.endsWith('.svg')).map(([, data]) => data.toString());
  t.ok(svgs.length > 0, 'the kit has SVGs');
  t.notOk(
    svgs.some((svg) => svg.includes(fillOf(revision.palette[0]!))),
    'the kit is built from the revision as shown: its hidden color is left out',
  );

  t.equal(await revisions.exportedKit(revision.id), null, 'the source revision has no export');
  const derived = await revisions.setHiddenColors(hidden.id, []);
  t.equal(await revisions.exportedKit(derived.id), null, 'a new revision does not inherit the export');
  await t.rejects(jobs.exportedKitZip(derived.id), { code: 'KIT_NOT_EXPORTED' });
});

t.test('jobs not made as revisions are refused with NOT_A_REVISION', async (t) => {
  const { revisions, jobs } = await services(t);
  const uploaded = await jobs.vectorize((await drawnLogo()).image, settings(), '');
  const sample = await jobs.sample(true);
  const hidden = await jobs.hideColors(sample.id, [sample.palette[0]!]);
  for (const job of [uploaded, sample, hidden]) {
    await t.rejects(revisions.get(job.id), { code: 'NOT_A_REVISION' }, `get ${job.origin}`);
    await t.rejects(
      revisions.updateSettings(job.id, { smoothing: 50 }),
      { code: 'NOT_A_REVISION' },
      `updateSettings ${job.origin}`,
    );
    await t.rejects(revisions.setHiddenColors(job.id, []), { code: 'NOT_A_REVISION' }, `setHiddenColors ${job.origin}`);
    await t.rejects(revisions.review(job.id), { code: 'NOT_A_REVISION' }, `review ${job.origin}`);
    await t.rejects(revisions.exportedKit(job.id), { code: 'NOT_A_REVISION' }, `exportedKit ${job.origin}`);
  }
  const error = await revisions.get(uploaded.id).catch((e: unknown) => e);
  t.match(error, { code: 'NOT_A_REVISION', details: { subject: uploaded.id } }, 'names the job it refused');

  await t.rejects(revisions.get(newToken()), { code: 'JOB_NOT_FOUND' }, 'unknown token');
  await t.rejects(revisions.get('not a token'), { code: 'JOB_NOT_FOUND' }, 'malformed token');
});

t.test('an expired revision raises JOB_EXPIRED everywhere', async (t) => {
  const { revisions, clock } = await services(t);
  const revision = await revisions.create(FIVE_COLOR_PNG, settings());
  const token = await revisions.review(revision.id);
  clock.now += TTL_SECONDS * 1000 - 1;
  t.same(await revisions.get(revision.id), revision, 'alive until the last millisecond');
  clock.now += 1;
  await t.rejects(revisions.get(revision.id), { code: 'JOB_EXPIRED' });
  await t.rejects(revisions.updateSettings(revision.id, { colors: 2 }), { code: 'JOB_EXPIRED' });
  await t.rejects(revisions.setHiddenColors(revision.id, []), { code: 'JOB_EXPIRED' });
  await t.rejects(revisions.review(revision.id), { code: 'JOB_EXPIRED' });
  await t.rejects(revisions.checkReviewToken(revision.id, token), { code: 'JOB_EXPIRED' });
  await t.rejects(revisions.exportKit(revision.id, token, { name: 'x', backgroundColor: '#ffffff' }), {
    code: 'JOB_EXPIRED',
  });
  await t.rejects(revisions.exportedKit(revision.id), { code: 'JOB_EXPIRED' });
});

t.test('a revision made from another lives its own full lifetime', async (t) => {
  const { revisions, clock } = await services(t);
  const source = await revisions.create(FIVE_COLOR_PNG, settings());
  clock.now += (TTL_SECONDS - 10) * 1000;
  const late = await revisions.updateSettings(source.id, { smoothing: 0 });
  t.equal(late.expiresAt, clock.now + TTL_SECONDS * 1000);
  clock.now += 10_000;
  await t.rejects(revisions.get(source.id), { code: 'JOB_EXPIRED' }, 'the source is gone');
  t.same(await revisions.get(late.id), late, 'the new one is not');
  const restyled = await revisions.updateSettings(late.id, { smoothing: 90 });
  t.same(restyled.settings, settings({ smoothing: 90 }), 'and still has the source image to re-trace');
});

t.test('a revision stored before gradients were kept still loads, lists none and hides colors', async (t) => {
  const { revisions, store } = await services(t);
  const made = await revisions.create(FIVE_COLOR_PNG, settings());
  const { gradients: _gradients, revision, ...fields } = made;
  const { tracedGradients: _tracedGradients, ...oldRevision } = revision ?? { tracedPalette: [], traceWarning: '' };
  const old = { ...fields, id: newToken(), revision: oldRevision };
  const files = Object.fromEntries(
    await Promise.all(
      ['logo.svg', 'source-image', 'traced.svg'].map(async (name) => [name, await store.readFile(made.id, name)]),
    ),
  ) as Record<string, Buffer>;
  await store.createJob(old, files);

  const loaded = await revisions.get(old.id);
  t.notOk('gradients' in loaded, 'the record as it was written');
  t.same(revisionResult(loaded, 'https://logos.test').gradients, [], 'its result lists no gradient');
  const [first = ''] = made.palette;
  const hidden = await revisions.setHiddenColors(old.id, [first]);
  t.same(hidden.gradients, []);
  t.notOk(hidden.palette.includes(first));
});
