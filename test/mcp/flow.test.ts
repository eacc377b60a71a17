/**
 * The agent's whole journey through the hosted MCP server, with the SDK's own
 * client over a real socket: upload, vectorize, refine, review, export, and
 * download every file the results link to.
 */
import { createHash } from 'node:crypto';

import AdmZip from 'adm-zip';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import t, { type TAP } from 'tap';

import {
  callOk,
  callTool,
  imageOf,
  mcpSetup,
  PNG_SIGNATURE,
  postUpload,
  textOf,
  type McpUpload,
} from '../helpers/mcp.js';
import { drawnLogo, GRADIENT_LOGO } from '../helpers/images.js';
import { REVISION_FIELDS, type Revision } from '../helpers/revision.js';

const TOKEN = /^[A-Za-z0-9_-]{24}$/;
const HEX = /^#[0-9a-f]{6}$/;
const DEFAULTS = { colors: 0, smoothing: 20, transparent: true, trim: true, palette: [] };

/** The assertions the helpers below use, as any tap test (root or subtest) has them. */
type Tap = Pick<TAP, 'equal' | 'ok' | 'notOk' | 'match' | 'same' | 'type' | 'fail' | 'not'>;

interface Vectorization extends Revision {
  links: Record<'svg' | 'svg_download' | 'preview_png' | 'cap_mockup_png' | 'tshirt_mockup_png', string>;
  brand_kit: { url: string; name: string; background_color: string; bytes: number } | null;
}

interface Review extends Revision {
  review_token: string;
  checklist: string[];
}

interface Exported {
  revision_id: string;
  brand_kit_url: string;
  brand_kit_markdown: string;
  logo_pdf_url: string;
  logo_eps_url: string;
  name: string;
  background_color: string;
  bytes: number;
  expires_in_seconds: number;
}

/** Every Revision field of the spec, with its type and the links it must carry. */
function checkRevision(t: Tap, revision: Revision, baseUrl: string): void {
  const id = revision.revision_id;
  t.match(id, TOKEN, 'revision_id is a job token');
  t.equal(revision.svg_url, `${baseUrl}/api/jobs/${id}/logo.svg`, 'svg_url is absolute');
  t.equal(revision.preview_url, `${baseUrl}/api/jobs/${id}/preview.png`, 'preview_url is absolute');
  t.equal(
    revision.preview_markdown,
    `![Vectorized logo preview](${revision.preview_url})`,
    'preview_markdown shows the preview',
  );
  t.ok(Array.isArray(revision.palette) && revision.palette.length >= 1, 'palette has colors');
  t.ok(
    revision.palette.every((c) => HEX.test(c)),
    'palette colors are lowercase #rrggbb',
  );
  t.ok(
    Array.isArray(revision.gradients) &&
      revision.gradients.every((stops) => stops.every((c) => revision.palette.includes(c))),
    "each gradient's stops are palette colors",
  );
  t.ok(Array.isArray(revision.hidden_colors), 'hidden_colors is a list');
  t.ok(
    revision.hidden_colors.every((c) => HEX.test(c) && !revision.palette.includes(c)),
    'hidden colors are not in the palette',
  );
  for (const field of ['width', 'height', 'bytes'] as const) {
    t.ok(Number.isInteger(revision[field]) && revision[field] > 0, `${field} is a positive integer`);
  }
  t.type(revision.warning, 'string');
  t.same(Object.keys(revision.settings).sort(), ['colors', 'palette', 'smoothing', 'transparent', 'trim']);
  t.ok(Number.isInteger(revision.expires_in_seconds), 'expires_in_seconds is an integer');
  t.ok(revision.expires_in_seconds <= 7200 && revision.expires_in_seconds > 7100, 'about two hours left');
  t.same(Object.keys(revision).sort(), REVISION_FIELDS, 'exactly the Revision fields');
}

/** The revision's SVG from its svg_url, checked against the revision's size fields. */
async function fetchSvg(t: Tap, revision: Revision): Promise<string> {
  const res = await fetch(revision.svg_url);
  t.equal(res.status, 200, 'svg_url answers 200');
  t.equal(res.headers.get('content-type'), 'image/svg+xml');
  const svg = await res.text();
  t.equal(Buffer.byteLength(svg), revision.bytes, 'bytes is the SVG length');
  t.match(svg, new RegExp(`^<svg [^>]*width="${revision.width}" height="${revision.height}"`), 'the SVG has the size');
  return svg;
}

