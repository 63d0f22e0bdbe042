import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshotBoth, seriousA11yViolations } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { findLink, waitForMail } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const email = `elif.sahin.${Date.now()}@example.com`;
const password = 'Gelin2026';

async function fillRegister(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Kayıt Ol' });
  await dialog.getByLabel('Ad', { exact: true }).fill('Elif');
  await dialog.getByLabel('Soyad', { exact: true }).fill('Şahin');
  await dialog.getByLabel('E-posta').fill(email);
  await dialog.getByLabel('Telefon Numarası').fill('0532 123 45 67');
  return dialog;
}

describe('a new host', () => {
  it('registers, activates through the e-mailed link, logs in, reaches the dashboard and logs out', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Kayıt Ol' }).click();
    const dialog = await fillRegister(page);

    // The submit button waits for the terms; the checklist shows live which rules the password meets.
    const submit = dialog.getByRole('button', { name: 'Kayıt Ol', exact: true });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Şifre gereksinimlerini göster' }).click();
    const rules = dialog.getByRole('list', { name: 'Şifre gereksinimleri' });
    await dialog.getByLabel('Şifre', { exact: true }).fill('gelin');
    await expect(rules.locator('li[data-ok="false"]').count()).resolves.toBe(4);
    await dialog.getByLabel('Şifre', { exact: true }).fill(password);
    await dialog.getByLabel('Şifre Tekrarı').fill(password);
    await expect(rules.locator('li[data-ok="false"]').count()).resolves.toBe(0);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshotBoth(page, 'register-dialog');

    // Accepting the terms in the terms dialog ticks the checkbox.
    await dialog.getByRole('button', { name: 'Kullanım koşullarını' }).click();
    const terms = page.getByRole('dialog', { name: 'Kullanım Koşulları' });
    await terms.getByRole('button', { name: 'Okudum, Kabul Ediyorum' }).click();
    await expect(dialog.getByRole('checkbox').isChecked()).resolves.toBe(true);
    await submit.click();
    await page.getByText('Kayıt Başarılı!').first().waitFor();
    await expect(dialog.isVisible()).resolves.toBe(false);

    // Before activation the login is refused with the not-activated toast and an offer to resend the mail.
    await page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' }).click();
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await login.getByLabel('E-posta veya Kullanıcı Adı').fill(email);
    await login.getByLabel('Şifre', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.getByText('Giriş Hatası!').first().waitFor();
    await login.getByRole('button', { name: 'Etkinleştirme e-postasını tekrar gönder' }).waitFor();
    await page.keyboard.press('Escape');

    const mail = await waitForMail(dataDir, email);
    const activation = findLink(mail, '/api/users/activate?token=');
    await page.goto(activation.replace(/^https?:\/\/[^/]+/, baseURL));
    const result = page.getByRole('dialog', { name: 'Hesabınız Etkinleştirildi' });
    await result.waitFor();
    expect(page.url()).toBe(`${baseURL}/`);
    await screenshotBoth(page, 'account-activated');
    await result.getByRole('button', { name: 'Giriş Yap' }).click();

    await login.getByLabel('E-posta veya Kullanıcı Adı').fill(email);
    await login.getByLabel('Şifre', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.getByRole('heading', { name: 'Ana Sayfa' }).waitFor();
    await expect(page.getByTestId('dashboard-username').textContent()).resolves.toBe('Elif Şahin');
    await expect(page.evaluate(() => document.documentElement.classList.contains('dark'))).resolves.toBe(
      true,
    );
    await screenshotBoth(page, 'dashboard');

    await page.getByRole('button', { name: 'Çıkış Yap' }).click();
    await page.waitForURL(`${baseURL}/`);
    const stored = await page.evaluate(() => [
      localStorage.getItem('token'),
      sessionStorage.getItem('token'),
      sessionStorage.getItem('user'),
      localStorage.getItem('dashboard-animation-seen'),
    ]);
    expect(stored).toEqual([null, null, null, null]);
    // Outside /dashboard the theme is light again.
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' }).waitFor();
    expect(problems.filter((p) => !p.includes('status of 40'))).toEqual([]);
    await context.close();
  });

  it('after login returns to the page a guard turned the visitor away from', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    await page.goto('/events');
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Giriş Yap' }).click();
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await login.getByLabel('E-posta veya Kullanıcı Adı').fill(email);
    await login.getByLabel('Şifre', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL(`${baseURL}/events`);
    await page.getByRole('heading', { name: 'Etkinlikleriniz' }).waitFor();
    await screenshotBoth(page, 'events');
    await context.close();
  });

  it('shows the server message as a login error for a wrong password', async () => {
    const { page, context } = await openPage(browser, baseURL);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' }).click();
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await login.getByLabel('E-posta veya Kullanıcı Adı').fill(email);
    await login.getByLabel('Şifre', { exact: true }).fill('Yanlis123');
    await login.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await login.getByRole('alert').filter({ hasText: 'Kullanıcı adı veya şifre yanlış.' }).waitFor();
    await page.getByText('Giriş Hatası!').first().waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshotBoth(page, 'login-dialog');
    await context.close();
  });
});
