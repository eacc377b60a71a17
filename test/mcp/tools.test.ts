/**
 * What an agent sees before calling anything: the server's identity and
 * instructions, and the six tools with their schemas and annotations, read
 * through the SDK's own client over a real socket.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import t from 'tap';

import { mcpClient, mcpSetup } from '../helpers/mcp.js';
import { REVISION_FIELDS } from '../helpers/revision.js';

const TOOL_NAMES = [
  'vectorize_logo',
  'get_vectorization',
  'update_settings',
  'set_color_visibility',
  'review_vectorization',
  'export_brand_kit',
];

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  description?: string;
}

const props = (schema: unknown) => Object.keys((schema as JsonSchema).properties ?? {}).sort();
const required = (schema: unknown) => [...((schema as JsonSchema).required ?? [])].sort();
const prop = (schema: unknown, name: string) => (schema as JsonSchema).properties?.[name] ?? {};

t.test('the server names itself, gives instructions and offers tools', async (t) => {
  const { client } = await mcpSetup(t);
  const info = client.getServerVersion();
  t.equal(info?.name, 'logo-vectorizer');
  t.equal(info?.title, 'Logo Vectorization Service');
  t.equal(info?.version, '2026-10-14', 'the answering API version');
  t.ok(client.getServerCapabilities()?.tools, 'tools capability');
  t.notOk(client.getServerCapabilities()?.resources, 'no resources capability it cannot serve');
  t.notOk(client.getServerCapabilities()?.prompts, 'no prompts capability');
  const instructions = client.getInstructions() ?? '';
  for (const tool of TOOL_NAMES.filter((name) => name !== 'set_color_visibility' && name !== 'update_settings')) {
    t.match(instructions, tool, `instructions mention ${tool}`);
  }
  t.match(instructions, /update_settings or set_color_visibility/);
  t.match(instructions, /two hours/);
  t.match(instructions, /retry/i);
});

t.test('listTools returns exactly the six tools, each fully described', async (t) => {
  const { client } = await mcpSetup(t);
  const { tools, nextCursor } = await client.listTools();
  t.equal(nextCursor, undefined, 'one page');
  t.same(tools.map((tool) => tool.name).sort(), [...TOOL_NAMES].sort());
  for (const tool of tools) {
    t.type(tool.title, 'string', `${tool.name} has a title`);
    t.ok((tool.title ?? '').length >= 8, `${tool.name} title is meaningful`);
    t.ok((tool.description ?? '').length >= 80, `${tool.name} description explains the tool`);
    t.equal(tool.inputSchema.type, 'object', `${tool.name} inputSchema is an object schema`);
    t.equal(tool.outputSchema?.type, 'object', `${tool.name} outputSchema is an object schema`);
    for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
      t.ok(((schema as JsonSchema).description ?? '').length > 10, `${tool.name}.${name} is described`);
    }
  }
});

t.test('input schemas: required and optional properties, enums and bounds', async (t) => {
  const { client } = await mcpSetup(t);
  const byName = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool] as const));
  const input = (name: string) => (byName.get(name) as Tool).inputSchema;

  const vectorize = input('vectorize_logo');
  t.same(props(vectorize), [
    'colors',
    'image_base64',
    'palette',
    'sample',
    'smoothing',
    'transparent',
    'trim',
    'upload_id',
  ]);
  t.same(
    required(vectorize),
    [],
    'every vectorize_logo argument is optional (exactly one source is checked at run time)',
  );
  t.same(prop(vectorize, 'colors').enum, [0, 1, 2, 3, 4, 6, 8]);
  const smoothing = prop(vectorize, 'smoothing');
  t.same([smoothing.type, smoothing.minimum, smoothing.maximum], ['integer', 0, 100]);
  t.equal(prop(vectorize, 'sample').type, 'boolean');
  t.equal(prop(vectorize, 'transparent').type, 'boolean');
  t.equal(prop(vectorize, 'trim').type, 'boolean');
  t.equal(prop(vectorize, 'upload_id').type, 'string');
  const base64Chars = Math.ceil((10 * 1024 * 1024) / 3) * 4;
  t.ok((prop(vectorize, 'image_base64').maxLength ?? 0) >= base64Chars, 'image_base64 admits a 10 MB image');
  t.match(prop(vectorize, 'upload_id').description, /\/api\/mcp\/uploads/);

  for (const name of ['get_vectorization', 'review_vectorization']) {
    t.same(props(input(name)), ['revision_id'], `${name} takes a revision_id only`);
    t.same(required(input(name)), ['revision_id']);
  }

  const update = input('update_settings');
  t.same(props(update), ['colors', 'palette', 'revision_id', 'smoothing', 'transparent', 'trim']);
  t.same(required(update), ['revision_id'], 'settings are optional: omitted ones are kept');
  t.same(prop(update, 'colors').enum, [0, 1, 2, 3, 4, 6, 8]);
  t.same([prop(update, 'smoothing').minimum, prop(update, 'smoothing').maximum], [0, 100]);

  const visibility = input('set_color_visibility');
  t.same(props(visibility), ['hidden_colors', 'revision_id']);
  t.same(required(visibility), ['hidden_colors', 'revision_id']);
  t.equal(prop(visibility, 'hidden_colors').type, 'array');
  t.equal(prop(visibility, 'hidden_colors').maxItems, 32);
  t.equal(prop(visibility, 'hidden_colors').items?.pattern, '^#[0-9a-fA-F]{6}$');

  const exportKit = input('export_brand_kit');
  t.same(props(exportKit), ['background_color', 'name', 'review_token', 'revision_id']);
  t.same(required(exportKit), ['review_token', 'revision_id']);
  t.equal(prop(exportKit, 'background_color').pattern, '^#[0-9a-fA-F]{6}$');
  t.match(prop(exportKit, 'name').description, /Your brand/, 'the default name is stated');
  t.match(prop(exportKit, 'background_color').description, /#ffffff/, 'the default background is stated');
});

t.test("output schemas: every Revision field required, plus each tool's own fields", async (t) => {
  const { client } = await mcpSetup(t);
  const byName = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool] as const));
  const output = (name: string) => (byName.get(name) as Tool).outputSchema;

  for (const name of ['vectorize_logo', 'update_settings', 'set_color_visibility']) {
    t.same(props(output(name)), [...REVISION_FIELDS].sort(), `${name} returns a Revision`);
    t.same(required(output(name)), [...REVISION_FIELDS].sort(), `${name}: all Revision fields are required`);
    const settings = prop(output(name), 'settings');
    t.same(
      required(settings),
      ['colors', 'palette', 'smoothing', 'transparent', 'trim'],
      `${name}: settings fields required`,
    );
    t.match(
      prop(output(name), 'gradients').description,
      /stop colors in order.*Hiding any of its stop colors hides/,
      `${name}: gradients are explained, with what hiding does to them`,
    );
  }
  const get = output('get_vectorization');
  t.same(required(get), [...REVISION_FIELDS, 'brand_kit', 'links'].sort());
  t.same(required(prop(get, 'links')), ['cap_mockup_png', 'preview_png', 'svg', 'svg_download', 'tshirt_mockup_png']);
  const kitChoices = prop(get, 'brand_kit').anyOf ?? [];
  t.same(kitChoices.map((choice) => choice.type).sort(), ['null', 'object'], 'brand_kit is an object or null');
  t.same(required(kitChoices.find((choice) => choice.type === 'object')), ['background_color', 'bytes', 'name', 'url']);

  const review = output('review_vectorization');
  t.same(required(review), [...REVISION_FIELDS, 'checklist', 'review_token'].sort());
  t.equal(prop(review, 'checklist').type, 'array');

  t.same(required(output('export_brand_kit')), [
    'background_color',
    'brand_kit_markdown',
    'brand_kit_url',
    'bytes',
    'expires_in_seconds',
    'logo_eps_url',
    'logo_pdf_url',
    'name',
    'revision_id',
  ]);
});

t.test('annotations are honest about what each tool does', async (t) => {
  const { client } = await mcpSetup(t);
  const annotations = Object.fromEntries((await client.listTools()).tools.map((tool) => [tool.name, tool.annotations]));
  t.match(annotations.get_vectorization, { readOnlyHint: true }, 'get_vectorization only reads');
  for (const name of ['vectorize_logo', 'update_settings', 'set_color_visibility']) {
    t.match(annotations[name], { readOnlyHint: false, destructiveHint: false }, `${name} creates, never destroys`);
    t.match(annotations[name], { idempotentHint: false }, `${name} makes a new revision on every call`);
  }
  t.match(
    annotations.review_vectorization,
    { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    'review stores its token once and returns the same one again',
  );
  t.match(
    annotations.export_brand_kit,
    { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    'exporting again replaces the earlier kit',
  );
  for (const name of TOOL_NAMES) {
    t.equal(annotations[name]?.openWorldHint, false, `${name} touches nothing outside the service`);
  }
});

t.test('the address without its trailing slash serves the same tools', async (t) => {
  const { client, mcpUrl } = await mcpSetup(t);
  const bare = await mcpClient(t, mcpUrl.replace(/\/$/, ''));
  t.same(bare.getServerVersion(), client.getServerVersion());
  t.same((await bare.listTools()).tools, (await client.listTools()).tools);
});
