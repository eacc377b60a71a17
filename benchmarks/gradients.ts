/**
 * Ours beside plain vtracer on the gradient logos (dev-gradients), and the
 * flat corpora checked for gradients they must not get. `npm run bench`
 * runs the same after the other corpora; this runs it alone.
 */
import { parseArgs } from 'node:util';

import { corpusDirOf, parseLimit } from './lib/args.js';
import { runGradientsBenchmark } from './lib/gradients.js';

const USAGE = `Usage: npm run bench:gradients -- [--corpus DIR] [--limit N] [--no-flat]

  --corpus DIR   the dev corpus, beside which dev-gradients/ (and the flat corpora) are read
                 (default ../shared/corpus/dev from the project root, or CORPUS_DIR)
  --limit N      only the first N gradient logos (quick runs)
  --no-flat      skip counting gradients in dev/, dev-papers/ and dev-flags/

Only a full run writes benchmarks/RESULTS-gradients.md and benchmarks/sheets/gradients.png;
partial runs write theirs to benchmarks/out/.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      corpus: { type: 'string' },
      limit: { type: 'string' },
      'no-flat': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const options = {
    devDir: corpusDirOf(values.corpus, process.env),
    limit: parseLimit(values.limit),
    flat: !values['no-flat'],
  };
  if ((await runGradientsBenchmark(options)) === null) process.exitCode = 2;
}

await main();
