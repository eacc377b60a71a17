/**
 * Background removal on opaque images (issue 10): only the paper around the
 * art goes. Full-bleed art keeps every color, white figures inside a colored
 * shape stay, counters of letters go, a light plate is art, and small marks
 * of distinct colors reach the palette from a JPEG. Every fixture is drawn
 * here, as an opaque PNG and as a JPEG.
 */
import sharp from 'sharp';
import t from 'tap';

import { shrink } from '../../benchmarks/lib/small-inputs.js';
import { traceImage } from '../../src/core/tracer.js';
import { channelDiff, jpeg, matchPalette, renderSvg, rgba, svgDoc } from '../helpers/fixtures.js';
import { checkSvg, hasColor, pixelAt, renderResult } from '../helpers/trace.js';

const RED = '#d52b1e';
const WHITE = '#ffffff';
const PLATE = '#f4f2ed';
const BLUE = '#1c78c0';
const INK = '#222222';

/** The drawing as an opaque PNG, and as a JPEG of it at q80. */
async function inputs(svg: string): Promise<[string, Buffer, number][]> {
  const source = renderSvg(svg);
  return [
    ['opaque PNG', source, 0],
    ['JPEG q80', await jpeg(source, 80), 3],
  ];
}

t.test('a white cross on a red full-bleed field stays: nothing is removed', async (t) => {
  const svg = svgDoc(240, 160, `<path d="M100 30h40v30h50v40h-50v30h-40v-30h-50v-40h50z" fill="${WHITE}"/>`, RED);
  for (const [name, input, tolerance] of await inputs(svg)) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, RED, tolerance), `${name}: red kept (${result.palette.join(' ')})`);
    t.ok(hasColor(result, WHITE, tolerance), `${name}: the white cross kept as a color`);
    t.match(result.warnings.join('\n'), /No background removed/, `${name}: the warning says nothing was removed`);
    checkSvg(t, result);
    const out = await renderResult(result);
    const cross = pixelAt(out, 120, 80);
    t.ok(
      cross.alpha === 255 && channelDiff(cross.hex, WHITE) <= tolerance + 2,
      `${name}: the cross is opaque white (${cross.hex}, ${cross.alpha})`,
    );
    t.equal(pixelAt(out, 5, 5).alpha, 255, `${name}: the field's corner stays opaque`);
  }
});

t.test('white stripes of a full-bleed tricolour stay as bands', async (t) => {
  const body = `<rect width="80" height="160" fill="#002395"/><rect x="160" width="80" height="160" fill="${RED}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 160, body, WHITE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, WHITE, tolerance), `${name}: the white band is a color (${result.palette.join(' ')})`);
    t.match(result.warnings.join('\n'), /No background removed: the art fills the frame/, `${name}: says why`);
    const out = await renderResult(result);
    t.equal(pixelAt(out, 120, 2).alpha, 255, `${name}: the white band is opaque at the top edge`);
  }
});

t.test('a red disc with a white symbol on white paper keeps the symbol', async (t) => {
  // A coin: a disc with a white "B"-like figure whose counters are red.
  const symbol =
    `<path d="M92 60h46c22 0 34 10 34 28 0 10-6 18-14 22 12 4 20 12 20 26 0 20-14 30-38 30h-48z` +
    `M114 78v28h22c8 0 12-4 12-14s-4-14-12-14zM114 124v30h24c10 0 14-5 14-15s-4-15-14-15z" fill="${WHITE}" fill-rule="evenodd"/>`;
  const svg = svgDoc(260, 240, `<circle cx="130" cy="120" r="110" fill="${RED}"/>${symbol}`, WHITE);
  for (const [name, input, tolerance] of await inputs(svg)) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, RED, tolerance), `${name}: red (${result.palette.join(' ')})`);
    t.ok(hasColor(result, WHITE, tolerance), `${name}: the white symbol is a palette color`);
    t.match(
      result.warnings.join('\n'),
      /Removed background #f[ef]f[ef]f[ef] \(the paper around the art\)/,
      `${name}: the paper goes`,
    );
    t.match(result.warnings.join('\n'), /kept 1 shape of that color/, `${name}: the symbol is named as kept`);
    const out = await renderResult(result);
    const stem = pixelAt(out, 103, 120);
    t.ok(
      stem.alpha === 255 && channelDiff(stem.hex, WHITE) <= tolerance + 2,
      `${name}: the symbol's stem is opaque white (${stem.hex})`,
    );
    const counter = pixelAt(out, 128, 92);
    t.ok(
      counter.alpha === 255 && channelDiff(counter.hex, RED) <= tolerance + 4,
      `${name}: its counter is red (${counter.hex})`,
    );
    t.equal(pixelAt(out, 4, 4).alpha, 0, `${name}: the paper in the corner is transparent`);
  }
});

