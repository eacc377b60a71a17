/**
 * Seam check (issue 4) on its own: on every multi-color dev logo, render our
 * SVG at 1x and 4x and count seam pixels (see lib/seams.ts). `npm run bench`
 * reports the same totals among its targets.
 *
 * Usage: node --import tsx benchmarks/seams.ts [--corpus DIR] [--only png|jpg] [--limit N]
 */
import { parseArgs } from 'node:util';

import { traceImage } from '../src/core/tracer.js';
import { corpusDirOf, exitUnlessCorpus } from './lib/args.js';
import { INPUT_TYPES, loadTruth, readLogo, type InputType } from './lib/corpus.js';
import { OUR_SETTINGS } from './lib/engines.js';
import { countSeamPixels } from './lib/seams.js';

const SCALES = [1, 4] as const;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { corpus: { type: 'string' }, only: { type: 'string' }, limit: { type: 'string' } },
  });
  const corpusDir = corpusDirOf(values.corpus, process.env);
  exitUnlessCorpus(corpusDir);
  const inputs: InputType[] = values.only ? [values.only as InputType] : [...INPUT_TYPES];
  let logos = await loadTruth(corpusDir);
  if (values.limit) logos = logos.slice(0, Number(values.limit));
  for (const input of inputs) {
    let checked = 0;
    const totals = new Map<number, number>(SCALES.map((scale) => [scale, 0]));
    const offenders: string[] = [];
    for (const truth of logos) {
      const bytes = await readLogo(corpusDir, truth.name, input);
      const result = await traceImage(bytes, OUR_SETTINGS);
      if (result.palette.length < 2) continue;
      checked++;
      const counts = SCALES.map((scale) => countSeamPixels(result.svg, result.width, scale));
      counts.forEach((count, k) => totals.set(SCALES[k]!, totals.get(SCALES[k]!)! + count));
      if (counts.some((count) => count > 0)) offenders.push(`${truth.name} (${counts.join(' / ')})`);
    }
    const summary = SCALES.map((scale) => `${totals.get(scale)} at ${scale}x`).join(', ');
    console.log(`${input}: ${checked} multi-color logos, seam pixels ${summary}`);
    if (offenders.length > 0) console.log(`  with seams (1x / 4x): ${offenders.join(', ')}`);
  }
}

await main();
