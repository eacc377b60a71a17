/** The benchmark corpus: truth.json plus NAME.png (RGBA) and NAME.jpg (q80 on white) per logo. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const INPUT_TYPES = ['png', 'jpg'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

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

export async function loadTruth(corpusDir: string): Promise<LogoTruth[]> {
  const file = path.join(corpusDir, 'truth.json');
  const entries: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(entries) || !entries.every(isLogoTruth)) {
    throw new Error(`${file} is not an array of {name, width, height, palette}`);
  }
  return entries;
}

export function readLogo(corpusDir: string, name: string, type: InputType): Promise<Buffer> {
  return readFile(path.join(corpusDir, `${name}.${type}`));
}
