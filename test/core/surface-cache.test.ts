import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import t from 'tap';

import { cachedPicture, cachedSurface } from '../../src/core/mockups/surface-cache.js';
import type { Surface } from '../../src/core/mockups/surface.js';
import { newDataDir } from '../helpers/app.js';

/** A small surface with distinct values everywhere, and how many times it was drawn. */
function drawer() {
  const field = (width: number, height: number, seed: number) => ({
    width,
    height,
    data: Float32Array.from({ length: width * height }, (_, i) => Math.sin(seed + i) * 0.5 + i / 7),
  });
  const surface: Surface = {
    coverage: field(5, 4, 1),
    diffuse: field(5, 4, 2),
    sheen: field(5, 4, 3),
    print: {
      box: { x: 1, y: 2, width: 3, height: 2 },
      u: Float32Array.of(0.5, NaN, 2, 3, 4, 5),
      v: Float32Array.of(6, 7, 8, 9, NaN, 11),
    },
  };
  let draws = 0;
  return {
    surface,
    draw: () => {
      draws++;
      return Promise.resolve(surface);
    },
    draws: () => draws,
  };
}

const plain = (s: Surface) => ({
  fields: [s.coverage, s.diffuse, s.sheen].map((f) => ({ width: f.width, height: f.height, data: [...f.data] })),
  box: s.print.box,
  u: [...s.print.u],
  v: [...s.print.v],
});

t.test('a surface is drawn once, then read back whole and exact', async (t) => {
  const dir = await newDataDir(t);
  const { surface, draw, draws } = drawer();
  t.same(plain(await cachedSurface('cap', draw, dir)), plain(surface), 'the first call returns the drawing');
  t.equal(draws(), 1, 'drawn once');
  const files = await readdir(dir);
  t.equal(files.length, 1, `one file kept, no partial one left (${files.join(' ')})`);
  const again = await cachedSurface('cap', draw, dir);
  t.equal(draws(), 1, 'the second call reads it');
  t.same(plain(again), plain(surface), 'every value as drawn, NaN included');
});

t.test(
  'a partial or foreign file is drawn again; a folder that cannot be written only costs the drawing',
  async (t) => {
    const dir = await newDataDir(t);
    const { surface, draw, draws } = drawer();
    await cachedSurface('tshirt', draw, dir);
    const [file] = await readdir(dir);
    const whole = await readFile(join(dir, file!));
    for (const [what, bytes] of [
      ['truncated', whole.subarray(0, whole.length - 8)],
      ['not a surface', Buffer.from('{"fields":[]}')],
      ['empty', Buffer.alloc(0)],
    ] as const) {
      await writeFile(join(dir, file!), bytes);
      const before = draws();
      t.same(plain(await cachedSurface('tshirt', draw, dir)), plain(surface), `${what}: the drawing`);
      t.equal(draws(), before + 1, `${what}: drawn again`);
    }
    const notAFolder = join(dir, file!);
    t.same(plain(await cachedSurface('cap', draw, notAFolder)), plain(surface), 'an unwritable cache still answers');
  },
);

t.test(
  'a dressed picture is drawn once, read back exact, and drawn again when its file has the wrong length',
  async (t) => {
    const dir = await newDataDir(t);
    const picture = Buffer.from(Array.from({ length: 48 }, (_, i) => (i * 37) % 256));
    let draws = 0;
    const draw = () => {
      draws++;
      return Promise.resolve(Buffer.from(picture));
    };
    t.same(await cachedPicture('cap-ffffff', picture.length, draw, dir), picture, 'the first call returns the drawing');
    t.same(await cachedPicture('cap-ffffff', picture.length, draw, dir), picture, 'the second reads it back');
    t.equal(draws, 1, 'drawn once');
    const [file] = await readdir(dir);
    await writeFile(join(dir, file!), picture.subarray(0, 40));
    t.same(await cachedPicture('cap-ffffff', picture.length, draw, dir), picture, 'a short file: the drawing');
    t.equal(draws, 2, 'a short file is drawn again');
  },
);
