/**
 * The speed benchmark's baseline process: plain vtracer through its npm
 * binding (@neplex/vectorizer) with vtracer's CLI defaults, converting the
 * files two at a time as `logo-vectorize` does on a 2-core machine, each SVG
 * written to OUT_DIR. Plain JavaScript, so the process starts as a user's
 * script would (no TypeScript loader).
 *
 * The binding is no dependency of the project (its lock cannot hold the
 * platform builds the registry lacks, and `npm ci` then refuses it): `npm run
 * bench:peers` installs it into benchmarks/peers/.
 *
 * Usage: node benchmarks/lib/vtracer-batch.mjs OUT_DIR FILE...
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { URL } from 'node:url';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const { ColorMode, Hierarchical, PathSimplifyMode, vectorize } = createRequire(new URL('../peers/', import.meta.url))(
  '@neplex/vectorizer',
);

/** vtracer's command-line defaults (vtracer 0.6 `Config::default`). */
const VTRACER_DEFAULTS = {
  colorMode: ColorMode.Color,
  hierarchical: Hierarchical.Stacked,
  mode: PathSimplifyMode.Spline,
  filterSpeckle: 4,
  colorPrecision: 6,
  layerDifference: 16,
  cornerThreshold: 60,
  lengthThreshold: 4,
  spliceThreshold: 45,
  maxIterations: 10,
  pathPrecision: 2,
};

const [outDir, ...files] = process.argv.slice(2);
if (!outDir || files.length === 0) throw new Error('usage: vtracer-batch.mjs OUT_DIR FILE...');
const queue = [...files];
const worker = async () => {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const svg = await vectorize(await readFile(file), VTRACER_DEFAULTS);
    await writeFile(path.join(outDir, `${path.basename(file, path.extname(file))}.svg`), svg);
  }
};
// The same pool as logo-vectorize's: one conversion per core, at most 4.
const poolSize = Math.min(files.length, Math.max(1, Math.min(availableParallelism(), 4)));
await Promise.all(Array.from({ length: poolSize }, worker));