const hasFill = (svg: string, color: string) => svg.includes(`fill="${color}"`);

/** The JSON text block of a tool result holds the same data as its structured content. */
function checkJsonText(t: Tap, result: CallToolResult): void {
  const blocks = result.content.filter((block) => block.type === 'text').map((block) => block.text);
  const parsed = blocks.flatMap((text) => {
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [];
    }
  });
  t.same(parsed, [result.structuredContent], 'one text block carries the structured content as JSON');
}

async function vectorize(client: Client, args: Record<string, unknown>): Promise<Revision> {
  return callOk<Revision>(client, 'vectorize_logo', args);
}

t.test(
  'the whole flow: upload, vectorize, new settings, hide and restore colors, review, export, download',
  async (t) => {
    const { client, baseUrl } = await mcpSetup(t);
    // Listing the tools first makes the client check every structured result against its outputSchema.
    t.equal((await client.listTools()).tools.length, 6);
    const logo = await drawnLogo();
    const { image } = logo;

    let upload!: McpUpload;
    let first!: Revision;
    let firstSvg = '';
    let changed!: Revision;
    let changedSvg = '';
    let hidden!: Revision;
    let hiddenColor = '';
    let review!: Review;

    await t.test('POST /api/mcp/uploads keeps the image and returns an upload_id', async (t) => {
      const before = Date.now();
      const res = await postUpload(baseUrl, image);
      t.equal(res.status, 200);
      t.match(res.headers.get('content-type'), /^application\/json/);
      upload = (await res.json()) as McpUpload;
      t.match(upload.upload_id, TOKEN);
      t.ok(upload.expires_in_seconds >= 895 && upload.expires_in_seconds <= 900, 'kept about 15 minutes');
      const expiresAt = Date.parse(upload.expires_at);
      t.ok(expiresAt >= before + 899_000 && expiresAt <= Date.now() + 900_000, 'expires_at is 15 minutes ahead');
      t.same(
        [upload.format, upload.width, upload.height, upload.bytes],
        ['png', logo.width, logo.height, image.length],
        'format, size and bytes read from the file',
      );
      t.equal(upload.sha256, createHash('sha256').update(image).digest('hex'));
    });

    await t.test('vectorize_logo with the upload_id returns a full Revision whose files download', async (t) => {
      const result = await callTool(client, 'vectorize_logo', { upload_id: upload.upload_id });
      t.notOk(result.isError);
      checkJsonText(t, result);
      first = result.structuredContent as unknown as Revision;
      checkRevision(t, first, baseUrl);
      t.same(first.settings, DEFAULTS, 'default settings');
      t.same(first.hidden_colors, []);
      t.same([...first.palette].sort(), [...logo.palette].sort(), "the drawn logo's colors");
      t.ok(first.width <= logo.width && first.height <= logo.height, 'trimmed within the image');

      firstSvg = await fetchSvg(t, first);
      for (const color of first.palette) t.ok(hasFill(firstSvg, color), `the SVG fills with ${color}`);
      const preview = await fetch(first.preview_url);
      t.equal(preview.status, 200, 'preview_url answers 200');
      t.equal(preview.headers.get('content-type'), 'image/png');
      const png = Buffer.from(await preview.arrayBuffer());
      t.same(png.subarray(0, 8), PNG_SIGNATURE);
      const previewMeta = await sharp(png).metadata();
      t.same([previewMeta.width, previewMeta.height], [first.width, first.height], 'the preview has the SVG size');
    });

    await t.test('get_vectorization shows the revision, its preview image and its links; no kit yet', async (t) => {
      const result = await callTool(client, 'get_vectorization', { revision_id: first.revision_id });
      t.notOk(result.isError);
      checkJsonText(t, result);
      const shown = result.structuredContent as unknown as Vectorization;
      const { links, brand_kit, ...revision } = shown;
      t.same({ ...revision, expires_in_seconds: 0 }, { ...first, expires_in_seconds: 0 }, 'the same Revision fields');
      t.equal(brand_kit, null, 'no kit before export');
      const jobUrl = `${baseUrl}/api/jobs/${first.revision_id}`;
      t.same(links, {
        svg: `${jobUrl}/logo.svg`,
        svg_download: `${jobUrl}/logo.svg?download=true`,
        preview_png: `${jobUrl}/preview.png`,
        cap_mockup_png: `${jobUrl}/mockup/cap.png`,
        tshirt_mockup_png: `${jobUrl}/mockup/tshirt.png`,
      });
      const preview = imageOf(result);
      t.equal(preview?.mimeType, 'image/png');
      t.same(preview?.bytes.subarray(0, 8), PNG_SIGNATURE, 'the image block is a PNG');
      const resourceLinks = result.content.filter((block) => block.type === 'resource_link');
      t.same(
        resourceLinks.map((block) => [block.uri, block.mimeType]),
        [[links.svg, 'image/svg+xml']],
        'a resource link to the SVG only',
      );
      const download = await fetch(links.svg_download);
      t.equal(download.status, 200);
      t.match(download.headers.get('content-disposition'), /^attachment/);
      const cap = await fetch(links.cap_mockup_png);
      t.equal(cap.status, 200, 'the cap mockup link works');
      t.equal(cap.headers.get('content-type'), 'image/png');
    });

    await t.test('update_settings makes a new revision and leaves the source as it was', async (t) => {
      const result = await callTool(client, 'update_settings', {
        revision_id: first.revision_id,
        colors: 2,
        smoothing: 60,
      });
      t.notOk(result.isError);
      changed = result.structuredContent as unknown as Revision;
      checkRevision(t, changed, baseUrl);
      t.not(changed.revision_id, first.revision_id, 'a new revision id');
      t.same(changed.settings, { ...DEFAULTS, colors: 2, smoothing: 60 }, 'omitted settings kept');
      t.ok(changed.palette.length === 2, 'two colors, as asked');
      changedSvg = await fetchSvg(t, changed);
      t.not(changedSvg, firstSvg, 'smoothing 60 traced other curves');

      const source = await callOk<Vectorization>(client, 'get_vectorization', { revision_id: first.revision_id });
      t.same(source.settings, DEFAULTS, 'the source keeps its settings');
      t.same(source.palette, first.palette);
      t.equal(await (await fetch(first.svg_url)).text(), firstSvg, 'the source SVG is unchanged');
    });

    await t.test('set_color_visibility hides a color in a new revision', async (t) => {
      hiddenColor = changed.palette[1] ?? '';
      const result = await callTool(client, 'set_color_visibility', {
        revision_id: changed.revision_id,
        hidden_colors: [hiddenColor.toUpperCase()],
      });
      t.notOk(result.isError, textOf(result));
      hidden = result.structuredContent as unknown as Revision;
      checkRevision(t, hidden, baseUrl);
      t.not(hidden.revision_id, changed.revision_id);
      t.same(hidden.hidden_colors, [hiddenColor], 'hidden_colors lists it, normalized to lowercase');
      t.same(
        hidden.palette,
        changed.palette.filter((c) => c !== hiddenColor),
        'the palette shrinks',
      );
      t.same([hidden.width, hidden.height, hidden.settings], [changed.width, changed.height, changed.settings]);
      t.ok(hasFill(changedSvg, hiddenColor), 'the source SVG had that fill');
      const svg = await fetchSvg(t, hidden);
      t.notOk(hasFill(svg, hiddenColor), 'the new SVG no longer has that fill');
      t.ok(hasFill(svg, hidden.palette[0] ?? ''), 'the other color is still drawn');

      const source = await callOk<Vectorization>(client, 'get_vectorization', { revision_id: changed.revision_id });
      t.same([source.palette, source.hidden_colors], [changed.palette, []], 'the source still shows every color');
    });

    await t.test('set_color_visibility with [] restores every color in a later revision', async (t) => {
      const restored = await callOk<Revision>(client, 'set_color_visibility', {
        revision_id: hidden.revision_id,
        hidden_colors: [],
      });
      checkRevision(t, restored, baseUrl);
      t.not(restored.revision_id, hidden.revision_id);
      t.same([restored.palette, restored.hidden_colors], [changed.palette, []]);
      const svg = await fetchSvg(t, restored);
      t.ok(hasFill(svg, hiddenColor), 'the color is drawn again');
      t.equal(svg, changedSvg, 'the very SVG of the revision before hiding');
    });

    await t.test('GET brand-kit.zip is 404 before export', async (t) => {
      const res = await fetch(`${baseUrl}/api/jobs/${hidden.revision_id}/brand-kit.zip`);
      t.equal(res.status, 404);
      t.match(((await res.json()) as { detail: string }).detail, /export_brand_kit/);
    });

    await t.test('review_vectorization returns a review sheet, a checklist and a stable review_token', async (t) => {
      const result = await callTool(client, 'review_vectorization', { revision_id: hidden.revision_id });
      t.notOk(result.isError);
      review = result.structuredContent as unknown as Review;
      t.match(review.review_token, TOKEN);
      const { review_token, checklist, ...revision } = review;
      t.same({ ...revision, expires_in_seconds: 0 }, { ...hidden, expires_in_seconds: 0 }, 'the reviewed Revision');
      t.ok(checklist.length >= 4, 'a checklist of several items');
      t.ok(
        checklist.some((item) => item.includes(hiddenColor)),
        'the checklist names the hidden color',
      );
      t.ok(
        checklist.some((item) => item.includes(hidden.palette[0] ?? '')),
        'and the visible palette',
      );
      t.ok(
        checklist.some((item) => item.includes('export_brand_kit')),
        'and what to call next',
      );
      const sheet = imageOf(result);
      t.equal(sheet?.mimeType, 'image/png');
      t.same(sheet?.bytes.subarray(0, 8), PNG_SIGNATURE, 'the image block is a PNG');
      const sheetMeta = await sharp(sheet?.bytes).metadata();
      t.ok((sheetMeta.width ?? 0) > hidden.width / 2, 'a real picture, decodable');
      t.match(textOf(result), /Review checklist/);

      const again = await callOk<Review>(client, 'review_vectorization', { revision_id: hidden.revision_id });
      t.equal(again.review_token, review_token, 'the same token on every call');
    });

    await t.test('export_brand_kit builds the kit; its URL serves a valid ZIP of this revision', async (t) => {
      const result = await callTool(client, 'export_brand_kit', {
        revision_id: hidden.revision_id,
        review_token: review.review_token,
        name: 'Acme Rockets',
        background_color: '#1A2B3C',
      });
      t.notOk(result.isError, textOf(result));
      const exported = result.structuredContent as unknown as Exported;
      const kitUrl = `${baseUrl}/api/jobs/${hidden.revision_id}/brand-kit.zip`;
      t.equal(exported.revision_id, hidden.revision_id);
      t.equal(exported.brand_kit_url, kitUrl, 'absolute URL of GET brand-kit.zip');
      t.equal(exported.brand_kit_markdown, `[Download the Acme Rockets brand kit (ZIP)](${kitUrl})`);
      t.same([exported.name, exported.background_color], ['Acme Rockets', '#1a2b3c']);
      t.ok(exported.expires_in_seconds <= 7200 && exported.expires_in_seconds > 7100, 'lives as long as the revision');
      const link = result.content.find((block) => block.type === 'resource_link');
      t.match(link, { uri: kitUrl, mimeType: 'application/zip' }, 'a resource link to the ZIP');
      for (const [format, type] of [
        ['pdf', 'application/pdf'],
        ['eps', 'application/postscript'],
      ] as const) {
        const printUrl = `${baseUrl}/api/jobs/${hidden.revision_id}/logo.${format}`;
        t.equal(exported[`logo_${format}_url`], printUrl, `absolute URL of GET logo.${format}`);
        t.ok(
          result.content.some(
            (block) => block.type === 'resource_link' && block.uri === printUrl && block.mimeType === type,
          ),
          `a resource link to logo.${format}`,
        );
        const print = await fetch(printUrl);
        t.equal(print.status, 200);
        t.equal(print.headers.get('content-type'), type);
      }

      const res = await fetch(exported.brand_kit_url);
      t.equal(res.status, 200);
      t.equal(res.headers.get('content-type'), 'application/zip');
      t.match(res.headers.get('content-disposition'), /^attachment; filename="brand-kit.zip"/);
      const zip = Buffer.from(await res.arrayBuffer());
      t.equal(zip.length, exported.bytes, 'bytes is the ZIP size');
      const entries = new AdmZip(zip).getEntries().filter((entry) => !entry.isDirectory);
      const names = entries.map((entry) => entry.entryName);
      t.ok(names.length >= 10, `several files (${names.length})`);
      for (const name of [
        'logo/acme-rockets.svg',
        'palette/palette.json',
        'brand-guide/brand-guide.pdf',
        'web/favicon.ico',
      ]) {
        t.ok(names.includes(name), `the kit has ${name}`);
      }
      for (const entry of entries) entry.getData(); // every entry inflates and passes its CRC check
      const kitSvg =
        entries
          .find((entry) => entry.entryName === 'logo/acme-rockets.svg')
          ?.getData()
          .toString('utf8') ?? '';
      t.ok(hasFill(kitSvg, hidden.palette[0] ?? ''), 'the kit logo is drawn in the visible color');
      t.notOk(kitSvg.toLowerCase().includes(hiddenColor), 'the kit leaves the hidden color out');
      const kitPalette =
        entries
          .find((entry) => entry.entryName === 'palette/palette.json')
          ?.getData()
          .toString('utf8') ?? '';
      t.ok(kitPalette.toLowerCase().includes(hidden.palette[0] ?? '-'), 'the kit palette lists the visible color');
      t.notOk(kitPalette.toLowerCase().includes(hiddenColor), 'and not the hidden one');
    });

    await t.test('get_vectorization then reports the exported kit', async (t) => {
      const result = await callTool(client, 'get_vectorization', { revision_id: hidden.revision_id });
      const shown = result.structuredContent as unknown as Vectorization;
      t.match(shown.brand_kit, {
        url: `${baseUrl}/api/jobs/${hidden.revision_id}/brand-kit.zip`,
        name: 'Acme Rockets',
        background_color: '#1a2b3c',
      });
      t.ok((shown.brand_kit?.bytes ?? 0) > 1000);
      const kitLink = result.content.find((block) => block.type === 'resource_link' && block.name === 'brand-kit.zip');
      t.match(kitLink, { uri: shown.brand_kit?.url, mimeType: 'application/zip' });

      const other = await fetch(`${baseUrl}/api/jobs/${changed.revision_id}/brand-kit.zip`);
      t.equal(other.status, 404, 'other revisions still have no kit');
      const source = await callOk<Vectorization>(client, 'get_vectorization', { revision_id: changed.revision_id });
      t.equal(source.brand_kit, null);
    });
  },
);

