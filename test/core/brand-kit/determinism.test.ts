/** Same logo and request, same bytes: fixed timestamps and IDs, stable order, caches that change nothing. */
import { createHash } from 'node:crypto';

import t from 'tap';

import { FOUR_COLORS } from '../../helpers/images.js';
import { buildBrandKit, tracedLogo, unzip } from '../../helpers/kit.js';

const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const logo = await tracedLogo({ palette: FOUR_COLORS });
const request = { name: 'JWT', backgroundColor: '#101820' };

t.test('building the same kit again gives identical bytes, even with other builds in between', async (t) => {
  const first = await buildBrandKit(logo, request);
  await buildBrandKit(logo, { name: 'Other', backgroundColor: '#ffffff' });
  const second = await buildBrandKit(logo, request);
  t.equal(digest(second), digest(first));
});

t.test('builds started together are queued and each gives its own, stable result', async (t) => {
  const [a, b, c] = await Promise.all([
    buildBrandKit(logo, request),
    buildBrandKit(logo, { ...request, backgroundColor: '#ffffff' }),
    buildBrandKit(logo, request),
  ]);
  t.equal(digest(c), digest(a));
  t.not(digest(b), digest(a), 'another background color is another kit');
  const changed = [...unzip(b)]
    .filter(([path, data]) => digest(data) !== digest(unzip(a).get(path)!))
    .map(([path]) => path);
  t.ok(
    changed.includes('web/apple-touch-icon.png') && !changed.includes('logo/jwt-512.png'),
    'only the files on the background differ',
  );
});

t.test('the PDF carries a fixed creation date and document ID', async (t) => {
  const pdf = unzip(await buildBrandKit(logo, request))
    .get('brand-guide/brand-guide.pdf')!
    .toString('latin1');
  t.match(pdf, /\(D:20240101000000Z\)/, 'the fixed date');
  t.match(pdf, /\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/);
});
