import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { clientAddress, launchBrowser, openPage, screenshotBoth, screenshotDir } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { api, createHost, signIn, type Host } from './support/host';

// The host's review of guests' photos, as a phone and a laptop show it: the approval setting says
// "saved" where it was changed, the dashboard counts what waits and leads to it, approving by keyboard
// keeps the focus in the list, the album's and the viewer's buttons are thumb-sized on a phone, and a
// full album says so in words.
const title = 'Derya & Kaan Düğünü';
const files = mkdtempSync(path.join(tmpdir(), 'ani-review-'));
let browser: Browser;
let host: Host;
let eventId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  host = await createHost(baseURL, dataDir, 'Derya Review');
  eventId = (await createEventViaApi(baseURL, host, title)).id;
  // The dashboard's pages read the wedding; it joins the host's only event.
  await api(baseURL, '/weddings/create', {
    method: 'POST',
    token: host.token,
    body: JSON.stringify({
      username: host.user.username,
      venueName: 'Deniz Salonu',
      venueLocation: 'https://maps.google.com/?q=Deniz',
      brideName: 'Derya',
      brideSurname: 'Ak',
      groomName: 'Kaan',
      groomSurname: 'Er',
      weddingDate: `${new Date().getUTCFullYear() + 1}-07-04`,
      weddingTime: '20:00',
      capacity: 120,
    }),
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Three guests' photos through the public endpoint (the upload page has its own journeys). */
async function guestsUpload(): Promise<void> {
  const form = new FormData();
  for (const [i, hue] of [20, 150, 260].entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="hsl(${hue},50%,60%)"/><circle cx="450" cy="300" r="180" fill="#fff" opacity="0.4"/></svg>`;
    const file = path.join(files, `misafir-${i + 1}.jpg`);
    writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
    form.append('files', new Blob([await readFile(file)], { type: 'image/jpeg' }), path.basename(file));
  }
  form.append('uploader', 'Misafir Selin');
  const res = await fetch(`${baseURL}/api/events/${eventId}/upload`, {
    method: 'POST',
    body: form,
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

/** What the screen shows now (the viewport, not the full page): the host sees this without scrolling. */
async function shootViewport(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });
}

/** Whether the element lies wholly inside the viewport. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  return (
    !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= view.height && box.x + box.width <= view.width
  );
}

/** Boxes smaller than 44×44 px, or reaching past the viewport's sides, as readable lines (empty means pass). */
async function smallTargets(page: Page, targets: Locator, minWidth = 44): Promise<string[]> {
  const width = page.viewportSize()!.width;
  const out: string[] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    const name = (await target.getAttribute('aria-label')) ?? (await target.textContent())?.trim();
    if (!box) out.push(`${name}: not shown`);
    else if (box.height < 44 || box.width < minWidth || box.x < 0 || box.x + box.width > width)
      out.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)} at x=${Math.round(box.x)}`);
  }
  return out;
}

/** Checks a choice of the settings' autosave and waits for the server to have it. */
async function choose(page: Page, scope: Locator, name: RegExp): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/events/update') && r.ok()),
    scope.getByRole('radio', { name }).check(),
  ]);
}

