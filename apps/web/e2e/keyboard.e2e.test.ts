import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { createHost } from './support/host';

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
    // Typed in order: the e-mail, Tab, the password ("Şifremi unuttum", shown beside its label, comes after it).
    await dialog.getByLabel('E-posta veya Kullanıcı Adı').focus();
    await page.keyboard.type('ayse@example.com');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('login-password');
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

  it('shows the whole focus ring of a chosen file’s remove button on the guest page, inside its rounded tile', async () => {
    const host = await createHost(baseURL, dataDir, 'Klavye Gelin');
    const event = await createEventViaApi(baseURL, host, 'Ayşe & Mehmet');
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await page.goto(`/events/${event.id}/ayse-mehmet/upload-image-page`);
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#c22448' },
    })
      .jpeg()
      .toBuffer();
    await page
      .locator('#upload-files')
      .setInputFiles({ name: 'gelin.jpg', mimeType: 'image/jpeg', buffer: photo });
    const remove = page.getByRole('button', { name: 'gelin.jpg dosyasını kaldır' });
    await remove.waitFor();
    // Back from the name field: the keyboard's way there.
    await page.getByLabel('İsminiz *').focus();
    await page.keyboard.press('Shift+Tab');
    await expect(remove.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    // Every outline drawn for the focus (the button's own, its circle's) lies inside the tile, which
    // clips what reaches past its edges.
    const rings = await remove.evaluate((button) => {
      const tile = button.parentElement!.getBoundingClientRect();
      return [button, ...button.querySelectorAll('*')].flatMap((el) => {
        const style = getComputedStyle(el);
        if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) return [];
        const box = el.getBoundingClientRect();
        const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
        return [
          box.left - reach >= tile.left &&
            box.top - reach >= tile.top &&
            box.right + reach <= tile.right &&
            box.bottom + reach <= tile.bottom,
        ];
      });
    });
    expect(rings.length).toBeGreaterThan(0);
    expect(rings.every(Boolean)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
