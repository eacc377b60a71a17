/**
 * Brand colors (the `palette` setting) on the dev corpus: `npm run bench`
 * runs the same after the other corpora; this runs it alone.
 */
import { parsePartArgs } from './lib/args.js';
import { runBrandColorsBenchmark } from './lib/brand-colors.js';

const USAGE = `Usage: npm run bench:palette -- [--corpus DIR] [--limit N]

  --corpus DIR   the dev corpus (default ../shared/corpus/dev from the project root, or CORPUS_DIR)
  --limit N      only the first N images (quick runs)

Only a full run writes benchmarks/RESULTS-palette.md; partial runs write theirs to benchmarks/out/.`;

const args = parsePartArgs(USAGE, 'limit');
if (args) await runBrandColorsBenchmark({ corpusDir: args.corpusDir, limit: args.count });
