import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  openPage,
  screenshotBoth,
  screenshotDir,
  seriousA11yViolations,
} from './support/browser';
import { baseURL, dataDir } from './support/context';
import { makeMedia } from './support/events-host';
import { createHost, type Host } from './support/host';

let browser: Browser;
let host: Host;
const downloads = mkdtempSync(path.join(tmpdir(), 'ani-downloads-'));
const title = 'Ayşe & Mehmet Düğünü';
const slug = 'aye--mehmet-dn';
let eventId = '';
let uploadUrl = '';

beforeAll(async () => {
  browser = await launchBrowser();
  host = await createHost(baseURL, dataDir);
});
afterAll(async () => {
  await browser?.close();
});

/** Signs the tab in like the login dialog does: token and user in this tab's session storage. */
async function signInTab(page: Page) {
  await page.goto('/');
  await page.evaluate(
    ([token, user]) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('user', user);
    },
    [host.token, JSON.stringify(host.user)] as const,
  );
  // Chromium's save-file picker cannot be driven headless; the phone path (signed link) is used instead.
  await page.context().addInitScript(() => {
    delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  });
}

/** The lightbox is fixed to the viewport, so it is captured as the screen shows it, not as a full page. */
async function screenshotViewportBoth(page: Page, name: string) {
  const original = page.viewportSize()!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize(original);
}

