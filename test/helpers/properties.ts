/**
 * Properties checked with fast-check over generated inputs (issue 13):
 * - the engine: any decodable image within the limits, with any settings,
 *   gives an SVG whose size is the result's and whose colors (its flat fills
 *   and its gradients' stops, as the kit reads them) are exactly its palette,
 *   or is refused as an image problem, always within the deadline;
 * - the API: any request the schema allows gets a status the OpenAPI document
 *   declares for that operation, with the error body on every refusal.
 * The runners return fast-check's verdict instead of throwing, so
 * test/system/core/engine-properties.test.ts, test/system/http/api-properties.test.ts and
 * `npm run reliability` share them.
 */
import fc from 'fast-check';
import sharp, { type Sharp } from 'sharp';

import { IMAGE_ERROR_CODES, isServiceError } from '../../src/core/errors.js';
import { colorsOf, parseLogoArt } from '../../src/core/logo-art.js';
import { COLOR_CHOICES, SMOOTHING_MAX } from '../../src/core/setting-values.js';
import type { TraceSettings } from '../../src/core/settings.js';
import type { Tracer } from '../../src/core/tracer.js';
import { renderSvg, svgDoc, svgStructure } from './fixtures.js';

export interface PropertyOutcome {
  name: string;
  runs: number;
  failed: boolean;
  /** The smallest input fast-check found that breaks the property, and why. */
  counterexample?: string;
  /** Replays the same inputs: fc.assert(..., { seed }). */
  seed: number;
  /** How the runs came out (a status, "traced", an error code), counted: what the inputs reached. */
  outcomes: Record<string, number>;
}

/** Counts outcomes by name. */
function tally(): { add: (outcome: string) => void; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  return { add: (outcome) => void (counts[outcome] = (counts[outcome] ?? 0) + 1), counts };
}

// ---------------------------------------------------------------- images

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

interface ShapeSpec {
  kind: 'rect' | 'ellipse';
  x: number;
  y: number;
  w: number;
  h: number;
  color: number;
}

interface DrawnSpec {
  kind: 'drawn';
  width: number;
  height: number;
  background: string | null;
  colors: string[];
  shapes: ShapeSpec[];
  format: 'png' | 'jpeg' | 'webp';
}

interface PixelSpec {
  kind: 'pixels';
  width: number;
  height: number;
  rgba: Uint8Array;
  format: 'png' | 'webp';
}

export type ImageSpec = DrawnSpec | PixelSpec;

const shape: fc.Arbitrary<ShapeSpec> = fc.record({
  kind: fc.constantFrom('rect', 'ellipse'),
  // Fractions of the canvas, so any shape fits any size.
  x: fc.double({ min: 0, max: 0.9, noNaN: true }),
  y: fc.double({ min: 0, max: 0.9, noNaN: true }),
  w: fc.double({ min: 0.05, max: 1, noNaN: true }),
  h: fc.double({ min: 0.05, max: 1, noNaN: true }),
  color: fc.nat({ max: 5 }),
});

/** A drawn logo: flat shapes in up to six colors, on a color or on transparency, in any format. */
const drawnImage: fc.Arbitrary<DrawnSpec> = fc.record({
  kind: fc.constant('drawn' as const),
  width: fc.integer({ min: 8, max: 360 }),
  height: fc.integer({ min: 8, max: 360 }),
  background: fc.option(hexColor),
  colors: fc.array(hexColor, { minLength: 6, maxLength: 6 }),
  shapes: fc.array(shape, { minLength: 0, maxLength: 8 }),
  format: fc.constantFrom('png', 'jpeg', 'webp'),
});

/** Any pixels at all, small: the engine must trace them or refuse them, never fail. */
const pixelImage: fc.Arbitrary<PixelSpec> = fc
  .record({ width: fc.integer({ min: 8, max: 40 }), height: fc.integer({ min: 8, max: 40 }) })
  .chain(({ width, height }) =>
    fc.record({
      kind: fc.constant('pixels' as const),
      width: fc.constant(width),
      height: fc.constant(height),
      rgba: fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }),
      format: fc.constantFrom('png', 'webp'),
    }),
  );

