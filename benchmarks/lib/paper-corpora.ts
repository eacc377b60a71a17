/**
 * The two corpora beside dev/: dev-papers (each dev/ image re-made on a
 * colored paper, as JPEG, WebP or opaque PNG) and dev-flags (opaque flags,
 * PNG and JPEG q80, with a truth.json like dev/'s).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import { loadTruth, readTruthArray, type LogoTruth } from './corpus.js';

export const PAPER_FORMATS = ['jpg', 'webp', 'png'] as const;
export type PaperFormat = (typeof PAPER_FORMATS)[number];

export interface PaperEntry {
  name: string;
  file: string;
  /** The dev/ image it was made from: dev/TRUTH.png's alpha is the true shape, its RGB the true art. */
  truth: string;
  width: number;
  height: number;
  /** True '#rrggbb' colors of the art. */
  palette: string[];
  /** '#rrggbb' of the paper the art was laid on. */
  paper: string;
  format: PaperFormat;
  quality: number | null;
  blur: number;
  noise: number;
  /** The factor the image was shrunk by before being blown back up; null when it was not. */
  shrink: number | null;
  /** A PNG that was first saved as a JPEG. */
  resavedFromJpeg?: true;
}

export interface CorpusDirs {
  /** dev/: NAME.png is the truth of a dev-papers file. */
  dev: string;
  papers: string;
  flags: string;
}

/** dev-papers and dev-flags sit beside the dev corpus. */
export function corpusDirsBeside(devDir: string): CorpusDirs {
  const root = path.dirname(devDir);
  return { dev: devDir, papers: path.join(root, 'dev-papers'), flags: path.join(root, 'dev-flags') };
}

export function hasTruth(dir: string): boolean {
  return existsSync(path.join(dir, 'truth.json'));
}

function isPaperEntry(value: unknown): value is PaperEntry {
  const entry = value as Partial<PaperEntry> | null;
  return (
    typeof entry?.file === 'string' &&
    typeof entry.truth === 'string' &&
    typeof entry.paper === 'string' &&
    (PAPER_FORMATS as readonly unknown[]).includes(entry.format) &&
    Array.isArray(entry.palette) &&
    entry.palette.every((color) => typeof color === 'string')
  );
}

export function loadPaperEntries(papersDir: string): Promise<PaperEntry[]> {
  return readTruthArray(path.join(papersDir, 'truth.json'), isPaperEntry, 'file, truth, paper, format, palette');
}

/** dev-flags/truth.json has dev/'s shape. */
export function loadFlagEntries(flagsDir: string): Promise<LogoTruth[]> {
  return loadTruth(flagsDir);
}