t.test('export_brand_kit uses the documented defaults, and exporting again replaces the kit', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const revision = await vectorize(client, { sample: true });
  const { review_token } = await callOk<Review>(client, 'review_vectorization', { revision_id: revision.revision_id });
  const first = await callOk<Exported>(client, 'export_brand_kit', { revision_id: revision.revision_id, review_token });
  t.same([first.name, first.background_color], ['Your brand', '#ffffff'], 'default name and background');

  const second = await callOk<Exported>(client, 'export_brand_kit', {
    revision_id: revision.revision_id,
    review_token,
    name: 'Acme [Labs]',
  });
  t.equal(second.brand_kit_url, first.brand_kit_url, 'the same URL');
  t.equal(
    second.brand_kit_markdown,
    `[Download the Acme \\[Labs\\] brand kit (ZIP)](${second.brand_kit_url})`,
    'the name is escaped in the Markdown link',
  );
  const shown = await callOk<Vectorization>(client, 'get_vectorization', { revision_id: revision.revision_id });
  t.match(shown.brand_kit, { name: 'Acme [Labs]', background_color: '#ffffff', bytes: second.bytes });
  const zip = Buffer.from(
    await (await fetch(`${baseUrl}/api/jobs/${revision.revision_id}/brand-kit.zip`)).arrayBuffer(),
  );
  t.equal(zip.length, second.bytes, 'the URL serves the latest kit');
  const names = new AdmZip(zip).getEntries().map((entry) => entry.entryName);
  t.notOk(
    names.some((name) => name.includes('your-brand')),
    'nothing of the first kit is left',
  );
});

