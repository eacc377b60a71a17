/**
 * The `palette` setting (brand colors) over REST: the upload form's field, the
 * editor's settings, the Idempotency-Key's parameters and the 422 cases; and a
 * drawn JPEG whose two blues lie 4 units off their brand hex comes back in it;
 * the kit lists the brand colors first.
 */
import AdmZip from 'adm-zip';
import t from 'tap';

import { DEFAULT_SETTINGS, type TraceSettings } from '../../src/core/settings.js';
import { buildTestApp } from '../helpers/app.js';
import { drawnLogo } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';

const BRAND_BLUES = ['#1d4ed8', '#60a5fa'];
/** The brand blues drawn 4 units off per channel, and an amber no brand color is near. */
const DRAWN = ['#2152dc', '#64a9fe', '#f59e0b'];
const key = (value: string) => ({ 'idempotency-key': value });

const offBlueJpeg = async () => (await drawnLogo({ format: 'jpeg', palette: DRAWN })).image;

t.test('the palette form field turns the traced blues into the brand hex, and the rest keep theirs', async (t) => {
  const { app } = await buildTestApp(t);
  const image = await offBlueJpeg();
  const upload = (fields: Record<string, string>) =>
    uploadForm(image, fields).then((form) => app.inject({ method: 'POST', url: '/api/vectorize', ...form }));

  const plain = (await upload({})).json<{ palette: string[] }>();
  t.notOk(
    BRAND_BLUES.every((blue) => plain.palette.includes(blue)),
    'without brand colors the JPEG gives shifted blues',
  );

  const res = await upload({ palette: '#1d4ed8, #60A5FA #ff0000' });
  t.equal(res.statusCode, 200, res.body);
  const job = res.json<{ id: string; palette: string[]; warning: string }>();
  t.same(job.palette.slice(0, 2).sort(), [...BRAND_BLUES].sort(), 'the blues come back in the brand hex');
  t.equal(job.palette.length, 3, 'the amber keeps a color of its own');
  t.notOk(job.palette.includes('#ff0000'), 'a brand color that matched nothing is not painted');
  t.match(job.warning, /brand colors that matched no traced color: #ff0000/);
  t.match(job.warning, new RegExp(`matched no brand color .*${job.palette[2]!}`));
  const svg = (await app.inject(`/api/jobs/${job.id}/logo.svg`)).body;
  for (const blue of BRAND_BLUES) t.match(svg, `fill="${blue}"`, `the SVG paints ${blue}`);
});

t.test('two traced colors that become one brand color are one shape layer', async (t) => {
  const { app } = await buildTestApp(t);
  const { image } = await drawnLogo({ format: 'jpeg', palette: ['#2152dc', '#1a4bd5'] });
  const form = await uploadForm(image, { palette: '#1d4ed8' });
  const job = (await app.inject({ method: 'POST', url: '/api/vectorize', ...form })).json<{
    id: string;
    palette: string[];
  }>();
  t.same(job.palette, ['#1d4ed8']);
  const svg = (await app.inject(`/api/jobs/${job.id}/logo.svg`)).body;
  t.equal(svg.match(/fill="#1d4ed8"/g)?.length, 1, 'one layer of the brand color');
});

t.test('malformed brand colors are a 422 validation problem located at palette', async (t) => {
  const { app } = await buildTestApp(t);
  const { image } = await drawnLogo();
  const seventeen = Array.from({ length: 17 }, (_, i) => `#0000${(i + 16).toString(16)}`).join(',');
  for (const palette of ['#12345', 'blue', seventeen, '#1d4ed8,1d4ed8']) {
    const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...(await uploadForm(image, { palette })) });
    t.equal(res.statusCode, 422, palette);
    const problems = res.json<{ detail: { loc: (string | number)[] }[] }>().detail;
    t.ok(
      problems.some((problem) => problem.loc[0] === 'body' && problem.loc[1] === 'palette'),
      `loc names palette: ${JSON.stringify(problems)}`,
    );
  }
});

