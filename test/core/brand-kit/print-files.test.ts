/**
 * The print files: a one-page vector PDF and an EPSF-3.0 of the logo with its clear space around it,
 * gradients as shadings, knockouts as real holes, no raster image; and the kit's logo/ folder holds them.
 */
import { inflateSync } from 'node:zlib';

import t from 'tap';

import { logoEps, logoPdf } from '../../../src/core/brand-kit/print-files.js';
import { KNOCKOUT, parseLogoArt } from '../../../src/core/logo-art.js';
import { buildAndUnpack } from '../../helpers/kit.js';

/** 200 x 100 px: a linear and an oval radial gradient, a white detail, a translucent bar. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><defs>' +
  '<linearGradient id="a" gradientUnits="userSpaceOnUse" x1="10" y1="0" x2="90" y2="0"><stop offset="0.2" stop-color="#6a11cb"/><stop offset="1" stop-color="#2575fc"/></linearGradient>' +
  '<radialGradient id="b" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="40" gradientTransform="matrix(1 0 0 0.6 150 50)"><stop offset="0" stop-color="#f5b700"/><stop offset="0.5" stop-color="#e4572e"/><stop offset="1" stop-color="#1e3a8a"/></radialGradient>' +
  '</defs><path fill="url(#a)" d="M10 10h80v80H10z"/><path fill="url(#b)" d="M110 10h80v80h-80z"/>' +
  '<path fill="#ffffff" d="M40 40h20v20H40z"/><path fill="#1e3a8a" fill-opacity="0.5" d="M20 70h160v10H20z"/></svg>';
const art = parseLogoArt(SVG);
/** Clear space a quarter of the shorter side (25 px) on every side, 0.75 pt to the px. */
const PAGE = { width: 187.5, height: 112.5 };
/** The one-color logo: black ink, the white detail cut out. */
const mono = (fill: string) => (fill === '#ffffff' ? KNOCKOUT : '#000000');

/** Every stream of the PDF, inflated, one after another. */
function pdfStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const body = pdf.subarray(start, end);
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
  }
  return streams.join('\n');
}

t.test('the PDF: one page the size of the logo with its clear space, vector paths and shadings only', async (t) => {
  const pdf = await logoPdf(art, 'Acme: logo');
  const text = pdf.toString('latin1');
  t.match(text, /^%PDF-1\.\d/);
  t.equal(text.match(/\/Type \/Page\b/g)?.length, 1, 'one page');
  t.match(text, `/MediaBox [0 0 ${PAGE.width} ${PAGE.height}]`);
  t.notMatch(text, /\/Subtype \/Image/, 'no raster image');
  t.match(text, /\/ShadingType 2/, 'the linear gradient as an axial shading');
  t.match(text, /\/ShadingType 3/, 'the radial gradient as a radial shading');
  t.match(text, /\/ca 0\.5/, 'the translucent bar keeps its opacity');
  t.match(pdfStreams(pdf), / c\n|\bre\b| l\n/, 'paths drawn with path operators');
  t.same(await logoPdf(art, 'Acme: logo'), pdf, 'the same logo gives the same bytes');
});

t.test('the one-color PDF cuts its knockouts out of the shapes under them', async (t) => {
  const content = pdfStreams(await logoPdf(art, 'Acme: logo', mono));
  t.match(content, /W\* n/, 'an even-odd clip outside the knockout');
  t.notMatch(content, /1 1 1 rg/, 'nothing is painted white');
});

t.test('the EPS: EPSF-3.0 with the page as its BoundingBox, paths and shfill, no image', async (t) => {
  const eps = logoEps(art, 'Acme: logo').toString('latin1');
  const lines = eps.split('\n');
  t.equal(lines[0], '%!PS-Adobe-3.0 EPSF-3.0');
  t.ok(lines.includes('%%BoundingBox: 0 0 188 113'), 'whole points, rounded out');
  t.ok(lines.includes(`%%HiResBoundingBox: 0 0 ${PAGE.width} ${PAGE.height}`));
  t.ok(lines.includes('%%LanguageLevel: 3'));
  t.equal(eps.match(/ shfill /g)?.length, 2, 'both gradients are shadings');
  t.match(eps, /\/ShadingType 2 .*\/ShadingType 3/s);
  t.match(eps, /\[1 0 0 0\.6 150 50\] concat << \/ShadingType 3/, "the oval ramp's circles drawn through its matrix");
  t.notMatch(eps, /\b(image|colorimage|imagemask)\b/, 'no raster image');
  t.match(eps, /setrgbcolor newpath [\d. ]+ m /, 'flat shapes are filled paths');
  t.equal(lines.filter((line) => line === '%%EOF').length, 1);
  t.match(logoEps(art, 'Acme: logo', mono).toString('latin1'), / eoclip newpath/, 'knockouts are holes');
});

t.test('the EPS title is a PostScript string whatever the name holds', async (t) => {
  const eps = logoEps(art, 'Brand (1) \\ é\n%%EOF').toString('latin1');
  t.ok(eps.split('\n').includes('%%Title: (Brand \\(1\\) \\\\ \\303\\251\\012%%EOF)'), 'escaped, on one line');
  t.equal(eps.split('\n').filter((line) => line.startsWith('%%EOF')).length, 1, 'no line of the name ends the file');
});

t.test('the kit holds PDF and EPS files of the color and one-color logos, listed in its README', async (t) => {
  const kit = await buildAndUnpack(
    { svg: SVG, palette: ['#6a11cb', '#2575fc', '#f5b700', '#e4572e', '#1e3a8a', '#ffffff'] },
    {
      name: 'Acme',
      backgroundColor: '#ffffff',
    },
  );
  for (const variant of ['', '-mono-dark', '-mono-light']) {
    t.match(kit.file(`logo/acme${variant}.pdf`).toString('latin1'), /^%PDF-/);
    t.match(kit.text(`logo/acme${variant}.eps`), /^%!PS-Adobe-3\.0 EPSF-3\.0\n/);
    t.match(kit.text('README.txt'), `logo/acme${variant}.pdf`);
  }
  t.match(kit.text('brand-guide/brand-guide.html'), /CMYK/);
});
