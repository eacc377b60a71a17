/**
 * Ours beside plain vtracer on the gradient logos (dev-gradients), and the
 * flat corpora checked for gradients they must not get. `npm run bench`
 * runs the same after the other corpora; this runs it alone.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { corpusDirOf, parseLimit, PROJECT_ROOT } from './lib/args.js';
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
  const devDir = corpusDirOf(values.corpus, process.env);
  const gradientsDir = path.join(path.dirname(devDir), 'dev-gradients');
  if (!existsSync(path.join(gradientsDir, 'truth.json'))) {
    console.error(`No corpus at ${gradientsDir}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const limit = parseLimit(values.limit);
  const fullRun = limit === null && !values['no-flat'];
  const run = await runGradientsBenchmark(gradientsDir, limit, !values['no-flat']);
  const outDir = path.join(PROJECT_ROOT, 'benchmarks', fullRun ? '' : 'out');
  const sheetDir = fullRun ? path.join(PROJECT_ROOT, 'benchmarks', 'sheets') : outDir;
  await mkdir(sheetDir, { recursive: true });
  await writeFile(path.join(outDir, 'RESULTS-gradients.md'), `# Benchmark results: gradients\n\n${run.markdown}`);
  await writeFile(path.join(sheetDir, 'gradients.png'), run.sheet);
  await writeFile(
    path.join(PROJECT_ROOT, 'benchmarks', 'out', 'gradients.json'),
    `${JSON.stringify(run.records, null, 1)}\n`,
  );
  console.log(`\nWrote RESULTS-gradients.md and gradients.png (${fullRun ? 'benchmarks/' : 'benchmarks/out/'})`);
}

await main();
