/** Contact sheets of the worst dev-papers files and flags, gathered while the run goes on. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import sharp from 'sharp';

import { renderContactSheet, type SheetEntry } from './contact-sheet.js';
import type { InputType } from './corpus.js';
import type { PaperEntry } from './paper-corpora.js';
import { flagError, paperError, type FlagRecord, type PaperRecord, type Traced } from './papers-measure.js';
import { describeAgainstVtracer } from './papers-report.js';
import { errorRatio } from './papers-summary.js';

/** A sheet entry with how bad it is; higher is worse. */
export interface Candidate {
  score: number;
  entry: SheetEntry;
}

/**
 * Adds a candidate and keeps only the `count` worst, so the run holds a few
 * dozen sources and SVGs rather than all of them. NaN ranks as the best.
 */
export function keepWorst(worst: Candidate[], candidate: Candidate, count: number): void {
  worst.push(candidate);
  const rank = (score: number): number => (Number.isNaN(score) ? -Infinity : score);
  worst.sort((a, b) => rank(b.score) - rank(a.score));
  worst.splice(count);
}

/** resvg draws PNG and JPEG only: a WebP source goes on the sheet as PNG. */
async function sheetSource(
  bytes: Buffer,
  format: PaperEntry['format'],
): Promise<Pick<SheetEntry, 'source' | 'sourceType'>> {
  if (format !== 'webp') return { source: bytes, sourceType: format };
  return { source: await sharp(bytes).png().toBuffer(), sourceType: 'png' };
}

/** Ranked by our error over the paper. */
export async function paperCandidate(
  entry: PaperEntry,
  bytes: Buffer,
  ours: Traced<PaperRecord>,
  vtracer: Traced<PaperRecord>,
): Promise<Candidate> {
  const [oursError, vtracerError] = [paperError(ours.record), paperError(vtracer.record)];
  return {
    score: oursError,
    entry: {
      name: `${entry.file} on ${entry.paper}: ${describeAgainstVtracer(oursError, vtracerError)}`,
      ...(await sheetSource(bytes, entry.format)),
      ours: ours.svg,
      vtracer: vtracer.svg,
    },
  };
}

/** Ranked by our error over plain vtracer's. */
export function flagCandidate(
  name: string,
  input: InputType,
  bytes: Buffer,
  ours: Traced<FlagRecord>,
  vtracer: Traced<FlagRecord>,
): Candidate {
  const [oursError, vtracerError] = [flagError(ours.record), flagError(vtracer.record)];
  return {
    score: errorRatio(oursError, vtracerError),
    entry: {
      name: `${name}.${input}: ${describeAgainstVtracer(oursError, vtracerError)}`,
      source: bytes,
      sourceType: input,
      ours: ours.svg,
      vtracer: vtracer.svg,
    },
  };
}

export async function writeSheet(
  dir: string,
  file: string,
  title: string,
  worst: readonly Candidate[],
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, file);
  await writeFile(
    target,
    renderContactSheet(
      title,
      worst.map((candidate) => candidate.entry),
    ),
  );
  return target;
}
