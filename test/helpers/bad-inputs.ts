/**
 * The bad-input suite (issue 13): broken, hostile and unusual files and requests, each with the status the
 * spec gives it and what its `detail` must say. runBadInputs sends them all over real HTTP to a running
 * server and checks, after each, that the server still answers. test/system/http/bad-inputs.test.ts asserts the
 * results; the reliability report reads them too, so nothing here depends on tap.
 *
 * The files are in test/fixtures/bad/, written by scripts/make-bad-fixtures.ts (`npm run fixtures:bad`);
 * the requests are built here.
 */
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';

import { drawnLogo } from './images.js';
import { uploadForm } from './multipart.js';

export const BAD_FIXTURES_DIR = join(import.meta.dirname, '../fixtures/bad');

/** Longest detail a refusal may carry, in characters: a message for a person, not a dump. */
export const MAX_DETAIL_CHARS = 2000;
const REQUEST_TIMEOUT_MS = 30_000;
/** How long a raw request waits for an answer to its headers before it sends its body, and in what pieces. */
const EARLY_ANSWER_MS = 200;
const BODY_CHUNK_BYTES = 64 * 1024;

/** What came back: status, headers (lowercase names) and body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Target {
  base: string;
  /** A job made by POST /api/sample, for the endpoints under /api/jobs/{token}. */
  token: string;
  /** A small valid logo, for forms whose file is fine and whose shape is not. */
  logo: Buffer;
}

export interface BadInput {
  name: string;
  /** The statuses the spec allows for this input. */
  expected: readonly number[];
  /** What the detail of a refusal must say: it names the problem. */
  detail?: RegExp;
  /** For an accepted input: what is wrong with the answer, or undefined when it is right. */
  accepted?: (answer: Answer, target: Target) => Promise<string | undefined>;
  /** The file of test/fixtures/bad/ it uploads. */
  file?: string;
  send: (target: Target) => Promise<Answer>;
}

// ---------------------------------------------------------------- sending

