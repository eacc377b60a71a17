/**
 * The speed benchmark's rows (issue 37): the dev corpus's brand logos as PNG
 * and JPEG q80, its coins, app squares and flags as JPEG, and one logo blown
 * up to 2000 and 6000 px. The JPEGs and blown-up images are made at run time
 * into a temporary folder.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { kindOf, loadTruth, type Kind } from './corpus.js';
import { LARGE_IMAGE_HEIGHT, LARGE_IMAGE_LOGO, LARGE_IMAGE_WIDTH, writeLargeLogo } from './large-image-check.js';

export interface SpeedRow {
  label: string;
  /** Short name for folders and the per-stage table. */
  key: string;
  files: string[];
}

/** Images in each corpus row, as in the table. */
const ROW_SIZE = 60;
const JPEG_QUALITY = 80;
const FILLED_KINDS: Kind[] = ['coin', 'app', 'round', 'flag'];
const MID_WIDTH = 2000;

/** The PNG as a JPEG q80 on white, as the corpus's own JPEGs are made. */
async function writeJpeg(png: string, file: string): Promise<string> {
  await sharp(png).flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY }).toFile(file);
  return file;
}

async function jpegsOf(pngs: string[], dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  return Promise.all(pngs.map((png) => writeJpeg(png, path.join(dir, `${path.basename(png, '.png')}.jpg`))));
}

/** The first `count` names taking each kind in turn (by name within a kind): 15 of each of four kinds. */
function takeInTurn(names: string[], kinds: Kind[], count: number): string[] {
  const byKind = kinds.map((kind) => names.filter((name) => kindOf(name) === kind));
  const taken: string[] = [];
  for (let i = 0; taken.length < count && byKind.some((list) => i < list.length); i++) {
    for (const list of byKind) if (i < list.length && taken.length < count) taken.push(list[i]!);
  }
  return taken.sort();
}

/** The logo on a transparent canvas of the large-image target's shape, `width` px wide, as PNG and JPEG. */
async function blownUp(logoPng: string, width: number, dir: string): Promise<[string, string]> {
  const height = Math.round((width * LARGE_IMAGE_HEIGHT) / LARGE_IMAGE_WIDTH);
  const png = path.join(dir, `${LARGE_IMAGE_LOGO}-${width}.png`);
  await writeLargeLogo(await sharp(logoPng).toBuffer(), png, width, height);
  return [png, await writeJpeg(png, path.join(dir, `${LARGE_IMAGE_LOGO}-${width}.jpg`))];
}

export async function makeSpeedRows(corpusDir: string, dir: string): Promise<SpeedRow[]> {
  const names = (await loadTruth(corpusDir)).map((truth) => truth.name).sort();
  const pngOf = (name: string) => path.join(corpusDir, `${name}.png`);
  const logos = names
    .filter((name) => kindOf(name) === 'logo')
    .slice(0, ROW_SIZE)
    .map(pngOf);
  const filled = takeInTurn(names, FILLED_KINDS, ROW_SIZE).map(pngOf);
  await mkdir(dir, { recursive: true });
  const [midPng, midJpeg] = await blownUp(pngOf(LARGE_IMAGE_LOGO), MID_WIDTH, dir);
  const [largePng, largeJpeg] = await blownUp(pngOf(LARGE_IMAGE_LOGO), LARGE_IMAGE_WIDTH, dir);
  return [
    { label: `${logos.length} brand logos, 512 px PNG`, key: 'logos-png', files: logos },
    {
      label: `the same as JPEG q${JPEG_QUALITY}`,
      key: 'logos-jpg',
      files: await jpegsOf(logos, path.join(dir, 'logos-jpg')),
    },
    {
      label: `${filled.length} coins, app squares and flags, JPEG q${JPEG_QUALITY}`,
      key: 'filled-jpg',
      files: await jpegsOf(filled, path.join(dir, 'filled-jpg')),
    },
    { label: `one logo blown up to ${MID_WIDTH} px, PNG`, key: `${MID_WIDTH}-png`, files: [midPng] },
    { label: `one logo blown up to ${MID_WIDTH} px, JPEG`, key: `${MID_WIDTH}-jpg`, files: [midJpeg] },
    { label: `${LARGE_IMAGE_WIDTH} px PNG`, key: `${LARGE_IMAGE_WIDTH}-png`, files: [largePng] },
    { label: `${LARGE_IMAGE_WIDTH} px JPEG`, key: `${LARGE_IMAGE_WIDTH}-jpg`, files: [largeJpeg] },
  ];
}