t.test('a word with counters on white paper loses the counters', async (t) => {
  // "oda": rings and bowls drawn with strokes, each with a counter.
  const body =
    `<circle cx="50" cy="70" r="24" fill="none" stroke="${INK}" stroke-width="12"/>` +
    `<circle cx="120" cy="70" r="24" fill="none" stroke="${INK}" stroke-width="12"/><rect x="138" y="20" width="12" height="80" fill="${INK}"/>` +
    `<circle cx="190" cy="70" r="24" fill="none" stroke="${INK}" stroke-width="12"/><rect x="208" y="40" width="12" height="60" fill="${INK}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 120, body, WHITE))) {
    const result = await traceImage(input, { trim: false });
    t.equal(result.palette.length, 1, `${name}: one color, no white (${result.palette.join(' ')})`);
    t.ok(hasColor(result, INK, tolerance + 2), `${name}: the ink color`);
    t.match(result.warnings.join('\n'), /and 3 counters inside it/, `${name}: the warning counts the counters`);
    const out = await renderResult(result);
    for (const [x, letter] of [
      [50, 'o'],
      [120, 'd'],
      [190, 'a'],
    ] as const) {
      t.equal(pixelAt(out, x, 70).alpha, 0, `${name}: the counter of ${letter} is transparent`);
    }
    // The middle of the o's stroke (radius 24 of 18 to 30).
    t.equal(pixelAt(out, 50, 46).alpha, 255, `${name}: the stroke of o stays`);
  }
});

t.test('the warning names only the kept shapes the SVG shows', async (t) => {
  // A white square figure in a dark plate, and a one-pixel white speck the
  // speckle filter drops: both are kept by the background rule.
  const body =
    `<rect x="20" y="20" width="120" height="120" fill="${INK}"/>` +
    `<rect x="65" y="65" width="30" height="30" fill="${WHITE}"/><rect x="40" y="40" width="1" height="1" fill="${WHITE}"/>`;
  const result = await traceImage(renderSvg(svgDoc(160, 160, body, WHITE)), { trim: false });
  t.match(result.warnings.join('\n'), /kept 1 shape of that color/, 'one kept shape, not the speck');
  t.ok(hasColor(result, WHITE, 0), `the kept square is white (${result.palette.join(' ')})`);
  const speckOnly = await traceImage(renderSvg(svgDoc(160, 160, body.replace(/<rect x="65"[^>]*\/>/, ''), WHITE)), {
    trim: false,
  });
  t.notMatch(speckOnly.warnings.join('\n'), /kept/, `no kept shape to name (${speckOnly.warnings.join('; ')})`);
  t.same(speckOnly.palette, [INK], 'the SVG has no white');
  t.match(speckOnly.warnings.join('\n'), /Removed background #ffffff \(the paper around the art\)/);
});

t.test('a light plate on white paper is art, not paper', async (t) => {
  const body = `<rect x="20" y="20" width="200" height="200" rx="44" fill="${PLATE}"/><circle cx="120" cy="120" r="50" fill="${BLUE}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(240, 240, body, WHITE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(
      hasColor(result, PLATE, tolerance),
      `${name}: the plate color ${PLATE} is in the palette (${result.palette.join(' ')})`,
    );
    t.ok(hasColor(result, BLUE, tolerance), `${name}: blue`);
    t.notOk(hasColor(result, WHITE, 1), `${name}: the white paper is not`);
    t.match(result.warnings.join('\n'), /Removed background #f[ef]f[ef]f[ef]/, `${name}: the white paper is what goes`);
    const out = await renderResult(result);
    const plate = pixelAt(out, 40, 120);
    t.ok(
      plate.alpha === 255 && channelDiff(plate.hex, PLATE) <= tolerance + 2,
      `${name}: the plate is opaque ${PLATE} (${plate.hex})`,
    );
    t.equal(pixelAt(out, 22, 22).alpha, 0, `${name}: outside the plate's rounded corner is transparent`);
  }
});

