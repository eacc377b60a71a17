import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import t from 'tap';

import { parseCli } from '../../src/cli/args.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'src/cli/logo-vectorize.ts');
const corpus = path.resolve(root, '../shared/corpus/dev');

function run(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

t.test('batch --json converts every good input and reports the bad one', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-'));
  const bogus = path.join(dir, 'notes.png');
  writeFileSync(bogus, 'this is text, not an image');
  const inputs = [path.join(corpus, 'logo-apigee.png'), bogus, path.join(corpus, 'logo-tiktok.jpg')];
  const { status, stdout, stderr } = run(['--json', '--out-dir', path.join(dir, 'out'), ...inputs]);
  t.equal(status, 1, 'a failed input makes the exit status 1');
  t.match(stderr, /notes\.png: the file is not a PNG, JPEG or WebP image \(UNSUPPORTED_FORMAT\)/);
  const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  t.equal(lines.length, 2, 'one JSON line per converted input');
  for (const line of lines) {
    t.same(Object.keys(line).sort(), ['bytes', 'height', 'input', 'ms', 'output', 'palette', 'warning', 'width']);
    const svg = readFileSync(String(line.output), 'utf8');
    t.equal(Buffer.byteLength(svg), line.bytes, 'bytes is the size of the written SVG');
    t.ok((line.ms as number) > 0, 'engine time is reported');
    for (const color of line.palette as string[]) t.ok(svg.includes(`fill="${color}"`), `${color} is a fill`);
  }
  const apigee = lines.find((line) => String(line.input).endsWith('logo-apigee.png'));
  t.same([...(apigee?.palette as string[])].sort(), ['#54585a', '#fc4c02'], 'exact brand colors from a PNG');
  const tiktok = lines.find((line) => String(line.input).endsWith('logo-tiktok.jpg'));
  t.match(tiktok?.warning, /Removed background #ffffff/);
  t.end();
});

t.test('settings flags reach the engine; -o names the output', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-'));
  const output = path.join(dir, 'one.svg');
  const input = path.join(corpus, 'logo-google-pay-icon.png');
  const { status, stdout } = run(['--colors', '2', '--no-trim', '--json', '-o', output, input]);
  t.equal(status, 0);
  const line = JSON.parse(stdout) as { palette: string[]; width: number; height: number; output: string };
  t.equal(line.output, output);
  t.equal(line.palette.length, 2, '--colors 2 gives two colors');
  const truth = JSON.parse(readFileSync(path.join(corpus, 'truth.json'), 'utf8')) as { name: string; width: number; height: number }[];
  const source = truth.find((entry) => entry.name === 'logo-google-pay-icon');
  t.same([line.width, line.height], [source?.width, source?.height], '--no-trim keeps the source size');
  t.end();
});

t.test('without -o or --out-dir the SVG lands beside its input', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cli-'));
  const input = path.join(dir, 'brand.png');
  writeFileSync(input, readFileSync(path.join(corpus, 'logo-convox-icon.png')));
  const { status, stdout } = run([input]);
  t.equal(status, 0);
  t.match(stdout, /brand\.png -> .*brand\.svg \(\d+x\d+, #4f8ce8, \d+ bytes\)/);
  t.ok(existsSync(path.join(dir, 'brand.svg')));
  t.end();
});

t.test('usage errors exit 2 before any work', (t) => {
  t.equal(run([]).status, 2, 'no inputs');
  t.match(run(['--colors', '5', 'x.png']).stderr, /--colors must be one of 0, 1, 2, 3, 4, 6, 8/);
  t.match(run(['--smoothing', '101', 'x.png']).stderr, /--smoothing must be 0 to 100/);
  t.match(run(['-o', 'a.svg', 'x.png', 'y.png']).stderr, /-o takes a single input/);
  const collision = run(['--out-dir', tmpdir(), 'a/logo.png', 'b/logo.jpg']);
  t.equal(collision.status, 2);
  t.match(collision.stderr, /would both write/);
  t.match(run(['--help']).stdout, /Usage: logo-vectorize/);
  t.end();
});

t.test('parseCli maps flags to trace settings', (t) => {
  const options = parseCli(['--no-transparent', '--smoothing', '0', 'in.png']);
  t.same(options.settings, { colors: 0, smoothing: 0, transparent: false, trim: true });
  t.throws(() => parseCli(['--smoothing', '-3', 'in.png']), { name: 'UsageError' });
  t.throws(() => parseCli(['--bogus', 'in.png']), { name: 'UsageError', message: /--bogus/ });
  t.end();
});
