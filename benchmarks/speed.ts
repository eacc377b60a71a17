/**
 * Speed (issue 37): whole-process CPU of the CLI beside plain vtracer, start-up, per-stage engine
 * time and API overhead, into benchmarks/RESULTS-speed.md. `npm run bench` runs the same after the
 * other benchmarks; this runs it alone.
 */
import { parsePartArgs } from './lib/args.js';
import { DEFAULT_SPEED_REPS, runSpeedBenchmark } from './lib/speed.js';

const USAGE = `Usage: npm run bench:speed -- [--corpus DIR] [--reps N]

  --corpus DIR   the dev corpus (default ../shared/corpus/dev from the project root, or CORPUS_DIR)
  --reps N       A/B pairs per row (default ${DEFAULT_SPEED_REPS})

Only a run with the default repetitions writes benchmarks/RESULTS-speed.md; others write theirs to
benchmarks/out/.`;

const args = parsePartArgs(USAGE, 'reps');
if (args) await runSpeedBenchmark({ corpusDir: args.corpusDir, reps: args.count ?? DEFAULT_SPEED_REPS });
