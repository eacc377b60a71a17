import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import AdmZip from 'adm-zip';
import t from 'tap';

import { writeZip } from '../../../src/core/brand-kit/zip.js';
import { hasTool } from '../../helpers/kit.js';

const ENTRIES = [
  { path: 'README.txt', data: Buffer.from('hello '.repeat(200)) },
  { path: 'images/a.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
  { path: 'ünïcode/naïve.json', data: Buffer.from('{"a":1}') },
  { path: 'empty.txt', data: Buffer.alloc(0) },
];

t.test('entries read back in order with their exact bytes and UTF-8 names', async (t) => {
  const zip = new AdmZip(await writeZip(ENTRIES));
  const entries = zip.getEntries();
  t.same(
    entries.map((e) => e.entryName),
    ENTRIES.map((e) => e.path),
  );
  entries.forEach((entry, i) => t.same(entry.getData(), ENTRIES[i]!.data, entry.entryName));
});

t.test('text is deflated, PNGs are stored as they are', async (t) => {
  const zip = new AdmZip(await writeZip(ENTRIES));
  t.equal(zip.getEntry('README.txt')!.header.method, 8);
  t.ok(zip.getEntry('README.txt')!.header.compressedSize < 100);
  t.equal(zip.getEntry('images/a.png')!.header.method, 0);
});

t.test('every entry has the same fixed timestamp, so the archive is reproducible', async (t) => {
  const [a, b] = [await writeZip(ENTRIES), await writeZip(ENTRIES)];
  t.same(a, b);
  for (const entry of new AdmZip(a).getEntries()) t.equal(entry.header.time.getFullYear(), 1980, entry.entryName);
});

t.test('unzip -t finds no error', { skip: hasTool('unzip') ? false : 'unzip is not installed' }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'zip-'));
  t.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  writeFileSync(join(dir, 'a.zip'), await writeZip(ENTRIES));
  t.match(execFileSync('unzip', ['-t', join(dir, 'a.zip')]).toString(), /No errors detected/);
  execFileSync('unzip', ['-q', join(dir, 'a.zip'), '-d', join(dir, 'out')]);
  t.equal(readFileSync(join(dir, 'out', 'ünïcode', 'naïve.json'), 'utf8'), '{"a":1}');
});
