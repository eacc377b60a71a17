/**
 * Brand colors (the `palette` setting) on the dev corpus: `npm run bench`
 * runs the same after the other corpora; this runs it alone.
 */
import { parseArgs } from 'node:util';

import { corpusDirOf, exitUnlessCorpus, parseLimit } from './lib/args.js';
import { runBrandColorsBenchmark } from './lib/brand-colors.js';

const USAGE = `Usage: npm run bench:palette -- [--corpus DIR] [--limit N]

  --corpus DIR   the dev corpus (default ../shared/corpus/dev from the project root, or CORPUS_DIR)
  --limit N      only the first N images (quick runs)

Only a full run writes benchmarks/RESULTS-palette.md; partial runs write theirs to benchmarks/out/.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      corpus: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const corpusDir = corpusDirOf(values.corpus, process.env);
  exitUnlessCorpus(corpusDir);
  await runBrandColorsBenchmark({ corpusDir, limit: parseLimit(values.limit) });
}

await main();
