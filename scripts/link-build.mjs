// Makes build/ (the JavaScript the type check writes from src/, test/,
// benchmarks/ and scripts/, which the fast test tier runs without a TypeScript
// loader) behave like the source tree: the files the sources find by relative
// path (the addon, dist/web, package.json, examples, test fixtures) are linked
// in, and emitted files whose TypeScript source is gone are removed, so a
// deleted test does not run on from an old copy.
import { existsSync, lstatSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'build');
const LINKED = ['native', 'dist', 'examples', 'package.json', 'test/fixtures'];
const EMITTED = /\.(js|js\.map|d\.ts)$/;

for (const entry of LINKED) {
  const link = path.join(BUILD, entry);
  if (lstatSync(link, { throwIfNoEntry: false })) continue;
  symlinkSync(path.relative(path.dirname(link), path.join(ROOT, entry)), link);
}

for (const folder of ['src', 'test', 'benchmarks', 'scripts']) {
  const emitted = path.join(BUILD, folder);
  if (!existsSync(emitted)) continue;
  for (const file of readdirSync(emitted, { recursive: true, encoding: 'utf8' })) {
    if (!EMITTED.test(file) || file.startsWith(`fixtures${path.sep}`)) continue;
    const source = path.join(ROOT, folder, file.replace(EMITTED, '.ts'));
    if (!existsSync(source)) rmSync(path.join(emitted, file));
  }
}
