/** The benchmark corpus: truth.json plus NAME.png (RGBA) and NAME.jpg (q80 on white) per logo. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const INPUT_TYPES = ['png', 'jpg'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** The kinds of art in the corpus, by file name prefix (benchmark grouping only; the engine never sees names). */
export const KINDS = ['logo', 'coin', 'app', 'round', 'flag'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  logo: 'brand logos',
  coin: 'coins with white symbols',
  app: 'app-icon squares',
  round: 'round flags',
  flag: 'full-bleed flags',
};

export function kindOf(name: string): Kind {
  const prefix = name.split('-')[0];
  return (KINDS as readonly string[]).includes(prefix ?? '') ? (prefix as Kind) : 'logo';
}

export interface LogoTruth {
  name: string;
  width: number;
  height: number;
  /** Exact '#rrggbb' brand colors of the vector source. */
  palette: string[];
  source: string;
}

function isLogoTruth(value: unknown): value is LogoTruth {
  const entry = value as Partial<LogoTruth> | null;
  return (
    typeof entry?.name === 'string' &&
    typeof entry.width === 'number' &&
    typeof entry.height === 'number' &&
    Array.isArray(entry.palette) &&
    entry.palette.every((color) => typeof color === 'string')
  );
}

/** A truth.json array whose every entry passes `isEntry`, or an error naming the file and the fields it needs. */
export async function readTruthArray<T>(
  file: string,
  isEntry: (value: unknown) => value is T,
  fields: string,
): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  const entries: unknown = JSON.parse(text);
  if (!Array.isArray(entries) || !entries.every(isEntry)) {
    throw new Error(`${file} is not an array of {${fields}}`);
  }
  return entries;
}

export function loadTruth(corpusDir: string): Promise<LogoTruth[]> {
  return readTruthArray(path.join(corpusDir, 'truth.json'), isLogoTruth, 'name, width, height, palette');
}

export function readLogo(corpusDir: string, name: string, type: InputType): Promise<Buffer> {
  return readFile(path.join(corpusDir, `${name}.${type}`));
}
