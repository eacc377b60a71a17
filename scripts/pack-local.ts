/**
 * `npm run pack:local`: the npm packages as a release would publish them, built
 * from this checkout into pack/ (ignored by git), without touching dist/ or
 * native/ (tests may be using them).
 *
 * - pack/logo-vectorizer-VERSION.tgz, the main package: package.json's `files`
 *   (the compiled API, CLI and addon loader), a manifest without the dev-only
 *   fields, depending on exactly the packages its shipped code imports (the
 *   server's are not among them) and on one optional platform package per napi
 *   target (npm/, made by `napi create-npm-dirs`).
 * - pack/logo-vectorizer-PLATFORM-VERSION.tgz for this machine: the addon alone.
 *
 * pack/packages.json lists both with their sizes. The release workflow
 * (.github/workflows/release.yml) stages the main package the same way with
 * `--stage-only`, which also copies npm/ into the stage for `napi pre-publish`.
 */
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { copyFile, cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import ts from 'typescript';

const PACK_DIR = 'pack';
const MAIN_STAGE = path.join(PACK_DIR, 'stage', 'main');
/** Manifest fields only this repository uses: its scripts, its tools, its pins for them. */
const DEV_ONLY_FIELDS = ['private', 'scripts', 'devDependencies', 'overrides'];

interface Manifest {
  name: string;
  version: string;
  main?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

interface PackedFile {
  path: string;
  size: number;
}

interface PackResult {
  name: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

export interface PackedPackage {
  name: string;
  /** The tarball, relative to the project root. */
  tarball: string;
  packedBytes: number;
  unpackedBytes: number;
  fileCount: number;
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

function run(command: string, args: string[], cwd = '.'): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

/** What `npm pack` puts in (or, with dryRun, would put in) the tarball of the package in `dir`. */
function npmPack(dir: string, { dryRun }: { dryRun: boolean }): PackResult {
  const args = ['pack', '--json', '--ignore-scripts', ...(dryRun ? ['--dry-run'] : ['--pack-destination', '..'])];
  const [result] = JSON.parse(run('npm', args, dir)) as PackResult[];
  if (!result) throw new Error(`npm pack in ${dir} reported nothing`);
  return result;
}

/** Every module specifier `source` imports, exports from, requires or resolves (the fonts are resolved, not imported). */
function moduleSpecifiers(source: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const callee = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import' : node.expression.getText();
      if (first && ts.isStringLiteral(first) && ['require', 'require.resolve', 'import'].includes(callee)) {
        found.push(first.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('shipped.js', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS));
  return found;
}

/** The packages (not files, not Node's modules) that `source` uses. */
function importedPackages(source: string): string[] {
  return moduleSpecifiers(source)
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .filter((specifier) => !builtinModules.includes(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

/** The dependencies of the files npm would pack, at the ranges package.json gives them. */
async function shippedDependencies(stage: string, manifest: Manifest): Promise<Record<string, string>> {
  const { files } = npmPack(stage, { dryRun: true });
  const names = new Set<string>();
  for (const file of files.filter((f) => /\.(c|m)?js$/.test(f.path))) {
    for (const name of importedPackages(await readFile(path.join(stage, file.path), 'utf8'))) names.add(name);
  }
  const dependencies: Record<string, string> = {};
  for (const name of [...names].sort()) {
    // The addon's loader names every platform napi knows; ours are the optional dependencies.
    if (name.startsWith(`${manifest.name}-`)) continue;
    const range = manifest.dependencies?.[name];
    if (range === undefined) throw new Error(`the packed code uses ${name}, which package.json does not depend on`);
    dependencies[name] = range;
  }
  return dependencies;
}

/** The platform packages (npm/*), by directory. */
async function platformManifests(): Promise<Map<string, Manifest>> {
  const manifests = new Map<string, Manifest>();
  for (const dir of (await readdir('npm')).sort())
    manifests.set(dir, await readJson(path.join('npm', dir, 'package.json')));
  return manifests;
}

/** The main package staged in MAIN_STAGE with its published manifest; returns the addons built beside its loader. */
async function stageMain(manifest: Manifest, platforms: Map<string, Manifest>): Promise<string[]> {
  await rm(PACK_DIR, { recursive: true, force: true });
  await mkdir(MAIN_STAGE, { recursive: true });
  // A fresh compile into the stage: nothing left over from older builds can ship.
  run('npm', ['run', '--silent', 'build:native', '--', '--output-dir', path.join(MAIN_STAGE, 'native')]);
  // Only what the entry and the CLI import: the server's modules are not compiled into the package at all.
  run('npx', ['tsc', '-p', 'tsconfig.package.json', '--outDir', path.join(MAIN_STAGE, 'dist')]);
  await copyFile('README.md', path.join(MAIN_STAGE, 'README.md'));

  const published: Manifest = Object.fromEntries(
    Object.entries(manifest).filter(([field]) => !DEV_ONLY_FIELDS.includes(field)),
  ) as Manifest;
  await writeFile(path.join(MAIN_STAGE, 'package.json'), JSON.stringify(published, null, 2));
  published.dependencies = await shippedDependencies(MAIN_STAGE, manifest);
  // What `napi pre-publish` writes: every platform package at this very version; npm installs the one that fits.
  published.optionalDependencies = Object.fromEntries(
    [...platforms.values()].map((platform) => [platform.name, manifest.version]),
  );
  await writeFile(path.join(MAIN_STAGE, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  const nativeDir = path.join(MAIN_STAGE, 'native');
  return (await readdir(nativeDir)).filter((file) => file.endsWith('.node')).map((file) => path.join(nativeDir, file));
}

/** The platform package whose `main` is `addon`, staged with it. */
async function stagePlatform(addon: string, platforms: Map<string, Manifest>): Promise<string> {
  const file = path.basename(addon);
  const dir = [...platforms].find(([, platform]) => platform.main === file)?.[0];
  if (dir === undefined) throw new Error(`no package under npm/ ships ${file}; run npx napi create-npm-dirs`);
  const stage = path.join(PACK_DIR, 'stage', dir);
  await mkdir(stage, { recursive: true });
  for (const name of await readdir(path.join('npm', dir)))
    await copyFile(path.join('npm', dir, name), path.join(stage, name));
  await rename(addon, path.join(stage, file));
  return stage;
}

function packed(stage: string): PackedPackage {
  const result = npmPack(stage, { dryRun: false });
  return {
    name: result.name,
    tarball: path.join(PACK_DIR, 'stage', result.filename),
    packedBytes: result.size,
    unpackedBytes: result.unpackedSize,
    fileCount: result.files.length,
  };
}

async function main(): Promise<void> {
  const stageOnly = process.argv.includes('--stage-only');
  const manifest = await readJson<Manifest>('package.json');
  const platforms = await platformManifests();
  const addons = await stageMain(manifest, platforms);
  if (stageOnly) {
    // `napi pre-publish`, run in the stage, publishes these (with the addons `napi artifacts` put in them).
    await cp('npm', path.join(MAIN_STAGE, 'npm'), { recursive: true });
    console.log(`staged ${manifest.name}@${manifest.version} in ${MAIN_STAGE}`);
    return;
  }
  const stages = [MAIN_STAGE, ...(await Promise.all(addons.map((addon) => stagePlatform(addon, platforms))))];
  const packages: PackedPackage[] = [];
  for (const stage of stages) {
    const result = packed(stage);
    const tarball = path.join(PACK_DIR, path.basename(result.tarball));
    await rename(result.tarball, tarball);
    packages.push({ ...result, tarball });
  }
  await writeFile(path.join(PACK_DIR, 'packages.json'), `${JSON.stringify(packages, null, 2)}\n`);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  for (const p of packages) {
    console.log(`${p.tarball}: ${kb(p.packedBytes)} packed, ${kb(p.unpackedBytes)} unpacked, ${p.fileCount} files`);
  }
}

await main();
