/**
 * Brand colors and print files in the web app, in Chromium: a swatch's hex edited to a brand color
 * re-traces with it; brand colors pasted loosely into the Tune panel come back exactly in the palette
 * panel, and a malformed one is named without losing what was typed; the Download panel's "PDF for
 * print" and "EPS for print" save a PDF and an EPS. Screenshots of the Tune and Download panels at
 * 390 and 1280 px go to artifacts/web/.
 *
 * Needs Debian's Chromium (apt-get install chromium); skipped without it.
 */
import { readFile } from 'node:fs/promises';

import { chromium } from 'playwright-core';
import t, { type Test } from 'tap';

import {
  axeViolations,
  browserSuiteCanRun,
  CHROMIUM,
  DESKTOP,
  horizontalOverflow,
  PHONE,
  postsTo,
  saveScreenshot,
  serveApp,
  standInMockups,
  watchedPage,
} from '../../helpers/browser.js';
import { drawnLogo } from '../../helpers/images.js';
import { chooseFile, isUpload, openApp, resultLabel, shownPalette, svgShown } from '../../helpers/web-page.js';

/** A blue and an amber a few units off their brand hex, and a gray-blue near #aabbcc. */
const DRAWN = ['#2152dc', '#f9a20f', '#a8b9ca'];
const BRAND = ['#1d4ed8', '#f59e0b', '#aabbcc'];

if (browserSuiteCanRun(t)) {
  const { base } = await serveApp(t);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  t.teardown(() => browser.close());
  const { page, watch } = await watchedPage(browser, base, { viewport: DESKTOP });
  await standInMockups(page);
  await openApp(page, base);
  const brandField = page.getByLabel('Brand colors');

  /** Does `act`, and answers the `palette` form field of the upload it made and the job it got. */
  async function retraced(t: Test, act: () => Promise<unknown>): Promise<{ sent: string | null; palette: string[] }> {
    const answer = page.waitForResponse(isUpload);
    await act();
    const response = await answer;
    t.equal(response.status(), 200, 'POST /api/vectorize answered 200');
    const body = response.request().postDataBuffer()?.toString('latin1') ?? '';
    const sent = /name="palette"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1] ?? null;
    return { sent, palette: ((await response.json()) as { palette: string[] }).palette };
  }

  await t.test('a logo traced without brand colors keeps its drawn hex', async (t) => {
    const logo = await drawnLogo({ palette: DRAWN, width: 480 });
    const answer = await chooseFile(page, 'brand.png', logo.image);
    t.equal(answer.status(), 200);
    await resultLabel(page, 1, 1).waitFor();
    await svgShown(page);
    t.same([...(await shownPalette(page))].sort(), [...DRAWN].sort());
    t.equal(await brandField.inputValue(), '', 'no brand colors yet');
  });

  await t.test("editing a swatch's hex re-traces with it as a brand color", async (t) => {
    const hex = page.getByLabel(`Brand hex for ${DRAWN[0]}`);
    const { sent, palette } = await retraced(t, async () => {
      await hex.fill('1D4ED8');
      await hex.press('Enter');
    });
    t.equal(sent, BRAND[0], 'the upload sends it as the palette setting, normalized');
    await resultLabel(page, 2, 2).waitFor();
    t.ok(palette.includes(BRAND[0]!), 'the traced blue became the brand hex');
    t.ok((await shownPalette(page)).includes(BRAND[0]!), 'the palette panel shows it');
    t.notOk((await shownPalette(page)).includes(DRAWN[0]!), 'and no longer the drawn blue');
    t.equal(await brandField.inputValue(), BRAND[0], 'the Tune panel lists it as a brand color');
  });

  await t.test('brand colors pasted loosely come back exactly in the palette panel', async (t) => {
    const { sent } = await retraced(t, async () => {
      await brandField.fill('1d4ed8, #F59E0B\nabc');
      await brandField.press('Tab');
    });
    t.equal(sent, BRAND.join(','), 'read as #rrggbb, in the order typed');
    await resultLabel(page, 3, 3).waitFor();
    await svgShown(page);
    t.same([...(await shownPalette(page))].sort(), [...BRAND].sort(), 'every traced color is its brand hex');
    t.equal(await brandField.inputValue(), BRAND.join('\n'), 'the field shows them one per line');
  });

  await t.test('a malformed entry is named, nothing typed is lost and nothing is traced', async (t) => {
    const uploads = postsTo(watch, '/api/vectorize');
    const typed = '1d4ed8, #F59E0B\nabc, bluish, #12345';
    await brandField.fill(typed);
    await brandField.press('Tab');
    const alert = page.getByRole('alert').filter({ hasText: 'Not a hex color' });
    await alert.waitFor();
    t.equal(
      await alert.textContent(),
      'Not a hex color: bluish, #12345 (write each as #rrggbb or #rgb)',
      'the message names each bad entry',
    );
    t.equal(await brandField.inputValue(), typed, 'the field keeps everything typed');
    t.equal(await brandField.getAttribute('aria-invalid'), 'true');
    t.equal(postsTo(watch, '/api/vectorize'), uploads, 'no upload');
    t.ok(await resultLabel(page, 3, 3).isVisible(), 'the result stays');
    await saveScreenshot(page, 'desktop-brand-colors-malformed');

    await brandField.fill('1d4ed8, #F59E0B\nabc');
    await brandField.press('Tab');
    await alert.waitFor({ state: 'detached' });
    t.equal(await brandField.getAttribute('aria-invalid'), 'false', 'fixed: the message goes');
    t.equal(postsTo(watch, '/api/vectorize'), uploads, 'the same colors as the result: no upload');
  });

  await t.test('the Download panel saves the PDF and the EPS for print', async (t) => {
    for (const [label, type, start] of [
      ['PDF for print', 'application/pdf', '%PDF-'],
      ['EPS for print', 'application/postscript', '%!PS-Adobe-3.0 EPSF-3.0'],
    ] as const) {
      const link = page.getByRole('link', { name: label });
      const href = (await link.getAttribute('href')) ?? '';
      const download = page.waitForEvent('download');
      await link.click();
      const file = await download;
      // A download fires no response event in the page: ask the link's URL for its type.
      const served = await fetch(new URL(href, base));
      await served.arrayBuffer();
      t.equal(served.headers.get('content-type'), type, `${label}: ${type}`);
      t.match(file.suggestedFilename(), label.startsWith('PDF') ? /\.pdf$/ : /\.eps$/);
      const bytes = await readFile((await file.path()) ?? '');
      t.equal(bytes.subarray(0, start.length).toString('latin1'), start, `${label}: starts ${start}`);
    }
  });

  await t.test('the Tune and Download panels fit at 390 and 1280 px', async (t) => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      t.ok((await horizontalOverflow(page)) <= 0, `nothing overflows at ${viewport.width} px`);
      await brandField.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `${name}-brand-colors`);
    }
    await page.setViewportSize(DESKTOP);
    t.same(await axeViolations(page), [], 'no axe-core violations');
  });

  t.test('nothing left the origin, nothing logged an error or broke the CSP', async (t) => {
    t.same(watch.outside, [], 'no request to another origin');
    t.same(watch.cspViolations, [], 'no CSP violation');
    t.same(watch.consoleErrors, [], 'no console error');
    t.same(watch.pageErrors, [], 'no uncaught error');
  });
}
