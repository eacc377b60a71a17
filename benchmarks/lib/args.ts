/** Command line and environment of `npm run bench` and the other benchmarks. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { INPUT_TYPES, type InputType } from './corpus.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_CORPUS_DIR = path.resolve(PROJECT_ROOT, '../shared/corpus/dev');

/** The corpus folder: --corpus DIR, else CORPUS_DIR, else ../shared/corpus/dev from the project root. */
export function corpusDirOf(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return path.resolve(flag ?? env.CORPUS_DIR ?? DEFAULT_CORPUS_DIR);
}

/**
 * Ends the run with one line, not a stack trace, when `dir` holds no corpus
 * (the corpus lives outside the repository, so a fresh clone has none).
 */
export function exitUnlessCorpus(dir: string): void {
  if (existsSync(path.join(dir, 'truth.json'))) return;
  console.error(
    `No benchmark corpus at ${dir} (no truth.json there): pass --corpus DIR (after -- with npm run), or set CORPUS_DIR.`,
  );
  process.exit(2);
}

export const USAGE = `Usage: npm run bench -- [--corpus DIR] [--limit N] [--only png|jpg] [--no-potrace] [--no-small]

  --corpus DIR   the corpus: truth.json with NAME.png and NAME.jpg per image
                 (default ../shared/corpus/dev from the project root, or CORPUS_DIR)
  --limit N      only the first N images of truth.json (quick runs)
  --only TYPE    only PNG or only JPEG inputs
  --no-potrace   skip the potrace baseline
  --no-small     skip the small-input run (each image shrunk to 128 px)

Only a run without these flags rewrites benchmarks/RESULTS.md; partial runs write
benchmarks/out/RESULTS.md.`;

/** `--limit N`: a positive whole number, or null when not given. */
export function parseLimit(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`--limit takes a positive whole number, got "${value}"`);
  return Number(value);
}

/**
 * The command line of a benchmark run alone (npm run bench:palette, bench:speed): --corpus DIR, --help
 * and one whole-number option, `countFlag`. Prints `usage` and answers undefined for --help; exits
 * with one line when the corpus is missing.
 */
export function parsePartArgs(
  usage: string,
  countFlag: 'limit' | 'reps',
): { corpusDir: string; count: number | null } | undefined {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      corpus: { type: 'string' },
      [countFlag]: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return undefined;
  }
  const corpusDir = corpusDirOf(values.corpus, process.env);
  exitUnlessCorpus(corpusDir);
  const count = values[countFlag];
  return { corpusDir, count: parseLimit(typeof count === 'string' ? count : undefined) };
}

export interface BenchOptions {
  corpusDir: string;
  limit: number | null;
  inputTypes: InputType[];
  potrace: boolean;
  /** Also trace each image shrunk to 128 px, scored against the full-size original. */
  small: boolean;
  /** All logos, both input types, every baseline: the run RESULTS.md records. */
  fullRun: boolean;
  help: boolean;
}

export function parseBenchArgs(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      limit: { type: 'string' },
      only: { type: 'string' },
      'no-potrace': { type: 'boolean', default: false },
      'no-small': { type: 'boolean', default: false },
      corpus: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const only = values.only;
  if (only !== undefined && !(INPUT_TYPES as readonly string[]).includes(only)) {
    throw new Error(`--only takes ${INPUT_TYPES.join(' or ')}, got "${only}"`);
  }
  return {
    corpusDir: corpusDirOf(values.corpus, env),
    limit: parseLimit(values.limit),
    inputTypes: only === undefined ? [...INPUT_TYPES] : [only as InputType],
    potrace: !values['no-potrace'],
    small: !values['no-small'],
    fullRun: values.limit === undefined && only === undefined && !values['no-potrace'] && !values['no-small'],
    help: values.help,
  };
}