t.test('vectorize_logo reads image_base64: plain, line-wrapped, base64url and data: URL', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const { image } = await drawnLogo();
  const upload = (await (await postUpload(baseUrl, image)).json()) as McpUpload;
  const reference = await vectorize(client, { upload_id: upload.upload_id });
  const plain = image.toString('base64');
  const sources = {
    plain,
    'line-wrapped': (plain.match(/.{1,76}/g) ?? []).join('\r\n'),
    base64url: image.toString('base64url'),
    'data: URL': `data:image/png;base64,${plain}`,
  };
  for (const [kind, image_base64] of Object.entries(sources)) {
    const revision = await vectorize(client, { image_base64 });
    checkRevision(t, revision, baseUrl);
    t.not(revision.revision_id, reference.revision_id, `${kind}: a revision of its own`);
    t.same(
      [revision.palette, revision.width, revision.height, revision.bytes],
      [reference.palette, reference.width, reference.height, reference.bytes],
      `${kind}: the same trace as the upload`,
    );
  }
});

t.test('vectorize_logo applies the settings it is given', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const { image, width, height } = await drawnLogo();
  const revision = await vectorize(client, { image_base64: image.toString('base64'), colors: 1, trim: false });
  checkRevision(t, revision, baseUrl);
  t.same(revision.settings, { ...DEFAULTS, colors: 1, trim: false });
  t.equal(revision.palette.length, 1, 'one color');
  t.same([revision.width, revision.height], [width, height], 'untrimmed: the image size');
});

