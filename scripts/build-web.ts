/**
 * Builds the web app (src/web) into dist/web: one script and one stylesheet
 * bundled and minified by esbuild, every file named by its content hash so the
 * server may let browsers keep it for a year, and index.html that names them.
 * `npm run build` runs it; src/http/web-app.ts serves the result.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

import { build } from 'esbuild';

const SOURCE = 'src/web';
const OUT = 'dist/web';
/** The URL path the hashed files are served under (src/http/web-app.ts). */
const ASSETS_PATH = '/app/';

await rm(OUT, { recursive: true, force: true });
await mkdir(`${OUT}/app`, { recursive: true });

const result = await build({
  entryPoints: [`${SOURCE}/main.tsx`],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['chrome110', 'firefox115', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  loader: { '.svg': 'file' },
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  publicPath: ASSETS_PATH,
  outdir: `${OUT}/app`,
  metafile: true,
  legalComments: 'linked',
  logLevel: 'warning',
});

const outputs = Object.keys(result.metafile.outputs).map((path) => basename(path));
const named = (pattern: RegExp) => {
  const found = outputs.find((name) => pattern.test(name));
  if (!found) throw new Error(`The web build made no file like ${pattern}`);
  return ASSETS_PATH + found;
};

const page = (await readFile(`${SOURCE}/index.html`, 'utf8'))
  .replace('%SCRIPT%', named(/^main-.*\.js$/))
  .replace('%STYLES%', named(/^main-.*\.css$/))
  .replace('%ICON%', named(/^icon-.*\.svg$/));
await writeFile(`${OUT}/index.html`, page);
console.log(`web app: ${outputs.join(', ')}`);
