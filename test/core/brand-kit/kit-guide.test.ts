/** brand-guide/: the PDF opens and renders every page with the brand name set in it; the HTML is self-contained. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import t from 'tap';

import { ICON_COLORS } from '../../helpers/images.js';
import { buildAndUnpack, decode, hasTool, tracedLogo } from '../../helpers/kit.js';

const NAME = 'Ångström & Søn — Κόσμος';
const kit = await buildAndUnpack(await tracedLogo({ layout: 'icon', palette: ICON_COLORS }), {
  name: NAME,
  backgroundColor: '#ffffff',
});
/** The icon's badge color as the guide writes it. */
const BADGE_HEX = ICON_COLORS[0].toUpperCase();
const pdf = kit.file('brand-guide/brand-guide.pdf');
const PAGE_TITLES = ['The logo', 'Clear space and minimum size', 'Colors', 'One-color logo', "Do and don't"];

t.test('the PDF is a complete PDF document with seven pages', async (t) => {
  t.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  t.match(pdf.subarray(-8).toString('latin1'), /%%EOF\s*$/);
  t.equal([...pdf.toString('latin1').matchAll(/\/Type \/Page\b/g)].length, 7);
  t.match(pdf.toString('latin1'), /\/FontFile2/, 'the font is embedded');
});

t.test(
  'pdftoppm renders every page',
  { skip: hasTool('pdftoppm') ? false : 'poppler-utils is not installed' },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'guide-'));
    t.teardown(() => {
      rmSync(dir, { recursive: true, force: true });
    });
    writeFileSync(join(dir, 'guide.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '30', '-png', join(dir, 'guide.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort();
    t.equal(pages.length, 7);
    for (const page of pages) {
      const image = await decode(readFileSync(join(dir, page)));
      t.ok(image.width > image.height, `${page} is landscape`);
    }
  },
);

t.test(
  'the PDF sets the brand name and the section titles as real text',
  { skip: hasTool('pdftotext') ? false : 'poppler-utils is not installed' },
  async (t) => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
    t.ok(text.includes(NAME), 'the name, non-Latin letters included');
    for (const title of PAGE_TITLES) t.ok(text.includes(title), title);
    t.match(text, `HEX ${BADGE_HEX}`, 'the palette with its notations');
    t.match(text, /CMYK \d+ \d+ \d+ \d+/);
  },
);

t.test('the HTML guide is self-contained and has the same sections', async (t) => {
  const html = kit.text('brand-guide/brand-guide.html');
  t.match(html, /^<!doctype html>/);
  t.notMatch(html, /\b(src|href)=["']?(https?:)?\/\//i, 'no external resources');
  t.notMatch(html, /url\(\s*["']?https?:/i, 'no external CSS resources');
  t.notMatch(html, /<script/i);
  for (const title of PAGE_TITLES) t.ok(html.includes(title.replace("'", '&#39;')), title);
  t.ok(html.includes('&amp; Søn'), 'the name, escaped');
  t.ok(html.includes(BADGE_HEX) && html.includes('CMYK'));
  t.ok((html.match(/<svg /g) ?? []).length >= 15, 'figures as inline SVG');
});
