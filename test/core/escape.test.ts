import t from 'tap';

import { escapeXml, markdownCode } from '../../src/core/escape.js';

t.test('escapeXml escapes what element text and quoted attributes need, in XML and HTML alike', async (t) => {
  t.equal(
    escapeXml(`<a href="x" title='y'>Tom & Jerry</a>`),
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
  );
  t.equal(escapeXml('Crème brûlée 東京'), 'Crème brûlée 東京', 'other text passes unchanged');
});

t.test('markdownCode makes a code span that no backtick, bracket or line break in the text can end', async (t) => {
  t.equal(markdownCode('https://logos.example.com/api/mcp/'), '`https://logos.example.com/api/mcp/`');
  t.equal(markdownCode('http://a`b.example/_x_[y](z)'), '``http://a`b.example/_x_[y](z)``');
  t.equal(markdownCode('``tick'), '``` ``tick ```', 'a leading backtick is padded away from the fence');
  t.equal(markdownCode('a\n# b'), '`a # b`', 'no line break, so no heading');
});
