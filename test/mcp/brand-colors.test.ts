/** The `palette` setting (brand colors) through the MCP tools, over the SDK's client, and in the exported kit. */
import AdmZip from 'adm-zip';
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

t.test('export_brand_kit of a revision traced with palette [amber, blue] lists them first in that order', async (t) => {
  const { client } = await mcpSetup(t);
  const { image } = await drawnLogo({ format: 'jpeg', palette: ['#f9a20f', '#2152dc'] });
  const brand = ['#f59e0b', '#1d4ed8'];
  const revision = await callOk<Revision>(client, 'vectorize_logo', {
    image_base64: image.toString('base64'),
    palette: brand,
  });
  const { review_token } = await callOk<{ review_token: string }>(client, 'review_vectorization', {
    revision_id: revision.revision_id,
  });
  const exported = await callOk<{ brand_kit_url: string }>(client, 'export_brand_kit', {
    revision_id: revision.revision_id,
    review_token,
  });
  const zip = new AdmZip(Buffer.from(await (await fetch(exported.brand_kit_url)).arrayBuffer()));
  const { colors } = JSON.parse(zip.readAsText('palette/palette.json')) as {
    colors: { hex: string; brand: boolean }[];
  };
  t.same(
    colors.map(({ hex, brand }) => ({ hex, brand })),
    brand.map((hex) => ({ hex, brand: true })),
  );
});