export const imageSpec: fc.Arbitrary<ImageSpec> = fc.oneof({ arbitrary: drawnImage, weight: 3 }, pixelImage);

/** The file an image spec describes. */
export async function encodeImage(spec: ImageSpec): Promise<Buffer> {
  let image: Sharp;
  if (spec.kind === 'pixels') {
    image = sharp(Buffer.from(spec.rgba), { raw: { width: spec.width, height: spec.height, channels: 4 } });
  } else {
    const { width, height } = spec;
    const body = spec.shapes
      .map((s) => {
        const [x, y, w, h] = [s.x * width, s.y * height, s.w * width, s.h * height];
        const fill = spec.colors[s.color] ?? '#000000';
        return s.kind === 'rect'
          ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`
          : `<ellipse cx="${x + w / 2}" cy="${y + h / 2}" rx="${w / 2}" ry="${h / 2}" fill="${fill}"/>`;
      })
      .join('');
    image = sharp(renderSvg(svgDoc(width, height, body, spec.background ?? undefined)));
  }
  if (spec.format === 'jpeg') return image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
  return spec.format === 'webp' ? image.webp({ lossless: true }).toBuffer() : image.png().toBuffer();
}

export const traceSettings: fc.Arbitrary<TraceSettings> = fc.record({
  colors: fc.constantFrom(...COLOR_CHOICES),
  smoothing: fc.integer({ min: 0, max: SMOOTHING_MAX }),
  transparent: fc.boolean(),
  trim: fc.boolean(),
  palette: fc.array(
    fc.integer({ min: 0, max: 0xffffff }).map((rgb) => `#${rgb.toString(16).padStart(6, '0')}`),
    { maxLength: 4 },
  ),
});

// ---------------------------------------------------------------- the engine

/** What is wrong with one trace of `image`, or undefined when nothing is. */
async function traceProblem(
  trace: Tracer,
  deadlineMs: number,
  image: Buffer,
  settings: TraceSettings,
  seen: (outcome: string) => void,
) {
  const started = performance.now();
  const outcome = await trace(image, settings).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  // The deadline counts the engine's CPU time; decoding and a busy machine add wall time around it.
  const wallMs = performance.now() - started;
  if (wallMs > 3 * deadlineMs) return `took ${Math.round(wallMs)} ms, past three times the ${deadlineMs} ms deadline`;
  if ('error' in outcome) {
    const { error } = outcome;
    seen(isServiceError(error) ? error.code : 'thrown');
    return isServiceError(error, ...IMAGE_ERROR_CODES) ? undefined : `failed: ${String(error)}`;
  }
  const { result } = outcome;
  seen('traced');
  const svg = svgStructure(result.svg);
  if (svg.width !== result.width || svg.height !== result.height) {
    return `SVG is ${svg.width}x${svg.height}, the result says ${result.width}x${result.height}`;
  }
  if (svg.viewBox !== `0 0 ${result.width} ${result.height}`) return `viewBox ${svg.viewBox}`;
  let colors: string[];
  try {
    colors = colorsOf(parseLogoArt(result.svg));
  } catch (error) {
    return `the kit cannot read the SVG: ${String(error)}`;
  }
  if ([...colors].sort().join(' ') !== [...result.palette].sort().join(' '))
    return `the SVG paints ${colors.join(' ')}, not the palette ${result.palette.join(' ')}`;
  if (!/^<svg\b[\s\S]*<\/svg>\s*$/.test(result.svg.replace(/^<\?xml[^>]*>\s*/, ''))) return 'not one whole <svg>';
  try {
    renderSvg(result.svg);
  } catch (error) {
    return `the SVG does not render: ${String(error)}`;
  }
  return undefined;
}

/** fast-check's verdict as a PropertyOutcome. */
function verdict<T>(name: string, details: fc.RunDetails<T>, outcomes: Record<string, number>): PropertyOutcome {
  return {
    name,
    outcomes,
    runs: details.numRuns,
    failed: details.failed,
    seed: details.seed,
    ...(details.failed
      ? {
          counterexample: `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)} (path ${details.counterexamplePath ?? ''})`,
        }
      : {}),
  };
}

export async function checkEngineProperty(
  trace: Tracer,
  deadlineMs: number,
  { runs = 60, seed }: { runs?: number; seed?: number } = {},
): Promise<PropertyOutcome> {
  const seen = tally();
  const property = fc.asyncProperty(imageSpec, traceSettings, async (spec, settings) => {
    const problem = await traceProblem(trace, deadlineMs, await encodeImage(spec), settings, seen.add);
    if (problem) throw new Error(problem);
  });
  return verdict(
    'any decodable image within the limits: a valid SVG whose colors are its palette, or an image refusal, within the deadline',
    await fc.check(property, { numRuns: runs, ...(seed === undefined ? {} : { seed }) }),
    seen.counts,
  );
}

// ---------------------------------------------------------------- the API

interface Operation {
  responses: Record<string, unknown>;
  parameters?: { name: string; in: string; schema: { enum?: string[] } }[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** A request as the schema allows it: the operation it calls (method and path template) and what it sends. */
interface ApiRequest {
  method: 'GET' | 'POST';
  template: string;
  path: string;
  headers: Record<string, string>;
  json?: unknown;
  form?: { fields: Record<string, string | undefined>; image?: ImageSpec };
}

const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined });
const printableAscii = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));

