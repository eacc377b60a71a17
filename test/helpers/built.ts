/**
 * The compiled entry points (`npm run build:ts` writes dist/) that the
 * system tests and benchmarks start as processes: node runs them at once,
 * where tsx would compile the sources again in every process. A dist/
 * older than its sources would test stale code, so that is refused.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const PROJECT_ROOT = path.join(import.meta.dirname, '../..');
const SOURCES = path.join(PROJECT_ROOT, 'src');

/** The newest modification time of the TypeScript sources that dist/ is built from. */
function newestSource(): number {
  return readdirSync(SOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith(`web${path.sep}`))
    .reduce((newest, file) => Math.max(newest, statSync(path.join(SOURCES, file)).mtimeMs), 0);
}

/** The path of dist/`entry` (e.g. 'server.js'), once it is known to be built from today's sources. */
export function builtEntry(entry: string): string {
  const file = path.join(PROJECT_ROOT, 'dist', entry);
  let built: number;
  try {
    built = statSync(file).mtimeMs;
  } catch {
    throw new Error(`${path.relative(PROJECT_ROOT, file)} is missing: run npm run build:ts`);
  }
  if (built < newestSource()) {
    throw new Error(`${path.relative(PROJECT_ROOT, file)} is older than src/: run npm run build:ts`);
  }
  return file;
}
