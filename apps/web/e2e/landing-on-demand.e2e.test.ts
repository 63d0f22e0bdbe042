import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createHost, signIn } from './support/host';

// The prerendered landing page loads and hydrates the app only when the visitor is about to use it
// (src/start-on-demand.ts, docs/decisions/0118-landing-hydrates-on-demand.md).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Script responses the page receives, with the bytes that crossed the wire. */
function recordScripts(page: Page) {
  const scripts: { path: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      request.sizes().then((sizes) => {
        scripts.push({
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      }),
    );
  });
  return {
    async settled() {
      await Promise.all(pending);
      return [...scripts];
    },
  };
}

async function loadUntilIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );
  await page.waitForLoadState('networkidle');
}

/** Whether React has taken the page's root (hydrateRoot marks the container). */
const reactOwnsRoot = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react')));

/**
 * Holds the app's main chunk back for a moment, so the test's press lands while the app is still
 * loading: the press must be kept and made again, not lost.
 */
async function slowAppLoad(page: Page): Promise<void> {
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
}

describe('the landing page starts the app on demand', () => {
  it('loads no app chunk before the visitor acts; a mouse click on "Giriş Yap" then opens the dialog at once', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 1280);
    const recorder = recordScripts(page);
    await page.goto('/');
    await loadUntilIdle(page);

    const before = await recorder.settled();
    const list = before.map((s) => `${s.bytes} ${s.path}`).join('\n');
    // Only the entry: a few kB, no React, no router, no app chunk.
    expect(before.length, list).toBe(1);
    expect(before[0]!.path, list).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(before[0]!.bytes, list).toBeLessThan(8 * 1024);
    expect(await reactOwnsRoot(page)).toBe(false);
    // The prerendered header is the signed-out one.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Düğünüm' }).count()).resolves.toBe(0);

    await slowAppLoad(page);
    await page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByRole('dialog', { name: 'Giriş Yap' }).waitFor();

    // The twin of the first check: the press loaded the app and React took the page.
    const after = await recorder.settled();
    expect(after.some((s) => /^\/assets\/boot-[\w-]+\.js$/.test(s.path))).toBe(true);
    expect(await reactOwnsRoot(page)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the sign-in dialog with one press of Enter while the app loads', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 1280);
    await page.goto('/');
    await loadUntilIdle(page);
    await slowAppLoad(page);
    const button = page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Giriş Yap' });
    await dialog.waitFor();
    // The keyboard user lands in the dialog, and Escape closes it.
    await expect(dialog.evaluate((d) => d.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the sign-in dialog with one tap on a touch screen, and the mobile menu at 375 px', async () => {
    const wide = await openPage(browser, baseURL, 1024, { touch: true });
    await wide.page.goto('/');
    await loadUntilIdle(wide.page);
    await slowAppLoad(wide.page);
    await wide.page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' }).tap();
    await wide.page.getByRole('dialog', { name: 'Giriş Yap' }).waitFor();
    expect(wide.problems).toEqual([]);
    await wide.context.close();

    const phone = await openPage(browser, baseURL, 375, { touch: true });
    await phone.page.goto('/');
    await loadUntilIdle(phone.page);
    await slowAppLoad(phone.page);
    await expect(phone.page.locator('#mobile-menu').count()).resolves.toBe(0);
    await phone.page.getByRole('button', { name: 'Menüyü aç' }).tap();
    const menu = phone.page.locator('#mobile-menu');
    await menu.waitFor();
    await expect(phone.page.getByRole('button', { name: 'Menüyü kapat' }).count()).resolves.toBe(1);
    await menu.getByRole('button', { name: 'Kayıt Ol' }).tap();
    await phone.page.getByRole('dialog', { name: 'Kayıt Ol' }).waitFor();
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it('opens a FAQ answer with the first click, inside a section hydrated later', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 1280);
    await page.goto('/');
    await loadUntilIdle(page);
    await slowAppLoad(page);
    const question = page.getByRole('button', { name: 'Hizmetin ücreti nedir?' });
    // Playwright scrolls the question into view first, which starts the app; the click lands while
    // the app loads.
    await question.click();
    await page.getByText('Paketimiz 2299 TL’dir').waitFor();
    await expect(question.getAttribute('aria-expanded')).resolves.toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('starts the app when the visitor scrolls: the month names and the year appear', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await page.goto('/');
    await loadUntilIdle(page);
    const footerLine = page.getByRole('contentinfo').getByText('Anı Kutusu. Tüm hakları saklıdır.');
    const year = String(new Date().getFullYear());
    // Without the app the year is not there yet…
    await expect(footerLine.textContent()).resolves.not.toContain(year);
    await page.mouse.wheel(0, 600);
    // …and once the visitor scrolls it is.
    await expect.poll(() => footerLine.textContent()).toContain(year);
    await expect.poll(() => reactOwnsRoot(page)).toBe(true);
    // The month names are written by the app's first render after hydration, which may come a
    // frame after the year: wait for them as for the year.
    const months = page
      .getByRole('list', { name: 'Son 6 ayda aylık anı paylaşımları' })
      .locator('li > span:last-child');
    await expect
      .poll(async () => (await months.allTextContents()).filter((m) => m.trim() !== '').length)
      .toBe(6);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a signed-in couple their header without any interaction', async () => {
    const host = await createHost(baseURL, dataDir, 'Zeynep Kaya');
    const { page, context, problems } = await openPage(browser, baseURL, 1280);
    await signIn(context, host);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Düğünüm' }).waitFor();
    await banner.getByRole('button', { name: 'Hesabım' }).waitFor();
    await expect(banner.getByRole('button', { name: 'Giriş Yap' }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
