import t from 'tap';

import { isWellFormedToken, newToken } from '../../src/core/tokens.js';

t.test('tokens carry at least 128 random bits, URL-safe, and never repeat', async (t) => {
  const tokens = new Set(Array.from({ length: 2000 }, newToken));
  t.equal(tokens.size, 2000);
  const all = [...tokens];
  t.ok(all.every(isWellFormedToken), 'well-formed');
  t.ok(
    all.every((token) => encodeURIComponent(token) === token),
    'URL-safe',
  );
  t.ok(
    all.every((token) => Buffer.from(token, 'base64url').length * 8 >= 128),
    'at least 128 bits',
  );
  t.notOk(isWellFormedToken('../../etc/passwd'));
  t.notOk(isWellFormedToken(''));
});