t.test('small marks of five colors beside a wordmark all reach the palette from a JPEG', async (t) => {
  const marks = ['#e53935', '#1e88e5', '#43a047', '#fdd835', '#8e24aa'];
  // Thin crosses, 3 px strokes, in a cluster beside three bars of "text".
  const crosses = marks
    .map((color, i) => {
      const [x, y] = [210 + (i % 3) * 22, 30 + Math.floor(i / 3) * 26];
      return `<path d="M${x} ${y - 8}h3v8h8v3h-8v8h-3v-8h-8v-3h8z" fill="${color}"/>`;
    })
    .join('');
  const text = [0, 1, 2]
    .map((i) => `<rect x="${20 + i * 58}" y="30" width="44" height="50" rx="4" fill="${INK}"/>`)
    .join('');
  const source = renderSvg(svgDoc(300, 110, `${text}${crosses}`, WHITE));
  const exact = await traceImage(source, { trim: false });
  t.same(
    [...exact.palette].sort(),
    [INK, ...marks].sort(),
    `opaque PNG: the six exact colors (${exact.palette.join(' ')})`,
  );
  for (const quality of [90, 80]) {
    const result = await traceImage(await jpeg(source, quality), { trim: false });
    const matches = matchPalette(result.palette, [INK, ...marks]);
    // A 3 px stroke keeps its hue in a JPEG but loses some chroma to 4:2:0
    // subsampling; what counts is that each mark has an entry of its own.
    for (const m of matches)
      t.ok(m.diff <= 48, `q${quality}: ${m.expected} has a palette entry (nearest ${m.got}, ${m.diff} off)`);
    t.equal(new Set(matches.map((m) => m.got)).size, marks.length + 1, `q${quality}: each mark has its own entry`);
    t.equal(result.palette.length, marks.length + 1, `q${quality}: no invented colors (${result.palette.join(' ')})`);
  }
});

t.test('a JPEG cannot tell the next-door shades of black from black: they come back pure', async (t) => {
  const body = `<circle cx="120" cy="80" r="60" fill="#020102"/>`;
  const result = await traceImage(await jpeg(renderSvg(svgDoc(240, 160, body, WHITE)), 80), { trim: false });
  t.same(result.palette, ['#000000'], 'the near-black disc is #000000');
  const lossless = await traceImage(renderSvg(svgDoc(240, 160, body, WHITE)), { trim: false });
  t.same(lossless.palette, ['#020102'], 'a lossless source keeps its exact shade');
});

