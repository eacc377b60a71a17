import t from 'tap';

import { escapeXml } from '../../src/core/escape.js';

t.test('escapeXml escapes what element text and quoted attributes need, in XML and HTML alike', async (t) => {
  t.equal(
    escapeXml(`<a href="x" title='y'>Tom & Jerry</a>`),
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
  t.equal(escapeXml('Crème brûlée 東京'), 'Crème brûlée 東京', 'other text passes unchanged');
});
