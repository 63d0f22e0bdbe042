import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { baseURL } from './support/context';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const focusedInside = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.activeElement?.closest(sel), selector);

describe('keyboard only', () => {
  it('opens the login dialog, keeps focus inside it, closes with Escape and returns focus', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await page.goto('/');
    const trigger = page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Giriş Yap' });
    await dialog.waitFor();
    await expect.poll(() => focusedInside(page, '[role="dialog"]')).toBe(true);
    // More Tabs than the dialog has controls: focus must wrap around inside it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      await expect(focusedInside(page, '[role="dialog"]')).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Giriş Yap');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('F8 focuses the notifications region', async () => {
    const { page, context } = await openPage(browser, baseURL);
    await page.goto('/dashboard');
    await page.getByText('Erişim Engellendi').first().waitFor();
    await page.keyboard.press('F8');
    // A named <section> is a region landmark; that is how the notifications are announced.
    await expect.poll(() => focusedInside(page, 'section[aria-label^="Bildirimler"]')).toBe(true);
    await context.close();
  });
});
