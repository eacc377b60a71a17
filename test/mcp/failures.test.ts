/**
 * What goes wrong in the tools, as the SDK's client sees it over a real
 * socket: every failure is a tool result with isError and a message that says
 * what to call next, never a protocol error.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import t, { type TAP } from 'tap';

import type { ConcurrencyGate } from '../../src/core/gate.js';
import { openFileStore } from '../../src/store/index.js';
import { newDataDir } from '../helpers/app.js';
import { drawnLogo, ICON_COLORS, solidPng } from '../helpers/images.js';
import { callOk, callTool, mcpSetup, postUpload, sleep, textOf, type McpUpload } from '../helpers/mcp.js';
import type { Revision } from '../helpers/revision.js';
import { controlledTracer } from '../helpers/tracer.js';

/** The assertions the helpers below use, as any tap test (root or subtest) has them. */
type Tap = Pick<TAP, 'equal' | 'ok' | 'notOk' | 'match' | 'same' | 'type' | 'fail' | 'not'>;

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAAAA';
// The revisions of this test live one second (JOB_TTL_SECONDS=1), and the message says so.
const EXPIRED = /has expired: revisions and their files are deleted one second after creation\. Upload the logo again/;
const BUSY = /processing another job \(it runs one job at a time\)\. Retry this call in about 2 seconds/;

/** Asserts an isError tool result (not a thrown protocol error) whose text matches `pattern`. */
async function failsWith(
  t: Tap,
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  pattern: RegExp,
  message = `${tool} fails`,
): Promise<CallToolResult> {
  let result: CallToolResult;
  try {
    result = await callTool(client, tool, args);
  } catch (error) {
    t.fail(`${message}: expected an isError tool result, got a protocol error`, { error: String(error) });
    return { content: [] };
  }
  t.equal(result.isError, true, `${message}: isError`);
  t.notOk(result.structuredContent, `${message}: no structured content`);
  t.match(textOf(result), pattern, `${message}: the message explains`);
  return result;
}

/** Every tool that takes a revision_id, with the other arguments it needs. */
function revisionCalls(revisionId: string): [string, Record<string, unknown>][] {
  return [
    ['get_vectorization', { revision_id: revisionId }],
    ['update_settings', { revision_id: revisionId, smoothing: 40 }],
    ['set_color_visibility', { revision_id: revisionId, hidden_colors: [] }],
    ['review_vectorization', { revision_id: revisionId }],
    ['export_brand_kit', { revision_id: revisionId, review_token: UNKNOWN }],
  ];
}

t.test('export_brand_kit needs the review token of that very revision', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const a = await callOk<Revision>(client, 'vectorize_logo', { sample: true });
  const b = await callOk<Revision>(client, 'set_color_visibility', {
    revision_id: a.revision_id,
    hidden_colors: [a.palette[0]],
  });

  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: a.revision_id, review_token: UNKNOWN },
    /has not been reviewed\. Call review_vectorization with this revision_id/,
    'without a review',
  );

  const { review_token: tokenB } = await callOk<{ review_token: string }>(client, 'review_vectorization', {
    revision_id: b.revision_id,
  });
  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: a.revision_id, review_token: tokenB },
    /has not been reviewed/,
    "with another revision's token, this one unreviewed",
  );

  const { review_token: tokenA } = await callOk<{ review_token: string }>(client, 'review_vectorization', {
    revision_id: a.revision_id,
  });
  t.not(tokenA, tokenB, 'each revision has its own token');
  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: a.revision_id, review_token: tokenB },
    /not the one of revision .*each revision has its own.*review_vectorization/s,
    "with another revision's token",
  );
  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: b.revision_id, review_token: tokenA },
    /not the one of revision/,
    'the other way round',
  );
  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: a.revision_id, review_token: `${tokenA}x` },
    /not the one of revision/,
    'with a longer token',
  );

  for (const revision of [a, b]) {
    t.equal((await fetch(`${baseUrl}/api/jobs/${revision.revision_id}/brand-kit.zip`)).status, 404, 'nothing exported');
    const shown = await callOk<{ brand_kit: unknown }>(client, 'get_vectorization', {
      revision_id: revision.revision_id,
    });
    t.equal(shown.brand_kit, null);
  }
});

