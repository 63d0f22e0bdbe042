import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  clientAddress,
  launchBrowser,
  openPage,
  screenshotBoth,
  seriousA11yViolations,
} from './support/browser';
import { baseURL, dataDir } from './support/context';
import { findLink, waitForMail } from './support/outbox';

let browser: Browser;
const email = `emre.demir.${Date.now()}@example.com`;
const newEmail = `emre.yeni.${Date.now()}@example.com`;
const password = 'Damat2026';

/** An activated account made through the API, so this journey starts at the login. */
async function createActiveAccount() {
  const res = await fetch(`${baseURL}/api/users/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress() },
    body: JSON.stringify({ username: 'Emre Demir', email, password, phoneNumber: '0533 111 22 33' }),
  });
  expect(res.status).toBe(201);
  const link = findLink(await waitForMail(dataDir, email), '/api/users/activate?token=');
  const activation = await fetch(link.replace(/^https?:\/\/[^/]+/, baseURL), { redirect: 'manual' });
  expect(activation.headers.get('location')).toContain('hesap=activated');
}

async function login(page: Page, identifier: string, secret: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Giriş Yap' }).click();
  const dialog = page.getByRole('dialog', { name: 'Giriş Yap' });
  await dialog.getByLabel('E-posta veya Kullanıcı Adı').fill(identifier);
  await dialog.getByLabel('Şifre', { exact: true }).fill(secret);
  await dialog.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
  await page.waitForURL(`${baseURL}/dashboard`);
}

const storedEmail = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? '{}').email as string);

beforeAll(async () => {
  browser = await launchBrowser();
  await createActiveAccount();
});
afterAll(async () => {
  await browser?.close();
});

describe('a host manages the account', () => {
  it('changes phone and e-mail on /profile; the stored e-mail follows only after the confirmation link', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await page.goto('/');
    await login(page, email, password);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profil Ayarları' }).waitFor();
    await expect(page.getByLabel('Ad', { exact: true }).inputValue()).resolves.toBe('Emre');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Telefon Numarası').fill('0544 222 33 44');
    await page.getByRole('button', { name: 'Bilgilerimi Kaydet' }).click();
    await page.getByText('Profil Güncellendi').first().waitFor();

    await page.getByLabel('E-posta').fill(newEmail);
    // A new address needs the current password: without it nothing is sent.
    await page.getByRole('button', { name: 'Bilgilerimi Kaydet' }).click();
    await page.getByText('E-posta adresinizi değiştirmek için mevcut şifrenizi girin.').first().waitFor();
    await page.getByLabel('Mevcut Şifreniz (e-posta değişikliği için)').fill(password);
    await page.getByRole('button', { name: 'Bilgilerimi Kaydet' }).click();
    await page.getByText('E-posta doğrulaması bekleniyor').waitFor();
    // The old address is told, with a way to cancel.
    findLink(
      await waitForMail(dataDir, email, '/api/users/email/cancel?token='),
      '/api/users/email/cancel?token=',
    );
    await expect(storedEmail(page)).resolves.toBe(email);
    await screenshotBoth(page, 'profile');

    const confirm = findLink(await waitForMail(dataDir, newEmail), '/api/users/email/confirm?token=');
    await page.goto(confirm.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByRole('dialog', { name: 'E-posta Adresiniz Güncellendi' }).waitFor();
    await expect.poll(() => storedEmail(page)).toBe(newEmail);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link and logs in with the new one', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Giriş Yap' }).click();
    await page
      .getByRole('dialog', { name: 'Giriş Yap' })
      .getByRole('button', { name: 'Şifremi unuttum' })
      .click();
    const forgot = page.getByRole('dialog', { name: 'Şifremi Unuttum' });
    await forgot.getByLabel('E-posta').fill(newEmail);
    await forgot.getByRole('button', { name: 'Bağlantı Gönder' }).click();
    await forgot.getByText('E-posta Gönderildi').waitFor();

    const reset = findLink(
      await waitForMail(dataDir, newEmail, '/reset-password?token='),
      '/reset-password?token=',
    );
    await page.goto(reset.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByRole('heading', { name: 'Yeni Şifre Belirleyin' }).waitFor();
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('yenisifre');
    await page.getByLabel('Şifre Tekrarı').fill('yenisifre');
    await page.getByRole('button', { name: 'Şifremi Güncelle' }).click();
    await page.getByText('Lütfen şifre gereksinimlerini kontrol edin.').waitFor();
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('YeniSifre2027');
    await page.getByLabel('Şifre Tekrarı').fill('YeniSifre2027');
    await page.getByRole('button', { name: 'Şifremi Güncelle' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Giriş Yap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Giriş Yap' });
    await dialog.getByLabel('E-posta veya Kullanıcı Adı').fill(newEmail);
    await dialog.getByLabel('Şifre', { exact: true }).fill('YeniSifre2027');
    await dialog.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL(`${baseURL}/dashboard`);

    // The same link cannot be used twice.
    await page.goto(reset.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByLabel('Yeni Şifre', { exact: true }).fill('BaskaSifre2028');
    await page.getByLabel('Şifre Tekrarı').fill('BaskaSifre2028');
    await page.getByRole('button', { name: 'Şifremi Güncelle' }).click();
    await page.getByText('Bağlantı geçersiz veya süresi dolmuş.', { exact: false }).first().waitFor();
    await context.close();
  });

  it('downloads the data export from its e-mailed link; a spoiled copy of the link lands on an explanation', async () => {
    const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress() };
    const login = await fetch(`${baseURL}/api/users/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: newEmail, password: 'YeniSifre2027' }),
    });
    const { token } = (await login.json()) as { token: string };
    const requested = await fetch(`${baseURL}/api/users/me/export`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': clientAddress(), Authorization: `Bearer ${token}` },
    });
    expect(requested.status).toBe(202);
    const link = findLink(await waitForMail(dataDir, newEmail, '/api/media/'), '/api/media/').replace(
      /^https?:\/\/[^/]+/,
      baseURL,
    );

    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await page.goto('/');
    const download = page.waitForEvent('download');
    await page.evaluate((href) => void (location.href = href), link);
    expect((await download).suggestedFilename()).toBe('anikutusu-verilerim.zip');

    // The same link with its signature spoiled (a mail program's line break, a wrong copy).
    await page.goto(link.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A')));
    const dialog = page.getByRole('dialog', { name: 'İndirme Bağlantısı Geçersiz' });
    await dialog.getByText('Verilerimi İndir', { exact: false }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBoth(page, 'dead-file-link');
    await dialog.getByRole('button', { name: 'Tamam' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
