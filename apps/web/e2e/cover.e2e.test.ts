import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { messages } from '@ani/contract/messages';
import {
  clientAddress,
  launchBrowser,
  openPage,
  screenshotBoth,
  seriousA11yViolations,
} from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi, makeMedia } from './support/events-host';
import { api, createHost, signIn, type Host } from './support/host';

// Covers: the couple chooses a stock cover, an album photo or their own image on the
// events page and the dashboard; the album header and the guest page show it, the phone taking the
// 480 px AVIF at high priority.
const c = messages.cover;
/** Pictures load after the page's data; a loaded shared machine can take seconds. */
const poll = { timeout: 15_000 };
const title = 'Derya & Kaan Düğünü';
let browser: Browser;
let host: Host;
let eventId = '';
let ownImage = '';

beforeAll(async () => {
  browser = await launchBrowser();
  host = await createHost(baseURL, dataDir, 'Derya Şahin');
  eventId = (await createEventViaApi(baseURL, host, title)).id;
  // A wedding for the event, as a couple's dashboard has (without one it offers the form instead).
  await api(baseURL, '/weddings/create', {
    method: 'POST',
    token: host.token,
    body: JSON.stringify({
      username: host.user.username,
      venueName: 'Deniz Salonu',
      venueLocation: 'https://maps.google.com/?q=Deniz',
      brideName: 'Derya',
      brideSurname: 'Şahin',
      groomName: 'Kaan',
      groomSurname: 'Arslan',
      weddingDate: `${new Date().getUTCFullYear() + 1}-07-04`,
      weddingTime: '20:00',
      capacity: 120,
    }),
  });
  const media = await makeMedia();
  const form = new FormData();
  for (const file of media.photos)
    form.append('files', new Blob([await readFile(file)], { type: 'image/jpeg' }), path.basename(file));
  form.append('uploader', 'Misafir Elif');
  const res = await fetch(`${baseURL}/api/events/${eventId}/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  expect(res.status).toBe(200);
  // The couple's own picture: one of the site's illustrations, as large as a phone photo's width.
  ownImage = path.join(media.dir, 'bizim-kapak.jpg');
  await sharp(path.resolve(import.meta.dirname, '../src/assets/art/sunset-couple.webp'))
    .resize(2400)
    .jpeg({ quality: 88 })
    .toFile(ownImage);
});
afterAll(() => browser?.close());

describe('covers', () => {
  it('events page (light): a stock cover, a photo of the album, then an uploaded image', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await signIn(context, host);
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: title });
    // The only event's card opens by itself.
    await card.getByRole('tab', { name: 'Ayarlar' }).click();
    const chooser = card.getByTestId('cover-chooser');
    await chooser.getByRole('heading', { name: c.title }).waitFor();

    // The event was made with a random stock cover: choose one that is not it.
    const other = chooser.getByRole('button', { name: /^Hazır kapak \d$/, pressed: false }).first();
    const name = (await other.getAttribute('aria-label'))!;
    await other.click();
    await chooser.getByText(c.updated).waitFor();
    expect(await chooser.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');

    await chooser.getByRole('button', { name: c.fromAlbum }).click();
    const dialog = page.getByRole('dialog', { name: c.albumPickerTitle });
    const photos = dialog.getByRole('button', { name: /tarafından yüklenen fotoğraf/ });
    await photos.first().waitFor();
    expect(await photos.count()).toBe(3);
    await screenshotBoth(page, 'cover-album-picker');
    await photos.nth(1).click();
    await chooser.getByText(c.custom).waitFor();

    await chooser.getByTestId('cover-file').setInputFiles(ownImage);
    await chooser.getByText(c.saving).waitFor();
    await chooser.getByText(c.updated).waitFor({ timeout: 30_000 });
    const preview = chooser.getByAltText(c.selected);
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.currentSrc), poll)
      .toMatch(/\/cover\/[0-9a-f]{16}-\d+\.avif$/);
    await card.scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'cover-chooser-events');
    expect(await seriousA11yViolations(page, '[data-testid="cover-chooser"]')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('album header shows the custom cover', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await signIn(context, host);
    await page.goto(`/events/${eventId}`);
    const cover = page.locator('header picture img');
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc), poll)
      .toMatch(/\/cover\//);
    await screenshotBoth(page, 'cover-album-header');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('upload page on a phone: the 480 px AVIF, at high priority, not lazy', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    const covers: { url: string; bytes: number; cache: string | undefined }[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/cover/')) return;
      covers.push({
        url: response.url(),
        bytes: (await response.body()).length,
        cache: response.headers()['cache-control'],
      });
    });
    await page.goto(`/events/${eventId}/derya-kaan/upload-image-page`);
    const img = page.locator('header picture img');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc), poll)
      .toMatch(/-480\.avif$/);
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    expect(await img.getAttribute('loading')).not.toBe('lazy');
    await expect.poll(() => covers.length, poll).toBe(1);
    expect(covers[0]!.url).toMatch(/-480\.avif$/);
    expect(covers[0]!.cache).toBe('public, max-age=31536000, immutable');
    expect(covers[0]!.bytes).toBeLessThan(40_000);
    console.log(`upload page cover at 375 px: ${covers[0]!.url.split('/').pop()} ${covers[0]!.bytes} bytes`);
    await screenshotBoth(page, 'cover-upload-page');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('dashboard (dark): the chooser under the banner puts a stock cover back', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await signIn(context, host);
    await page.goto('/dashboard');
    const chooser = page.getByTestId('cover-chooser');
    await chooser.getByText(c.custom).waitFor();
    await screenshotBoth(page, 'cover-dashboard-dark-custom');
    // From a custom cover every stock one is a change.
    await chooser.getByRole('button', { name: 'Hazır kapak 2' }).click();
    await chooser.getByText(c.updated).waitFor();
    const banner = page.getByRole('region', { name: 'Düğününüz' }).locator('img');
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.currentSrc), poll)
      .toMatch(/cover-2-\d+\.avif$/);
    await screenshotBoth(page, 'cover-dashboard-dark');
    expect(await seriousA11yViolations(page, '[data-testid="cover-chooser"]')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