t.test('an expired revision: every tool says it expired and to upload again', async (t) => {
  const { client, baseUrl } = await mcpSetup(t, { JOB_TTL_SECONDS: '1' });
  const revision = await callOk<Revision>(client, 'vectorize_logo', { sample: true });
  t.ok(revision.expires_in_seconds <= 1, 'the configured lifetime');
  const { review_token } = await callOk<{ review_token: string }>(client, 'review_vectorization', {
    revision_id: revision.revision_id,
  });
  await sleep(1100);

  for (const [tool, args] of revisionCalls(revision.revision_id)) {
    await failsWith(t, client, tool, args, EXPIRED, `${tool} on an expired revision`);
  }
  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: revision.revision_id, review_token },
    EXPIRED,
    'export_brand_kit with the right token',
  );
  const svg = await fetch(revision.svg_url);
  t.equal(svg.status, 404, 'its files are gone too');
  t.match(((await svg.json()) as { detail: string }).detail, /upload the logo again/i);
  t.equal((await fetch(`${baseUrl}/api/jobs/${revision.revision_id}/brand-kit.zip`)).status, 404);
});

t.test('unknown revision ids are refused with a pointer to the tools that make them', async (t) => {
  const { client } = await mcpSetup(t);
  for (const id of [UNKNOWN, 'nope', '../../etc/passwd']) {
    for (const [tool, args] of revisionCalls(id)) {
      const pattern = /No revision has the id .*vectorize_logo/;
      await failsWith(t, client, tool, args, pattern, `${tool} with ${JSON.stringify(id)}`);
    }
  }
  await failsWith(t, client, 'get_vectorization', { revision_id: 'x'.repeat(65) }, /revision_id/, 'an over-long id');
});

t.test('a job made with the REST API is not a revision: the tools say so', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array((await drawnLogo()).image)], { type: 'image/png' }), 'logo.png');
  const uploaded = await fetch(`${baseUrl}/api/vectorize`, { method: 'POST', body: form });
  t.equal(uploaded.status, 200);
  const sample = await fetch(`${baseUrl}/api/sample`, { method: 'POST' });
  t.equal(sample.status, 200);
  for (const job of [(await uploaded.json()) as { id: string }, (await sample.json()) as { id: string }]) {
    for (const [tool, args] of revisionCalls(job.id)) {
      await failsWith(
        t,
        client,
        tool,
        args,
        /is a job made with the REST API .*do not change\. Call vectorize_logo/,
        `${tool} with a REST token`,
      );
    }
    t.equal((await fetch(`${baseUrl}/api/jobs/${job.id}/logo.svg`)).status, 200, 'the REST job is untouched');
  }
});

t.test('vectorize_logo needs exactly one image source', async (t) => {
  const { client, baseUrl } = await mcpSetup(t);
  const { image } = await drawnLogo();
  const { upload_id } = (await (await postUpload(baseUrl, image)).json()) as McpUpload;
  const base64 = image.toString('base64');
  const oneSource = /Give exactly one image source: upload_id .*image_base64, or sample: true/;
  await failsWith(t, client, 'vectorize_logo', {}, oneSource, 'no source');
  await failsWith(t, client, 'vectorize_logo', { sample: false }, oneSource, 'sample: false only');
  await failsWith(t, client, 'vectorize_logo', { colors: 2 }, oneSource, 'settings only');
  await failsWith(t, client, 'vectorize_logo', { upload_id, sample: true }, oneSource, 'upload_id and sample');
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { upload_id, image_base64: base64 },
    oneSource,
    'upload_id and image_base64',
  );
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { image_base64: base64, sample: true },
    oneSource,
    'image_base64 and sample',
  );
  const revision = await callOk<Revision>(client, 'vectorize_logo', { image_base64: base64, sample: false });
  t.match(revision.revision_id, /^[A-Za-z0-9_-]{24}$/, 'sample: false beside one source is fine');
});

t.test('image_base64 that is not base64, or not a usable image, is refused', async (t) => {
  const { client } = await mcpSetup(t);
  const notBase64 = /image_base64 is not base64 data/;
  await failsWith(t, client, 'vectorize_logo', { image_base64: 'this is not base64!' }, notBase64, 'prose');
  await failsWith(t, client, 'vectorize_logo', { image_base64: '' }, notBase64, 'empty');
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { image_base64: 'data:image/png;base64,' },
    notBase64,
    'an empty data: URL',
  );
  await failsWith(t, client, 'vectorize_logo', { image_base64: 'iVBORw0K$$$' }, notBase64, 'stray characters');
  const untraceable = /This image cannot be traced: .*8 to 6000 px/;
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { image_base64: Buffer.from('hello world, not an image').toString('base64') },
    untraceable,
    'text bytes',
  );
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { image_base64: (await solidPng(4, 4)).toString('base64') },
    untraceable,
    'a 4 x 4 px PNG',
  );
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  await failsWith(t, client, 'vectorize_logo', { image_base64: gif.toString('base64') }, untraceable, 'a GIF');
});