describe("the host reviews guests' photos", () => {
  it('"Fotoğraf Onayı" says it saved right under the choice, on screen, at 1280 and 375 px and in the dark dashboard', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 1280);
    await signIn(context, host);
    await page.goto('/events');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.getByRole('tab', { name: 'Ayarlar' }).click();
    const approval = card.getByRole('group', { name: 'Fotoğraf Onayı' });
    const saved = approval
      .getByRole('status')
      .filter({ hasText: 'Etkinlik bilgileri başarıyla güncellendi.' });

    await approval.getByRole('radio', { name: /^Ben onaylarım/ }).scrollIntoViewIfNeeded();
    await choose(page, approval, /^Ben onaylarım/);
    await saved.waitFor();
    expect(await inViewport(page, saved)).toBe(true);
    await shootViewport(page, 'approval-saved-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await approval.getByRole('radio', { name: /^Otomatik/ }).scrollIntoViewIfNeeded();
    await choose(page, approval, /^Otomatik/);
    await saved.waitFor();
    expect(await inViewport(page, saved)).toBe(true);
    await shootViewport(page, 'approval-saved-375');

    // The dashboard's settings card is the same one, in the dark theme; it ends on "Ben onaylarım".
    await page.goto('/dashboard/qr/create');
    const settings = page.getByRole('region', { name: 'Etkinlik ayarları' });
    const darkApproval = settings.getByRole('group', { name: 'Fotoğraf Onayı' });
    await darkApproval.getByRole('radio', { name: /^Ben onaylarım/ }).scrollIntoViewIfNeeded();
    await choose(page, darkApproval, /^Ben onaylarım/);
    const darkSaved = darkApproval.getByRole('status').filter({ hasText: 'başarıyla güncellendi' });
    await darkSaved.waitFor();
    expect(await inViewport(page, darkSaved)).toBe(true);
    await shootViewport(page, 'approval-saved-dark-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await darkApproval.scrollIntoViewIfNeeded();
    await shootViewport(page, 'approval-saved-dark-1280');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the dashboard home says "3 öğe onayınızı bekliyor" and its link opens Onay Bekleyenler', async () => {
    await guestsUpload();
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await signIn(context, host);
    await page.goto('/dashboard');
    const waiting = page.getByRole('region', { name: '3 öğe onayınızı bekliyor' });
    await waiting.waitFor();
    await screenshotBoth(page, 'dashboard-pending-count');
    await waiting.getByRole('link', { name: 'Onay Bekleyenler' }).click();
    await page.waitForURL(`${baseURL}/dashboard/qr/manage?view=pending`);
    await expect(
      page.getByRole('tab', { name: /Onay Bekleyenler/ }).getAttribute('aria-selected'),
    ).resolves.toBe('true');
    await page.getByTestId('pending-item').first().waitFor();
    await expect(page.getByTestId('pending-item').count()).resolves.toBe(3);
    // On a phone every button of a card and of the bar above the list is a 44 px target.
    expect(
      await smallTargets(
        page,
        page.getByRole('button', { name: /onayla$|reddet$|^Reddet$|^Seçilenleri Onayla/ }),
      ),
    ).toEqual([]);
    await screenshotBoth(page, 'dashboard-pending-view');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('approving by keyboard moves the focus to the next waiting item, then to the heading', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 1280);
    await signIn(context, host);
    await page.goto(`/events/${eventId}?view=pending`);
    await page.getByTestId('pending-item').first().waitFor();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') ?? `${el?.tagName.toLowerCase()}: ${el?.textContent?.trim()}`;
      });

    await page.getByRole('button', { name: 'Fotoğraf 2 onayla' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pending-item"]').length === 2);
    await expect.poll(focused).toBe('Fotoğraf 2 onayla');
    await screenshotBoth(page, 'pending-keyboard');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pending-item"]').length === 1);
    await expect.poll(focused).toBe('Fotoğraf 1 onayla');
    await page.keyboard.press('Enter');
    await page.getByTestId('pending-empty').waitFor();
    await expect.poll(focused).toBe('h2: Onay bekleyen fotoğraf veya video yok.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone the album's buttons and the viewer's toolbar are 44 px targets that fit the screen", async () => {
    for (const width of [375, 1280]) {
      const { page, context, problems } = await openPage(browser, baseURL, width);
      await signIn(context, host);
      await page.goto(`/events/${eventId}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByTestId('album-tile').first().waitFor();
      if (width === 375) {
        expect(
          await smallTargets(page, page.getByRole('button', { name: /^(Canlı Duvar|Albümü İndir)$/ }), 0),
        ).toEqual([]);
        await page.getByRole('checkbox', { name: /seç$/ }).first().check({ force: true });
        const bar = page.getByRole('region', { name: 'Seçim' });
        expect(await smallTargets(page, bar.getByRole('button'), 0)).toEqual([]);
        await screenshotBoth(page, 'album-touch');
        await bar.getByRole('button', { name: 'Seçimleri Kaldır' }).click();
      }
      await page
        .getByRole('button', { name: /^Fotoğraf \d — büyüt$/ })
        .first()
        .click();
      const viewer = page.getByRole('dialog');
      await viewer.getByTestId('lightbox-image').waitFor();
      expect(await smallTargets(page, viewer.getByTestId('lightbox-toolbar').getByRole('button'))).toEqual(
        [],
      );
      // The toolbar holds one row at 1280 px and two on a phone, never more.
      const toolbar = (await viewer.getByTestId('lightbox-toolbar').boundingBox())!;
      expect(toolbar.height).toBeLessThanOrEqual(width < 640 ? 44 * 2 + 4 + 16 : 44 + 24);
      await page.screenshot({
        path: path.join(screenshotDir, `lightbox-touch-${width}.png`),
        animations: 'disabled',
      });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('a full album says so in words on the events page and in the dark dashboard', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 1280);
    await signIn(context, host);
    // The quota is 50 GB: the list's answer is changed on its way to the page instead.
    await page.route('**/api/events', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { events: { usage: { bytes: number; maxBytes: number } }[] };
      for (const e of body.events) e.usage.bytes = e.usage.maxBytes;
      await route.fulfill({ response, json: body });
    });
    const full = 'Albümün depolama alanı doldu; misafirler yeni fotoğraf ve video yükleyemez.';
    await page.goto('/events');
    await page.getByText(full).waitFor();
    await screenshotBoth(page, 'usage-full-events');
    await page.goto('/dashboard');
    await page.getByText(full).waitFor();
    await screenshotBoth(page, 'usage-full-dashboard');
    expect(problems).toEqual([]);
    await context.close();
  });
});
