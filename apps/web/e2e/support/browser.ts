import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, headless, with nothing that talks to the network on its own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed requests seen during the test; a journey asserts there are none. */
  problems: string[];
}

/** A fresh context (own storage) per journey; 1280 px desktop unless a width is given. */
let clientCounter = 0;

/**
 * A distinct client address per browser context (the server runs with TRUST_PROXY in e2e): every journey
 * is a different visitor, so the per-IP sign-up and login limits apply per journey, as they would in life,
 * instead of all journeys of the run sharing 127.0.0.1's budget.
 */
export function clientAddress(): string {
  clientCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${clientCounter % 250}`;
}

export async function openPage(
  browser: Browser,
  baseURL: string,
  width = 1280,
  { touch = false }: { touch?: boolean } = {},
): Promise<Session> {
  const context = await browser.newContext({
    hasTouch: touch,
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
    viewport: { width, height: width < 768 ? 812 : 800 },
    locale: 'tr-TR',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Nothing may leave the app's own origin at run time (no CDN, no fonts, no analytics).
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`external request: ${url}`);
    }
  });
  return { context, page, problems };
}

/** Full-page screenshots at the two widths the app must look right at (375 and 1280 px). */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    // Sticky header and progress bar belong at the top of a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await page.screenshot({
      path: path.join(screenshotDir, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(original);
}

/** Serious and critical axe-core findings, as readable lines (empty means pass). */
export async function seriousA11yViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
