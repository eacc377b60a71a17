/** What buildBrandKit refuses before any work: requests the API could never send, SVGs that are not our engine's. */
import t from 'tap';

import { KIT_NAME_MAX_CHARS } from '../../../src/core/limits.js';
import { buildBrandKit } from '../../helpers/kit.js';

const LOGO = {
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><path fill="#336699" d="M0 0h100v50H0z"/></svg>',
  palette: ['#336699'],
};

t.test('names up to 80 characters (not UTF-16 units) and #rrggbb backgrounds only', async (t) => {
  t.equal(KIT_NAME_MAX_CHARS, 80);
  await t.rejects(buildBrandKit(LOGO, { name: 'x'.repeat(81), backgroundColor: '#ffffff' }), { code: 'UNPROCESSABLE' });
  await t.rejects(buildBrandKit(LOGO, { name: 'Acme', backgroundColor: 'red' }), { code: 'UNPROCESSABLE' });
  await t.rejects(buildBrandKit(LOGO, { name: 'Acme', backgroundColor: '#fff' }), { code: 'UNPROCESSABLE' });
  const zip = await buildBrandKit(LOGO, { name: '😀'.repeat(80), backgroundColor: '#ABCDEF' });
  t.ok(zip.length > 100_000, '80 emoji are 80 characters; upper-case hex is fine');
});

t.test("an SVG that is not our engine's is refused", async (t) => {
  await t.rejects(
    buildBrandKit(
      { ...LOGO, svg: '<svg width="10" height="10"><circle r="5"/></svg>' },
      { name: 'Acme', backgroundColor: '#ffffff' },
    ),
    { code: 'UNPROCESSABLE', message: /no filled paths/ },
  );
});
