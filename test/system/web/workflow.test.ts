/**
 * The web app in Chromium, as a person uses it in one visit: bring logos by
 * the file picker, a drop, a paste and the sample; tune the colors and step
 * through the results; hide a color and bring it back; download the SVG and
 * a brand kit; work the viewer from the keyboard. One page throughout, so the
 * history grows as it would. Then, on a service whose jobs live two seconds
 * (JOB_TTL_SECONDS), a result outliving its job. Every request stays on the
 * service's origin and nothing is logged as an error. Screenshots go to
 * artifacts/web/.
 *
 * Needs Debian's Chromium (apt-get install chromium); skipped without it.
 */
import { readFile } from 'node:fs/promises';

import AdmZip from 'adm-zip';
import { chromium, type Page, type Request } from 'playwright-core';
import t, { type Test } from 'tap';

import {
  axeViolations,
  blobText,
  CHROMIUM,
  browserSuiteCanRun,
  DESKTOP,
  focused,
  handOver,
  horizontalOverflow,
  naturalWidths,
  PHONE,
  postsTo,
  saveScreenshot,
  serveApp,
  standInMockups,
  waitUntil,
  watchedPage,
} from '../../helpers/browser.js';
import { counted } from '../../../src/web/wording.js';
import { drawnLogo, FOUR_COLORS, TWO_COLORS } from '../../helpers/images.js';
import {
  chooseFile,
  isUpload,
  openApp,
  resultLabel,
  shownPalette,
  svgImage,
  svgShown,
} from '../../helpers/web-page.js';

/** A job as POST /api/vectorize, /api/sample and /visibility answer it (the fields used here). */
interface Job {
  id: string;
  svg: string;
  palette: string[];
  width: number;
  height: number;
  hidden_colors?: string[];
}

/** The text fields of a multipart body, and each file part's file name under its field name. */
function formFields(body: Buffer | null): Record<string, string> {
  const fields: Record<string, string> = {};
  const text = body?.toString('latin1') ?? '';
  for (const part of text.split(/\r\n--[^\r\n]*/)) {
    const head = /name="([^"]*)"(?:; filename="([^"]*)")?/.exec(part);
    if (!head?.[1]) continue;
    fields[head[1]] = head[2] ?? part.slice(part.indexOf('\r\n\r\n') + 4);
  }
  return fields;
}

const isPost = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === path;

/** The viewer's SVG image once loaded: its pixel width and the SVG text behind its blob URL. */
async function shownSvg(page: Page, job: Job): Promise<{ naturalWidth: number; text: string }> {
  const naturalWidth = await svgShown(page, job);
  return { naturalWidth, text: (await blobText(svgImage(page, job))) ?? '' };
}

