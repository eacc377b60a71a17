/**
 * Browser-test helpers: Debian's Chromium driven by playwright-core against
 * the app built in the test process, a page that records what must never
 * happen (requests off the test server's origin, console errors, uncaught
 * errors, CSP violations), and the page-side work. The root tsconfig has no
 * DOM types, so code that runs in the page is a string evaluated as an
 * expression (like scripts/screenshot-portal.ts), or a small anonymous
 * function over the few element fields it reads, typed locally. Waiting is
 * polled from here (waitUntil): Playwright polls a string predicate through
 * eval in the page, which the page's CSP refuses.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { AxeBuilder } from '@axe-core/playwright';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';

import type { BuildOptions } from '../../src/app.js';
import { buildTestApp, type Teardown } from './app.js';

const PROJECT_ROOT = join(import.meta.dirname, '../..');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;
/** Screenshots for a person to look at; git, prettier and eslint ignore artifacts/. */
export const ARTIFACTS_DIR = join(PROJECT_ROOT, 'artifacts', 'web');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Why the browser tests cannot run here, or undefined when Chromium is installed. */
function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  return `no Chromium at ${CHROMIUM}: apt-get install chromium (CI installs it), or set CHROMIUM_PATH`;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Why dist/web (what GET / serves, read once at startup) does not show
 * src/web as it is, or undefined. The tests do not build it themselves: the
 * build replaces dist/web, which other test files read at the same time.
 */
function staleWebBuild(): string | undefined {
  const page = join(PROJECT_ROOT, 'dist/web/index.html');
  const rebuild = 'run `npm run build:web` (npm install does it) before the browser tests';
  if (!existsSync(page)) return `the web app is not built: ${rebuild}`;
  const built = statSync(page).mtimeMs;
  const sources = Math.max(
    newestMtime(join(PROJECT_ROOT, 'src/web')),
    statSync(join(PROJECT_ROOT, 'src/core/setting-values.ts')).mtimeMs,
  );
  if (sources > built) return `dist/web is older than src/web: ${rebuild}`;
  return undefined;
}

/**
 * Whether a browser suite can run here. Without Chromium it plans no tests and says why (a skip); with a
 * web build older than its sources it fails and says how to rebuild.
 */
export function browserSuiteCanRun(t: { plan(count: number, comment: string): void; fail(message: string): void }) {
  const cannotRun = chromiumMissing();
  if (cannotRun) {
    t.plan(0, cannotRun);
    return false;
  }
  const stale = staleWebBuild();
  if (stale) {
    t.fail(stale);
    return false;
  }
  return true;
}

/** The app built in this process (so a test can hold its job gate), listening on a loopback port. */
export async function serveApp(
  t: Teardown,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'config'> = {},
): Promise<{ app: FastifyInstance; base: string }> {
  const { app } = await buildTestApp(t, env, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}` };
}

/** Runs in the page before its own scripts (outside its CSP): logs each CSP violation as a console error. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  const where = event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber;
  console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + where);
});`;

/**
 * Runs in the page before its own scripts: keeps each blob the page makes a
 * URL for, so a test can read what an <img> with a blob: URL shows (the
 * page's CSP rightly forbids fetching blob: URLs).
 */
const KEEP_BLOBS = `{
  const made = new Map();
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object) => {
    const url = create(object);
    made.set(url, object);
    return url;
  };
  Object.defineProperty(window, '__blobText', { value: (url) => made.get(url)?.text() });
}`;

/** The text of the blob behind the image's blob: URL (the SVG the viewer shows). */
export async function blobText(image: Locator): Promise<string | undefined> {
  return image.evaluate((img: { src: string }) =>
    (globalThis as unknown as { __blobText(url: string): Promise<string> | undefined }).__blobText(img.src),
  );
}

/** What a watched page did that it must not, and every request it made. */
export interface Watch {
  /** Requests to anything but the test server's origin (blob: and data: URLs are the page's own). */
  outside: string[];
  cspViolations: string[];
  consoleErrors: string[];
  pageErrors: string[];
  requests: { method: string; url: string }[];
  /**
   * Removes and returns the console errors matching `pattern`: the browser
   * logs an answer with an error status ("Failed to load resource: ... 429")
   * as an error, which a test that provokes that answer expects.
   */
  takeConsoleErrors(pattern: RegExp): string[];
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  watch: Watch;
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Let the page read and write the clipboard (its Copy buttons). */
  clipboard?: boolean;
}

/** A page of its own context (AxeBuilder needs that) that records into `watch`. */
export async function watchedPage(
  browser: Browser,
  base: string,
  options: PageOptions = {},
  watch: Watch = newWatch(),
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    deviceScaleFactor: 1,
    acceptDownloads: true,
  });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const page = await context.newPage();
  const origin = new URL(base).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    watch.requests.push({ method: request.method(), url: request.url() });
    if (url.origin !== origin && url.protocol !== 'blob:' && url.protocol !== 'data:')
      watch.outside.push(request.url());
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('CSP violation') || text.includes('Content Security Policy')) watch.cspViolations.push(text);
    else if (message.type() === 'error') watch.consoleErrors.push(`${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.stack ?? error.message));
  await page.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  await page.addInitScript({ content: KEEP_BLOBS });
  return { context, page, watch };
}

export function newWatch(): Watch {
  const watch: Watch = {
    outside: [],
    cspViolations: [],
    consoleErrors: [],
    pageErrors: [],
    requests: [],
    takeConsoleErrors(pattern) {
      const taken = watch.consoleErrors.filter((text) => pattern.test(text));
      watch.consoleErrors = watch.consoleErrors.filter((text) => !pattern.test(text));
      return taken;
    },
  };
  return watch;
}

/** The POSTs a page sent to this path (e.g. '/api/vectorize'). */
export function postsTo(watch: Watch, path: string): number {
  return watch.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path).length;
}

/**
 * Answers the page's requests for a job's cap and t-shirt mockups with a
 * plain PNG of their size instead of the service's rendering. Each new job
 * makes the page ask for both, and the service renders them on first request
 * (a few hundred ms of CPU each, the first ones seconds) in the test's own
 * process, which slows every request after. A page that makes many jobs and
 * is not about the mockups uses this; one page per run loads them for real.
 */
export async function standInMockups(page: Page): Promise<void> {
  const body = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#d0d4da' } })
    .png()
    .toBuffer();
  await page.route(/\/api\/jobs\/[^/]+\/mockup\/(cap|tshirt)\.png$/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body }),
  );
}

/** axe-core's violations (WCAG 2.1 A and AA) as "rule: target, target (help)" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')} (${violation.help})`,
  );
}

