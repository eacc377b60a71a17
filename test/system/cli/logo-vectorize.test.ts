import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import t from 'tap';

import { parseCli } from '../../../src/cli/args.js';
import { builtEntry } from '../../helpers/built.js';
import { drawnLogo, FOUR_COLORS, type DrawnLogo } from '../../helpers/images.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The installed executable, as `npx logo-vectorize` runs it.
const cli = builtEntry('cli/bin.cjs');

function run(args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Writes the drawing into `dir` as `name` and returns its path. */
function saved(dir: string, name: string, logo: DrawnLogo): string {
  const file = path.join(dir, name);
  writeFileSync(file, logo.image);
  return file;
}

t.test('batch --json converts every good input and reports the bad one', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-'));
  const bogus = path.join(dir, 'notes.png');
  writeFileSync(bogus, 'this is text, not an image');
  const logo = await drawnLogo();
  const inputs = [saved(dir, 'logo.png', logo), bogus, saved(dir, 'on-white.jpg', await drawnLogo({ format: 'jpeg' }))];
  const { status, stdout, stderr } = run(['--json', '--out-dir', path.join(dir, 'out'), ...inputs]);
  t.equal(status, 1, 'a failed input makes the exit status 1');
  t.match(stderr, /notes\.png: the file is not a PNG, JPEG or WebP image \(UNSUPPORTED_FORMAT\)/);
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  t.equal(lines.length, 2, 'one JSON line per converted input');
  for (const line of lines) {
    t.same(Object.keys(line).sort(), [
      'bytes',
      'gradients',
      'height',
      'input',
      'ms',
      'output',
      'palette',
      'warning',
      'width',
    ]);
    t.same(line.gradients, [], 'flat colors, no gradient');
    const svg = readFileSync(String(line.output), 'utf8');
    t.equal(Buffer.byteLength(svg), line.bytes, 'bytes is the size of the written SVG');
    t.ok((line.ms as number) > 0, 'the conversion time is reported');
    for (const color of line.palette as string[]) t.ok(svg.includes(`fill="${color}"`), `${color} is a fill`);
  }
  const png = lines.find((line) => String(line.input).endsWith('logo.png'));
  t.same([...(png?.palette as string[])].sort(), [...logo.palette].sort(), 'exact brand colors from a PNG');
  const jpeg = lines.find((line) => String(line.input).endsWith('on-white.jpg'));
  t.match(jpeg?.warning, /Removed background #ffffff/);
});

t.test('settings flags reach the engine; -o names the output', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-'));
  const output = path.join(dir, 'one.svg');
  const logo = await drawnLogo({ palette: FOUR_COLORS });
  const input = saved(dir, 'four-colors.png', logo);
  const { status, stdout } = run(['--colors', '2', '--no-trim', '--json', '-o', output, input]);
  t.equal(status, 0);
  const line = JSON.parse(stdout) as { palette: string[]; width: number; height: number; output: string };
  t.equal(line.output, output);
  t.equal(line.palette.length, 2, '--colors 2 gives two colors');
  t.same([line.width, line.height], [logo.width, logo.height], '--no-trim keeps the source size');
});

t.test('without -o or --out-dir the SVG lands beside its input', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-'));
  const input = saved(dir, 'brand.png', await drawnLogo({ palette: ['#4f8ce8'] }));
  const { status, stdout } = run([input]);
  t.equal(status, 0);
  t.match(stdout, /brand\.png -> .*brand\.svg \(\d+x\d+, #4f8ce8, \d+ bytes\)/);
  t.ok(existsSync(path.join(dir, 'brand.svg')));
});

t.test('usage errors exit 2 before any work', (t) => {
  t.equal(run([]).status, 2, 'no inputs');
  t.match(run(['--colors', '5', 'x.png']).stderr, /--colors must be one of 0, 1, 2, 3, 4, 6, 8/);
  t.match(run(['--smoothing', '101', 'x.png']).stderr, /--smoothing must be a whole number from 0 to 100 \(got 101\)/);
  t.match(run(['-o', 'a.svg', 'x.png', 'y.png']).stderr, /-o takes a single input/);
  const collision = run(['--out-dir', tmpdir(), 'a/logo.png', 'b/logo.jpg']);
  t.equal(collision.status, 2);
  t.match(collision.stderr, /would both write/);
  t.end();
});

t.test('--help and --version answer without inputs and exit 0', (t) => {
  const help = run(['--help']);
  t.equal(help.status, 0);
  t.match(help.stdout, /Usage: logo-vectorize/);
  t.match(help.stdout, /--version/);
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-v']) {
    const answer = run([flag]);
    t.equal(answer.status, 0, flag);
    t.equal(answer.stdout, `${version}\n`, `${flag} prints the package's version`);
  }
  // With other options beside it the CLI proper parses the line and answers the same.
  t.equal(run(['-v', '--json']).stdout, `${version}\n`, 'the full parser prints the same version');
  t.end();
});

t.test('parseCli maps flags to trace settings', (t) => {
  const options = parseCli(['--no-transparent', '--smoothing', '0', 'in.png']);
  t.same(options.settings, { colors: 0, smoothing: 0, transparent: false, trim: true, palette: [] });
  t.throws(() => parseCli(['--smoothing', '-3', 'in.png']), { name: 'UsageError' });
  t.throws(() => parseCli(['--bogus', 'in.png']), { name: 'UsageError', message: /--bogus/ });
  t.end();
});
