import AdmZip from 'adm-zip';
import t from 'tap';

import { createLocalGate } from '../../src/core/gate.js';
import { buildTestApp } from '../helpers/app.js';

t.test('POST kit answers the brand-kit ZIP of the job', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/kit`,
    payload: { name: 'Acme Rockets', background_color: '#1E2A4A' },
  });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-type'], 'application/zip');
  t.match(res.headers['content-disposition'], /^attachment; filename="acme-rockets-kit.zip"/);
  const zip = new AdmZip(res.rawPayload);
  const names = zip.getEntries().map((e) => e.entryName);
  for (const expected of [
    'README.txt',
    'web/favicon.ico',
    'brand-guide/brand-guide.pdf',
    'mockups/cap-light.jpg',
    'mockups/cap-dark.jpg',
    'mockups/tshirt-light.jpg',
    'mockups/tshirt-dark.jpg',
  ]) {
    t.ok(names.includes(expected), `the kit holds ${expected}`);
  }
  const palette = JSON.parse(zip.readAsText('palette/palette.json')) as unknown;
  for (const color of job.palette) t.match(JSON.stringify(palette), color, `palette.json lists ${color}`);
  t.match(zip.readAsText('web/site.webmanifest'), /"background_color":\s*"#1e2a4a"/i);
  t.match(zip.readAsText('brand-guide/brand-guide.html'), /Acme Rockets/);
  const again = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/kit`,
    payload: { name: 'Acme Rockets', background_color: '#1E2A4A' },
  });
  t.ok(again.rawPayload.equals(res.rawPayload), 'the same request gives the same bytes');
});

t.test('the body is optional and has defaults', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const res = await app.inject({ method: 'POST', url: `/api/jobs/${job.id}/kit` });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-disposition'], /filename="your-brand-kit.zip"/);
  t.match(new AdmZip(res.rawPayload).readAsText('brand-guide/brand-guide.html'), /Your brand/);
});

t.test('a user-chosen name cannot break out of Content-Disposition', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const res = await app.inject({
    method: 'POST',
    url: `/api/jobs/${job.id}/kit`,
    payload: { name: 'Ünïcode "Brand"; x=\\y' },
  });
  t.equal(res.statusCode, 200);
  // The slug is plain ASCII, so filename alone carries it (filename* is for names that are not: content-disposition.test.ts).
  t.equal(res.headers['content-disposition'], 'attachment; filename="unicode-brand-x-y-kit.zip"');
});

t.test('the download name and the files inside carry the same slug, for long and non-ASCII names', async (t) => {
  const { app } = await buildTestApp(t);
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const names = ['International Federation of Logo Designers and Brand Strategists', 'Crème Brûlée Café Zürich'];
  t.ok(names[0]!.length > 60, 'longer than the 60 characters the download name used to keep');
  for (const name of names) {
    const res = await app.inject({ method: 'POST', url: `/api/jobs/${job.id}/kit`, payload: { name } });
    t.equal(res.statusCode, 200);
    const downloadSlug = /filename="([a-z0-9-]+)-kit\.zip"/.exec(res.headers['content-disposition'] ?? '')?.[1];
    t.ok(downloadSlug, `${name}: a slug in the download name`);
    const entries = new AdmZip(res.rawPayload).getEntries().map((e) => e.entryName);
    const logoFiles = entries.filter((path) => path.startsWith('logo/'));
    t.ok(logoFiles.length > 0);
    // The mark is logo/mark.svg whatever the name, as the kit's README and guide call it.
    for (const path of logoFiles.filter((file) => file !== 'logo/mark.svg'))
      t.ok(
        path.startsWith(`logo/${downloadSlug}-`) || path.startsWith(`logo/${downloadSlug}.`),
        `${path} carries ${downloadSlug}`,
      );
    t.ok(entries.includes(`palette/${downloadSlug}.ase`), `palette/${downloadSlug}.ase`);
  }
});

t.test('invalid fields are 422; unknown jobs 404; a full gate 429', async (t) => {
  const gate = createLocalGate(1);
  const { app } = await buildTestApp(t, {}, { gate });
  const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
  const url = `/api/jobs/${job.id}/kit`;
  const long = await app.inject({ method: 'POST', url, payload: { name: 'x'.repeat(81) } });
  t.equal(long.statusCode, 422);
  t.same(long.json().detail[0].loc, ['body', 'name']);
  t.equal((await app.inject({ method: 'POST', url, payload: { name: 'x'.repeat(80) } })).statusCode, 200);
  const color = await app.inject({ method: 'POST', url, payload: { background_color: '#fff' } });
  t.equal(color.statusCode, 422);
  t.same(color.json().detail[0].loc, ['body', 'background_color']);
  const malformed = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: '{"name":',
  });
  t.equal(malformed.statusCode, 422);
  t.same(malformed.json().detail[0].loc, ['body']);

  const unknown = await app.inject({ method: 'POST', url: '/api/jobs/AAAAAAAAAAAAAAAAAAAAAAAA/kit' });
  t.equal(unknown.statusCode, 404);

  const release = await gate.tryAcquire();
  const busy = await app.inject({ method: 'POST', url });
  release?.();
  t.equal(busy.statusCode, 429);
  t.ok(Number(busy.headers['retry-after']) > 0);
});

t.test(
  'a name with control, bidirectional-override or non-character code points is 422 naming it; other scripts are fine',
  async (t) => {
    const { app } = await buildTestApp(t);
    const job = (await app.inject({ method: 'POST', url: '/api/sample' })).json();
    const url = `/api/jobs/${job.id}/kit`;
    const refused: [string, string][] = [
      ['Acme\u0001', 'U+0001'],
      ['Acme\u0008', 'U+0008'],
      ['Acme\u000b', 'U+000B'],
      ['Acme\u000c', 'U+000C'],
      ['Acme\u001b[31m', 'U+001B'],
      ['\u202eemca', 'U+202E'],
      ['Acme\u2066x', 'U+2066'],
      ['Acme\ufffe', 'U+FFFE'],
      ['Acme\uffff', 'U+FFFF'],
    ];
    for (const [name, code] of refused) {
      const res = await app.inject({ method: 'POST', url, payload: { name } });
      t.equal(res.statusCode, 422, `${code} is refused`);
      t.match(
        res.json<{ detail: string }>().detail,
        new RegExp(`contains ${code.replace('+', '\\+')}, which a kit cannot print`),
        `${code} is named`,
      );
      t.notOk(res.headers['content-disposition'], `${code}: no attachment header on the error`);
    }
    // A lone surrogate, as JSON can carry it.
    const lone = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Acme \\ud800"}',
    });
    t.equal(lone.statusCode, 422, 'a lone surrogate is refused');
    t.match(lone.json<{ detail: string }>().detail, /U\+D800/);
    const fine = await app.inject({ method: 'POST', url, payload: { name: 'Café ☕ 北京 مرحبا' } });
    t.equal(fine.statusCode, 200, 'accented, emoji, CJK and Arabic names build a kit');
  },
);