t.test('the palette is one of the parameters an Idempotency-Key compares', async (t) => {
  const { app } = await buildTestApp(t);
  const { image } = await drawnLogo();
  const post = async (idempotencyKey: string, fields: Record<string, string>) => {
    const form = await uploadForm(image, fields);
    return app.inject({
      method: 'POST',
      url: '/api/vectorize',
      payload: form.payload,
      headers: { ...form.headers, ...key(idempotencyKey) },
    });
  };
  const first = await post('with-palette', { palette: '#fc4c02,#54585a' });
  t.equal(first.statusCode, 200);
  const again = await post('with-palette', { palette: '#fc4c02 #54585a' });
  t.equal(again.headers['idempotent-replayed'], 'true', 'the same colors however separated: a replay');
  t.equal(again.body, first.body);
  t.equal((await post('with-palette', {})).statusCode, 422, 'the same key without the palette: other parameters');

  const bare = await post('without-palette', {});
  t.equal(bare.statusCode, 200);
  t.equal((await post('without-palette', {})).headers['idempotent-replayed'], 'true');
  t.equal((await post('without-palette', { palette: '#fc4c02' })).statusCode, 422, 'adding a palette changes them');
});

t.test('editor/settings takes palette as a list or null, and the revision shows it', async (t) => {
  const { app } = await buildTestApp(t);
  const source = await app.revisions.create(await offBlueJpeg(), { ...DEFAULT_SETTINGS });
  const edit = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/jobs/${token}/editor/settings`, payload });

  const branded = await edit(source.id, { palette: BRAND_BLUES });
  t.equal(branded.statusCode, 200, branded.body);
  const revision = branded.json<{ revision_id: string; palette: string[]; settings: { palette: string[] } }>();
  t.same(revision.settings.palette, BRAND_BLUES);
  t.ok(
    BRAND_BLUES.every((blue) => revision.palette.includes(blue)),
    'the re-trace paints the brand blues',
  );

  const kept = (await edit(revision.revision_id, { palette: null, smoothing: 40 })).json<{
    settings: { palette: string[] };
  }>();
  t.same(kept.settings.palette, BRAND_BLUES, 'null keeps the brand colors');
  const cleared = (await edit(revision.revision_id, { palette: [] })).json<{ settings: { palette: string[] } }>();
  t.same(cleared.settings.palette, [], 'an empty list: no brand colors');

  for (const palette of [['#12345'], ['blue'], Array.from({ length: 17 }, () => '#1d4ed8'), '#1d4ed8']) {
    const res = await edit(source.id, { palette });
    t.equal(res.statusCode, 422, JSON.stringify(palette));
    t.ok(
      res.json<{ detail: { loc: (string | number)[] }[] }>().detail.some((problem) => problem.loc[1] === 'palette'),
      'loc names palette',
    );
  }
});

t.test('a revision written before brand colors reads as one without them', async (t) => {
  const { app } = await buildTestApp(t);
  const { palette: _none, ...settingsBefore } = DEFAULT_SETTINGS;
  const source = await app.revisions.create((await drawnLogo()).image, settingsBefore as TraceSettings);
  const res = await app.inject({ method: 'POST', url: `/api/jobs/${source.id}/editor/settings`, payload: {} });
  t.same(res.json<{ settings: { palette: string[] } }>().settings.palette, [], 'an empty list when none');
});

t.test(
  'the kit of a job traced with palette [amber, blue] lists them first in that order; a hidden one nowhere',
  async (t) => {
    const { app } = await buildTestApp(t);
    const { image } = await drawnLogo({ format: 'jpeg', palette: ['#f9a20f', '#2152dc', '#43a047'] });
    const brand = ['#f59e0b', '#1d4ed8'];
    const form = await uploadForm(image, { palette: brand.join(',') });
    const job = (await app.inject({ method: 'POST', url: '/api/vectorize', ...form })).json<{ id: string }>();
    const listed = async (token: string) => {
      const res = await app.inject({ method: 'POST', url: `/api/jobs/${token}/kit`, payload: {} });
      t.equal(res.statusCode, 200);
      const palette = new AdmZip(res.rawPayload).readAsText('palette/palette.json');
      return (JSON.parse(palette) as { colors: { hex: string; brand: boolean }[] }).colors;
    };
    const colors = await listed(job.id);
    t.same(
      colors.slice(0, 2).map(({ hex, brand }) => ({ hex, brand })),
      brand.map((hex) => ({ hex, brand: true })),
    );
    t.same(
      colors.slice(2).map((color) => color.brand),
      [false],
      'then the traced green',
    );

    const hidden = await app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/visibility`,
      payload: { hidden_colors: ['#f59e0b'] },
    });
    t.equal(hidden.statusCode, 200, hidden.body);
    const shown = await listed(hidden.json<{ id: string }>().id);
    t.same(
      shown.map(({ hex, brand }) => ({ hex, brand })).slice(0, 1),
      [{ hex: '#1d4ed8', brand: true }],
      'the hidden amber is listed nowhere',
    );
    t.notOk(shown.some((color) => color.hex === '#f59e0b'));
  },
);