t.test('vectorize_logo with sample: true traces the built-in logo, like POST /api/sample', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const revision = await vectorize(client, { sample: true });
  checkRevision(t, revision, baseUrl);
  t.same(revision.settings, DEFAULTS);
  const rest = (await (await fetch(`${baseUrl}/api/sample`, { method: 'POST' })).json()) as Record<string, unknown>;
  t.same(
    [revision.palette, revision.width, revision.height, revision.bytes],
    [rest.palette, rest.width, rest.height, rest.bytes],
  );
  t.not(revision.revision_id, rest.id);
  await fetchSvg(t, revision);
});

t.test('a JPEG goes through the upload too', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const jpeg = (await drawnLogo({ format: 'jpeg' })).image;
  const upload = (await (await postUpload(baseUrl, jpeg, 'logo.jpg', 'image/jpeg')).json()) as McpUpload;
  t.equal(upload.format, 'jpeg');
  const revision = await vectorize(client, { upload_id: upload.upload_id });
  checkRevision(t, revision, baseUrl);
  t.ok(revision.palette.length >= 2);
  const again = await vectorize(client, { upload_id: upload.upload_id });
  t.not(again.revision_id, revision.revision_id, 'an upload_id can be used more than once while it lives');
});

t.test('update_settings keeps hidden colors hidden while the new trace has them', async (t) => {
  const { client } = await mcpSetup(t);
  const sample = await vectorize(client, { sample: true });
  t.ok(sample.palette.length >= 3, 'the sample has several colors');
  const color = sample.palette[2] ?? '';
  const hidden = await callOk<Revision>(client, 'set_color_visibility', {
    revision_id: sample.revision_id,
    hidden_colors: [color],
  });
  const smoother = await callOk<Revision>(client, 'update_settings', {
    revision_id: hidden.revision_id,
    smoothing: 50,
  });
  t.same(smoother.hidden_colors, [color]);
  t.notOk(smoother.palette.includes(color));
  t.same(smoother.settings, { ...DEFAULTS, smoothing: 50 });
  t.notOk(hasFill(await (await fetch(smoother.svg_url)).text(), color), 'still left out of the SVG');
});

