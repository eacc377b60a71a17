/**
 * The mark: what stands for the brand where a wide logo cannot be read, in
 * every square or small image of the kit (favicons, app icons, the avatar).
 * A combination logo gives its symbol, split from the word by layout: the
 * logo's shapes are gathered into columns (or rows), a row of three or more
 * glyph-sized columns is a word, and a compact group set apart from it by
 * clearly more than the letter spacing is the symbol. A square-ish logo is
 * its own mark; a wide logo with no symbol (a wordmark, joined script
 * letters too) gets a monogram, the first letter of the name.
 */
import { mostContrasting } from '../color.js';
import { parsedFont } from '../fonts.js';
import { unionOf, type Box } from '../geometry.js';
import { colorsOf, type LogoArt, type LogoPath } from '../logo-art.js';
import { subpathsOf, type Subpath } from '../svg-path.js';
import type { PaletteColor } from './palette.js';

export type MarkSource = 'symbol' | 'whole' | 'monogram';

/** Where the kit keeps the mark, whatever the brand's name. */
export const MARK_FILE = 'logo/mark.svg';

/** What each kind of mark is, in the words the files and the guide use. */
export const MARK_DESCRIPTIONS: Record<MarkSource, string> = {
  symbol: 'the symbol of the logo',
  whole: 'the whole logo',
  monogram: 'a monogram of the name',
};

export interface KitMark {
  art: LogoArt;
  source: MarkSource;
  /** Why this mark, as the README and the guide say it. */
  reason: string;
}

/** Logos within this aspect ratio either way are square enough to be their own mark. */
const SQUARE_ENOUGH = 1.6;
/** A symbol is compact: no more than this aspect ratio either way. */
const SYMBOL_MAX_ASPECT = 2.5;
/** A symbol beside a word is at least this part of the word's height (a lone lower-case letter is not). */
const SYMBOL_MIN_HEIGHT_SHARE = 0.45;
/** A symbol above or below a word is at least this part of the word's height (the dot of an i is not), */
const STACKED_SYMBOL_MIN_HEIGHT_SHARE = 0.6;
/** and the word is a line at least this much wider than tall. */
const STACKED_WORD_MIN_ASPECT = 2.5;
/** A word is a row of at least this many glyph columns, this much wider than tall. */
const WORD_MIN_GLYPHS = 3;
const WORD_MIN_ASPECT = 1.5;
/** Beside a word, the symbol's gap is at least this many times the word's median letter gap. */
const SIDE_GAP_RATIO = 1.8;
/** Above or below a word, the gap is at least this part of the word's height. */
const STACK_GAP_SHARE = 0.15;
/** Shapes overlapping by more than this part of the narrower one share a column (or a line). */
const BAND_OVERLAP = 0.3;
/** The least letter gap a word is measured against, as a part of its height (touching letters have none). */
const MIN_LETTER_GAP_SHARE = 0.02;
/** A logo wider than this with no symbol gets a monogram, whether or not its letters can be told apart. */
const WORDMARK_MIN_ASPECT = 2;
/** Past this many subpaths the logo is texture or lettering too fine to take apart. */
const MAX_SUBPATHS = 4000;
/** The monogram's plate: a rounded square of this corner radius, the letter this tall inside it. */
const PLATE_RADIUS = 0.22;
const LETTER_HEIGHT = 0.56;
const MONOGRAM_INKS = ['#ffffff', '#111827'] as const;

interface Piece {
  path: number;
  subpath: Subpath;
}

/** Shapes: pieces with the holes and details that lie on them, across fills. */
interface Blob {
  box: Box;
  pieces: Piece[];
}

/** Blobs that overlap along one axis: a glyph column (along x) or a line (along y). */
interface Band {
  start: number;
  end: number;
  blobs: Blob[];
}

const right = (box: Box) => box.x + box.width;
const bottom = (box: Box) => box.y + box.height;

/** Whether the centre of `inner` lies in `outer`: a hole, or a detail drawn on a shape. */
function holds(outer: Box, inner: Box): boolean {
  const [cx, cy] = [inner.x + inner.width / 2, inner.y + inner.height / 2];
  return cx >= outer.x && cx <= right(outer) && cy >= outer.y && cy <= bottom(outer);
}