t.test('a small re-compressed wordmark keeps one ink, its thin strokes and no specks of paper', async (t) => {
  // What a logo cut from an e-mail signature looks like: 128 px wide, strokes
  // of 2 to 2.5 px, JPEG q70 (whose paper is speckled with tinted whites).
  const letters = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 40 + i * 17;
      return `<circle cx="${x}" cy="15" r="5.5" fill="none" stroke="${RED}" stroke-width="2.4"/><rect x="${x + 5.5}" y="6" width="2" height="15" fill="${RED}"/>`;
    })
    .join('');
  const body = `<circle cx="16" cy="14" r="11" fill="${RED}"/>${letters}`;
  const source = await jpeg(renderSvg(svgDoc(128, 28, body, WHITE)), 70);
  const result = await traceImage(source, { trim: false });
  t.equal(result.palette.length, 1, `one color, no tinted whites or second red (${result.palette.join(' ')})`);
  t.ok(hasColor(result, RED, 40), `the ink is red (${result.palette.join(' ')})`);
  const out = await renderResult(result);
  for (let i = 0; i < 5; i++) {
    const x = 40 + i * 17;
    const stroke = [7, 6, 5, 4].map((dx) => pixelAt(out, x - dx, 15).alpha);
    t.ok(stroke.includes(255), `letter ${i + 1}: the left of its ring stays (alpha ${stroke.join(' ')})`);
    t.equal(pixelAt(out, x, 15).alpha, 0, `letter ${i + 1}: its counter is transparent`);
  }
  t.equal(pixelAt(out, 34, 3).alpha, 0, 'the paper between the mark and the word is transparent');
});

t.test("a bold letter's small round counter goes, a dot in a wide plate stays", async (t) => {
  // A heavy "o": the ring is more than twice as thick as its counter is
  // wide, as in a bold face, yet the counter is a hole. A dot as small in a
  // coin as wide as the image is a figure.
  const body =
    `<circle cx="60" cy="90" r="40" fill="${INK}"/><circle cx="60" cy="90" r="12" fill="${WHITE}"/>` +
    `<circle cx="220" cy="90" r="80" fill="${RED}"/><circle cx="220" cy="90" r="12" fill="${WHITE}"/>`;
  for (const [name, input] of await inputs(svgDoc(320, 180, body, WHITE))) {
    const result = await traceImage(input, { trim: false });
    const out = await renderResult(result);
    t.equal(pixelAt(out, 60, 90).alpha, 0, `${name}: the bold o's counter is transparent`);
    t.equal(pixelAt(out, 60, 60).alpha, 255, `${name}: its ring stays`);
    const dot = pixelAt(out, 220, 90);
    t.ok(
      dot.alpha === 255 && channelDiff(dot.hex, WHITE) <= 6,
      `${name}: the coin's white dot stays white (${dot.hex})`,
    );
  }
});

t.test("a frame drawn at the image's edge loses its inside and its letters' counters", async (t) => {
  // No paper shows on the border; the white inside the frame is the paper,
  // and the heavy "o" inside it has a counter of its own.
  const body =
    `<rect x="6" y="6" width="228" height="228" fill="none" stroke="${INK}" stroke-width="12"/>` +
    `<circle cx="120" cy="120" r="34" fill="none" stroke="${INK}" stroke-width="24"/>`;
  for (const [name, input] of await inputs(svgDoc(240, 240, body, WHITE))) {
    const result = await traceImage(input, { trim: false });
    t.equal(result.palette.length, 1, `${name}: only the ink (${result.palette.join(' ')})`);
    t.match(
      result.warnings.join('\n'),
      /Removed 2 counters of #f[ef]f[ef]f[ef] inside the art, which fills the frame/,
      `${name}: the warning says what went`,
    );
    const out = await renderResult(result);
    t.equal(pixelAt(out, 40, 40).alpha, 0, `${name}: the inside of the frame is transparent`);
    t.equal(pixelAt(out, 120, 120).alpha, 0, `${name}: the o's counter is transparent`);
    t.equal(pixelAt(out, 3, 120).alpha, 255, `${name}: the frame stays`);
    t.equal(pixelAt(out, 120, 90).alpha, 255, `${name}: the o stays`);
  }
});

