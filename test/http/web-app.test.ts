/**
 * How the server serves the web app (as `npm run build` wrote it to
 * dist/web): the page revalidated, its files content-hashed and kept for a
 * year, a CSP without inline script, style or eval. What the page does is
 * tested in Chromium (test/web).
 */
import { gunzipSync } from 'node:zlib';

import t from 'tap';

import { buildTestApp } from '../helpers/app.js';

t.test('GET / is the web app: revalidated, with a strict CSP', async (t) => {
  const { app } = await buildTestApp(t);
  const res = await app.inject('/');
  t.equal(res.statusCode, 200, 'built by npm install (npm run build)');
  t.match(res.headers['content-type'], /^text\/html/);
  t.equal(res.headers['cache-control'], 'no-cache');
  const csp = String(res.headers['content-security-policy']);
  t.match(csp, /script-src 'self'(;|$)/, 'scripts from this origin only');
  t.match(csp, /style-src 'self'(;|$)/, 'styles from this origin only');
  t.match(csp, /connect-src 'self'/);
  t.match(csp, /frame-ancestors 'none'/);
  t.notMatch(csp, /unsafe-inline|unsafe-eval|https?:/, 'nothing inline, no eval, no other origin');
  t.notMatch(res.body, /<script>|<style>| style="/, 'the page itself holds no inline script or style');
  t.match(res.body, /<script type="module" src="\/app\/main-[A-Z0-9]+\.js"><\/script>/);
});

t.test("the page's files are content-hashed, cached for a year and compressed", async (t) => {
  const { app } = await buildTestApp(t);
  const page = (await app.inject('/')).body;
  const files = [...page.matchAll(/(?:src|href)="(\/app\/[^"]+)"/g)].map((match) => match[1] ?? '');
  t.same(
    files.map((file) => file.replace(/-[A-Z0-9]+\./, '-HASH.')),
    ['/app/icon-HASH.svg', '/app/main-HASH.css', '/app/main-HASH.js'],
  );
  for (const file of files) {
    const res = await app.inject({ url: file, headers: { 'accept-encoding': 'gzip' } });
    t.equal(res.statusCode, 200, file);
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable', `${file} is kept a year`);
    t.equal(res.headers['content-encoding'], 'gzip');
    const again = await app.inject({ url: file, headers: { 'if-none-match': String(res.headers.etag) } });
    t.equal(again.statusCode, 304, `${file} revalidates by its ETag`);
  }
  const script = await app.inject({ url: files[2], headers: { 'accept-encoding': 'gzip' } });
  t.match(script.headers['content-type'], /^text\/javascript/);
  const gzipped = script.rawPayload.length;
  t.ok(gzipped < 60 * 1024, `the whole script is ${gzipped} bytes gzipped (under 60 KB)`);
  t.notMatch(gunzipSync(script.rawPayload).toString(), /\beval\(|new Function\(/, 'no eval in the bundle');
});

t.test('a file name the build did not make is 404 JSON', async (t) => {
  const { app } = await buildTestApp(t);
  for (const url of ['/app/main-OLDHASH.js', '/app/..%2Findex.html', '/app/%00']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 404, url);
    t.match(res.json().detail, /no file named/);
  }
});