function blobsOf(pieces: readonly Piece[]): Blob[] {
  const parent = pieces.map((_, i) => i);
  const root = (i: number): number => {
    let at = i;
    for (let up = parent[at] ?? at; up !== at; up = parent[at] ?? at) at = up;
    return at;
  };
  // Sorted by left edge, a piece can only hold or lie on the ones that start before it ends.
  const sorted = pieces.map((piece, id) => ({ id, box: piece.subpath.box })).sort((a, b) => a.box.x - b.box.x);
  sorted.forEach((a, i) => {
    for (let b = sorted[i + 1], j = i + 1; b && b.box.x <= right(a.box); b = sorted[++j]) {
      if (holds(a.box, b.box) || holds(b.box, a.box)) parent[root(a.id)] = root(b.id);
    }
  });
  const groups = new Map<number, Piece[]>();
  pieces.forEach((piece, i) => {
    const group = groups.get(root(i));
    if (group) group.push(piece);
    else groups.set(root(i), [piece]);
  });
  return [...groups.values()].map((group) => ({ box: unionOf(group.map((p) => p.subpath.box)), pieces: group }));
}

function bandsOf(blobs: readonly Blob[], axis: 'x' | 'y'): Band[] {
  const span = (box: Box): [number, number] => (axis === 'x' ? [box.x, right(box)] : [box.y, bottom(box)]);
  const bands: Band[] = [];
  for (const blob of [...blobs].sort((a, b) => span(a.box)[0] - span(b.box)[0])) {
    const [start, end] = span(blob.box);
    const last = bands.at(-1);
    // Slanted letters overlap their neighbours a little; only a real overlap makes one column.
    if (last && last.end - start > BAND_OVERLAP * Math.min(end - start, last.end - last.start)) {
      last.end = Math.max(last.end, end);
      last.blobs.push(blob);
    } else bands.push({ start, end, blobs: [blob] });
  }
  return bands;
}

const aspect = (box: Box) => box.width / box.height;
const compact = (box: Box) => aspect(box) <= SYMBOL_MAX_ASPECT && aspect(box) >= 1 / SYMBOL_MAX_ASPECT;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Whether the blobs are a word: a row of enough glyph columns. */
function isWord(blobs: readonly Blob[]): boolean {
  const box = unionOf(blobs.map((b) => b.box));
  return bandsOf(blobs, 'x').length >= WORD_MIN_GLYPHS && aspect(box) >= WORD_MIN_ASPECT;
}

interface Split {
  symbol: Blob[];
  /** How clearly the symbol stands apart: 1 is the least that counts. */
  clarity: number;
  layout: string;
}

/** The best symbol-and-word split of the blobs along `axis` (symbol beside the word along x, above or below along y). */
function splitAlong(blobs: readonly Blob[], axis: 'x' | 'y'): Split | null {
  const bands = bandsOf(blobs, axis);
  const gaps = bands.slice(1).map((band, i) => band.start - (bands[i]?.end ?? band.start));
  let best: Split | null = null;
  for (const [i, gap] of gaps.entries()) {
    // The letter spacing: the other gaps of the row (touching or overlapping letters have none to measure).
    const spacing = median(gaps.filter((other, j) => j !== i && other > 0));
    const before = bands.slice(0, i + 1).flatMap((band) => band.blobs);
    const after = bands.slice(i + 1).flatMap((band) => band.blobs);
    for (const [symbol, word, where] of [
      [before, after, axis === 'x' ? 'left of' : 'above'],
      [after, before, axis === 'x' ? 'right of' : 'below'],
    ] as const) {
      const symbolBox = unionOf(symbol.map((b) => b.box));
      const wordBox = unionOf(word.map((b) => b.box));
      if (!isWord(word) || !compact(symbolBox)) continue;
      let clarity: number;
      if (axis === 'x') {
        if (symbolBox.height < SYMBOL_MIN_HEIGHT_SHARE * wordBox.height) continue;
        clarity = gap / (SIDE_GAP_RATIO * Math.max(spacing, MIN_LETTER_GAP_SHARE * wordBox.height));
      } else {
        if (symbolBox.height < STACKED_SYMBOL_MIN_HEIGHT_SHARE * wordBox.height) continue;
        if (aspect(wordBox) < STACKED_WORD_MIN_ASPECT) continue;
        clarity = gap / (STACK_GAP_SHARE * wordBox.height);
      }
      if (clarity >= 1 && (!best || clarity > best.clarity)) best = { symbol, clarity, layout: `${where} the word` };
    }
  }
  return best;
}

/** The logo reduced to `pieces`, cropped to them (a gradient stays where it was: the units are the same). */
function artOf(art: LogoArt, pieces: readonly Piece[]): LogoArt {
  const box = unionOf(pieces.map((p) => p.subpath.box));
  const paths: LogoPath[] = [];
  art.paths.forEach((path, index) => {
    const kept = pieces.filter((p) => p.path === index);
    if (kept.length > 0) paths.push({ ...path, d: kept.map((p) => p.subpath.d).join('') });
  });
  const unitsPerPixel = art.viewBox.width / art.width;
  return { width: box.width / unitsPerPixel, height: box.height / unitsPerPixel, viewBox: box, paths };
}

