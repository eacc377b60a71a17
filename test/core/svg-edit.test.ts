import t from 'tap';

import { visibleAfterHiding, withoutColors } from '../../src/core/svg-edit.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2" viewBox="0 0 4 2">' +
  '<path fill="#AA0000" d="M0 0h1v1H0z"/><path fill="#00aa00" d="M1 0h1v1H1z"/><path fill="#0000aa" d="M2 0h1v1H2z"/></svg>';
const FLAT = { palette: ['#aa0000', '#00aa00', '#0000aa'], gradients: [] };

/** Two gradients as the engine writes them, filling one shape each, beside a flat one. */
const RAMP_A =
  '<linearGradient id="g00000001" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="2" y2="0">' +
  '<stop offset="0" stop-color="#6a11cb"/><stop offset="1" stop-color="#2575fc"/></linearGradient>';
const RAMP_B =
  '<radialGradient id="g00000002" gradientUnits="userSpaceOnUse" cx="3" cy="1" r="1">' +
  '<stop offset="0" stop-color="#ffcc00"/><stop offset="0.5" stop-color="#ff8800"/><stop offset="1" stop-color="#2575fc"/></radialGradient>';
const GRADIENT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2" viewBox="0 0 4 2">' +
  `<defs>${RAMP_A}${RAMP_B}</defs>` +
  '<path fill="url(#g00000001)" d="M0 0h2v2H0z"/><path fill="url(#g00000002)" d="M2 0h2v2H2z"/>' +
  '<path fill="#333333" d="M1 1h1v1H1z"/></svg>';
const GRADIENT_COLORS = {
  palette: ['#333333', '#2575fc', '#6a11cb', '#ffcc00', '#ff8800'],
  gradients: [
    ['#6a11cb', '#2575fc'],
    ['#ffcc00', '#ff8800', '#2575fc'],
  ],
};

t.test('withoutColors drops the paths of the given colors, case-insensitively', async (t) => {
  const edited = withoutColors(SVG, FLAT, new Set(['#aa0000', '#0000aa']));
  t.match(edited.svg, /^<svg [^>]+><path fill="#00aa00" d="M1 0h1v1H1z"\/><\/svg>$/);
  t.same(edited.palette, ['#00aa00']);
  t.same(edited.gradients, []);
  t.same(withoutColors(SVG, FLAT, new Set()), { svg: SVG, ...FLAT });
});

t.test(
  'hiding any stop of a gradient removes its shape and its def, and its other stops leave the palette',
  async (t) => {
    const edited = withoutColors(GRADIENT_SVG, GRADIENT_COLORS, new Set(['#ffcc00']));
    t.notOk(edited.svg.includes('url(#g00000002)'), 'the radial shape is gone');
    t.notOk(edited.svg.includes('radialGradient'), 'its def is gone');
    t.ok(edited.svg.includes(`<defs>${RAMP_A}</defs>`), 'the other gradient stays, as written');
    t.same(edited.palette, ['#333333', '#2575fc', '#6a11cb'], '#ff8800 went with it; #2575fc stays in the other one');
    t.same(edited.gradients, [['#6a11cb', '#2575fc']]);

    const both = withoutColors(GRADIENT_SVG, GRADIENT_COLORS, new Set(['#2575fc']));
    t.notOk(both.svg.includes('<defs>'), 'a stop both gradients share takes both, and the empty <defs>');
    t.same(both.palette, ['#333333']);
    t.same(both.gradients, []);
  },
);

t.test('visibleAfterHiding refuses to leave nothing, and says why when gradients are in play', async (t) => {
  t.throws(
    () => visibleAfterHiding(SVG, FLAT, new Set(FLAT.palette)),
    /^At least one palette color must stay visible\.$/,
  );
  t.throws(
    () => visibleAfterHiding(GRADIENT_SVG, GRADIENT_COLORS, new Set(['#333333', '#2575fc'])),
    /must stay visible \(a gradient goes when any of its colors is hidden\)/,
  );
});
