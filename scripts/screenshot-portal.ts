/**
 * Looks at the developer portal as a person would: starts the server on
 * loopback, opens /docs in Chromium at desktop and phone sizes, follows the
 * deprecation link's anchor to the versioning section, opens the search and
 * the request client, and saves screenshots. Fails when the page requests
 * anything from another origin, breaks its CSP, logs an error or does not
 * land on the versioning heading.
 *
 *   apt-get install chromium && npm run look:portal [-- out-dir]
 *
 * Not part of npm test: it needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import { PORTAL_PATH, VERSIONING_SECTION } from '../src/http/public-url.js';
import { startServer } from '../test/helpers/server-process.js';

const OUT_DIR = process.argv[2] ?? '/tmp/look';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Runs in the page (as text: this program has no DOM types): logs each CSP violation as a console error. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  const where = event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber;
  const blocked = event.blockedURI || 'inline';
  console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + blocked + ' at ' + where);
});`;

interface Viewport {
  width: number;
  height: number;
}

/** What went wrong, by kind; wrongViews are views that do not show what they should. */
type Findings = Record<'outsideRequests' | 'cspViolations' | 'consoleErrors' | 'wrongViews', string[]>;

/** A page that records every request off this origin, every CSP violation and every console error. */
async function watchedPage(browser: Browser, viewport: Viewport, base: string, findings: Findings): Promise<Page> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const origin = new URL(base).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:') {
      findings.outsideRequests.push(request.url());
    }
  });
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation') || message.text().includes('Content Security Policy')) {
      findings.cspViolations.push(message.text());
    } else if (message.type() === 'error') {
      findings.consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => findings.consoleErrors.push(`uncaught: ${error.message}`));
  // Init scripts run outside the page's CSP, so the listener is there before any violation.
  await page.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  return page;
}

/** Waits until the reference shows a heading of the guide. */
async function rendered(page: Page, heading = 'Overview'): Promise<void> {
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor({ timeout: 30_000 });
}

async function look(browser: Browser, base: string, findings: Findings): Promise<void> {
  const desktop = await watchedPage(browser, DESKTOP, base, findings);
  await desktop.goto(`${base}${PORTAL_PATH}`, { waitUntil: 'networkidle' });
  await rendered(desktop);
  await desktop.screenshot({ path: join(OUT_DIR, 'portal-desktop.png') });

  // What a person does next: search, then try a request in the client (requests stay on this origin).
  await desktop.keyboard.press('Control+k');
  await desktop.keyboard.type('sample');
  await desktop.waitForTimeout(500);
  await desktop.screenshot({ path: join(OUT_DIR, 'portal-search.png') });
  await desktop.keyboard.press('Escape');
  await desktop.goto(`${base}${PORTAL_PATH}#tag/sandbox/POST/api/sample`);
  await desktop
    .getByRole('button', { name: /Test Request/i })
    .first()
    .click();
  await desktop.getByRole('button', { name: /^Send/ }).first().click();
  await desktop.getByText('200 OK').first().waitFor({ timeout: 30_000 });
  await desktop.waitForTimeout(500);
  await desktop.screenshot({ path: join(OUT_DIR, 'portal-client.png') });

  const phone = await watchedPage(browser, PHONE, base, findings);
  await phone.goto(`${base}${PORTAL_PATH}`, { waitUntil: 'networkidle' });
  await rendered(phone);
  await phone.screenshot({ path: join(OUT_DIR, 'portal-phone.png') });

  // The deprecation Link header's target, opened as a fresh page: the versioning section must be in view.
  const versioning = await watchedPage(browser, DESKTOP, base, findings);
  await versioning.goto(`${base}${VERSIONING_SECTION}`, { waitUntil: 'networkidle' });
  await rendered(versioning, 'Versioning');
  await versioning.waitForTimeout(1000);
  const heading = versioning.getByRole('heading', { name: 'Versioning', exact: true }).first();
  const box = await heading.boundingBox();
  if (!box || box.y < 0 || box.y > DESKTOP.height / 2) {
    findings.wrongViews.push(`${VERSIONING_SECTION}: the versioning heading is not near the top (y=${box?.y})`);
  }
  await versioning.screenshot({ path: join(OUT_DIR, 'portal-versioning.png') });
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'lv-look-'));
  const { base, child } = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const findings: Findings = { outsideRequests: [], cspViolations: [], consoleErrors: [], wrongViews: [] };
  try {
    await look(browser, base, findings);
  } finally {
    await browser.close();
    child.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`screenshots in ${OUT_DIR}`);
  for (const [name, list] of Object.entries(findings)) {
    console.log(`${name}: ${list.length}`);
    for (const item of list) console.log(`  ${item}`);
  }
  if (Object.values(findings).some((list) => list.length > 0)) process.exitCode = 1;
}

await main();
