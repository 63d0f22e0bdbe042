import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshotBoth, seriousA11yViolations } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { api, createHost, type Host } from './support/host';

// A guest on a slow venue network starts five photos, the page reloads half-way (a locked
// phone, a closed tab), and the page offers to continue; all five land once, nothing twice.

let browser: Browser;
let host: Host;
let eventId: string;
let dir: string;
/**
 * Whether this server has the guests' my-uploads routes (the \`live\` work). Until it does, the page's
 * "Yüklediklerim" request after an upload is answered 404 by the router, which these journeys do not
 * count as a problem of the upload itself.
 */
let myUploadsMissing = false;
const uploadProblems = (problems: string[]) =>
  myUploadsMissing ? problems.filter((p) => !p.includes('status of 404')) : problems;
beforeAll(async () => {
  browser = await launchBrowser();
  host = await createHost(baseURL, dataDir, 'Devam Eden Gelin');
  eventId = (await createEventViaApi(baseURL, host, 'Elif & Can')).id;
  dir = mkdtempSync(path.join(tmpdir(), 'ani-resume-'));
  const probe = await fetch(`${baseURL}/api/events/${eventId}/my-uploads`);
  myUploadsMissing = ((await probe.json()) as { message?: string }).message === 'İstenen adres bulunamadı.';
});
afterAll(async () => {
  await browser?.close();
});