t.test('a small re-compressed light mark beside a dark wordmark keeps its own color', async (t) => {
  // Alpine.js at 128 px: a light blue shape beside navy letters, where the
  // letters' dulled strokes and the mark's pixels both lie between navy and
  // white in lightness.
  const NAVY = '#2d3441';
  const LIGHT_BLUE = '#6fc2d6';
  const letters = [0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<rect x="${34 + i * 15}" y="5" width="3" height="14" fill="${NAVY}"/><rect x="${34 + i * 15}" y="16" width="9" height="3" fill="${NAVY}"/>`,
    )
    .join('');
  const body = `<path d="M2 19 L10 3 L18 3 L10 19 Z" fill="${NAVY}"/><path d="M14 19 L22 3 L30 3 L22 19 Z" fill="${LIGHT_BLUE}"/>${letters}`;
  const result = await traceImage(await jpeg(renderSvg(svgDoc(128, 22, body, WHITE)), 70), { trim: false });
  const matches = matchPalette(result.palette, [NAVY, LIGHT_BLUE]);
  t.equal(
    new Set(matches.map((m) => m.got)).size,
    2,
    `navy and light blue each have an entry (${result.palette.join(' ')})`,
  );
  for (const m of matches) t.ok(m.diff <= 40, `${m.expected} is near ${m.got} (${m.diff} off)`);
});

t.test('a small re-compressed grey word under a red and green mark keeps its grey', async (t) => {
  // Semaphore at 128 px: the word's thin strokes are as dark as the red, and
  // grey lies on the chroma line from red to the paper, yet a pixel as dark
  // as the red keeps some of its own chroma, so grey is not a dulled red.
  const GREY = '#4a4a4a';
  const GREEN = '#8eb43f';
  const letters = [0, 1, 2, 3, 4, 5, 6, 7]
    .map((i) => `<circle cx="${14 + i * 13}" cy="108" r="4.5" fill="none" stroke="${GREY}" stroke-width="2"/>`)
    .join('');
  const body = `<rect x="20" y="10" width="40" height="40" fill="${RED}"/><rect x="60" y="50" width="40" height="40" fill="${GREEN}"/>${letters}`;
  const result = await traceImage(await jpeg(renderSvg(svgDoc(120, 120, body, WHITE)), 70), { trim: false });
  const matches = matchPalette(result.palette, [RED, GREEN, GREY]);
  t.equal(
    new Set(matches.map((m) => m.got)).size,
    3,
    `red, green and grey each have an entry (${result.palette.join(' ')})`,
  );
  for (const m of matches) t.ok(m.diff <= 40, `${m.expected} is near ${m.got} (${m.diff} off)`);
  const out = await renderResult(result);
  const stroke = [8, 9, 10].map((x) => pixelAt(out, x, 108).alpha);
  t.ok(stroke.includes(255), `the first letter's ring is drawn (alpha ${stroke.join(' ')})`);
});

t.test("a small re-compressed thin wordmark keeps its ink's hue, which 4:2:0 washed out", async (t) => {
  // At 128 px a 2 px stroke shares each 2x2 chroma sample with the paper
  // beside it, so its pixels decode with the right lightness but a faded
  // hue (#0078d4 came back #1170bc); the chroma that spilled onto the paper
  // is still in the JPEG's own planes.
  for (const ink of ['#0078d4', '#283272', '#73cc58', '#233a5e']) {
    const letters = [0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<circle cx="${12 + i * 19}" cy="14" r="6" fill="none" stroke="${ink}" stroke-width="2"/>` +
          `<rect x="${18 + i * 19}" y="5" width="2" height="17" fill="${ink}"/>`,
      )
      .join('');
    const drawn = sharp(renderSvg(svgDoc(128, 28, letters, WHITE))).flatten({ background: WHITE });
    // The same pixels stored on their side with an EXIF orientation: the
    // planes are turned upright with the image.
    for (const orientation of [1, 6]) {
      const file = await drawn.clone().jpeg({ quality: 70 }).withMetadata({ orientation }).toBuffer();
      const result = await traceImage(file, { trim: false });
      const [match] = matchPalette(result.palette, [ink]);
      t.ok(
        match && match.diff <= 12,
        `${ink}, orientation ${orientation}: comes back as ${match?.got} (${match?.diff} off; palette ${result.palette.join(' ')})`,
      );
    }
  }
});

t.test('a compact counter does not open the plate around its neighbours: small stars beside it stay', async (t) => {
  // Turkmenistan at 128 px: its crescent, compact like a bowl, is taken for a
  // counter; measuring the stars' plate again with that hole open took them
  // too, one round after another. Only a counter with strokes around it (a
  // lane, a frame's inside) opens the art for the next round.
  const star = (cx: number, cy: number) =>
    `<polygon fill="${WHITE}" points="${Array.from({ length: 10 }, (_, i) => {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const r = i % 2 ? 2.25 : 5;
      return `${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`;
    }).join(' ')}"/>`;
  const stars: [number, number][] = [
    [91, 64],
    [89, 50],
    [89, 78],
    [78, 57],
    [78, 71],
  ];
  const body =
    `<circle cx="64" cy="64" r="62" fill="#496e2d"/><circle cx="108" cy="64" r="10" fill="${WHITE}"/>` +
    stars.map(([x, y]) => star(x, y)).join('');
  const result = await traceImage(await jpeg(renderSvg(svgDoc(128, 128, body, WHITE)), 70), { trim: false });
  const out = await renderResult(result);
  for (const [x, y] of stars) {
    const p = pixelAt(out, x, y);
    t.ok(
      p.alpha === 255 && channelDiff(p.hex, WHITE) <= 24,
      `the star at ${x},${y} is white (${p.hex}, alpha ${p.alpha})`,
    );
  }
  t.equal(pixelAt(out, 108, 64).alpha, 0, 'the disc near the rim is a counter (the compact rule), transparent');
});

