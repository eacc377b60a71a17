/** Command line and environment of `npm run bench`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { INPUT_TYPES, type InputType } from './corpus.js';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_CORPUS_DIR = path.resolve(PROJECT_ROOT, '../shared/corpus/dev');

export const USAGE = `Usage: npm run bench -- [--limit N] [--only png|jpg] [--no-potrace]

  --limit N      only the first N logos of truth.json (quick runs)
  --only TYPE    only PNG or only JPEG inputs
  --no-potrace   skip the potrace baseline

CORPUS_DIR overrides the corpus (default ../shared/corpus/dev from the project root).
Only a run without these flags rewrites benchmarks/RESULTS.md; partial runs write
benchmarks/out/RESULTS.md.`;

export interface BenchOptions {
  corpusDir: string;
  limit: number | null;
  inputTypes: InputType[];
  potrace: boolean;
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
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.limit !== undefined && !/^[1-9]\d*$/.test(values.limit)) {
    throw new Error(`--limit takes a positive whole number, got "${values.limit}"`);
  }
  const only = values.only;
  if (only !== undefined && !(INPUT_TYPES as readonly string[]).includes(only)) {
    throw new Error(`--only takes ${INPUT_TYPES.join(' or ')}, got "${only}"`);
  }
  return {
    corpusDir: env.CORPUS_DIR ? path.resolve(env.CORPUS_DIR) : DEFAULT_CORPUS_DIR,
    limit: values.limit === undefined ? null : Number(values.limit),
    inputTypes: only === undefined ? [...INPUT_TYPES] : [only as InputType],
    potrace: !values['no-potrace'],
    fullRun: values.limit === undefined && only === undefined && !values['no-potrace'],
    help: values.help,
  };
}