if (browserSuiteCanRun(t)) {
  const { base } = await serveApp(t);
  const apiSvg = async (job: Job) => (await fetch(`${base}${job.svg}`)).text();
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  t.teardown(() => browser.close());
  const { page, watch } = await watchedPage(browser, base, { viewport: DESKTOP, clipboard: true });
  await standInMockups(page);
  // The multipart body of each upload, read on its way out (the request event does not carry a file's body).
  const uploads: Record<string, string>[] = [];
  await page.route('**/api/vectorize', async (route) => {
    uploads.push(formFields(route.request().postDataBuffer()));
    await route.continue();
  });
  await openApp(page, base);

  /** Uploads through `act` and answers the job POST /api/vectorize made. */
  async function traced(t: Test, act: () => Promise<unknown>): Promise<Job> {
    const answer = page.waitForResponse(isUpload);
    await act();
    const response = await answer;
    t.equal(response.status(), 200, 'POST /api/vectorize answered 200');
    return (await response.json()) as Job;
  }

  /** The result `at` of `of` is shown: the SVG image of `job` and its palette. */
  async function showsResult(t: Test, job: Job, at: number, of: number, palette = job.palette): Promise<void> {
    const shown = await resultLabel(page, at, of)
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (!shown) {
      const label = await page
        .getByText(/^Result \d+ of \d+$/)
        .textContent({ timeout: 1000 })
        .catch(() => 'no result');
      const posts = watch.requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
      t.fail(`"Result ${at} of ${of}" is not shown: the page shows "${label}"; the page's POSTs: ${posts.join(', ')}`);
      return;
    }
    // The label can change before the image does: wait for the job's own SVG, loaded.
    const expected = await apiSvg(job);
    let svg = { naturalWidth: 0, text: '' };
    await waitUntil(async () => {
      svg = await shownSvg(page, job);
      return svg.text === expected;
    }, `result ${at} shows its job's SVG`).catch(() => undefined);
    t.ok(svg.naturalWidth > 0, `result ${at}: the SVG image has loaded`);
    t.equal(svg.text, expected, `result ${at}: the viewer shows the job's SVG`);
    t.same(await shownPalette(page), palette, `result ${at}: the palette lists the job's colors in its order`);
    t.match(await page.getByLabel('About this SVG').textContent(), counted(job.palette.length, 'color'));
  }

  const jobs: Job[] = [];

  t.test('the empty page: Tab reaches the intake with a visible focus; ? opens the shortcuts', async (t) => {
    const stops: { name: string; ring: number }[] = [];
    for (let i = 0; i < 8 && stops.at(-1)?.name !== 'Try the sample'; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    for (const name of ['Choose a file', 'Try the sample']) {
      const stop = stops.find((s) => s.name === name);
      t.ok(stop, `Tab reaches "${name}" (stops: ${stops.map((s) => s.name).join(', ')})`);
      t.ok((stop?.ring ?? 0) >= 2, `"${name}" shows its focus (${stop?.ring} px ring)`);
    }

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    t.ok(await dialog.getByText('Open a logo file').isVisible(), 'the dialog lists the shortcuts');
    t.equal((await focused(page)).name, 'Close', 'focus moves into the dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    t.equal((await focused(page)).name, 'Try the sample', 'Escape closes it and focus returns');
  });

  t.test('a logo chosen with the file input is traced and shown', async (t) => {
    const logo = await drawnLogo({ palette: FOUR_COLORS, width: 480 });
    const job = await traced(t, () =>
      page.getByLabel('Choose a file').setInputFiles({ name: 'four.png', mimeType: 'image/png', buffer: logo.image }),
    );
    jobs.push(job);
    await showsResult(t, job, 1, 1);
    t.same([...job.palette].sort(), [...logo.palette].sort(), 'the API found the drawn colors');
    const sent = uploads.at(-1) ?? {};
    t.equal(sent.file, 'four.png', 'the file went up under its own name');
    t.same(
      [sent.colors, sent.smoothing, sent.transparent, sent.trim],
      ['0', '20', 'true', 'true'],
      'with the default settings',
    );
    t.match(sent.upload_session_id, /^[0-9a-f-]{36}$/, 'and the visit id');
    t.match(await page.getByText(/^four\.png · /).textContent(), 'auto colors', 'the result says what made it');
  });

  t.test('a dropped logo and a pasted one are traced too', async (t) => {
    const dropped = await drawnLogo({ palette: TWO_COLORS, format: 'jpeg', width: 400 });
    const dropJob = await traced(t, async () => {
      const taken = await handOver(page, 'drop', { name: 'dropped.jpg', type: 'image/jpeg', bytes: dropped.image });
      t.ok(taken, 'the page takes the drop');
    });
    jobs.push(dropJob);
    await showsResult(t, dropJob, 2, 2);
    t.equal(await page.getByText('Drop the logo to trace it').count(), 0, 'the drop overlay is gone');
    t.equal(uploads.at(-1)?.file, 'dropped.jpg');

    const pasted = await drawnLogo({ layout: 'icon', palette: ['#1e88e5', '#fdd835'], width: 300 });
    const pasteJob = await traced(t, async () => {
      const taken = await handOver(page, 'paste', { name: 'image.png', type: 'image/png', bytes: pasted.image });
      t.ok(taken, 'the page takes the paste');
    });
    jobs.push(pasteJob);
    await showsResult(t, pasteJob, 3, 3);
    t.same([...pasteJob.palette].sort(), ['#1e88e5', '#fdd835'], 'the pasted icon has its two colors');
    t.equal(
      new Set(uploads.map((fields) => fields.upload_session_id)).size,
      1,
      'every upload of the visit sends the same visit id',
    );
  });

  t.test('Try the sample traces the built-in logo', async (t) => {
    const answer = page.waitForResponse((response) => isPost('/api/sample')(response.request()));
    await page.getByRole('button', { name: 'Try the sample' }).click();
    const job = (await (await answer).json()) as Job;
    jobs.push(job);
    await showsResult(t, job, 4, 4);
    t.match(await page.getByText(/^sample · /).textContent(), 'auto colors');
  });

  t.test('choosing 2 colors uploads the image again with colors=2; Previous and Next step through', async (t) => {
    const before = uploads.length;
    const job = await traced(t, () => page.getByRole('radio', { name: '2', exact: true }).check());
    jobs.push(job);
    t.equal(uploads.length, before + 1, 'one new upload');
    const sent = uploads.at(-1) ?? {};
    t.equal(sent.colors, '2', 'its form says colors=2');
    t.equal(sent.file, 'sample-logo.png', 'of the image shown (the sample)');
    t.equal(job.palette.length, 2, 'the new job has two colors');
    await showsResult(t, job, 5, 5);
    t.ok(await page.getByRole('radio', { name: '2', exact: true }).isChecked());
    t.ok(await page.getByRole('button', { name: 'Next result' }).isDisabled(), 'Next is disabled at the newest');

    await page.getByRole('button', { name: 'Previous result' }).click();
    await showsResult(t, jobs[3]!, 4, 5);
    t.ok(await page.getByRole('radio', { name: 'Auto' }).isChecked(), 'going back shows its settings: Auto');
    await page.getByRole('button', { name: 'Previous result' }).click();
    await showsResult(t, jobs[2]!, 3, 5);
    await page.getByRole('button', { name: 'Next result' }).click();
    await resultLabel(page, 4, 5).waitFor();
    await page.getByRole('button', { name: 'Next result' }).click();
    await showsResult(t, job, 5, 5);
    t.ok(await page.getByRole('radio', { name: '2', exact: true }).isChecked(), 'and forth: 2');

    await page.keyboard.press('[');
    await resultLabel(page, 4, 5).waitFor();
    await page.keyboard.press(']');
    await resultLabel(page, 5, 5).waitFor();
    t.pass('[ and ] step back and forth');
    t.equal(postsTo(watch, '/api/vectorize'), 4, 'stepping through the history uploads nothing');
  });

  t.test('hiding a color makes a job without it; the last visible color stays; Show every color', async (t) => {
    const traced2 = jobs[4]!;
    const [first, second] = traced2.palette as [string, string];
    await page.getByRole('button', { name: `Copy ${second}` }).click();
    await page.getByText(`${second} copied`).waitFor();
    t.equal(await page.evaluate('navigator.clipboard.readText()'), second, 'a swatch copies its hex code');
    const request = page.waitForRequest(isPost(`/api/jobs/${traced2.id}/visibility`));
    const answer = page.waitForResponse((response) => response.url().endsWith('/visibility'));
    await page.getByRole('button', { name: `Hide ${first}` }).click();
    t.same((await request).postDataJSON(), { hidden_colors: [first] }, 'POST visibility on the traced job');
    const hidden = (await (await answer).json()) as Job;
    t.same(hidden.hidden_colors, [first]);
    await showsResult(t, hidden, 6, 6, traced2.palette);
    t.notMatch((await shownSvg(page, hidden)).text, first, 'the shown SVG has no shape of the hidden color');
    await page.getByRole('button', { name: `Show ${first}` }).waitFor();
    t.match(await page.getByRole('heading', { name: /^Palette/ }).textContent(), '1 of 2');
    const lastHide = page.getByRole('button', { name: `Hide ${second}` });
    t.ok(await lastHide.isDisabled(), 'the last visible color cannot be hidden');
    t.equal(await lastHide.getAttribute('title'), 'At least one color stays visible');

    await page.getByRole('button', { name: 'Show every color' }).click();
    await showsResult(t, traced2, 7, 7);
    t.ok(await page.getByRole('button', { name: `Hide ${first}` }).isEnabled(), 'the color is back');
    t.ok(await page.getByRole('button', { name: `Hide ${second}` }).isEnabled());
    t.equal(await page.getByRole('button', { name: 'Show every color' }).count(), 0);
    t.equal(postsTo(watch, `/api/jobs/${traced2.id}/visibility`), 1, 'showing every color is the traced job again');
  });

  t.test('Download SVG saves the SVG file; Copy SVG markup copies it', async (t) => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download SVG' }).click();
    const file = await download;
    t.match(file.suggestedFilename(), /\.svg$/);
    const text = await readFile((await file.path()) ?? '', 'utf8');
    t.ok(text.startsWith('<svg'), `the file starts with <svg (${JSON.stringify(text.slice(0, 20))})`);
    t.equal(text, await apiSvg(jobs[4]!), "it is the job's SVG");

    await page.getByRole('button', { name: 'Copy SVG markup' }).click();
    await page.getByText(/^The SVG markup \(.+\) copied$/).waitFor();
    t.equal(await page.evaluate('navigator.clipboard.readText()'), text, 'Copy SVG markup copies the same SVG');
  });

  t.test('the brand kit is built, previewed and downloaded as a ZIP', async (t) => {
    await page.getByLabel('Brand name').fill('Acme Test');
    const request = page.waitForRequest(isPost(`/api/jobs/${jobs[4]!.id}/kit`));
    await page.getByRole('button', { name: 'Build brand kit' }).click();
    t.same((await request).postDataJSON(), { name: 'Acme Test', background_color: '#ffffff' });
    const link = page.getByRole('link', { name: /^Download .+\.zip \(\d/ });
    await link.waitFor({ timeout: 60_000 });

    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    t.match(file.suggestedFilename(), /\.zip$/);
    t.match(await link.textContent(), file.suggestedFilename(), 'the link names the file it saves');
    const names = new AdmZip((await file.path()) ?? '').getEntries().map((entry) => entry.entryName);
    for (const path of [
      'web/favicon.ico',
      'web/apple-touch-icon.png',
      'social/open-graph-1200x630.png',
      'brand-guide/brand-guide.pdf',
    ]) {
      t.ok(names.includes(path), `the ZIP holds ${path}`);
    }
    t.match(
      await page.getByText(/^\d+ files: /).textContent(),
      `${names.length} files`,
      'the preview counts its files',
    );

    const tabs = page.getByRole('figure', { name: 'Favicon in a browser tab' });
    t.ok(await tabs.getByText('Light browser theme').isVisible(), 'a light browser tab');
    t.ok(await tabs.getByText('Dark browser theme').isVisible(), 'a dark browser tab');
    t.equal(await tabs.getByText('Acme Test').count(), 2, 'each tab shows the brand name');
    const previews = [
      tabs.locator('img'),
      page.getByRole('img', { name: 'Home-screen icon' }),
      page.getByRole('img', { name: 'Social card' }),
    ];
    const widths = async () => Promise.all(previews.map(naturalWidths));
    await waitUntil(async () => (await widths()).flat().every((width) => width > 0), 'the previews have loaded').catch(
      () => undefined,
    );
    const [favicons, home, social] = await widths();
    t.same(favicons, [96, 96], 'both tabs show the 96 px favicon from the ZIP');
    t.same(home, [180], 'the home-screen icon from the ZIP');
    t.same(social, [1200], 'the social card from the ZIP');

    t.same(await axeViolations(page), [], 'no axe-core violations with the kit preview');
    t.ok((await horizontalOverflow(page)) <= 0, 'nothing overflows at 1280 px');
    await saveScreenshot(page, 'desktop-kit');
    await page.setViewportSize(PHONE);
    t.ok((await horizontalOverflow(page)) <= 0, 'nothing overflows at 390 px with the kit preview');
    await saveScreenshot(page, 'phone-kit');
    await page.setViewportSize(DESKTOP);
  });

  t.test('with a result, every Tab stop shows its focus and the viewer works from the keyboard', async (t) => {
    // From the top: the first stop after the site's name.
    await page.getByRole('link', { name: 'Logo Vectorizer' }).focus();
    const stops: { name: string; ring: number }[] = [];
    for (let i = 0; i < 40 && stops.at(-1)?.name !== 'Try the sample'; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    const names = stops.map((stop) => stop.name);
    // A radio group is one stop, at its checked choice: Swipe (Compare) and Checkerboard (Backdrop).
    for (const name of ['Swipe', 'Zoom in', 'Checkerboard', 'Outlines']) {
      t.ok(names.includes(name), `Tab reaches the viewer's "${name}"`);
    }
    t.ok(names.includes('Swipe between the original and the SVG'), 'and the swipe slider');
    t.ok(names.includes('Choose a file') && names.includes('Try the sample'), 'and the intake');
    t.same(
      stops.filter((stop) => stop.ring < 2).map((stop) => stop.name),
      [],
      `every stop shows a focus ring of 2 px or more (stops: ${JSON.stringify(stops)})`,
    );

    const zoom = page.getByRole('status', { name: 'Zoom' });
    await page.getByRole('button', { name: 'Zoom in' }).focus();
    await page.keyboard.press('Enter');
    t.equal(await zoom.textContent(), '150%', 'Enter on Zoom in zooms');
    await page.keyboard.press('0');
    t.equal(await zoom.textContent(), '100%', '0 fits');

    const radio = (name: string) => page.getByRole('radio', { name, exact: true });
    await radio('Swipe').focus();
    await page.keyboard.press('ArrowRight');
    t.ok(await radio('Side by side').isChecked(), 'ArrowRight in the Compare radio group picks Side by side');
    await radio('Side by side').focus();
    await page.keyboard.press('Space');
    t.ok(await radio('Side by side').isChecked(), 'Space picks Side by side');
    t.equal(await page.getByRole('slider', { name: 'Swipe between the original and the SVG' }).count(), 0);
    // The single-key shortcuts, with the focus on the viewer.
    const stage = page.getByRole('group', { name: /^Original and SVG/ });
    await stage.focus();
    await page.keyboard.press('m');
    t.ok(await radio('Swipe').isChecked(), 'M goes back to Swipe');
    await radio('Dark').check();
    t.ok(await radio('Dark').isChecked(), 'the Dark backdrop');
    await stage.focus();
    await page.keyboard.press('b');
    t.ok(await radio('Checkerboard').isChecked(), 'B goes on to the next backdrop');

    // And with the focus on a choice just made (the Colors radio): a radio is not a text field.
    await radio('2').focus();
    await page.keyboard.press('m');
    t.ok(await radio('Side by side').isChecked(), 'M works while a radio has the focus');
    await stage.focus();
    if (await radio('Side by side').isChecked()) await page.keyboard.press('m');
    await page.getByRole('button', { name: 'Outlines' }).click();
    t.equal(await page.getByRole('button', { name: 'Outlines' }).getAttribute('aria-pressed'), 'true');
    t.match((await shownSvg(page, jobs[4]!)).text, 'vector-effect', 'the viewer shows the outlines');
    await page.keyboard.press('l');
    t.equal(await page.getByRole('button', { name: 'Outlines' }).getAttribute('aria-pressed'), 'false');

    await page.getByLabel('Brand name').focus();
    await page.keyboard.type('?');
    t.equal(await page.getByLabel('Brand name').inputValue(), 'Acme Test?', 'typing ? in a field types it');
    t.notOk(await page.getByRole('dialog').isVisible(), 'and opens no dialog');
  });

  t.test('a result past the job lifetime says it has expired; Upload again makes a new job', async (t) => {
    const ttl = 2;
    const short = await serveApp(t, { JOB_TTL_SECONDS: String(ttl) });
    const { context, page } = await watchedPage(browser, short.base, { viewport: DESKTOP }, watch);
    const alert = page.getByRole('alert');
    const logo = (await drawnLogo({ palette: FOUR_COLORS, width: 400 })).image;
    t.teardown(() => context.close());
    await standInMockups(page);
    await openApp(page, short.base);
    const answer = await chooseFile(page, 'short-lived.png', logo);
    const job = (await answer.json()) as { svg: string };
    const receivedAt = Date.now();
    await resultLabel(page, 1, 1).waitFor();
    await svgShown(page);

    await alert.getByText('This result has expired').waitFor({ timeout: (ttl + 5) * 1000 });
    const after = Date.now() - receivedAt;
    t.ok(after >= ttl * 1000 - 300, `shown ${after} ms after the result (lifetime ${ttl} s)`);
    t.match(await alert.textContent(), 'This result was deleted by the service.');
    const gone = await fetch(`${short.base}${job.svg}`);
    t.equal(gone.status, 404, 'the service has indeed dropped the job');
    await gone.arrayBuffer();
    t.ok(await resultLabel(page, 1, 1).isVisible(), 'the result stays on the page');

    const again = page.waitForResponse(isUpload);
    await alert.getByRole('button', { name: 'Upload again' }).click();
    const renewed = await again;
    const renewedAt = Date.now();
    t.equal(renewed.status(), 200, 'Upload again uploads the same image');
    const fresh = (await renewed.json()) as { svg: string; palette: string[] };
    await resultLabel(page, 2, 2).waitFor();
    t.ok((await svgShown(page)) > 0);
    t.notMatch(await alert.textContent(), 'expired', 'the alert is gone');

    // Hide a color (a new job), then show every color: the page shows the traced job again, made at renewedAt.
    await page.getByRole('button', { name: `Hide ${fresh.palette[0]}` }).click();
    await resultLabel(page, 3, 3).waitFor();
    await page.waitForTimeout(Math.max(0, renewedAt + 1000 - Date.now()));
    await page.getByRole('button', { name: 'Show every color' }).click();
    await resultLabel(page, 4, 4).waitFor();
    t.notMatch(await alert.textContent(), 'expired', 'the traced job is still alive when shown again');
    const deadline = Date.now() + (ttl + 3) * 1000;
    while ((await fetch(`${short.base}${fresh.svg}`)).status !== 404 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const saidInTime = await alert
      .getByText('This result has expired')
      .waitFor({ timeout: 500 })
      .then(
        () => true,
        () => false,
      );
    t.ok(saidInTime, 'once the shown job is gone, the page says it has expired');
  });

  t.test('nothing left the origin, nothing logged an error or broke the CSP', async (t) => {
    t.same(watch.outside, [], 'no request to another origin');
    t.same(watch.cspViolations, [], 'no CSP violation');
    t.same(watch.consoleErrors, [], 'no console error');
    t.same(watch.pageErrors, [], 'no uncaught error');
  });
}