t.test('light grey stars in a green disc on white paper stay, though close to the paper', async (t) => {
  // A round flag's crescent and stars in #eeeeee, 7 dE from the paper: a
  // color of the art, not a tint of the paper, and figures, not counters.
  const GREEN = '#496e2d';
  const LIGHT = '#eeeeee';
  const star = (cx: number, cy: number) =>
    `<path d="M${cx} ${cy - 14}l4 10h11l-9 7 3 11-9-6-9 6 3-11-9-7h11z" fill="${LIGHT}"/>`;
  const body = `<circle cx="130" cy="130" r="120" fill="${GREEN}"/>${star(90, 100)}${star(130, 80)}${star(110, 140)}<path d="M170 70a60 60 0 1 0 10 110a48 48 0 1 1-10-110z" fill="${LIGHT}"/>`;
  for (const [name, input, tolerance] of await inputs(svgDoc(260, 260, body, WHITE))) {
    const result = await traceImage(input, { trim: false });
    t.ok(hasColor(result, LIGHT, tolerance + 1), `${name}: #eeeeee is a palette color (${result.palette.join(' ')})`);
    const out = await renderResult(result);
    const inStar = pixelAt(out, 130, 82);
    t.ok(
      inStar.alpha === 255 && channelDiff(inStar.hex, LIGHT) <= tolerance + 3,
      `${name}: a star stays light grey (${inStar.hex}, ${inStar.alpha})`,
    );
    t.equal(pixelAt(out, 3, 3).alpha, 0, `${name}: the paper around the disc is removed`);
  }
});

t.test('a small facet of a close color keeps its entry; the rims JPEG bleeds along edges do not', async (t) => {
  // Flutter: a #1fbcfd facet, 14 dE from the #44d1fd bars and a fifth of
  // their area, has a body of its own; the shifted rims that chroma
  // bleeding leaves along every edge are at most a few pixels thick.
  const LIGHT_BLUE = '#44d1fd';
  const FACET = '#1fbcfd';
  const NAVY = '#08589c';
  const body =
    `<path d="M40 150 L150 40 H230 L80 190 Z" fill="${LIGHT_BLUE}"/><path d="M120 170 H230 L150 250 H70 Z" fill="${LIGHT_BLUE}"/>` +
    `<path d="M120 170 L150 140 L180 170 L150 200 Z" fill="${FACET}"/><path d="M150 200 L180 230 L150 250 L120 230 Z" fill="${NAVY}"/>`;
  const result = await traceImage(await jpeg(renderSvg(svgDoc(280, 280, body, '#242938')), 80), { trim: false });
  const matches = matchPalette(result.palette, [LIGHT_BLUE, FACET, NAVY]);
  t.equal(
    new Set(matches.map((m) => m.got)).size,
    3,
    `both blues and the navy have an entry (${result.palette.join(' ')})`,
  );
  for (const m of matches) t.ok(m.diff <= 6, `${m.expected} is near ${m.got} (${m.diff} off)`);
  t.ok(result.palette.length <= 4, `no rim colors beside them and the plate (${result.palette.join(' ')})`);
});

