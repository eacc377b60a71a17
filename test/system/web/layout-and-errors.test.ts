/**
 * The web app in Chromium at phone (390 px) and desktop (1280 px) widths, in
 * the light and the dark color scheme: nothing overflows sideways and
 * axe-core finds no WCAG 2.1 A or AA violation, before and after a result.
 * Then what goes wrong, and that the page says so without losing what it
 * shows: files it refuses before uploading (too large, not an image format it
 * takes, damaged, too small) and the service busy (429 with Retry-After, held
 * here through the app's own job gate). Screenshots go to artifacts/web/.
 *
 * Needs Debian's Chromium (apt-get install chromium); skipped without it.
 */
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import t, { type Test } from 'tap';

import { runInSlot } from '../../../src/core/gate.js';
import {
  axeViolations,
  CHROMIUM,
  browserSuiteCanRun,
  DESKTOP,
  handOver,
  horizontalOverflow,
  naturalWidths,
  newWatch,
  PHONE,
  postsTo,
  saveScreenshot,
  serveApp,
  standInMockups,
  watchedPage,
} from '../../helpers/browser.js';
import { drawnLogo, FOUR_COLORS } from '../../helpers/images.js';
import { chooseFile, isUpload, openApp, resultLabel, svgShown } from '../../helpers/web-page.js';