async function request(base: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(base + path, {
    ...init,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * A request written to the socket as is, for what fetch will not send: a literal `../` in a path (it resolves
 * it first), a control character in a header value (it refuses it). And a body the server refuses from its
 * headers: the server answers and closes at once, and a client still writing the body (fetch) fails on the
 * closed connection without reading the answer that came; this one waits for that answer first.
 */
async function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: Buffer = Buffer.alloc(0),
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy(new Error('no answer in time')));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<void>((resolve, reject) => {
    socket.once('close', () => {
      resolve();
    });
    // A write cut off after the answer arrived is the server closing early, which the answer explains.
    socket.once('error', (error) => {
      if (chunks.length === 0) reject(error);
    });
  });
  const head = Object.entries({
    Host: `${hostname}:${port}`,
    'Content-Length': String(body.length),
    Connection: 'close',
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const answered = new Promise((resolve) => socket.once('data', resolve));
  socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`, 'latin1');
  if (body.length > 0) {
    // A server may answer from the headers alone (a Content-Length over its limit); the body is then not read.
    await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, EARLY_ANSWER_MS))]);
    for (let at = 0; at < body.length && chunks.length === 0 && !socket.destroyed; at += BODY_CHUNK_BYTES) {
      await new Promise((resolve) => socket.write(body.subarray(at, at + BODY_CHUNK_BYTES), resolve));
    }
  }
  await closed;
  const answer = Buffer.concat(chunks);
  const end = answer.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = answer.toString('latin1', 0, end).split('\r\n');
  const fields = lines.map((line) => [
    line.slice(0, line.indexOf(':')).toLowerCase(),
    line.slice(line.indexOf(':') + 1).trim(),
  ]);
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: Object.fromEntries(fields),
    body: answer.subarray(end + 4),
  };
}

async function upload(
  base: string,
  file: Buffer | null,
  fields: Record<string, string> = {},
  filename?: string,
  path = '/api/vectorize',
): Promise<Answer> {
  const form = await uploadForm(file, fields, filename);
  return request(base, path, { method: 'POST', headers: form.headers, body: form.payload });
}

/** A body as sent, under `contentType` (none when null). */
function post(base: string, path: string, body: string | Uint8Array, contentType: string | null): Promise<Answer> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return request(base, path, {
    method: 'POST',
    body: bytes,
    headers: contentType ? { 'content-type': contentType } : {},
  });
}

const fixture = (file: string) => readFile(join(BAD_FIXTURES_DIR, file));

// ---------------------------------------------------------------- checking accepted answers

interface JobResult {
  svg: string;
  width: number;
  height: number;
  palette: string[];
}

/** A job result whose SVG downloads, with the given size when one is asked for. */
function tracedTo(size?: readonly [number, number]) {
  return async (answer: Answer, { base }: Target): Promise<string | undefined> => {
    const job = JSON.parse(answer.body.toString()) as JobResult;
    if (size && (job.width !== size[0] || job.height !== size[1]))
      return `the result is ${job.width}x${job.height}, not ${size.join('x')}`;
    if (job.palette.length === 0) return 'the result has no colors';
    const svg = await request(base, job.svg);
    if (svg.status !== 200 || !svg.body.toString().includes('<svg'))
      return `GET ${job.svg} answered ${svg.status} without an SVG`;
    return undefined;
  };
}

async function isZip(answer: Answer): Promise<string | undefined> {
  if (!answer.headers['content-type']?.startsWith('application/zip')) return 'the answer is not application/zip';
  return answer.body.subarray(0, 2).toString('latin1') === 'PK' ? undefined : 'the body is not a ZIP archive';
}

// ---------------------------------------------------------------- the cases

const NOT_AN_IMAGE = /cannot be traced: the file is not a PNG, JPEG or WebP image/;
const CORRUPT = /cannot be traced: the image data is corrupt or truncated/;
const TOO_SMALL = /cannot be traced: the image is \d+x\d+ px; each side must be at least 8 px/;
const TOO_LARGE = /cannot be traced: the image is \d+x\d+ px; the limit is 6000 px per side and 20 megapixels/;
const TOO_COMPLEX = /cannot be traced: the image is too complex for a logo/;
const NOT_FOUND = /^(No job has this token|Not found: )/;
const MEDIA_TYPE = /^body: (unsupported media type|expected a multipart\/form-data body)/;
const FORM_SHAPE = /^body: an upload form carries one file \(field "file"\) and at most 10 other fields/;

const refusedFile = (file: string, detail: RegExp, path = '/api/vectorize'): BadInput => ({
  name: `${path === '/api/vectorize' ? 'upload' : path} ${file}`,
  expected: [422],
  detail,
  file,
  send: async ({ base }) => upload(base, await fixture(file), {}, file, path),
});

const tracedFile = (file: string, size?: readonly [number, number]): BadInput => ({
  name: `upload ${file}`,
  expected: [200],
  accepted: tracedTo(size),
  file,
  // Untrimmed, so the size of the result is the size of the image as shown.
  send: async ({ base }) => upload(base, await fixture(file), { trim: 'false' }, file),
});

/** `depth` arrays inside one another, as the value of `field`. */
const deepJson = (field: string, depth = 10_000) => `{"${field}":${'['.repeat(depth)}${']'.repeat(depth)}}`;
/** A well-formed JSON body of about 5 MB. */
const hugeJson = () => Buffer.from(JSON.stringify({ hidden_colors: Array.from({ length: 500_000 }, () => '#ffffff') }));

/**
 * The spec declares 413 for uploads over 10 MB only; for its JSON endpoints a body too large to read is an
 * invalid request: 422.
 */
const hugeJsonCase = (name: string, path: (token: string) => string): BadInput => ({
  name,
  expected: [422],
  detail: /the request body is larger than 64 KB/,
  send: ({ base, token }) => rawRequest(base, 'POST', path(token), { 'Content-Type': 'application/json' }, hugeJson()),
});

const jsonCase = (name: string, path: (token: string) => string, body: () => string, detail: RegExp): BadInput => ({
  name,
  expected: [422],
  detail,
  send: ({ base, token }) => post(base, path(token), body(), 'application/json'),
});

const kitName = (label: string, name: string, expected: 200 | 422): BadInput => ({
  name: `kit name ${label}`,
  expected: [expected],
  ...(expected === 200
    ? { accepted: isZip }
    : { detail: /^The brand name contains U\+[0-9A-F]{4}, which a kit cannot print/ }),
  send: ({ base, token }) => post(base, kit(token), JSON.stringify({ name }), 'application/json'),
});

const tokenCase = (label: string, send: (target: Target) => Promise<Answer>): BadInput => ({
  name: `job token ${label}`,
  expected: [404],
  detail: NOT_FOUND,
  send,
});

const visibility = (token: string) => `/api/jobs/${token}/visibility`;
const editorSettings = (token: string) => `/api/jobs/${token}/editor/settings`;
const editorVisibility = (token: string) => `/api/jobs/${token}/editor/visibility`;
const kit = (token: string) => `/api/jobs/${token}/kit`;
const HIDE_WHITE = JSON.stringify({ hidden_colors: ['#ffffff'] });

export const BAD_INPUTS: readonly BadInput[] = [
  // Files that are not a usable PNG, JPEG or WebP.
  refusedFile('truncated.png', CORRUPT),
  refusedFile('truncated.jpg', CORRUPT),
  refusedFile('truncated.webp', CORRUPT),
  refusedFile('empty.png', NOT_AN_IMAGE),
  refusedFile('text-renamed.png', NOT_AN_IMAGE),
  refusedFile('logo.svg', NOT_AN_IMAGE),
  refusedFile('logo.gif', NOT_AN_IMAGE),
  refusedFile('logo.bmp', NOT_AN_IMAGE),
  refusedFile('logo.tiff', NOT_AN_IMAGE),
  // Headers that claim more pixels than the limits allow, with (almost) no pixels behind them.
  refusedFile('bomb-100000x100000.png', TOO_LARGE),
  refusedFile('bomb-5000x4001.png', TOO_LARGE),
  refusedFile('bomb-65500x65500.jpg', TOO_LARGE),
  refusedFile('bomb-16383x16383.webp', TOO_LARGE),
  // Outside 8 to 6000 px per side or over 20 megapixels.
  refusedFile('size-1x1.png', TOO_SMALL),
  refusedFile('size-7x7.png', TOO_SMALL),
  refusedFile('size-7000x10.png', TOO_LARGE),
  refusedFile('size-5000x4020.png', TOO_LARGE),
  // Patterns and noise: not logos.
  refusedFile('checkerboard-1px-1000.png', TOO_COMPLEX),
  refusedFile('checkerboard-2px-2000.png', TOO_COMPLEX),
  refusedFile('noise-512.png', TOO_COMPLEX),
  // The MCP upload checks the header only, and refuses the same.
  refusedFile('text-renamed.png', NOT_AN_IMAGE, '/api/mcp/uploads'),
  refusedFile('bomb-65500x65500.jpg', TOO_LARGE, '/api/mcp/uploads'),
  refusedFile('size-7x7.png', TOO_SMALL, '/api/mcp/uploads'),
  // Unusual but valid images: traced, at the size they are shown.
  tracedFile('cmyk.jpg', [512, 160]),
  tracedFile('progressive.jpg', [512, 160]),
  tracedFile('16-bit.png', [512, 160]),
  tracedFile('interlaced.png', [512, 160]),
  tracedFile('animated.webp', [200, 120]),
  tracedFile('exif-rotated.jpg', [160, 512]),

  // Upload forms of the wrong shape.
  {
    name: 'form with 1000 fields',
    expected: [422],
    detail: FORM_SHAPE,
    send: ({ base, logo }) =>
      upload(base, logo, Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`field${i}`, 'x']))),
  },
  {
    name: 'form with a 1 MB text field',
    expected: [422],
    detail: /^body\.upload_session_id: value is too long/,
    send: ({ base, logo }) => upload(base, logo, { upload_session_id: 'x'.repeat(1024 * 1024) }),
  },
  {
    name: 'form with two file parts',
    expected: [422],
    detail: FORM_SHAPE,
    send: async ({ base, logo }) => {
      const form = new FormData();
      for (const name of ['one.png', 'two.png']) form.append('file', new Blob([new Uint8Array(logo)]), name);
      return request(base, '/api/vectorize', { method: 'POST', body: form });
    },
  },
  {
    name: 'form without a file',
    expected: [422],
    detail: /^body\.file: Field required/,
    send: ({ base }) => upload(base, null, { colors: '2' }),
  },
  {
    name: 'form whose boundary is not the one declared',
    expected: [422],
    detail: /^body: (malformed multipart body|.*field "file")/,
    send: async ({ base, logo }) => {
      const form = await uploadForm(logo);
      return post(base, '/api/vectorize', form.payload, 'multipart/form-data; boundary=not-the-boundary');
    },
  },
  {
    name: 'form with upload file name holding markup, quotes, control and bidi characters',
    expected: [200],
    accepted: tracedTo(),
    send: ({ base, logo }) => upload(base, logo, {}, '<script>alert("x")</script>\u0001\u202egnp.png'),
  },
  // Bodies in the wrong media type, or none declared.
  {
    name: 'upload as text/plain',
    expected: [422],
    detail: MEDIA_TYPE,
    send: ({ base, logo }) => post(base, '/api/vectorize', logo, 'text/plain'),
  },
  {
    name: 'upload as application/xml',
    expected: [422],
    detail: MEDIA_TYPE,
    send: ({ base }) => post(base, '/api/vectorize', '<logo/>', 'application/xml'),
  },
  {
    name: 'upload without Content-Type',
    expected: [422],
    detail: MEDIA_TYPE,
    send: ({ base, logo }) => post(base, '/api/vectorize', logo, null),
  },
  {
    name: 'visibility as application/xml',
    expected: [422],
    detail: MEDIA_TYPE,
    send: ({ base, token }) => post(base, visibility(token), '<hidden/>', 'application/xml'),
  },
  {
    name: 'visibility without Content-Type',
    expected: [422],
    detail: MEDIA_TYPE,
    send: ({ base, token }) => post(base, visibility(token), HIDE_WHITE, null),
  },
  // JSON that is malformed, huge or nested ten thousand deep.
  jsonCase('visibility with malformed JSON', visibility, () => '{"hidden_colors": [', /^body: .*JSON/),
  jsonCase('kit with malformed JSON', kit, () => "{name: 'x'}", /^body: .*JSON/),
  jsonCase('editor settings with malformed JSON', editorSettings, () => '{"colors": 2,}', /^body: .*JSON/),
  hugeJsonCase('visibility with 5 MB of JSON', visibility),
  hugeJsonCase('kit with 5 MB of JSON', kit),
  jsonCase('visibility with JSON 10,000 deep', visibility, () => deepJson('hidden_colors'), /^body\.hidden_colors/),
  jsonCase('editor visibility with JSON 10,000 deep', editorVisibility, () => deepJson('hidden_colors'), /^body/),
  jsonCase('editor settings with JSON 10,000 deep', editorSettings, () => deepJson('colors'), /^body\.colors/),
  jsonCase('kit with JSON 10,000 deep', kit, () => deepJson('name'), /^body\.name/),
  jsonCase(
    'sample with JSON 10,000 deep',
    () => '/api/sample',
    () => deepJson('trim'),
    /^body\.trim/,
  ),
  // Tokens that are paths, null bytes or very long.
  tokenCase('"../" (sent as written)', ({ base }) => rawRequest(base, 'GET', '/api/jobs/../logo.svg')),
  tokenCase('"..%2F..%2F"', ({ base }) => request(base, '/api/jobs/..%2F..%2Fjobs%2F..%2Fstore/preview.png')),
  tokenCase('"%2e%2e%2f"', ({ base }) => post(base, visibility('%2e%2e%2f'), HIDE_WHITE, 'application/json')),
  tokenCase('"%00"', ({ base }) => request(base, '/api/jobs/%00/logo.svg')),
  tokenCase('with a null byte after a real token', ({ base, token }) =>
    request(base, `/api/jobs/${token}%00/logo.svg`),
  ),
  tokenCase('of 10 KB', ({ base }) => post(base, kit('A'.repeat(10 * 1024)), '{}', 'application/json')),
  // Brand names with markup and quotes are names like any other; control and bidi characters are refused.
  kitName('with <script>', '<script>alert(1)</script>', 200),
  kitName('with quotes', `"Acme" & 'Sons' \\ Co`, 200),
  kitName('with control character U+0001', 'Acme\u0001Co', 422),
  kitName('with bidi override U+202E', 'Acme\u202eoC', 422),
  // Header values out of their bounds.
  {
    name: 'Service-Version with markup',
    expected: [400],
    detail: /<script>.*2026-10-14/,
    send: ({ base }) => request(base, '/api/sample', { method: 'POST', headers: { 'service-version': '<script>' } }),
  },
  {
    name: 'Idempotency-Key of 10 KB',
    expected: [400],
    detail: /Idempotency-Key must be 1 to 255 printable ASCII characters/,
    send: ({ base }) =>
      request(base, '/api/sample', { method: 'POST', headers: { 'idempotency-key': 'k'.repeat(10 * 1024) } }),
  },
  {
    name: 'Idempotency-Key with control character U+0001',
    expected: [400],
    // Node's HTTP parser refuses the request before the service sees it.
    detail: /^The request is not valid HTTP\.$/,
    send: ({ base }) => rawRequest(base, 'POST', '/api/sample', { 'Idempotency-Key': 'key\u0001' }),
  },
];

/** Every file the cases upload. */
export const BAD_FIXTURE_FILES: readonly string[] = [...new Set(BAD_INPUTS.flatMap((c) => (c.file ? [c.file] : [])))];

// ---------------------------------------------------------------- running

export interface BadInputResult {
  name: string;
  expected: readonly number[];
  /** 0 when no answer came. */
  status: number;
  /** The detail as text: the message, or the problems of a list as "loc: msg" joined by "; ". */
  detail: string;
  /** The body is JSON with a `detail` (a refusal), or the case's own check passed (an acceptance). */
  wellFormed: boolean;
  serviceVersion: string | undefined;
  /** GET /api/health answered 200 after the case. */
  healthy: boolean;
  /** What is wrong, one line each; empty when the case passed. */
  failures: string[];
  ok: boolean;
}

interface Problem {
  loc: (string | number)[];
  msg: string;
}

/** The detail of an error body as one line of text; undefined when the body is not one. */
function detailOf(body: Buffer): string | undefined {
  try {
    const { detail } = JSON.parse(body.toString()) as { detail?: unknown };
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) return (detail as Problem[]).map((p) => `${p.loc.join('.')}: ${p.msg}`).join('; ');
  } catch {
    // not JSON
  }
  return undefined;
}

async function healthy(base: string): Promise<boolean> {
  return request(base, '/api/health').then(
    (res) => res.status === 200,
    () => false,
  );
}

async function runOne(c: BadInput, target: Target): Promise<BadInputResult> {
  const failures: string[] = [];
  let answer: Answer | undefined;
  try {
    answer = await c.send(target);
  } catch (error) {
    failures.push(`no answer: ${String(error)}`);
  }
  const status = answer?.status ?? 0;
  let detail = '';
  let wellFormed = false;
  if (answer) {
    if (!c.expected.includes(status)) failures.push(`status ${status}, expected ${c.expected.join(' or ')}`);
    if (status >= 500) failures.push(`a server error (${status})`);
    if (status === 200 && c.accepted) {
      const wrong = await c.accepted(answer, target);
      wellFormed = wrong === undefined;
      if (wrong) failures.push(wrong);
    } else if (status !== 200) {
      const text = detailOf(answer.body);
      wellFormed = text !== undefined && (answer.headers['content-type'] ?? '').startsWith('application/json');
      detail = text ?? answer.body.toString('utf8', 0, 200);
      if (!wellFormed) failures.push('the body is not a JSON error body with a detail');
      if (detail.length === 0 || detail.length > MAX_DETAIL_CHARS)
        failures.push(`a detail of ${detail.length} characters`);
      if (c.detail && !c.detail.test(detail)) failures.push(`the detail does not match ${String(c.detail)}`);
    }
    if (!answer.headers['service-version']) failures.push('no Service-Version header');
  }
  const stillHealthy = await healthy(target.base);
  if (!stillHealthy) failures.push('GET /api/health did not answer 200 after it');
  return {
    name: c.name,
    expected: c.expected,
    status,
    detail,
    wellFormed,
    serviceVersion: answer?.headers['service-version'],
    healthy: stillHealthy,
    failures,
    ok: failures.length === 0,
  };
}

/** Sends every case in turn to the server at `base` (which must answer POST /api/sample) and reports each. */
export async function runBadInputs(base: string, cases: readonly BadInput[] = BAD_INPUTS): Promise<BadInputResult[]> {
  const sample = await request(base, '/api/sample', { method: 'POST' });
  if (sample.status !== 200) throw new Error(`POST /api/sample answered ${sample.status}`);
  const target: Target = {
    base,
    token: (JSON.parse(sample.body.toString()) as { id: string }).id,
    logo: (await drawnLogo({ width: 200 })).image,
  };
  const results: BadInputResult[] = [];
  for (const c of cases) results.push(await runOne(c, target));
  return results;
}