t.test('a small re-compressed app icon on a light plate has no white slivers along its shapes', async (t) => {
  // Terraform at 128 px, JPEG q70: ringing lightens a line of the plate along
  // each edge of the purple blocks until it is as light as the paper.
  const PURPLE = '#5c4ee5';
  const DARK = '#4040b2';
  const blocks =
    `<path d="M36 22 L58 35 V60 L36 47 Z" fill="${PURPLE}"/><path d="M61 37 L83 50 V75 L61 62 Z" fill="${PURPLE}"/>` +
    `<path d="M86 50 L108 37 V62 L86 75 Z" fill="${DARK}"/><path d="M61 65 L83 78 V103 L61 90 Z" fill="${PURPLE}"/>`;
  const body = `<rect x="4" y="4" width="120" height="120" rx="26" fill="${PLATE}"/>${blocks}`;
  const result = await traceImage(await jpeg(renderSvg(svgDoc(128, 128, body, WHITE)), 70), { trim: false });
  t.ok(hasColor(result, PLATE, 6), `the plate is a color (${result.palette.join(' ')})`);
  const whites = result.palette.filter((color) => channelDiff(color, WHITE) <= 4);
  t.same(whites, [], 'no paper-colored slivers are kept as shapes');
});

t.test('a small re-compressed saturated app square loses the paper in its corners', async (t) => {
  // Postman's square at 128 px, JPEG q70: beside the orange, the paper's
  // noise scatters over 8 dE, and too little of the border lay within 3 dE
  // of the corners' white for it to count as paper.
  const figure = `<path d="M40 90 L80 40 L92 50 L52 100 Z" fill="#eeeeee"/><circle cx="88" cy="38" r="12" fill="#eeeeee"/>`;
  const body = `<rect width="128" height="128" rx="26" fill="#ff6c37"/>${figure}`;
  const result = await traceImage(await jpeg(renderSvg(svgDoc(128, 128, body, WHITE)), 70), { trim: false });
  t.match(result.warnings.join('\n'), /Removed background/, `the paper goes (${result.warnings.join(' / ')})`);
  t.ok(hasColor(result, '#ff6c37', 4) && hasColor(result, '#eeeeee', 4), `both colors (${result.palette.join(' ')})`);
  const out = await renderResult(result);
  for (const [x, y] of [
    [1, 1],
    [126, 1],
    [1, 126],
    [126, 126],
  ] as const) {
    t.equal(pixelAt(out, x, y).alpha, 0, `the corner at (${x}, ${y}) is transparent`);
  }
  t.equal(pixelAt(out, 20, 64).alpha, 255, 'the square stays opaque');
});

t.test("a light plate's outline at 128 px follows the drawn plate, not the JPEG noise", async (t) => {
  // #f4f2ed on white is 5 dE: at q70, noise decides which side of the edge
  // each pixel falls on, and the plate came back with an edge like torn
  // paper (83 pixels off the drawn plate here, against 13 now).
  const body = `<rect x="6" y="6" width="116" height="116" rx="26" fill="${PLATE}"/><circle cx="64" cy="64" r="30" fill="${BLUE}"/>`;
  const result = await traceImage(await jpeg(renderSvg(svgDoc(128, 128, body, WHITE)), 70), { trim: false });
  const drawn = await rgba(renderSvg(svgDoc(128, 128, body)));
  const out = await renderResult(result);
  let off = 0;
  for (let i = 3; i < drawn.data.length; i += 4) if (drawn.data[i]! > 127 !== out.data[i]! > 127) off++;
  t.ok(off <= 30, `at most 30 pixels differ from the drawn plate's shape (${off})`);
});

