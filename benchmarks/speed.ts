/**
 * Speed (issue 37): whole-process CPU of the CLI beside plain vtracer, start-up, per-stage engine
 * time and API overhead, into benchmarks/RESULTS-speed.md. `npm run bench` runs the same after the
 * other benchmarks; this runs it alone.
 */
import { parseArgs } from 'node:util';

import { corpusDirOf, exitUnlessCorpus, parseLimit } from './lib/args.js';
import { DEFAULT_SPEED_REPS, runSpeedBenchmark } from './lib/speed.js';

const USAGE = `Usage: npm run bench:speed -- [--corpus DIR] [--reps N]

  --corpus DIR   the dev corpus (default ../shared/corpus/dev from the project root, or CORPUS_DIR)
  --reps N       A/B pairs per row (default ${DEFAULT_SPEED_REPS})

Only a run with the default repetitions writes benchmarks/RESULTS-speed.md; others write theirs to
benchmarks/out/.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      corpus: { type: 'string' },
      reps: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const corpusDir = corpusDirOf(values.corpus, process.env);
  exitUnlessCorpus(corpusDir);
  await runSpeedBenchmark({ corpusDir, reps: parseLimit(values.reps) ?? DEFAULT_SPEED_REPS });
}

await main();
