import { cp, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import t from 'tap';

import { createSponsorDirectory } from '../../src/core/sponsors.js';
import { newDataDir } from '../helpers/app.js';

const EXAMPLE_LOGO = resolve(import.meta.dirname, '../../examples/pixel-forge.png');

async function sponsorsFile(t: Parameters<typeof newDataDir>[0], sponsors: unknown[]): Promise<string> {
  const dir = await newDataDir(t);
  await cp(EXAMPLE_LOGO, join(dir, 'logo.png'));
  await writeFile(join(dir, 'not-a-png.png'), 'hello');
  const file = join(dir, 'sponsors.json');
  await writeFile(file, JSON.stringify({ sponsors }));
  return file;
}

const sponsor = (id: string, extra: object = {}) => ({
  id,
  name: id.toUpperCase(),
  url: `https://${id}.example`,
  logo: 'logo.png',
  ...extra,
});

t.test('current, past and not-yet-featured sponsors', async (t) => {
  const file = await sponsorsFile(t, [
    sponsor('open-ended'),
    sponsor('window', { featured_from: '2026-10-01', featured_until: '2026-10-31' }),
    sponsor('over', { featured_until: '2026-10-13' }),
    sponsor('soon', { featured_from: '2026-10-15' }),
  ]);
  const listing = await createSponsorDirectory(file).list(new Date('2026-10-14T12:00:00Z'));
  t.same(
    listing.current.map((s) => s.id),
    ['open-ended', 'window'],
  );
  t.same(
    listing.past.map((s) => s.id),
    ['over'],
  );
  t.same(listing.current[1], {
    id: 'window',
    name: 'WINDOW',
    url: 'https://window.example',
    description: '',
    featuredFrom: '2026-10-01',
    featuredUntil: '2026-10-31',
  });
});

t.test('logos are PNG files next to the sponsors file', async (t) => {
  const file = await sponsorsFile(t, [sponsor('good'), sponsor('bad', { logo: 'not-a-png.png' })]);
  const directory = createSponsorDirectory(file);
  t.ok((await directory.logo('good'))?.subarray(1, 4).equals(Buffer.from('PNG')));
  t.equal(await directory.logo('missing'), null);
  await t.rejects(directory.logo('bad'), /not a PNG/);
});

t.test('invalid files are refused with the reason; edits are picked up', async (t) => {
  const file = await sponsorsFile(t, [sponsor('UPPER case')]);
  await t.rejects(createSponsorDirectory(file).list(), /not a valid sponsors file: \/sponsors\/0\/id/);
  const directory = createSponsorDirectory(file);
  await writeFile(file, JSON.stringify({ sponsors: [sponsor('twice'), sponsor('twice')] }));
  await t.rejects(directory.list(), /appears twice/);
  await writeFile(file, '{');
  await t.rejects(directory.list(), /not valid JSON/);
  await writeFile(file, JSON.stringify({ sponsors: [sponsor('fixed')] }));
  t.same(
    (await directory.list()).current.map((s) => s.id),
    ['fixed'],
  );
  t.same(await createSponsorDirectory(null).list(), { current: [], past: [] });
});