t.test('white inside a light outline is a hole; white inside a cream body is a figure', async (t) => {
  // Picasa: petals around a centre outlined in #e9eaeb (7 dE off white), a
  // hole in the source. A #fbf0df body (10 dE off white, a bun's) holds a
  // white dot that is art.
  const OUTLINE = '#e9eaeb';
  const BODY = '#fbf0df';
  const body =
    `<circle cx="70" cy="70" r="60" fill="${RED}"/><circle cx="70" cy="70" r="24" fill="${OUTLINE}"/><circle cx="70" cy="70" r="10" fill="${WHITE}"/>` +
    `<circle cx="220" cy="70" r="60" fill="${INK}"/><circle cx="220" cy="70" r="50" fill="${BODY}"/><circle cx="220" cy="70" r="6" fill="${WHITE}"/>`;
  // The paper's noise reach applies to lossy sources: a JPEG at q80.
  const result = await traceImage(await jpeg(renderSvg(svgDoc(300, 140, body, WHITE)), 80), { trim: false });
  const out = await renderResult(result);
  t.equal(pixelAt(out, 70, 70).alpha, 0, 'the outlined centre is transparent');
  t.equal(pixelAt(out, 70, 53).alpha, 255, 'its light outline stays');
  const highlight = pixelAt(out, 220, 70);
  t.ok(
    highlight.alpha === 255 && channelDiff(highlight.hex, WHITE) <= 6,
    `the dot in the cream body stays white (${highlight.hex}, ${highlight.alpha})`,
  );
});

t.test('a small re-compressed round flag keeps the light band around its cross', async (t) => {
  // Bouvet's round flag shrunk to 128 px and saved as JPEG q70: its #eeeeee
  // band, 8 px wide, decodes as tints of the red and blue beside it
  // (#fff8ff, #edf3f2) scattered through each other along the paper, which
  // took them all for its own noise and removed the band. Paper noise keeps
  // the paper's lightness; the band is 17 luma units darker.
  const [LIGHT, FLAG_RED, FLAG_BLUE] = ['#eeeeee', '#d80027', '#0052b4'];
  const cross = (width: number, fill: string) =>
    `<rect x="${167 - width / 2}" y="0" width="${width}" height="512" fill="${fill}"/>` +
    `<rect x="0" y="${256 - width / 2}" width="512" height="${width}" fill="${fill}"/>`;
  const disc = `<clipPath id="disc"><circle cx="256" cy="256" r="252"/></clipPath>`;
  const body = `${disc}<g clip-path="url(#disc)"><rect width="512" height="512" fill="${FLAG_RED}"/>${cross(133, LIGHT)}${cross(67, FLAG_BLUE)}</g>`;
  // The benchmark's small input: shrunk with a cubic filter, JPEG q70 on white.
  const result = await traceImage(await shrink(renderSvg(svgDoc(512, 512, body)), 'jpg'), { trim: false });
  t.ok(hasColor(result, LIGHT, 6), `the band's light grey is a color (${result.palette.join(' ')})`);
  const out = await renderResult(result);
  for (const [x, y] of [
    [12, 51],
    [100, 51],
    [100, 77],
    [29, 20],
    [29, 100],
  ] as const) {
    const band = pixelAt(out, x, y);
    t.ok(
      band.alpha === 255 && channelDiff(band.hex, LIGHT) <= 12,
      `the band at (${x}, ${y}) is opaque light grey (${band.hex}, ${band.alpha})`,
    );
  }
  t.equal(pixelAt(out, 1, 1).alpha, 0, 'the paper around the disc is removed');
});
