/**
 * The npm packages as a user gets them: `npm run pack:local` writes the main tarball and this machine's
 * platform tarball; both install into an empty folder with no Rust toolchain on PATH; there the CLI
 * runs through npx, and the API and its types work through the package's exports map, and nothing else.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readNapiConfig } from '@napi-rs/cli';
import sharp from 'sharp';
import t from 'tap';

import type { PackedPackage } from '../../../scripts/pack-local.js';
import { drawnLogo } from '../../helpers/images.js';
import { unzip } from '../../helpers/kit.js';

// Packing compiles the TypeScript and checks the addon build; installing may fetch the dependencies.
t.setTimeout(300_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };

/** PATH without the folders that hold a Rust toolchain, so no install step can compile the addon. */
const pathWithoutRust = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !['cargo', 'rustc'].some((tool) => existsSync(path.join(dir, tool))))
  .join(path.delimiter);
const env = { ...process.env, PATH: pathWithoutRust };

function inFolder(folder: string, command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: folder, env, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

t.test('one platform package per napi target, each at the main package version', async (t) => {
  const config = await readNapiConfig(path.join(root, 'package.json'));
  t.same(readdirSync(path.join(root, 'npm')).sort(), config.targets.map((target) => target.platformArchABI).sort());
  for (const { platformArchABI } of config.targets) {
    const platform = JSON.parse(readFileSync(path.join(root, 'npm', platformArchABI, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      main: string;
      files: string[];
    };
    t.equal(platform.name, `${config.packageName}-${platformArchABI}`);
    t.equal(
      platform.version,
      manifest.version,
      `${platform.name} moves with the main package (npm version runs napi version)`,
    );
    t.equal(platform.main, `${config.binaryName}.${platformArchABI}.node`);
    t.same(platform.files, [platform.main], 'it ships the addon alone');
  }
});

t.test('packed, installed without a compiler, and used from an empty folder', async (t) => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/pack-local.ts'], { cwd: root, stdio: 'ignore' });
  const packed = JSON.parse(readFileSync(path.join(root, 'pack/packages.json'), 'utf8')) as PackedPackage[];
  t.same(
    packed.map((p) => p.name),
    [manifest.name, `${manifest.name}-linux-x64-gnu`],
    'the main package and this machine’s platform package',
  );
  for (const p of packed) {
    t.comment(`${p.tarball}: ${p.packedBytes} bytes packed, ${p.unpackedBytes} unpacked, ${p.fileCount} files`);
  }

  const folder = mkdtempSync(path.join(tmpdir(), 'package-install-'));
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  t.equal(inFolder(folder, 'cargo', ['--version']).status, null, 'cargo cannot run in this environment');

  const started = performance.now();
  const tarballs = packed.map((p) => path.join(root, p.tarball));
  const install = inFolder(folder, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs]);
  t.equal(install.status, 0, install.stderr);
  t.comment(
    `npm install of both tarballs into an empty folder: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const installed = path.join(folder, 'node_modules', manifest.name);
  const published = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
  t.notOk('scripts' in published, 'the published manifest runs nothing at install');
  t.notOk('devDependencies' in published);
  t.notOk('fastify' in (published.dependencies as object), 'the server’s packages are not the library’s');
  t.same(
    readdirSync(path.join(installed, 'native')).sort(),
    ['binding.cjs', 'binding.d.ts'],
    'the main package holds the loader; the addon comes from the platform package',
  );
  t.notOk(existsSync(path.join(installed, 'src')), 'no sources, tests or benchmarks');
  t.notOk(existsSync(path.join(installed, 'dist', 'http')), 'no server');

  const logo = await drawnLogo();
  writeFileSync(path.join(folder, 'logo.png'), logo.image);

  await t.test('npx logo-vectorize converts a logo and answers --version and --help', async (t) => {
    const cli = inFolder(folder, 'npx', ['logo-vectorize', '--json', 'logo.png']);
    t.equal(cli.status, 0, cli.stderr);
    const line = JSON.parse(cli.stdout) as { palette: string[]; output: string };
    t.same([...line.palette].sort(), [...logo.palette].sort(), 'the exact colors');
    t.match(readFileSync(path.join(folder, line.output), 'utf8'), /^<svg /);
    t.equal(inFolder(folder, 'npx', ['logo-vectorize', '--version']).stdout, `${manifest.version}\n`);
    t.match(inFolder(folder, 'npx', ['logo-vectorize', '--help']).stdout, /Usage: logo-vectorize/);
  });

  await t.test('import("logo-vectorizer") gives vectorize, buildBrandKit and renderPng', async (t) => {
    const program = `import('${manifest.name}').then(async (m) => {
      const fs = await import('node:fs');
      const result = await m.vectorize(fs.readFileSync('logo.png'), { smoothing: 30 });
      fs.writeFileSync('kit.zip', await m.buildBrandKit(result.svg, result.palette, { name: 'Acme' }));
      fs.writeFileSync('preview.png', await m.renderPng(result.svg, 300));
      console.log(JSON.stringify(result));
    })`;
    const run = inFolder(folder, process.execPath, ['-e', program]);
    t.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { svg: string; palette: string[]; width: number; warning: string };
    t.match(result.svg, /^<svg /);
    t.same([...result.palette].sort(), [...logo.palette].sort());
    t.equal((await sharp(readFileSync(path.join(folder, 'preview.png'))).metadata()).width, 300);
    const kit = unzip(readFileSync(path.join(folder, 'kit.zip')));
    t.equal(
      kit.get('brand-guide/brand-guide.pdf')?.subarray(0, 5).toString('latin1'),
      '%PDF-',
      'the kit, with its PDF',
    );

    const deep = inFolder(folder, process.execPath, ['-e', `import('${manifest.name}/dist/core/tracer.js')`]);
    t.match(deep.stderr, /ERR_PACKAGE_PATH_NOT_EXPORTED/, 'no deep imports');
  });

  await t.test('the .d.ts files type a TypeScript user’s calls', async (t) => {
    writeFileSync(
      path.join(folder, 'use.ts'),
      `import { buildBrandKit, renderPng, ServiceError, vectorize, type Vectorized } from '${manifest.name}';
const result: Vectorized = await vectorize(Buffer.from(''), { colors: 4, trim: false });
const zip: Buffer = await buildBrandKit(result.svg, result.palette, { name: 'Acme', backgroundColor: '#ffffff' });
const png: Buffer = await renderPng(result.svg, 512);
// @ts-expect-error -- the palette size is one of the engine's choices
await vectorize(Buffer.from(''), { colors: 5 });
// @ts-expect-error -- width is a number
const wrong: string = result.width;
// @ts-expect-error -- only the package's entry is exported
import('${manifest.name}/dist/core/tracer.js');
export const seen = [zip, png, wrong, ServiceError];
`,
    );
    const tsconfig = {
      compilerOptions: {
        module: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [path.join(root, 'node_modules/@types')],
      },
      files: ['use.ts'],
    };
    writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify(tsconfig));
    const check = inFolder(folder, path.join(root, 'node_modules/.bin/tsc'), ['-p', '.']);
    t.equal(check.status, 0, `tsc: ${check.stdout}${check.stderr}`);
  });
});
