import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshotBoth } from './support/browser';
import { baseURL } from './support/context';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('route guards and unknown paths', () => {
  it('turns an anonymous visitor away from the dashboard with the access toast and lands on /', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await page.goto('/dashboard/guests/list');
    await page.waitForURL(`${baseURL}/`);
    const toast = page.getByText('Erişim Engellendi').first();
    await toast.waitFor();
    await expect(toast.isVisible()).resolves.toBe(true);
    await expect(
      page.getByText('Bu sayfayı görüntülemek için giriş yapmalısınız.').first().isVisible(),
    ).resolves.toBe(true);
    await screenshotBoth(page, 'access-denied');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('also guards /events and /profile', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    for (const target of ['/events', '/profile']) {
      await page.goto(target);
      await page.waitForURL(`${baseURL}/`);
      await page.getByText('Erişim Engellendi').first().waitFor();
    }
    await context.close();
  });

  it('shows the 404 page with a way home for an unknown path', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    const response = await page.goto('/bu-sayfa-yok/gercekten');
    // The status says it too, for crawlers and link checkers (the browser logs that 404; nothing else).
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await screenshotBoth(page, 'not-found');
    await page.getByRole('link', { name: 'Ana Sayfaya Dön' }).click();
    await page.waitForURL(`${baseURL}/`);
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await context.close();
  });
});