t.test('image_base64 over 10 MB is refused with the limit', async (t) => {
  const { client } = await mcpSetup(t);
  // Just over 10 MB decoded, yet within the schema's character bound: the decoder's check answers.
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { image_base64: Buffer.alloc(10 * 1024 * 1024 + 3).toString('base64') },
    /larger than the 10 MB limit/,
    'decoded size over the limit',
  );
  // Over the schema's character bound: input validation answers, as a tool result too.
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { image_base64: 'A'.repeat(Math.ceil((10 * 1024 * 1024) / 3) * 4 + 101) },
    /larger than 10 MB/,
    'text longer than a 10 MB image',
  );
});

t.test('unknown and malformed upload ids are refused with how to upload', async (t) => {
  const { client } = await mcpSetup(t);
  const pattern = /No upload has this upload_id\. POST the image to \/api\/mcp\/uploads/;
  await failsWith(t, client, 'vectorize_logo', { upload_id: UNKNOWN }, pattern, 'a well-formed unknown id');
  await failsWith(t, client, 'vectorize_logo', { upload_id: 'nope' }, pattern, 'a malformed id');
  await failsWith(t, client, 'vectorize_logo', { upload_id: '' }, pattern, 'an empty id');
});

t.test('an expired upload_id is refused: upload again or send image_base64', async (t) => {
  const clock = { offsetMs: 0 };
  const dataDir = await newDataDir(t);
  const store = await openFileStore({ dir: dataDir, sweepIntervalMs: 0, now: () => Date.now() + clock.offsetMs });
  const { client, baseUrl } = await mcpSetup(t, { DATA_DIR: dataDir }, { store });
  const { upload_id } = (await (await postUpload(baseUrl, (await drawnLogo()).image)).json()) as McpUpload;
  await callOk(client, 'vectorize_logo', { upload_id });
  clock.offsetMs = 15 * 60 * 1000 + 1000;
  await failsWith(
    t,
    client,
    'vectorize_logo',
    { upload_id },
    /upload has expired \(uploads are kept for 15 minutes\)\. POST the image to \/api\/mcp\/uploads again, or pass it as image_base64/,
    'after 15 minutes',
  );
});

t.test('POST /api/mcp/uploads refuses non-images and stops at MAX_LIVE_UPLOADS', async (t) => {
  const { baseUrl } = await mcpSetup(t, { MAX_LIVE_UPLOADS: '1' });
  const text = await postUpload(baseUrl, Buffer.from('not an image'), 'logo.txt', 'text/plain');
  t.equal(text.status, 422, 'not an image');
  t.type(((await text.json()) as { detail: unknown }).detail, 'string');
  const empty = await fetch(`${baseUrl}/api/mcp/uploads`, { method: 'POST', body: new FormData() });
  t.equal(empty.status, 422, 'no file');

  t.equal((await postUpload(baseUrl, (await drawnLogo()).image)).status, 200, 'the first upload');
  const second = await postUpload(baseUrl, (await drawnLogo({ layout: 'icon', palette: ICON_COLORS })).image);
  t.equal(second.status, 429, 'the limit of live uploads');
  const retryAfter = Number(second.headers.get('retry-after'));
  t.ok(retryAfter > 800 && retryAfter <= 900, 'Retry-After: when the first upload expires');
  t.match(((await second.json()) as { detail: string }).detail, /upload limit/i);
});

t.test('a busy service: gated tools answer isError with a retry, the rest still work', async (t) => {
  let busy = false;
  const gate: ConcurrencyGate = {
    capacity: 1,
    tryAcquire: async () => (busy ? null : () => {}),
  };
  const { client } = await mcpSetup(t, {}, { gate });
  const revision = await callOk<Revision>(client, 'vectorize_logo', { sample: true });
  busy = true;

  await failsWith(t, client, 'vectorize_logo', { sample: true }, BUSY, 'vectorize_logo while busy');
  await failsWith(
    t,
    client,
    'update_settings',
    { revision_id: revision.revision_id, colors: 2 },
    BUSY,
    'update_settings',
  );
  await failsWith(
    t,
    client,
    'set_color_visibility',
    { revision_id: revision.revision_id, hidden_colors: [revision.palette[0]] },
    BUSY,
    'set_color_visibility',
  );
  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: revision.revision_id, review_token: UNKNOWN },
    /has not been reviewed/,
    'an unreviewed export hears about the review first',
  );

  const shown = await callOk<Revision>(client, 'get_vectorization', { revision_id: revision.revision_id });
  t.equal(shown.revision_id, revision.revision_id, 'get_vectorization is not gated');
  const { review_token } = await callOk<{ review_token: string }>(client, 'review_vectorization', {
    revision_id: revision.revision_id,
  });
  await failsWith(
    t,
    client,
    'export_brand_kit',
    { revision_id: revision.revision_id, review_token },
    BUSY,
    'a reviewed export while busy',
  );

  busy = false;
  const later = await callOk<Revision>(client, 'update_settings', { revision_id: revision.revision_id, colors: 2 });
  t.equal(later.settings.colors, 2, 'the retry succeeds once the service is free');
});

