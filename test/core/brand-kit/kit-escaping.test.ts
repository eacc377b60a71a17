/** A name with markup, quotes, a comment closer and a line break comes out escaped wherever it lands. */
import { execFileSync } from 'node:child_process';

import t from 'tap';

import { buildAndUnpack, decode, hasTool, pixelAt, tracedLogo } from '../../helpers/kit.js';

const NAME = `<script>"&'</script> */ </style>\nNext line`;
const ESCAPED = '&lt;script&gt;&quot;&amp;&#39;&lt;/script&gt; */ &lt;/style&gt;';
const kit = await buildAndUnpack(await tracedLogo(), { name: NAME, backgroundColor: '#ffffff' });

t.test('HTML: the guide and head.html carry the name escaped, never as markup', async (t) => {
  const html = kit.text('brand-guide/brand-guide.html');
  t.notOk(html.includes('<script'), 'no script element');
  t.notOk(html.includes('*/ </style>'), 'the name does not close the style element');
  t.equal(html.match(/<\/style>/g)?.length, 1, "exactly the guide's own </style>");
  t.ok(html.includes(`<title>${ESCAPED}\nNext line: brand guidelines</title>`), 'title');
  t.ok(html.includes(`<h1>${ESCAPED}\nNext line</h1>`), 'heading');
  t.match(html, /aria-label="&lt;script&gt;&quot;&amp;&#39;/, 'inside an SVG attribute');
  const head = kit.text('web/head.html');
  t.ok(head.includes('content="&lt;script&gt;&quot;&amp;&#39;&lt;"'), 'the app title attribute (12 characters)');
  t.notOk(head.includes('<script'));
});

t.test('JSON: the manifest and palette.json give the exact name back, with no raw markup in the file', async (t) => {
  for (const path of ['web/site.webmanifest', 'palette/palette.json']) {
    const text = kit.text(path);
    t.equal((JSON.parse(text) as { name: string }).name, NAME, `${path} round-trips`);
    t.notMatch(text, /[<>]/, `${path} has no raw angle brackets`);
  }
});

t.test('CSS: the name stays inside its comment', async (t) => {
  const css = kit.text('palette/palette.css');
  const outsideComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  t.notMatch(outsideComments, /script|style|Next line/, 'nothing of the name outside the comment');
  t.notMatch(css, /<\/?s/, 'no tag that could close a <style> it is pasted into');
  t.match(outsideComments.trim(), /^:root \{[^{}]*\}$/);
});

t.test('text formats: one line in the GIMP palette and the README; exact in the swatch group', async (t) => {
  const gpl = kit.text(`palette/script-script-style-next-line.gpl`).split('\n');
  t.equal(gpl[1], `Name: <script>"&'</script> */ </style> Next line`);
  t.equal(gpl[2], 'Columns: 2', 'the line break did not open a new line');
  t.equal(kit.text('README.txt').split('\n')[0], `<script>"&'</script> */ </style> Next line: brand kit`);
});

t.test('SVG text: the share card drawing stays valid and sets the caption', async (t) => {
  // Unescaped, the name would break the drawing's XML and resvg would refuse it.
  const card = await decode(kit.file('social/open-graph-1200x630.png'));
  let ink = 0;
  for (let y = 420; y < 560; y++) for (let x = 100; x < 1100; x++) if (pixelAt(card, x, y).hex !== '#ffffff') ink += 1;
  t.ok(ink > 500, `the caption is drawn (${ink} px)`);
});

t.test('file names use a safe slug of the name', async (t) => {
  for (const path of kit.files.keys()) t.match(path, /^[A-Za-z0-9._/-]+$/, path);
  t.ok(kit.files.has('logo/script-script-style-next-line.svg'));
});

t.test(
  'PDF: the name is set as text, exactly',
  { skip: hasTool('pdftotext') ? false : 'poppler-utils is not installed' },
  async (t) => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
      input: kit.file('brand-guide/brand-guide.pdf'),
    }).toString('utf8');
    t.ok(text.includes(`<script>"&'</script> */ </style>`), 'the markup as visible characters');
  },
);
