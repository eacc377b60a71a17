/** The web app's palette rules: a gradient's swatch is its ramp, hidden with any of its stops; one color stays. */
import t from 'tap';

import { gradientBackground, isGradientHidden, showsSomething } from '../../src/web/palette.js';

const RAMP = ['#6a11cb', '#4a43e3', '#2575fc'];
const COLORS = ['#333333', ...RAMP, '#f5b700'];

t.test('a gradient swatch is a CSS ramp of its stops, left to right, hex colors only', async (t) => {
  t.equal(gradientBackground(RAMP), 'linear-gradient(90deg, #6a11cb, #4a43e3, #2575fc)');
  t.equal(
    gradientBackground(['#6a11cb', 'red;background:url(//x)', '#2575fc']),
    'linear-gradient(90deg, #6a11cb, #2575fc)',
    'nothing but a hex color reaches the style',
  );
});

t.test('a gradient is hidden when any of its stops is', async (t) => {
  t.notOk(isGradientHidden(RAMP, []));
  t.notOk(isGradientHidden(RAMP, ['#333333']));
  for (const stop of RAMP) t.ok(isGradientHidden(RAMP, [stop]), `hiding ${stop} hides it`);
});

t.test(
  'hiding is refused when nothing would be left to show, gradients counted as the service counts them',
  async (t) => {
    t.ok(showsSomething(COLORS, [RAMP], ['#333333']), 'the ramp and the yellow stay');
    t.ok(showsSomething(COLORS, [RAMP], ['#333333', '#6a11cb']), 'the yellow stays');
    t.notOk(showsSomething(COLORS, [RAMP], ['#333333', '#f5b700', '#4a43e3']), 'one stop hides the whole ramp');
    t.ok(showsSomething(COLORS, [RAMP], ['#333333', '#f5b700']), 'the ramp alone');
    t.notOk(showsSomething(['#333333'], [], ['#333333']), 'flat colors as before');
    const shared = [RAMP, ['#2575fc', '#00ccaa']];
    t.ok(
      showsSomething([...RAMP, '#00ccaa'], shared, ['#6a11cb']),
      'a stop shared with a gradient still shown is still shown',
    );
  },
);
