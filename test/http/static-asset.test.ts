import { gunzipSync } from 'node:zlib';

import t from 'tap';

import { preferredEncoding, staticAsset } from '../../src/http/static-asset.js';

t.test('preferredEncoding takes brotli, then gzip, as Accept-Encoding allows them', async (t) => {
  t.equal(preferredEncoding('gzip, deflate, br'), 'br');
  t.equal(preferredEncoding('BR;q=0.5'), 'br', 'names and weights are read case-insensitively');
  t.equal(preferredEncoding('br;q=0, gzip'), 'gzip', 'q=0 refuses');
  t.equal(preferredEncoding('*'), 'br', 'any encoding');
  t.equal(preferredEncoding('*;q=0, gzip;q=0.1'), 'gzip');
  t.equal(preferredEncoding('identity'), undefined);
  t.equal(preferredEncoding(''), undefined);
  t.equal(preferredEncoding(undefined), undefined);
  t.equal(preferredEncoding('br;q=zero'), undefined, 'an unreadable weight refuses');
});

t.test('an asset is kept for a year under its version, revalidated otherwise, and compressed once', async (t) => {
  const body = Buffer.from('console.log("hello");\n'.repeat(100));
  const asset = staticAsset(body, 'text/javascript; charset=utf-8');
  t.match(asset.version, /^[0-9a-f]{16}$/);

  const current = await asset.answer({ version: asset.version, ifNoneMatch: undefined, acceptEncoding: undefined });
  t.equal(current.status, 200);
  t.same(current.headers, {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: `W/"${asset.version}"`,
    Vary: 'Accept-Encoding',
    'Content-Type': 'text/javascript; charset=utf-8',
  });
  t.equal(current.body, body);

  const other = await asset.answer({ version: 'old', ifNoneMatch: undefined, acceptEncoding: 'gzip' });
  t.equal(other.headers['Cache-Control'], 'no-cache');
  t.equal(other.headers['Content-Encoding'], 'gzip');
  t.same(gunzipSync(other.body ?? Buffer.alloc(0)), body);
  const again = await asset.answer({ version: undefined, ifNoneMatch: undefined, acceptEncoding: 'gzip' });
  t.equal(again.body, other.body, 'the same compressed buffer: compressed once');

  for (const ifNoneMatch of [`"${asset.version}"`, `"x", W/"${asset.version}"`, '*']) {
    const notModified = await asset.answer({ version: undefined, ifNoneMatch, acceptEncoding: 'gzip' });
    t.equal(notModified.status, 304, `If-None-Match: ${ifNoneMatch}`);
    t.equal(notModified.body, undefined);
    t.equal(notModified.headers.ETag, `W/"${asset.version}"`);
  }
  const stale = await asset.answer({ version: undefined, ifNoneMatch: 'W/"0000"', acceptEncoding: undefined });
  t.equal(stale.status, 200, 'another ETag gets the body');
});