/** Distinct photos of about 0.5–0.7 MB (noise compresses badly), so each takes a while on a slow link. */
async function noisyPhotos(count: number): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const file = path.join(dir, `masa-${i + 1}.jpg`);
    const bytes = await sharp({
      create: {
        width: 1000 + i * 10,
        height: 750,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    writeFileSync(file, bytes);
    files.push(file);
  }
  return files;
}

/** A phone on a slow uplink: about 3 Mbit/s up, 40 ms round trip. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: (8 * 1024 * 1024) / 8,
    uploadThroughput: (3 * 1024 * 1024) / 8,
  });
}

const uploadPath = () => `/events/${eventId}/elif-can/upload-image-page`;

describe('guest upload on a slow phone', () => {
  it(
    'survives a reload mid-way: the page offers to continue and all five land once',
    { timeout: 180_000 },
    async () => {
      const photos = await noisyPhotos(5);
      const { page, context, problems } = await openPage(browser, baseURL, 375);
      await throttle(page);
      await page.goto(uploadPath());
      await page.getByRole('heading', { name: 'Elif & Can' }).waitFor();
      await screenshotBoth(page, 'upload-empty');

      // Keyboard: the visually hidden picker takes the focus and its zone shows it.
      for (
        let i = 0;
        i < 5 && (await page.evaluate(() => document.activeElement?.id)) !== 'upload-files';
        i += 1
      ) {
        await page.keyboard.press('Tab');
      }
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('upload-files');
      const ring = await page.evaluate(
        () => getComputedStyle(document.getElementById('upload-files')!.parentElement!).boxShadow,
      );
      expect(ring).not.toBe('none');

      await page.locator('#upload-files').setInputFiles(photos);
      // Every control is at least 44 px to tap.
      const small = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'main button, main label[for="upload-files"], body > div a',
          ),
        ]
          .map((el) => ({
            name: el.getAttribute('aria-label') ?? el.textContent,
            box: el.getBoundingClientRect(),
          }))
          .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
          .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
      );
      expect(small).toEqual([]);
      await page.getByLabel('İsminiz *').fill('Zeynep Kaya');
      await page.getByRole('button', { name: '5 Dosyayı Yükle' }).click();
      // Half-way: at least one file is in the album and at least one is still on its way.
      await page
        .getByTestId('upload-count')
        .getByText(/^[1-3]\/5 dosya yüklendi$/)
        .waitFor({ timeout: 60_000 });
      await screenshotBoth(page, 'upload-progress');
      expect(await seriousA11yViolations(page, 'main')).toEqual([]);

      await page.reload();
      await throttle(page);
      await page.getByText('Yüklemeniz yarım kaldı').waitFor();
      const left = await page.getByText(/dosya henüz gönderilmedi/).textContent();
      const unfinished = Number(/^(\d+) dosya/.exec(left ?? '')?.[1]);
      expect(unfinished).toBeGreaterThanOrEqual(1);
      expect(unfinished).toBeLessThanOrEqual(4);
      await expect(page.getByLabel('İsminiz *').inputValue()).resolves.toBe('Zeynep Kaya');
      await screenshotBoth(page, 'upload-resume');
      expect(await seriousA11yViolations(page, 'main')).toEqual([]);

      await page.getByRole('button', { name: 'Yüklemeye Devam Et' }).click();
      await page.getByText('5 dosya başarıyla yüklendi.').waitFor({ timeout: 90_000 });
      await page.getByText('5 Fotoğraf & Video').waitFor();

      // The owner's album holds each photo once.
      const album = await api<{ photos: { size: number; metadata: { uploader: string | null } }[] }>(
        baseURL,
        `/events/${eventId}/photos?status=all&limit=50`,
        { token: host.token },
      );
      expect(album.photos).toHaveLength(5);
      expect(new Set(album.photos.map((p) => p.size)).size).toBe(5);
      expect(album.photos.every((p) => p.metadata.uploader === 'Zeynep Kaya')).toBe(true);

      // A second visit finds nothing unfinished.
      await page.reload();
      await page.getByRole('button', { name: '0 Dosyayı Yükle' }).waitFor();
      await expect(page.getByText('Yüklemeniz yarım kaldı').count()).resolves.toBe(0);
      expect(uploadProblems(problems)).toEqual([]);
      await context.close();
    },
  );

  it('names a refused file with its reason and a photo already in the album, and takes the rest', async () => {
    // The same photo twice under two names: sent one after the other, the second is already in the album.
    const fresh = path.join(dir, 'yeni.jpg');
    const copy = path.join(dir, 'yeni-kopya.jpg');
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c22448' } })
      .jpeg()
      .toBuffer();
    writeFileSync(fresh, bytes);
    writeFileSync(copy, bytes);
    // Bytes that are no picture, named like one: the server decides by content.
    const fake = path.join(dir, 'bozuk.jpg');
    writeFileSync(fake, 'bu bir fotoğraf değil '.repeat(200));
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await page.goto(uploadPath());
    await page.locator('#upload-files').setInputFiles([fresh, fake, copy]);
    await page.getByLabel('İsminiz *').fill('Mert');
    await page.getByRole('button', { name: '3 Dosyayı Yükle' }).click();
    await page.getByText('1 dosya başarıyla yüklendi.').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('duplicates').textContent()).resolves.toContain('yeni-kopya.jpg');
    await expect(page.getByTestId('refused').textContent()).resolves.toMatch(/^bozuk\.jpg: \S/);
    await screenshotBoth(page, 'upload-refused-duplicate');
    expect(await seriousA11yViolations(page, 'main')).toEqual([]);
    const album = await api<{ photos: { metadata: { uploader: string | null } }[] }>(
      baseURL,
      `/events/${eventId}/photos?status=all&limit=50`,
      { token: host.token },
    );
    expect(album.photos.filter((p) => p.metadata.uploader === 'Mert')).toHaveLength(1);
    // The refused file's answer is a 4xx the browser logs; nothing else may go wrong.
    expect(uploadProblems(problems).filter((p) => !p.includes('status of 415'))).toEqual([]);
    await context.close();
  });

  it('keeps the keyboard on the page when the server cannot be reached: the message, then Tab and Enter continue', async () => {
    const photo = path.join(dir, 'kopan.jpg');
    writeFileSync(
      photo,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3b7a57' } })
        .jpeg()
        .toBuffer(),
    );
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await page.goto(uploadPath());
    await page.locator('#upload-files').setInputFiles(photo);
    await page.getByLabel('İsminiz *').fill('Deniz');
    await page.getByRole('button', { name: '1 Dosyayı Yükle' }).focus();
    // The phone says it is online, but the venue's network drops the request (a captive Wi-Fi, a dead router).
    await page.route('**/api/events/*/submissions', (route) => route.abort('connectionfailed'));
    await page.keyboard.press('Enter');
    const message = page.getByRole('alert').filter({ hasText: 'Bağlantı koptu' });
    await message.waitFor();
    // The browser moved the focus off the disabled button; the page puts it on the message.
    await expect.poll(() => message.evaluate((el) => el.parentElement === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Yüklemeye Devam Et');
    await page.unroute('**/api/events/*/submissions');
    await page.keyboard.press('Enter');
    await page.getByText('1 dosya başarıyla yüklendi.').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('upload-summary');
    // The request that met the dropped connection is logged by the browser; nothing else may go wrong.
    expect(uploadProblems(problems).filter((p) => !p.includes('ERR_CONNECTION_FAILED'))).toEqual([]);
    await context.close();
  });

  it('waits for a phone that is offline when the guest taps, says so, and starts by itself once online', async () => {
    const photo = path.join(dir, 'cevrimdisi.jpg');
    writeFileSync(
      photo,
      await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a3b57' } })
        .jpeg()
        .toBuffer(),
    );
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await page.goto(uploadPath());
    await page.locator('#upload-files').setInputFiles(photo);
    await page.getByLabel('İsminiz *').fill('Ece');
    // The picked files fetched the upload's code; then the phone goes offline.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByRole('button', { name: '1 Dosyayı Yükle' }).click();
    await page.getByRole('status').filter({ hasText: 'İnternet bağlantınız yok' }).waitFor({ timeout: 3000 });
    await expect(page.getByText('Bağlantı koptu').count()).resolves.toBe(0);
    await context.setOffline(false);
    await page.getByText('1 dosya başarıyla yüklendi.').waitFor({ timeout: 30_000 });
    expect(uploadProblems(problems)).toEqual([]);
    await context.close();
  });

  it('waits out a phone that is offline for longer than the retries last, says so at once, and finishes by itself', async () => {
    const photos = await noisyPhotos(3);
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await throttle(page);
    await page.goto(uploadPath());
    await page.locator('#upload-files').setInputFiles(photos);
    await page.getByLabel('İsminiz *').fill('Ozan');
    await page.getByRole('button', { name: '3 Dosyayı Yükle' }).click();
    await page.getByTestId('upload-count').getByText('1/3 dosya yüklendi').waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    const trouble = page.getByRole('status').filter({ hasText: 'İnternet bağlantınız yok' });
    // Said at once, not after the minute the retries would take.
    await trouble.waitFor({ timeout: 3000 });
    await screenshotBoth(page, 'upload-offline');
    // Longer than every retry wait together (about 40 s): the upload still waits instead of giving up.
    await page.waitForTimeout(45_000);
    await expect(page.getByText('Bağlantı koptu').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Yükleniyor…' }).isDisabled()).resolves.toBe(true);
    await context.setOffline(false);
    // No tap needed: the files continue where they stopped.
    await page.getByText('3 dosya başarıyla yüklendi.').waitFor({ timeout: 60_000 });
    await expect(trouble.count()).resolves.toBe(0);
    const album = await api<{ photos: { metadata: { uploader: string | null } }[] }>(
      baseURL,
      `/events/${eventId}/photos?status=all&limit=50`,
      { token: host.token },
    );
    expect(album.photos.filter((p) => p.metadata.uploader === 'Ozan')).toHaveLength(3);
    // Requests that met the dropped connection are logged by the browser; nothing else may go wrong.
    expect(uploadProblems(problems).filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  }, 180_000);

  it('lists the phone’s own uploads and deletes one behind a confirmation, by keyboard and by touch', async () => {
    const photos = await noisyPhotos(2);
    const { page, context, problems } = await openPage(browser, baseURL, 375, { touch: true });
    await page.goto(uploadPath());
    await page.locator('#upload-files').setInputFiles(photos);
    await page.getByLabel('İsminiz *').fill('Selin');
    await page.getByRole('button', { name: '2 Dosyayı Yükle' }).click();
    await page.getByText('2 dosya başarıyla yüklendi.').waitFor({ timeout: 60_000 });
    const mine = page.getByRole('list', { name: 'Yüklediklerim' });
    await expect.poll(() => mine.getByRole('listitem').count(), { timeout: 20_000 }).toBe(2);

    // Keyboard: the dialog opens on the delete button, Escape closes it, nothing is deleted and the
    // focus is back on the button.
    const first = mine.getByRole('button', { name: /dosyasını sil$/ }).first();
    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Bu dosya silinsin mi?' });
    await dialog.waitFor();
    await screenshotBoth(page, 'my-uploads-confirm');
    expect(await seriousA11yViolations(page, '[role="alertdialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await mine.getByRole('listitem').count()).toBe(2);

    // Touch: tap delete, tap Sil; the item leaves the list and the album.
    await first.tap();
    await dialog.getByRole('button', { name: 'Sil' }).tap();
    await expect.poll(() => mine.getByRole('listitem').count(), { timeout: 20_000 }).toBe(1);
    // The deleted file's button is gone: the focus waits on the list's heading, not at the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('my-uploads-title');
    const album = await api<{ photos: { metadata: { uploader: string | null } }[] }>(
      baseURL,
      `/events/${eventId}/photos?status=all&limit=50`,
      { token: host.token },
    );
    expect(album.photos.filter((p) => p.metadata.uploader === 'Selin')).toHaveLength(1);
    expect(uploadProblems(problems)).toEqual([]);
    await context.close();
  });
});