if (browserSuiteCanRun(t)) {
  const { app, base } = await serveApp(t);
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  t.teardown(() => browser.close());
  const watch = newWatch();
  const logo = (await drawnLogo({ palette: FOUR_COLORS, width: 400 })).image;
  const alert = (page: Page) => page.getByRole('alert');

  t.test('phone and desktop, light and dark: nothing overflows, no axe-core violations', async (t) => {
    const { context, page } = await watchedPage(browser, base, { viewport: PHONE }, watch);
    t.teardown(() => context.close());
    const looks = [
      ['phone', PHONE, 'light'],
      ['phone', PHONE, 'dark'],
      ['desktop', DESKTOP, 'light'],
      ['desktop', DESKTOP, 'dark'],
    ] as const;
    /** Each width and scheme in turn, on the same page as it stands. */
    async function everyLook(state: string): Promise<void> {
      for (const [width, viewport, colorScheme] of looks) {
        const at = `${width} ${colorScheme}, ${state}`;
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        t.ok(
          await page.evaluate<boolean>(`matchMedia('(prefers-color-scheme: ${colorScheme})').matches`),
          `${at}: the page sees the ${colorScheme} scheme`,
        );
        t.ok((await horizontalOverflow(page)) <= 0, `${at}: nothing is wider than the viewport`);
        t.same(await axeViolations(page), [], `${at}: no axe-core violations`);
        await saveScreenshot(page, `${width}-${colorScheme}-${state}`);
      }
    }
    await openApp(page, base);
    await everyLook('empty');
    t.equal((await chooseFile(page, 'logo.png', logo)).status(), 200);
    await resultLabel(page, 1, 1).waitFor();
    t.ok((await svgShown(page)) > 0, 'the SVG is shown');
    // The mockups, rendered by the service (the other pages stand in for them).
    for (const kind of ['cap', 't-shirt']) {
      const mockup = page.getByRole('img', { name: `The logo on a ${kind}` });
      await page.getByRole('figure').filter({ has: mockup }).getByText('(rendering…)').waitFor({ state: 'detached' });
      t.ok(((await naturalWidths(mockup))[0] ?? 0) > 0, `the ${kind} mockup has loaded`);
    }
    await everyLook('result');
  });

  t.test('errors, with a result shown', async (t) => {
    const { context, page } = await watchedPage(browser, base, { viewport: DESKTOP }, watch);
    t.teardown(() => context.close());
    await standInMockups(page);
    await openApp(page, base);
    t.equal((await chooseFile(page, 'first.png', logo)).status(), 200);
    await resultLabel(page, 1, 1).waitFor();
    await svgShown(page);

    /** What is already shown stays: the first result and its SVG. */
    async function keepsTheResult(t: Test, when: string): Promise<void> {
      t.ok(await resultLabel(page, 1, 1).isVisible(), `${when}: "Result 1 of 1" is still shown`);
      t.ok((await svgShown(page)) > 0, `${when}: and its SVG`);
    }

    t.test('files the page refuses before uploading', async (t) => {
      const posts = postsTo(watch, '/api/vectorize');
      // A real PNG with 10.5 MB of padding after its end: the browser reads it, the size alone is wrong.
      const big = Buffer.concat([logo, Buffer.alloc(10.5 * 1024 * 1024 - logo.length)]);
      await page.getByLabel('Choose a file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
      await alert(page).getByText('This file cannot be used').waitFor();
      t.match(
        await alert(page).textContent(),
        'huge.png is 10.5 MB; the limit is 10 MB. Export it smaller and try again.',
        'the alert names the size and the limit',
      );
      await keepsTheResult(t, 'too large');
      await saveScreenshot(page, 'desktop-error');
      await page.setViewportSize(PHONE);
      t.ok((await horizontalOverflow(page)) <= 0, 'phone, with the alert: nothing is wider than the viewport');
      t.same(await axeViolations(page), [], 'phone, with the alert: no axe-core violations');
      await saveScreenshot(page, 'phone-error');
      await page.setViewportSize(DESKTOP);
      await alert(page).getByRole('button', { name: 'Dismiss' }).click();
      t.equal((await alert(page).textContent())?.trim(), '', 'Dismiss clears the alert');

      const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fc4c02' } })
        .gif()
        .toBuffer();
      const refused: [string, () => Promise<unknown>, string][] = [
        [
          'a text file (file input)',
          () =>
            page
              .getByLabel('Choose a file')
              .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') }),
          'notes.txt is not a PNG, JPEG or WebP image. Save the logo in one of these formats and try again.',
        ],
        [
          'a GIF (dropped)',
          async () => {
            t.ok(
              await handOver(page, 'drop', { name: 'logo.gif', type: 'image/gif', bytes: gif }),
              'the drop is taken',
            );
          },
          'logo.gif is not a PNG, JPEG or WebP image.',
        ],
        [
          'a damaged PNG (pasted)',
          () => handOver(page, 'paste', { name: 'broken.png', type: 'image/png', bytes: logo.subarray(0, 100) }),
          'broken.png could not be read as an image; it may be damaged.',
        ],
        [
          'a 4 px image (file input)',
          async () =>
            page.getByLabel('Choose a file').setInputFiles({
              name: 'tiny.png',
              mimeType: 'image/png',
              buffer: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
                .png()
                .toBuffer(),
            }),
          'The image is 4 x 4 px; each side must be at least 8 px.',
        ],
      ];
      for (const [what, act, message] of refused) {
        await act();
        await alert(page).getByText(message).waitFor();
        t.match(await alert(page).textContent(), 'This file cannot be used', `${what}: a clear alert`);
        await keepsTheResult(t, what);
      }
      t.equal(postsTo(watch, '/api/vectorize'), posts, 'no refused file was sent');
    });

    t.test('busy: the alert counts down Retry-After; Retry brings the result once the job slot is free', async (t) => {
      let free: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        free = resolve;
      });
      // Another job holds the service's one slot until free() is called.
      const holding = runInSlot(app.gate, () => held);

      const busy = await chooseFile(page, 'second.png', logo);
      const refusedAt = Date.now();
      t.equal(busy.status(), 429);
      t.equal(busy.headers()['retry-after'], '2');
      await alert(page).getByText('The service is busy').waitFor();
      t.match(await alert(page).textContent(), /one job at a time.* You can retry in [12] s\./);
      const retry = alert(page).getByRole('button', { name: /^Retry/ });
      t.match(await retry.textContent(), /^Retry \([12]\)$/, 'the button counts down too');
      t.ok(await retry.isDisabled(), 'and is disabled meanwhile');
      await keepsTheResult(t, 'busy');

      await alert(page).getByRole('button', { name: 'Retry', exact: true }).waitFor();
      t.ok(await retry.isEnabled(), 'Retry is enabled after the countdown');
      t.ok(Date.now() - refusedAt >= 1500, `after ${Date.now() - refusedAt} ms (Retry-After: 2)`);

      // Still busy: the retry is refused again and counts down again.
      const again = page.waitForResponse(isUpload);
      await retry.click();
      t.equal((await again).status(), 429, 'a retry while the slot is held is refused again');
      await alert(page)
        .getByRole('button', { name: /^Retry \([12]\)$/ })
        .waitFor();
      t.pass('and counts down again');
      await keepsTheResult(t, 'busy again');

      free();
      await holding;
      await alert(page).getByRole('button', { name: 'Retry', exact: true }).waitFor();
      const done = page.waitForResponse(isUpload);
      await alert(page).getByRole('button', { name: 'Retry', exact: true }).click();
      t.equal((await done).status(), 200, 'the retry after the slot is free is traced');
      await resultLabel(page, 2, 2).waitFor();
      t.ok((await svgShown(page)) > 0, 'the new result is shown');
      t.equal((await alert(page).textContent())?.trim(), '', 'and the alert is gone');
      const logged = watch.takeConsoleErrors(/status of 429/);
      t.equal(logged.length, 2, 'the browser logged the two 429 answers (expected), nothing else');
    });
  });

  t.test('nothing left the origin, nothing logged an error or broke the CSP', async (t) => {
    t.same(watch.outside, [], 'no request to another origin');
    t.same(watch.cspViolations, [], 'no CSP violation');
    t.same(watch.consoleErrors, [], 'no console error');
    t.same(watch.pageErrors, [], 'no uncaught error');
  });
}