async function decodeQr(file: string): Promise<string | null> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe('host and guests: event, QR, upload, album, delete, download', () => {
  it('creates an event with the dialog (its rules) and downloads a QR PNG that holds the upload link', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await signInTab(page);
    await page.goto('/events');
    await page.getByText('Henüz Etkinliğiniz Yok').waitFor();
    await screenshotBoth(page, 'events-empty');

    await page.getByRole('button', { name: 'Yeni Etkinlik' }).click();
    const dialog = page.getByRole('dialog', { name: 'Yeni Etkinlik Oluştur' });
    await dialog.getByRole('button', { name: 'Etkinliği Oluştur' }).click();
    await page.getByText('Form Hatası').first().waitFor();
    await dialog.getByText('Etkinlik adı zorunludur').waitFor();
    await dialog.getByLabel('Etkinlik Adı').fill(title);
    const min = await dialog.getByLabel('Etkinlik Tarihi').getAttribute('min');
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Etkinlik Tarihi').fill(day);
    await screenshotBoth(page, 'create-event-dialog');
    await dialog.getByRole('button', { name: 'Etkinliği Oluştur' }).click();
    await page.getByText('Etkinlik başarıyla oluşturuldu.').first().waitFor();

    // The only event opens by itself; a click collapses and expands it.
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('tab', { name: 'İçerik' }).waitFor();
    await card.getByText('Henüz Fotoğraf Yok').waitFor();
    await card.getByRole('tab', { name: 'QR Kod' }).click();
    await card.getByText('Fotoğraf Yükleme QR Kodu').waitFor();
    uploadUrl = (await card.getByTestId('upload-link').textContent())!.trim();
    eventId = /\/events\/([^/]+)\//.exec(uploadUrl)![1]!;
    expect(uploadUrl).toBe(`${baseURL}/events/${eventId}/${slug}/upload-image-page`);
    await screenshotBoth(page, 'events-qr');
    expect(await seriousA11yViolations(page, 'main')).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'QR Kodu İndir' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title} qr kod.png`);
    const png = path.join(downloads, 'qr.png');
    await download.saveAs(png);
    const meta = await sharp(png).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(1000);
    expect(await decodeQr(png)).toBe(uploadUrl);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a guest on a 375 px phone upload 3 photos and a video with a note, with progress', async () => {
    const media = await makeMedia();
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await page.goto(uploadUrl.replace(baseURL, ''));
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('0 Fotoğraf & Video').waitFor();
    await screenshotBoth(page, 'upload-page');

    // No file, no upload: the button is disabled and the hint says why.
    expect(await page.getByRole('button', { name: '0 Dosyayı Yükle' }).isDisabled()).toBe(true);
    await page.getByText('Lütfen yüklemek için dosya seçin.').waitFor();
    await page.locator('#upload-files').setInputFiles([...media.photos, media.video]);
    await expect(
      page.getByRole('list', { name: 'Seçilen dosyalar' }).getByRole('listitem').count(),
    ).resolves.toBe(4);
    await page.getByRole('button', { name: '4 Dosyayı Yükle' }).click();
    await page.getByText('Lütfen isminizi girin.').waitFor();
    await page.getByLabel('İsminiz *').fill('Zeynep Kaya');
    await page.getByLabel('Not (İsteğe bağlı)').fill('Düğününüz kutlu olsun!');
    await screenshotBoth(page, 'upload-selected');
    expect(await seriousA11yViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: '4 Dosyayı Yükle' }).click();
    await page.getByText('4 dosya başarıyla yüklendi.').waitFor({ timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Seçilen dosyalar' }).count()).resolves.toBe(0);
    await page.getByText('4 Fotoğraf & Video').waitFor();
    await screenshotBoth(page, 'upload-success');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the host the uploads in İçerik and the album: lightbox, zoom, note, delete one, delete two, ZIP', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await signInTab(page);
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByText('Fotoğraf ve Videolar (4)').waitFor();
    await card.getByRole('button', { name: '4 Albümü Gör', exact: true }).waitFor();
    // Each preview tile names its event and its place in the album, so a list of cards never repeats a name.
    const tiles = card.getByRole('button', {
      name: new RegExp(`^${title} albümünün \\d+\\. (fotoğrafını|videosunu) aç$`),
    });
    await expect(tiles.count()).resolves.toBe(3);
    const names = await tiles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(3);
    await card.getByText('Etkinlik devam ediyor').waitFor();
    await screenshotBoth(page, 'events-content');

    // The album opens in a new tab that has no session storage: the token travels as shared_token.
    const [album] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('button', { name: 'Albümü Görüntüle' }).click(),
    ]);
    album.on('console', (msg) => msg.type() === 'error' && problems.push(`album console: ${msg.text()}`));
    await album.waitForURL(`${baseURL}/events/${eventId}`);
    await album.getByRole('heading', { name: title }).waitFor();
    await expect(
      album.evaluate(() => [localStorage.getItem('shared_token'), sessionStorage.getItem('token')]),
    ).resolves.toEqual([null, host.token]);
    await album.getByTestId('album-count').getByText('4 Fotoğraf & Video').waitFor();
    await album.getByText('Tüm fotoğraflar yüklendi').waitFor();
    await expect(album.getByTestId('album-tile').count()).resolves.toBe(4);
    await album.waitForFunction(
      () => document.querySelectorAll('[data-testid="album-tile"] img.opacity-100').length >= 3,
    );
    await screenshotBoth(album, 'album');
    expect(await seriousA11yViolations(album, 'main')).toEqual([]);

    await album
      .getByRole('button', { name: /^Fotoğraf \d — büyüt$/ })
      .first()
      .click();
    const viewer = album.getByRole('dialog');
    await viewer.getByTestId('lightbox-image').waitFor();
    await viewer.getByRole('button', { name: 'Yakınlaştır', exact: true }).click();
    await viewer.getByTestId('zoom-level').getByText('%150').waitFor();
    await album.keyboard.press('+');
    await viewer.getByTestId('zoom-level').getByText('%225').waitFor();
    await viewer.getByText('Düğününüz kutlu olsun!').waitFor();
    await viewer.getByText('Zeynep Kaya', { exact: true }).waitFor();
    await screenshotViewportBoth(album, 'lightbox');
    expect(await seriousA11yViolations(album, '[role="dialog"]')).toEqual([]);
    await album.keyboard.press('0');
    await album.keyboard.press('ArrowRight');
    await album.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await album
      .getByRole('button', { name: /^Fotoğraf \d sil$/ })
      .first()
      .click();
    const confirm = album.getByRole('alertdialog');
    await confirm
      .getByText('Bu fotoğrafı silmek istediğinizden emin misiniz? Bu işlem geri alınamaz.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await album.getByText('Fotoğraf başarıyla silindi.').first().waitFor();
    await album.getByTestId('album-count').getByText('3 Fotoğraf & Video').waitFor();

    const boxes = album.getByRole('checkbox', { name: /seç$/ });
    await boxes.nth(0).check({ force: true });
    await boxes.nth(1).check({ force: true });
    await album.getByText('2 öğe seçildi').waitFor();
    await screenshotBoth(album, 'album-selection');
    await album.getByRole('button', { name: 'Seçilenleri Sil' }).click();
    await album.getByRole('alertdialog').getByRole('button', { name: 'Sil' }).click();
    await album.getByText('2 adet fotoğraf silindi.').first().waitFor();
    await album.getByTestId('album-count').getByText('1 Fotoğraf & Video').waitFor();
    await expect(album.getByTestId('album-tile').count()).resolves.toBe(1);

    const [zip] = await Promise.all([
      album.waitForEvent('download'),
      album.getByRole('button', { name: 'Albümü İndir' }).click(),
    ]);
    // Headless Chromium has no save picker: the ZIP goes to the browser's own downloads, and the
    // dialog says it handed the download on rather than claiming it arrived.
    await album.getByText('İndirme tarayıcınıza devredildi.', { exact: false }).waitFor();
    expect(await album.getByText('İndirme tamamlandı!').count()).toBe(0);
    await screenshotViewportBoth(album, 'album-download');
    expect(zip.suggestedFilename()).toBe('Ayse_Mehmet_Dugunu.zip');
    const zipPath = path.join(downloads, 'album.zip');
    await zip.saveAs(zipPath);
    const listing = execFileSync('unzip', ['-l', zipPath], { encoding: 'utf8' });
    const entries = listing
      .split('\n')
      .map((line) => /^\s*\d+\s+\S+\s+\S+\s+(.+)$/.exec(line)?.[1])
      .filter((name): name is string => !!name && name !== 'Name' && !/^-+$/.test(name));
    const mediaEntries = entries.filter((name) => /\.(jpe?g|mp4)$/i.test(name));
    expect(mediaEntries).toHaveLength(1);
    expect(entries.some((name) => name.endsWith('.csv'))).toBe(true);
    expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');
    await album.getByRole('dialog').getByRole('button', { name: 'Kapat' }).first().click();
    await album
      .getByText('İndirme tarayıcınıza devredildi.', { exact: false })
      .waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes uploads from Ayarlar (autosave) and the guest then sees "Fotoğraf Yükleme Kapalı"', async () => {
    // A guest whose page was opened while uploads were still open, ready to send.
    const early = await openPage(browser, baseURL, 375);
    await early.page.goto(uploadUrl.replace(baseURL, ''));
    await early.page.locator('#upload-files').setInputFiles([(await makeMedia()).photos[0]!]);
    await early.page.getByLabel('İsminiz *').fill('Selin Ak');
    const { page, context } = await openPage(browser, baseURL);
    await signInTab(page);
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('tab', { name: 'Ayarlar' }).click();
    await card.getByLabel(/^Kapalı/).check();
    await card.getByText('Etkinlik bilgileri başarıyla güncellendi.').waitFor();
    await screenshotBoth(page, 'events-settings');
    await card.getByRole('tab', { name: 'İçerik' }).click();
    await card.getByText('Etkinlik tamamlandı').waitFor();

    const guest = await openPage(browser, baseURL, 375);
    await guest.page.goto(uploadUrl.replace(baseURL, ''));
    await guest.page.getByRole('heading', { name: 'Fotoğraf Yükleme Kapalı' }).waitFor();
    await expect(guest.page.locator('#upload-files').count()).resolves.toBe(0);
    await screenshotBoth(guest.page, 'upload-closed');
    await guest.context.close();

    // The early guest sends by keyboard: the refusal reads the event again, the form gives way to
    // the notice, and the keyboard's place is that notice, not the page.
    await early.page.getByRole('button', { name: '1 Dosyayı Yükle' }).focus();
    await early.page.keyboard.press('Enter');
    await early.page.getByRole('heading', { name: 'Fotoğraf Yükleme Kapalı' }).waitFor();
    await expect(
      early.page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    ).resolves.toBe('uploads-closed');
    await early.context.close();
    await context.close();
  });

  it('shows a stranger opening the album the failure screen and no photo', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    const mediaRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/media/') && mediaRequests.push(r.url()));
    await page.goto(`/events/${eventId}`);
    await page
      .getByText('Etkinlik bilgileri alınamadı. Lütfen etkinlik sahibiyle iletişime geçin.')
      .waitFor();
    await expect(page.getByTestId('album-tile').count()).resolves.toBe(0);
    expect(mediaRequests).toEqual([]);
    await screenshotBoth(page, 'album-denied');
    await context.close();
  });
});