t.test(
  'set_color_visibility: hiding one stop of a gradient removes its shape; the tools name the gradients',
  async (t) => {
    const { client, baseUrl } = await mcpSetup(t);
    const { image } = await drawnLogo(GRADIENT_LOGO);
    const traced = await vectorize(client, { image_base64: image.toString('base64') });
    checkRevision(t, traced, baseUrl);
    const [stops] = traced.gradients;
    if (!stops) return t.fail('the drawn logo is traced with a gradient (the premise of this test)');
    t.match(await fetchSvg(t, traced), /<path fill="url\(#g[0-9a-f]{8}\)"/, 'a shape filled with the gradient');
    const review = await callTool(client, 'review_vectorization', { revision_id: traced.revision_id });
    t.match(textOf(review), `Gradients (each hidden with any of its colors): ${stops.join(' -> ')}.`);

    const hidden = await callOk<Revision>(client, 'set_color_visibility', {
      revision_id: traced.revision_id,
      hidden_colors: [stops[0]],
    });
    checkRevision(t, hidden, baseUrl);
    t.same(hidden.gradients, [], 'the gradient is gone');
    t.same(hidden.hidden_colors, [stops[0]]);
    t.same(
      hidden.palette,
      traced.palette.filter((color) => !stops.includes(color)),
      'its other stops went with it',
    );
    t.notMatch(await fetchSvg(t, hidden), /Gradient|url\(#/, 'no gradient shape and no def left in the SVG');

    const shown = await callOk<Revision>(client, 'set_color_visibility', {
      revision_id: hidden.revision_id,
      hidden_colors: [],
    });
    t.same(shown.gradients, traced.gradients, 'restoring the stop restores the gradient');
  },
);

t.test('links use BASE_URL when it is configured', async (t) => {
  const { client, baseUrl } = await mcpSetup(t, { BASE_URL: 'https://logos.example.com' });
  const revision = await vectorize(client, { sample: true });
  checkRevision(t, revision, 'https://logos.example.com');
  const path = new URL(revision.svg_url).pathname;
  t.equal((await fetch(`${baseUrl}${path}`)).status, 200, 'the path is served here');
});