/** Every REST operation on uploads and jobs, with parameters, headers and bodies within its schema. */
function apiRequests(live: { token: string; palette: readonly string[] }, versions: readonly string[]) {
  const version: fc.Arbitrary<Record<string, string>> = optional(fc.constantFrom(...versions)).map(
    (v): Record<string, string> => (v ? { 'Service-Version': v } : {}),
  );
  // Write operations take an Idempotency-Key: 1 to 255 printable ASCII characters.
  const writeHeaders: fc.Arbitrary<Record<string, string>> = fc
    .tuple(version, optional(fc.string({ minLength: 1, maxLength: 255, unit: printableAscii })))
    .map(([headers, key]) => (key ? { ...headers, 'Idempotency-Key': key } : headers));
  // The live job's token, or any other text in the path segment (which names no job).
  const token = fc.oneof(
    fc.constant(live.token),
    fc.string({ minLength: 1, maxLength: 40 }).map((text) => encodeURIComponent(text)),
  );
  const boolText = optional(fc.boolean().map(String));
  const anyText = (maxLength: number) => optional(fc.string({ maxLength, unit: 'binary' }));
  const color = fc.oneof(
    fc.constantFrom(...live.palette),
    fc.constantFrom(...live.palette).map((c) => c.toUpperCase()),
    hexColor,
  );
  const jobPath = (t: string, tail: string) => `/api/jobs/${t}/${tail}`;

  const vectorize = fc
    .record({
      image: imageSpec,
      colors: optional(fc.constantFrom(...COLOR_CHOICES).map(String)),
      smoothing: optional(fc.integer({ min: 0, max: SMOOTHING_MAX }).map(String)),
      transparent: boolText,
      trim: boolText,
      upload_session_id: anyText(128),
      headers: writeHeaders,
    })
    .map(({ image, headers, ...fields }): ApiRequest => ({
      method: 'POST',
      template: '/api/vectorize',
      path: '/api/vectorize',
      headers,
      form: { fields, image },
    }));
  const mcpUpload = fc.record({ image: imageSpec, headers: writeHeaders }).map(({ image, headers }): ApiRequest => ({
    method: 'POST',
    template: '/api/mcp/uploads',
    path: '/api/mcp/uploads',
    headers,
    form: { fields: {}, image },
  }));
  const sample = fc.record({ trim: boolText, headers: writeHeaders }).map(({ trim, headers }): ApiRequest => ({
    method: 'POST',
    template: '/api/sample',
    path: '/api/sample',
    headers,
    form: { fields: { trim } },
  }));
  const visibility = fc
    .record({ token, hidden: fc.array(color, { maxLength: 32 }), headers: writeHeaders })
    .map(({ token, hidden, headers }): ApiRequest => ({
      method: 'POST',
      template: '/api/jobs/{token}/visibility',
      path: jobPath(token, 'visibility'),
      headers,
      json: { hidden_colors: hidden },
    }));
  const kit = fc
    .record({ token, name: anyText(80), background_color: optional(hexColor), headers: writeHeaders })
    .map(({ token, headers, ...body }): ApiRequest => ({
      method: 'POST',
      template: '/api/jobs/{token}/kit',
      path: jobPath(token, 'kit'),
      headers,
      json: body,
    }));
  const files = fc
    .record({
      token,
      file: fc.constantFrom('logo.svg', 'preview.png', 'mockup/cap.png', 'mockup/tshirt.png'),
      download: optional(fc.boolean()),
      headers: version,
    })
    .map(({ token, file, download, headers }): ApiRequest => {
      const template = `/api/jobs/{token}/${file.startsWith('mockup/') ? 'mockup/{kind}.png' : file}`;
      const query = file === 'logo.svg' && download !== undefined ? `?download=${download}` : '';
      return { method: 'GET', template, path: jobPath(token, file) + query, headers };
    });
  // Kits and mockups are the slow ones; uploads and reads are what clients send most.
  return fc.oneof(
    { weight: 4, arbitrary: vectorize },
    { weight: 1, arbitrary: sample },
    { weight: 1, arbitrary: mcpUpload },
    { weight: 3, arbitrary: visibility },
    { weight: 1, arbitrary: kit },
    { weight: 3, arbitrary: files },
  );
}