/** How far the page is wider than its viewport, in CSS px (0 when nothing overflows). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
}

/** A full-page screenshot in artifacts/web/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

export interface PageFile {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * Runs in the page: builds a File from base64 bytes and hands it over as a
 * person's drop (dragover, then drop) or paste would, on the page body.
 * Answers whether the page took the event (called preventDefault).
 */
const HAND_OVER = `({ how, name, type, base64 }) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const transfer = new DataTransfer();
  transfer.items.add(new File([bytes], name, { type }));
  const init = { bubbles: true, cancelable: true };
  if (how === 'paste') {
    const paste = new ClipboardEvent('paste', { ...init, clipboardData: transfer });
    document.body.dispatchEvent(paste);
    return paste.defaultPrevented;
  }
  document.body.dispatchEvent(new DragEvent('dragenter', { ...init, dataTransfer: transfer }));
  document.body.dispatchEvent(new DragEvent('dragover', { ...init, dataTransfer: transfer }));
  const drop = new DragEvent('drop', { ...init, dataTransfer: transfer });
  document.body.dispatchEvent(drop);
  return drop.defaultPrevented;
}`;

/** Drops `file` on the page, or pastes it; true when the page took it. */
export async function handOver(page: Page, how: 'drop' | 'paste', file: PageFile): Promise<boolean> {
  const arg = { how, name: file.name, type: file.type, base64: file.bytes.toString('base64') };
  return page.evaluate<boolean>(`(${HAND_OVER})(${JSON.stringify(arg)})`);
}

/**
 * Runs in the page: how the focused element shows its focus. A visually
 * hidden control (the file input inside its label, a radio under its segment)
 * shows it on its label or the element after it, so those count too.
 */
const FOCUS_RING = `(() => {
  const active = document.activeElement;
  if (!active || active === document.body) return { name: '', ring: 0 };
  const ringOf = (element) => {
    if (!element) return 0;
    const style = getComputedStyle(element);
    return style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) || 0;
  };
  const label = active.closest('label');
  const name =
    active.getAttribute('aria-label') ||
    (label ? label.textContent : '') ||
    active.textContent ||
    active.getAttribute('aria-roledescription') ||
    active.tagName;
  return {
    name: name.replace(/\\s+/g, ' ').trim(),
    ring: Math.max(ringOf(active), ringOf(label), ringOf(active.nextElementSibling)),
  };
})()`;

/** The focused element's name (aria-label, its label's text or its own) and its focus outline's width in px. */
export async function focused(page: Page): Promise<{ name: string; ring: number }> {
  return page.evaluate<{ name: string; ring: number }>(FOCUS_RING);
}

/**
 * Polls `condition` from here until it holds. Not page.waitForFunction with a
 * string: Playwright polls such a string through eval in the page, which the
 * page's CSP (no 'unsafe-eval') blocks and reports as a violation.
 */
export async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** naturalWidth of each image the locator matches once it has loaded, 0 for one that has not (or is broken). */
export async function naturalWidths(images: Locator): Promise<number[]> {
  return images.evaluateAll((all: { complete: boolean; naturalWidth: number }[]) =>
    all.map((img) => (img.complete ? img.naturalWidth : 0)),
  );
}
