/**
 * The print files drawn by other programs: poppler (pdftoppm, pdfimages) and ghostscript (-dEPSCrop)
 * render the PDF and the EPS like resvg renders the SVG, within a small error. Skipped, saying why,
 * when a program is missing (Debian: apt-get install poppler-utils ghostscript).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import sharp from 'sharp';
import t from 'tap';

import { logoEps, logoPdf } from '../../src/core/brand-kit/print-files.js';
import { clearSpaceUnits } from '../../src/core/brand-kit/usage-rules.js';
import { KNOCKOUT, logoInBox, parseLogoArt, type Paint } from '../../src/core/logo-art.js';
import { createRasterizer, drawing } from '../../src/core/raster.js';
import { hasTool } from '../helpers/kit.js';

/** Two gradients (one of oval rings), a white detail on a navy square, a translucent bar over nothing (PostScript lays translucency over the paper): every kind of paint the engine writes. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><defs>' +
  '<linearGradient id="a" gradientUnits="userSpaceOnUse" x1="10" y1="0" x2="110" y2="0"><stop offset="0.1" stop-color="#6a11cb"/><stop offset="0.9" stop-color="#2575fc"/></linearGradient>' +
  '<radialGradient id="b" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="50" gradientTransform="matrix(0.866 0.5 -0.25 0.433 180 60)"><stop offset="0" stop-color="#f5b700"/><stop offset="1" stop-color="#e4572e"/></radialGradient>' +
  '</defs><path fill="url(#a)" d="M10 10h100v100H10z"/><path fill="url(#b)" d="M130 60a50 50 0 1 0 100 0a50 50 0 1 0-100 0z"/>' +
  '<path fill="#1e3a8a" d="M40 40h40v40H40z"/><path fill="#ffffff" d="M50 50h20v20H50z"/>' +
  '<path fill="#1e3a8a" fill-opacity="0.5" d="M20 112h200v6H20z"/></svg>';
const art = parseLogoArt(SVG);
const margin = clearSpaceUnits(art);
const SIZE = { width: art.width + 2 * margin, height: art.height + 2 * margin };
/**
 * Mean difference per channel (0-255) a render may have from resvg's: edges anti-alias a little differently
 * (poppler 0.2 to 0.4, ghostscript 0.5 measured). The oval ramp drawn with round rings, its matrix lost, is
 * 1.4 to 1.8 off.
 */
const MAX_MEAN_ERROR = 1;
const PAINTS: [string, Paint][] = [
  ['color', (fill) => fill],
  ['one color', (fill) => (fill === '#ffffff' ? KNOCKOUT : '#000000')],
];

const rasterize = createRasterizer();

async function pixels(png: Buffer): Promise<Buffer> {
  return sharp(png)
    .flatten({ background: '#ffffff' })
    .resize(SIZE.width, SIZE.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

async function meanError(png: Buffer, paint: Paint): Promise<number> {
  const box = { x: margin, y: margin, width: art.width, height: art.height };
  const reference = await pixels(await rasterize(drawing(SIZE.width, SIZE.height, logoInBox(art, box, paint))));
  const rendered = await pixels(png);
  let sum = 0;
  for (let i = 0; i < reference.length; i++) sum += Math.abs(reference[i]! - rendered[i]!);
  return sum / reference.length;
}

const dir = await mkdtemp(path.join(tmpdir(), 'print-render-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));

const popplerMissing =
  hasTool('pdftoppm') && hasTool('pdfimages')
    ? false
    : 'poppler-utils is not installed (apt-get install poppler-utils)';
const ghostscriptMissing = hasTool('gs') ? false : 'ghostscript is not installed (apt-get install ghostscript)';

t.test(
  'pdftoppm draws the PDF as resvg draws the SVG, and pdfimages finds no raster image',
  { skip: popplerMissing },
  async (t) => {
    for (const [name, paint] of PAINTS) {
      const file = path.join(dir, `${name}.pdf`);
      await writeFile(file, await logoPdf(art, 'Render check', paint));
      t.equal(execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').length, 2, `${name}: no image`);
      // 96 dpi: 0.75 pt to the px, so the page is the SVG's size in pixels.
      execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', file, path.join(dir, name)]);
      const error = await meanError(await readFile(path.join(dir, `${name}.png`)), paint);
      t.ok(error < MAX_MEAN_ERROR, `${name}: mean error ${error.toFixed(2)} of 255`);
    }
  },
);

t.test(
  'ghostscript draws the EPS, cropped to its BoundingBox, as resvg draws the SVG',
  { skip: ghostscriptMissing },
  async (t) => {
    for (const [name, paint] of PAINTS) {
      const [eps, png] = [path.join(dir, `${name}.eps`), path.join(dir, `${name}-eps.png`)];
      await writeFile(eps, logoEps(art, 'Render check', paint));
      execFileSync('gs', [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-dEPSCrop',
        '-sDEVICE=png16m',
        '-r96',
        '-dGraphicsAlphaBits=4',
        `-sOutputFile=${png}`,
        eps,
      ]);
      const meta = await sharp(png).metadata();
      t.same([meta.width, meta.height], [Math.ceil(SIZE.width), Math.ceil(SIZE.height)], `${name}: the BoundingBox`);
      const error = await meanError(await readFile(png), paint);
      t.ok(error < MAX_MEAN_ERROR, `${name}: mean error ${error.toFixed(2)} of 255`);
    }
  },
);