async function send(base: string, request: ApiRequest): Promise<Response> {
  let body: FormData | string | undefined;
  const headers = { ...request.headers };
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['Content-Type'] = 'application/json';
  } else if (request.form) {
    body = new FormData();
    const { image } = request.form;
    if (image) body.append('file', new Blob([new Uint8Array(await encodeImage(image))]), `logo.${image.format}`);
    for (const [name, value] of Object.entries(request.form.fields)) if (value !== undefined) body.append(name, value);
  }
  return fetch(base + request.path, { method: request.method, headers, ...(body === undefined ? {} : { body }) });
}

/** What is wrong with the answer to `request`, or undefined when its status is declared and its body right. */
async function answerProblem(
  document: OpenApiDocument,
  base: string,
  request: ApiRequest,
  seen: (outcome: string) => void,
) {
  const res = await send(base, request);
  seen(String(res.status));
  const text = await res.text();
  const declared = Object.keys(document.paths[request.template]?.[request.method.toLowerCase()]?.responses ?? {});
  const call = `${request.method} ${request.path.slice(0, 80)}`;
  if (!declared.includes(String(res.status))) {
    return `${call}: ${res.status} is not declared (${declared.join(', ')}): ${text.slice(0, 200)}`;
  }
  if (res.status >= 400) {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    if (typeof detail !== 'string' && !Array.isArray(detail)) return `${call}: ${res.status} without a detail`;
  }
  return undefined;
}

/** A job of the sample logo to aim at, and the versions the document declares. */
async function apiTarget(base: string) {
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApiDocument;
  const res = await fetch(`${base}/api/sample`, { method: 'POST' });
  const job = (await res.json()) as { id: string; palette: string[] };
  const versions =
    document.paths['/api/vectorize']?.post?.parameters?.find((p) => p.name === 'Service-Version')?.schema.enum ?? [];
  return { document, live: { token: job.id, palette: job.palette }, versions };
}

export async function checkApiProperty(
  base: string,
  { runs = 80, seed }: { runs?: number; seed?: number } = {},
): Promise<PropertyOutcome> {
  const { document, live, versions } = await apiTarget(base);
  const seen = tally();
  const property = fc.asyncProperty(apiRequests(live, versions), async (request) => {
    const problem = await answerProblem(document, base, request, seen.add);
    if (problem) throw new Error(problem);
  });
  return verdict(
    'any request the schema allows gets a status its operation declares, with the error body on refusals',
    await fc.check(property, { numRuns: runs, ...(seed === undefined ? {} : { seed }) }),
    seen.counts,
  );
}