/** The first letter or digit of the name as a plate with the letter on it, or null when the font has no glyph for it. */
function monogram(name: string, primary: string): LogoArt | null {
  const letter = /[\p{L}\p{N}]/u.exec(name)?.[0]?.toLocaleUpperCase().codePointAt(0);
  if (letter === undefined) return null;
  const glyph = parsedFont('bold').glyphForCodePoint(letter);
  if (glyph.id === 0 || glyph.path.commands.length === 0) return null;
  const side = 100;
  const { minX, minY, maxX, maxY } = glyph.path.bbox;
  const scale = (LETTER_HEIGHT * side) / (maxY - minY);
  // Font units point up; centre the glyph's ink in the plate.
  const letterPath = glyph.path
    .translate(-(minX + maxX) / 2, -(minY + maxY) / 2)
    .scale(scale, -scale)
    .translate(side / 2, side / 2);
  const r = side * PLATE_RADIUS;
  const plate = `M${r} 0H${side - r}A${r} ${r} 0 0 1 ${side} ${r}V${side - r}A${r} ${r} 0 0 1 ${side - r} ${side}H${r}A${r} ${r} 0 0 1 0 ${side - r}V${r}A${r} ${r} 0 0 1 ${r} 0Z`;
  return {
    width: side,
    height: side,
    viewBox: { x: 0, y: 0, width: side, height: side },
    paths: [
      { fill: primary, d: plate },
      { fill: mostContrasting(primary, MONOGRAM_INKS), d: letterPath.toSVG() },
    ],
  };
}

/**
 * A wide logo with no symbol to cut out is a thin strip in a square icon, unreadable at favicon size
 * whether or not its letters can be told apart (a script wordmark's letters join): it gets a monogram.
 */
function monogramMark(art: LogoArt, palette: readonly PaletteColor[], name: string, separateLetters: boolean): KitMark {
  const what = separateLetters
    ? 'The logo is a wordmark with no separate symbol'
    : `The logo is more than ${WORDMARK_MIN_ASPECT} times as wide as tall with no separate symbol (its letters join, or it is lettering too fine to take apart)`;
  const plate = monogram(name, palette[0]?.hex ?? colorsOf(art)[0] ?? '#000000');
  if (!plate)
    return { art, source: 'whole', reason: `${what}, and the font has no letter for the name: it is used whole.` };
  return {
    art: plate,
    source: 'monogram',
    reason: `${what}, so whole it would shrink to a thin strip in square and small images; they use a monogram instead: the first letter of the name on a plate of the main brand color.`,
  };
}

/** The mark of `art` for a kit named `name` whose most-used color is palette[0]. */
export function findMark(art: LogoArt, palette: readonly PaletteColor[], name: string): KitMark {
  const whole = (reason: string): KitMark => ({ art, source: 'whole', reason });
  const pieces = art.paths.flatMap((path, index) => subpathsOf(path.d).map((subpath) => ({ path: index, subpath })));
  const shape = aspect({ x: 0, y: 0, width: art.width, height: art.height });
  const squareish = shape <= SQUARE_ENOUGH && shape >= 1 / SQUARE_ENOUGH;
  const wide = shape > WORDMARK_MIN_ASPECT;
  if (pieces.length <= MAX_SUBPATHS) {
    const blobs = blobsOf(pieces);
    // A square logo leaves no room for a word beside its symbol: only a word above or below counts there.
    const split = [squareish ? null : splitAlong(blobs, 'x'), splitAlong(blobs, 'y')]
      .filter((candidate) => candidate !== null)
      .sort((a, b) => b.clarity - a.clarity)[0];
    if (split) {
      return {
        art: artOf(
          art,
          split.symbol.flatMap((blob) => blob.pieces),
        ),
        source: 'symbol',
        reason: `The logo combines a symbol with a word; the symbol (${split.layout}) stands for the brand where the whole logo would be too small to read.`,
      };
    }
    if (wide) return monogramMark(art, palette, name, isWord(blobs));
  }
  if (wide) return monogramMark(art, palette, name, false);
  if (squareish) return whole('The logo is close to square, so it is its own mark.');
  return whole(
    `The logo has no separate symbol and is no more than ${WORDMARK_MIN_ASPECT} times as wide as tall, so it is its own mark.`,
  );
}
