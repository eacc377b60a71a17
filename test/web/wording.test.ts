/** The web app's counts read as a person writes them. */
import t from 'tap';

import { counted } from '../../src/web/wording.js';

t.test('one of a thing is singular, any other count plural', async (t) => {
  t.equal(counted(1, 'color'), '1 color');
  t.equal(counted(2, 'path'), '2 paths');
  t.equal(counted(0, 'color'), '0 colors');
});