t.test('a trace holding the real gate turns the next call away; the first still finishes', async (t) => {
  const tracer = controlledTracer();
  const { client } = await mcpSetup(t, { MAX_CONCURRENT_JOBS: '1' }, { trace: tracer.trace });
  tracer.hold();
  const first = callTool(client, 'vectorize_logo', { sample: true });
  await tracer.waiting();
  await failsWith(t, client, 'vectorize_logo', { sample: true }, BUSY, 'the second call');
  tracer.release();
  const result = await first;
  t.notOk(result.isError, 'the held call completes');
  t.match((result.structuredContent as unknown as Revision).revision_id, /^[A-Za-z0-9_-]{24}$/);
  t.equal(tracer.calls, 1, 'the refused call never traced');
  await callOk(client, 'vectorize_logo', { sample: true });
  t.equal(tracer.calls, 2, 'the slot is free again');
});

t.test('invalid arguments come back as isError tool results naming the field', async (t) => {
  const { client } = await mcpSetup(t);
  const revision = await callOk<Revision>(client, 'vectorize_logo', { sample: true });
  const id = revision.revision_id;
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['vectorize_logo', { sample: true, colors: 5 }, /Input validation error.*colors/],
    ['vectorize_logo', { sample: true, smoothing: 101 }, /Input validation error.*smoothing/],
    ['vectorize_logo', { sample: true, smoothing: 1.5 }, /Input validation error.*smoothing/],
    ['vectorize_logo', { sample: 'yes' }, /Input validation error.*sample/],
    ['update_settings', { revision_id: id, colors: 7 }, /Input validation error.*colors/],
    ['update_settings', { revision_id: id, transparent: 'no' }, /Input validation error.*transparent/],
    ['update_settings', { smoothing: 10 }, /Input validation error.*revision_id/],
    ['get_vectorization', {}, /Input validation error.*revision_id/],
    ['get_vectorization', { revision_id: '' }, /Input validation error.*revision_id/],
    ['set_color_visibility', { revision_id: id }, /Input validation error.*hidden_colors/],
    ['set_color_visibility', { revision_id: id, hidden_colors: ['red'] }, /Input validation error.*hex color/],
    [
      'set_color_visibility',
      { revision_id: id, hidden_colors: Array(33).fill('#000000') },
      /Input validation error.*hidden_colors/,
    ],
    ['export_brand_kit', { revision_id: id }, /Input validation error.*review_token/],
    [
      'export_brand_kit',
      { revision_id: id, review_token: UNKNOWN, background_color: 'white' },
      /Input validation error.*background_color/,
    ],
    [
      'export_brand_kit',
      { revision_id: id, review_token: UNKNOWN, name: 'n'.repeat(81) },
      /at most 80 characters at name/,
    ],
  ];
  for (const [tool, args, pattern] of cases) {
    await failsWith(t, client, tool, args, pattern, `${tool} ${JSON.stringify(args).slice(0, 80)}`);
  }
  await failsWith(t, client, 'no_such_tool', {}, /Tool no_such_tool not found/, 'an unknown tool');

  await failsWith(
    t,
    client,
    'set_color_visibility',
    { revision_id: id, hidden_colors: revision.palette },
    /At least one palette color must stay visible/,
    'hiding every color',
  );
  await failsWith(
    t,
    client,
    'set_color_visibility',
    { revision_id: id, hidden_colors: ['#123456'] },
    /#123456 is not in this revision's palette/,
    'a color from elsewhere',
  );
  const after = await callOk<Revision>(client, 'get_vectorization', { revision_id: id });
  t.same([after.palette, after.hidden_colors], [revision.palette, []], 'failed calls changed nothing');
});

t.test(
  'export_brand_kit refuses a brand name with control or bidirectional-override characters, naming it',
  async (t) => {
    const { client } = await mcpSetup(t);
    const revision = await callOk<Revision>(client, 'vectorize_logo', { sample: true });
    const { review_token } = await callOk<{ review_token: string }>(client, 'review_vectorization', {
      revision_id: revision.revision_id,
    });
    for (const [name, code] of [
      ['Acme\u0001', /U\+0001/],
      ['\u202eemca', /U\+202E/],
      ['Acme\uffff', /U\+FFFF/],
    ] as const) {
      await failsWith(
        t,
        client,
        'export_brand_kit',
        { revision_id: revision.revision_id, review_token, name },
        new RegExp(`${code.source}, which a kit cannot print`),
        `brand name with ${code.source}`,
      );
    }
  },
);
