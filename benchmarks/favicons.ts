/**
 * Favicons of the whole dev corpus (issue 39): builds every logo's kit and lays its 96 px and 32 px
 * favicons side by side on one contact sheet, benchmarks/sheets/favicons.png, each labelled with the
 * logo's name, its aspect ratio and what the mark is (symbol, whole or monogram). Prints the logos wider
 * than 2:1 whose mark is the whole logo: there should be none.
 *
 * Usage: npm run bench:favicons [-- --corpus DIR]
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import sharp, { type OverlayOptions } from 'sharp';

import { createBrandKitBuilder } from '../src/core/brand-kit/index.js';
import { findMark } from '../src/core/brand-kit/mark.js';
import { analyzePalette } from '../src/core/brand-kit/palette.js';
import { escapeXml } from '../src/core/escape.js';
import { parseLogoArt } from '../src/core/logo-art.js';
import { createRasterizer } from '../src/core/raster.js';
import { vectorize } from '../src/core/tracer.js';
import { unzip } from '../test/helpers/kit.js';
import { corpusDirOf, exitUnlessCorpus, PROJECT_ROOT } from './lib/args.js';

const CORPUS_DIR = corpusDirOf(parseArgs({ options: { corpus: { type: 'string' } } }).values.corpus, process.env);
const SHEET = path.join(PROJECT_ROOT, 'benchmarks/sheets/favicons.png');
const CELL = { width: 200, height: 150 };
const COLUMNS = 10;
const WIDE = 2;

/** The 32 px PNG inside favicon.ico (its directory lists 48, 32 and 16). */
function ico32(ico: Buffer): Buffer {
  for (let i = 0; i < ico.readUInt16LE(4); i++) {
    const entry = 6 + i * 16;
    if (ico.readUInt8(entry) === 32)
      return ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
  }
  throw new Error('favicon.ico has no 32 px image');
}

async function main(): Promise<void> {
  exitUnlessCorpus(CORPUS_DIR);
  const files = (await readdir(CORPUS_DIR)).filter((file) => file.startsWith('logo-') && file.endsWith('.png')).sort();
  const build = createBrandKitBuilder(createRasterizer());
  const cells: OverlayOptions[] = [];
  const wholeWide: string[] = [];
  for (const [i, file] of files.entries()) {
    const { svg, palette, width, height } = await vectorize(await readFile(path.join(CORPUS_DIR, file)));
    const name = file.replace(/^logo-|\.png$/g, '');
    const kit = unzip(await build({ svg, palette }, { name, backgroundColor: '#ffffff' }));
    const art = parseLogoArt(svg);
    const { source } = findMark(art, await analyzePalette(art), name);
    const aspect = width / height;
    if (aspect > WIDE && source === 'whole') wholeWide.push(file);
    const [x, y] = [(i % COLUMNS) * CELL.width, Math.floor(i / COLUMNS) * CELL.height];
    const label = `<svg width="${CELL.width}" height="40"><text x="4" y="14" font-family="DejaVu Sans" font-size="11">${escapeXml(name.slice(0, 28))}</text><text x="4" y="30" font-family="DejaVu Sans" font-size="11" fill="${aspect > WIDE ? '#b91c1c' : '#555'}">${aspect.toFixed(2)}:1 ${source}</text></svg>`;
    cells.push(
      { input: kit.get('web/favicon-96x96.png')!, left: x + 4, top: y + 4 },
      { input: ico32(kit.get('web/favicon.ico')!), left: x + 112, top: y + 36 },
      { input: Buffer.from(label), left: x, top: y + 104 },
    );
  }
  await mkdir(path.dirname(SHEET), { recursive: true });
  const rows = Math.ceil(files.length / COLUMNS);
  await sharp({
    create: { width: COLUMNS * CELL.width, height: rows * CELL.height, channels: 3, background: '#ffffff' },
  })
    .composite(cells)
    .png()
    .toFile(SHEET);
  console.log(`wrote ${path.relative(PROJECT_ROOT, SHEET)}: ${files.length} logos`);
  console.log(`wider than ${WIDE}:1 and used whole: ${wholeWide.length === 0 ? 'none' : wholeWide.join(', ')}`);
}

await main();
