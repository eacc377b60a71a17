/**
 * Ours beside plain vtracer on the two corpora beside dev/: art laid on
 * colored papers (dev-papers) and opaque full-bleed flags (dev-flags).
 * `npm run bench` runs the same after the dev corpus; this runs it alone.
 */
import { parseArgs } from 'node:util';

import { corpusDirOf, parseLimit } from './lib/args.js';
import { PAPERS_PARTS, runPapersBenchmark, type PapersOptions, type PapersPart } from './lib/papers.js';

const USAGE = `Usage: npm run bench:papers -- [--corpus DIR] [--limit N] [--only papers|flags]

  --corpus DIR   the dev corpus, beside which dev-papers/ and dev-flags/ are read
                 (default ../shared/corpus/dev from the project root, or CORPUS_DIR)
  --limit N      only the first N entries of each corpus (quick runs)
  --only PART    only dev-papers or only dev-flags

Only a run without --limit and --only writes benchmarks/RESULTS-papers.md and the
sheets in benchmarks/sheets/; partial runs write their sheets to benchmarks/out/sheets/.`;

function parseOptions(argv: string[]): PapersOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      corpus: { type: 'string' },
      limit: { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const only = values.only;
  if (only !== undefined && !(PAPERS_PARTS as readonly string[]).includes(only)) {
    throw new Error(`--only takes ${PAPERS_PARTS.join(' or ')}, got "${only}"`);
  }
  return {
    devDir: corpusDirOf(values.corpus, process.env),
    limit: parseLimit(values.limit),
    parts: only === undefined ? PAPERS_PARTS : [only as PapersPart],
    fullRun: values.limit === undefined && only === undefined,
  };
}

async function main(): Promise<void> {
  let options: PapersOptions | 'help';
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  if ((await runPapersBenchmark(options)) === null) process.exitCode = 2;
}

await main();
