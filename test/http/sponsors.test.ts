import { cp, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import sharp from 'sharp';
import t from 'tap';

import { buildTestApp, newDataDir } from '../helpers/app.js';

const EXAMPLES = resolve(import.meta.dirname, '../../examples');

t.test('GET /api/sponsors lists current and past sponsors of the configured file', async (t) => {
  const dir = await newDataDir(t);
  await cp(join(EXAMPLES, 'pixel-forge.png'), join(dir, 'logo.png'));
  const file = join(dir, 'sponsors.json');
  await writeFile(
    file,
    JSON.stringify({
      sponsors: [
        { id: 'now', name: 'Now & Co', url: 'https://now.example', logo: 'logo.png', featured_from: '2000-01-01' },
        {
          id: 'before',
          name: 'Before',
          url: 'https://before.example',
          logo: 'logo.png',
          featured_from: '2000-01-01',
          featured_until: '2001-01-01',
        },
        { id: 'later', name: 'Later', url: 'https://later.example', logo: 'logo.png', featured_from: '2999-01-01' },
      ],
    }),
  );
  const { app } = await buildTestApp(t, { SPONSORS_FILE: file });
  const res = await app.inject('/api/sponsors');
  t.equal(res.statusCode, 200);
  const { current, past } = res.json();
  t.same(current, [
    {
      id: 'now',
      name: 'Now & Co',
      url: 'https://now.example',
      description: '',
      logo: '/api/sponsors/now/logo.png',
      featured_from: '2000-01-01',
      featured_until: null,
    },
  ]);
  t.same(
    past.map((s: { id: string }) => s.id),
    ['before'],
  );

  const logo = await app.inject(current[0].logo);
  t.equal(logo.statusCode, 200);
  t.equal(logo.headers['content-type'], 'image/png');
  t.equal((await sharp(logo.rawPayload).metadata()).format, 'png');
  const unknown = await app.inject('/api/sponsors/nobody/logo.png');
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json().detail, /nobody/);
});

t.test('the example sponsors file is valid and its logos are served', async (t) => {
  const { app } = await buildTestApp(t, { SPONSORS_FILE: join(EXAMPLES, 'sponsors.json') });
  const { current, past } = (await app.inject('/api/sponsors')).json();
  const all = [...current, ...past];
  t.same(all.map((s: { id: string }) => s.id).sort(), ['pixel-forge', 'vector-works']);
  for (const sponsor of all) t.equal((await app.inject(sponsor.logo)).statusCode, 200, sponsor.id);
});

t.test('without a sponsors file the lists are empty and every logo is 404', async (t) => {
  const { app } = await buildTestApp(t);
  t.same((await app.inject('/api/sponsors')).json(), { current: [], past: [] });
  t.equal((await app.inject('/api/sponsors/pixel-forge/logo.png')).statusCode, 404);
});
