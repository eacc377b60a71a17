import t from 'tap';

import { removeFills } from '../../src/core/svg-edit.js';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2" viewBox="0 0 4 2">' +
  '<path fill="#AA0000" d="M0 0h1v1H0z"/><path fill="#00aa00" d="M1 0h1v1H1z"/><path fill="#0000aa" d="M2 0h1v1H2z"/></svg>';

t.test('removeFills drops the paths of the given colors, case-insensitively', async (t) => {
  const edited = removeFills(SVG, new Set(['#aa0000', '#0000aa']));
  t.match(edited, /^<svg [^>]+><path fill="#00aa00" d="M1 0h1v1H1z"\/><\/svg>$/);
  t.equal(removeFills(SVG, new Set()), SVG);
});
