/** The installed package's version, for `--version`. CommonJS so that bin.cjs can answer without the ES module loader. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function packageVersion(): string {
  // src/cli and dist/cli both sit two levels below the package's manifest.
  const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
