import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';

/** Debian's Chromium (`apt-get install chromium`). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * A headless Chromium with a new empty profile, closed after the file's tests. The machine's
 * network is closed: nothing in the browser reaches out by itself.
 */
export async function testBrowser(): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: the browser tests need Debian's chromium (apt-get install -y chromium)`,
    );
  const profile = await mkdtemp(join(tmpdir(), 'transloom-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  onTestFinished(async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });
  return context;
}

/** The text of Vite's error overlay on the page, or '' when none is shown (or the page is loading). */
export async function overlayText(page: Page): Promise<string> {
  try {
    return await page.evaluate(() => {
      const overlay = document.querySelector('vite-error-overlay');
      return overlay?.shadowRoot?.textContent ?? '';
    });
  } catch (error) {
    // A page that is navigating has no overlay yet.
    if (/context was destroyed|navigat/i.test(String(error))) return '';
    throw error;
  }
}
