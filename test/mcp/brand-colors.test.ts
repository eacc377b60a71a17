/** The `palette` setting (brand colors) through the MCP tools, over the SDK's client. */
import t from 'tap';

import { drawnLogo } from '../helpers/images.js';
import { callOk, callTool, mcpSetup, textOf } from '../helpers/mcp.js';

interface Revision {
  revision_id: string;
  palette: string[];
  settings: { palette: string[] };
}

const BRAND_BLUES = ['#1d4ed8', '#60a5fa'];

t.test('vectorize_logo and update_settings take brand colors, get_vectorization shows them', async (t) => {
  const { client } = await mcpSetup(t);
  const { image } = await drawnLogo({ format: 'jpeg', palette: ['#2152dc', '#64a9fe'] });
  const image_base64 = image.toString('base64');

  const plain = await callOk<Revision>(client, 'vectorize_logo', { image_base64 });
  t.same(plain.settings.palette, [], 'none given: an empty list');

  const branded = await callOk<Revision>(client, 'vectorize_logo', { image_base64, palette: BRAND_BLUES });
  t.same([...branded.palette].sort(), BRAND_BLUES, 'the traced blues become the brand hex');
  const shown = await callOk<Revision>(client, 'get_vectorization', { revision_id: branded.revision_id });
  t.same(shown.settings.palette, BRAND_BLUES);

  const updated = await callOk<Revision>(client, 'update_settings', {
    revision_id: plain.revision_id,
    palette: [BRAND_BLUES[0]],
  });
  t.same(updated.settings.palette, [BRAND_BLUES[0]]);
  t.ok(updated.palette.includes(BRAND_BLUES[0]!), 'the re-trace paints the brand blue');

  const refused = await callTool(client, 'update_settings', { revision_id: plain.revision_id, palette: ['blue'] });
  t.ok(refused.isError, 'a malformed color is refused');
  t.match(textOf(refused), /palette/);
});
