/**
 * Typed JSON is taken as sent (a wrong type is 422, never converted), text
 * (form fields, query parameters) is read as its declared type, and a body of
 * thousands of bad items gets a short 422.
 */
import t from 'tap';

import { buildTestApp } from '../helpers/app.js';
import { drawnLogo } from '../helpers/images.js';
import { uploadForm } from '../helpers/multipart.js';

interface Problem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

t.test('JSON fields of the wrong type are 422 naming the field, not converted', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json<{ id: string; palette: string[] }>();
  const cases: [string, Record<string, unknown>, string][] = [
    ['kit', { name: 12345 }, 'name'],
    ['kit', { name: null }, 'name'],
    ['kit', { background_color: ['#ffffff'] }, 'background_color'],
    ['kit', { name: true }, 'name'],
    ['visibility', { hidden_colors: job.palette[0] }, 'hidden_colors'],
    ['visibility', { hidden_colors: [1] }, 'hidden_colors'],
  ];
  for (const [route, payload, field] of cases) {
    const res = await app.inject({ method: 'POST', url: `/api/jobs/${job.id}/${route}`, payload });
    const label = `${route} ${JSON.stringify(payload)}`;
    t.equal(res.statusCode, 422, `${label} is 422`);
    const detail = res.json<{ detail: Problem[] }>().detail;
    t.ok(
      Array.isArray(detail) && detail.some((p) => p.loc[1] === field && p.type.includes('type')),
      `${label}: a type problem at ${field}`,
      { detail },
    );
  }
  const sample = await app.inject({ method: 'POST', url: '/api/sample', payload: { trim: 'false' } });
  t.equal(sample.statusCode, 422, 'JSON "trim": "false" is a string, not a boolean');
  const nullBody = await app.inject({
    method: 'POST',
    url: '/api/sample',
    headers: { 'content-type': 'application/json' },
    payload: 'null',
  });
  t.equal(nullBody.statusCode, 422, 'a JSON null body is not an object (an absent body is fine)');
  t.equal((await app.inject({ method: 'POST', url: '/api/sample' })).statusCode, 200, 'no body at all');
});

t.test('form fields and query parameters are text read as their declared types', async (t) => {
  const { app } = await buildTestApp(t);
  const logo = await drawnLogo();
  const good = await uploadForm(logo.image, { colors: 2, smoothing: 40, transparent: 'false', trim: 'true' });
  const traced = await app.inject({ method: 'POST', url: '/api/vectorize', ...good });
  t.equal(traced.statusCode, 200, 'multipart "2", "40", "false", "true" are read as numbers and booleans');
  const job = traced.json<{ id: string; svg: string }>();
  for (const [fields, field] of [
    [{ colors: 'four' }, 'colors'],
    [{ smoothing: '4.5' }, 'smoothing'],
    [{ transparent: 'yes' }, 'transparent'],
  ] as const) {
    const form = await uploadForm(logo.image, fields);
    const res = await app.inject({ method: 'POST', url: '/api/vectorize', ...form });
    t.equal(res.statusCode, 422, `${JSON.stringify(fields)} is 422`);
    t.same(res.json<{ detail: Problem[] }>().detail[0]?.loc, ['body', field]);
  }
  const urlencoded = await app.inject({
    method: 'POST',
    url: '/api/sample',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'trim=false',
  });
  t.equal(urlencoded.statusCode, 200, 'a urlencoded "trim=false" is read as a boolean');
  const download = await app.inject({ method: 'GET', url: `/api/jobs/${job.id}/logo.svg?download=true` });
  t.match(download.headers['content-disposition'], /^attachment/, 'download=true is read as true');
  const wrong = await app.inject({ method: 'GET', url: `/api/jobs/${job.id}/logo.svg?download=yes` });
  t.equal(wrong.statusCode, 422, 'download=yes is 422');
  t.same(wrong.json<{ detail: Problem[] }>().detail[0]?.loc, ['query', 'download']);
});

t.test('32,000 bad items get a short 422: the first ten problems and a count of the rest', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json<{ id: string }>();
  const payload = JSON.stringify({ hidden_colors: Array.from({ length: 32_000 }, () => 0) });
  t.ok(payload.length < 64 * 1024, `the body is ${payload.length} bytes, within the body limit`);
  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/visibility`,
    headers: { 'content-type': 'application/json' },
    payload,
  });
  t.equal(res.statusCode, 422);
  const detail = res.json<{ detail: Problem[] }>().detail;
  t.ok(detail.length <= 11, `${detail.length} problems listed`);
  t.match(detail.at(-1)?.msg, /^and \d+ more problems$/, 'the last one counts the rest');
  t.ok(res.body.length < 4096, `the answer is ${res.body.length} bytes`);
});

t.test("an upload form with two files or a thousand fields is 422 with the form's shape, not 413", async (t) => {
  const { app } = await buildTestApp(t);
  const logo = (await drawnLogo()).image;
  const twoFiles = new FormData();
  for (let i = 0; i < 2; i++)
    twoFiles.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), `logo${i}.png`);
  const manyFields = new FormData();
  manyFields.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  for (let i = 0; i < 1000; i++) manyFields.append(`field${i}`, 'x');
  for (const [label, form] of [
    ['two files', twoFiles],
    ['a thousand fields', manyFields],
  ] as const) {
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: '/api/vectorize',
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    t.equal(res.statusCode, 422, `${label}: 422`);
    const detail = res.json<{ detail: Problem[] }>().detail;
    t.same(detail[0]?.loc, ['body'], `${label}: about the body`);
    t.match(
      detail[0]?.msg,
      /one file \(field "file"\) and at most 10 other fields/,
      `${label}: says what a form may hold`,
    );
  }
});
