/**
 * What the browser tests do and look for on the web app's page, by role and
 * accessible name as a person finds them: open it, upload through "Choose a
 * file", find "Result N of M" and the viewer's SVG image.
 */
import type { Page, Response } from 'playwright-core';

import { naturalWidths, waitUntil } from './browser.js';

/** The answer to the page's POST /api/vectorize. */
export const isUpload = (response: Response): boolean =>
  response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/vectorize';

/** Opens the page and waits until GET /api has answered: the hint names the limits the page checks. */
export async function openApp(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByText(/up to 10 MB and 8 to 6000 px per side/).waitFor();
}

/** "Result `at` of `of`" above the viewer. */
export const resultLabel = (page: Page, at: number, of: number) =>
  page.getByText(`Result ${at} of ${of}`, { exact: true });

/** Chooses a file with the input inside "Choose a file"; answers the upload's response. */
export async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = 'image/png'): Promise<Response> {
  const answer = page.waitForResponse(isUpload);
  await page.getByLabel('Choose a file').setInputFiles({ name, mimeType, buffer });
  return answer;
}

/** The hex codes the palette panel lists, in its order. */
export const shownPalette = (page: Page) => page.getByRole('button', { name: /^Copy #[0-9a-f]{6}$/ }).allTextContents();

/** The viewer's SVG image (its alt text names the job's size). */
export const svgImage = (page: Page, size?: { width: number; height: number }) =>
  page.getByRole('img', {
    name: size ? `The SVG, ${size.width} by ${size.height} pixels` : /^The SVG, \d+ by \d+ pixels$/,
  });

/** Waits until the viewer's SVG image has loaded; answers its pixel width. */
export async function svgShown(page: Page, size?: { width: number; height: number }): Promise<number> {
  const image = svgImage(page, size);
  await image.waitFor();
  // The width seen loaded, not read again: the viewer may swap in the next SVG meanwhile.
  let width = 0;
  await waitUntil(async () => (width = (await naturalWidths(image))[0] ?? 0) > 0, 'the SVG image has loaded');
  return width;
}
