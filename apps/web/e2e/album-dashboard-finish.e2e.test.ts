import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { clientAddress, launchBrowser, openPage, screenshotBoth, screenshotDir } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { api, createHost, signIn, type Host } from './support/host';

// The album of more than one page (14 items, pages of 12), the dashboard's one dark theme, the QR card's
// "Etkinliği Aç", the moves between site and dashboard, and the invitation image after approval.
const photoTotal = 14;
const title = 'Zeynep & Emre Düğünü';
let browser: Browser;
let host: Host;
let eventId = '';
let weddingId = '';
const files = mkdtempSync(path.join(tmpdir(), 'ani-finish-'));

/** Small real JPEGs; most are bright (white dress, sky) so the arrows' contrast is tested where it matters. */
async function makePhotos(): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < photoTotal; i++) {
    const colour = i % 3 === 0 ? '#ffffff' : i % 3 === 1 ? '#dbeafe' : `hsl(${i * 25},60%,55%)`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="${colour}"/><text x="40" y="260" font-size="120" fill="#999">${i + 1}</text></svg>`;
    const file = path.join(files, `foto-${String(i + 1).padStart(2, '0')}.jpg`);
    writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
    out.push(file);
  }
  return out;
}

/** Guests upload through the public endpoint, ten at most per request, as the upload page does. */
async function uploadAll(photos: string[]): Promise<void> {
  for (let start = 0; start < photos.length; start += 10) {
    const form = new FormData();
    for (const file of photos.slice(start, start + 10)) {
      form.append('files', new Blob([await readFile(file)], { type: 'image/jpeg' }), path.basename(file));
    }
    form.append('uploader', 'Misafir Ayşe');
    const res = await fetch(`${baseURL}/api/events/${eventId}/upload`, {
      method: 'POST',
      body: form,
      headers: { 'X-Forwarded-For': clientAddress() },
    });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  host = await createHost(baseURL, dataDir, 'Zeynep Aksoy');
  eventId = (await createEventViaApi(baseURL, host, title)).id;
  // Exactly the LCV body, no event title: the wedding joins the host's only event.
  const wedding = await api<{ weddingId: string; eventId: string }>(baseURL, '/weddings/create', {
    method: 'POST',
    token: host.token,
    body: JSON.stringify({
      username: host.user.username,
      venueName: 'Bahçe Salonu',
      venueLocation: 'https://maps.google.com/?q=Bahce',
      brideName: 'Zeynep',
      brideSurname: 'Aksoy',
      groomName: 'Emre',
      groomSurname: 'Kaya',
      weddingDate: `${new Date().getUTCFullYear() + 1}-06-12`,
      weddingTime: '19:30',
      capacity: 150,
    }),
  });
  expect(wedding.eventId).toBe(eventId);
  weddingId = wedding.weddingId;
  // Enough guests that the phone's list scrolls (added before the approval in a journey below).
  for (let i = 0; i < 9; i++) {
    await api(baseURL, '/guests', {
      method: 'POST',
      token: host.token,
      body: JSON.stringify({
        weddingId,
        name: `Misafir ${i + 1}`,
        phone: `+9053211133${String(i).padStart(2, '0')}`,
        expectedGuestCount: 2,
        status: 'belirsiz',
      }),
    });
  }
  await uploadAll(await makePhotos());
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Relative luminance (WCAG) of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const [lr, lg, lb] = [r!, g!, b!].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
}
function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Installs `window.__rgba(css)`: any computed colour (Tailwind 4 computes oklch()/oklab()) as sRGB
 * [r, g, b, alpha 0–1], through a canvas, which is how the browser itself would paint it.
 */
async function installColourReader(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    (window as unknown as { __rgba: (css: string) => number[] }).__rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
  });
}

/**
 * Boxes in <main> (at least 120×40 px) whose own computed background is light and mostly opaque: a light
 * island on the dark shell. Pictures of paper (the printed card, the QR code's quiet zone) are exempt.
 */
async function lightIslands(page: Page): Promise<string[]> {
  await installColourReader(page);
  return page.evaluate(() => {
    const rgba = (window as unknown as { __rgba: (css: string) => number[] }).__rgba;
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main *'))) {
      if (el.closest('[data-paper]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 120 || box.height < 40) continue;
      const bg = getComputedStyle(el).backgroundColor;
      const [r, g, b, a] = rgba(bg);
      if (a! < 0.5) continue;
      const lum = (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
      if (lum > 0.6) found.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ${bg}`);
    }
    return found;
  });
}

/** The effective background behind an element: the first opaque one up its ancestors. */
async function textAndBackground(
  page: Page,
  selector: string,
): Promise<{ color: number[]; background: number[] }> {
  await installColourReader(page);
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgba = (window as unknown as { __rgba: (css: string) => number[] }).__rgba;
      const color = rgba(getComputedStyle(el).color);
      let node: Element | null = el;
      while (node) {
        const bg = rgba(getComputedStyle(node).backgroundColor);
        if (bg[3]! > 0.9) return { color, background: bg };
        node = node.parentElement;
      }
      return { color, background: rgba(getComputedStyle(document.body).backgroundColor) };
    });
}

describe('album: lightbox over the whole album', () => {
  it(
    'moves with mouse clicks on ‹ › through all 14 items, loading the second page, and gives focus back to the tile',
    { timeout: 120_000 },
    async () => {
      const { page, context, problems } = await openPage(browser, baseURL, 1280);
      await signIn(context, host);
      await page.goto(`/events/${eventId}`);
      await page.getByRole('heading', { name: title }).waitFor();
      await page
        .getByTestId('album-count')
        .filter({ hasText: `${photoTotal} Fotoğraf & Video` })
        .waitFor();
      // Only the first page (12) is loaded at first.
      await expect(page.getByTestId('album-tile').count()).resolves.toBeLessThanOrEqual(12);

      await page.getByRole('button', { name: 'Fotoğraf 1 — büyüt' }).click();
      const viewer = page.getByRole('dialog');
      await viewer.getByText(`1 / ${photoTotal}`, { exact: true }).waitFor();

      // The arrows keep their contrast over a white photo: white icon on the button's disc blended over white.
      const arrow = viewer.getByRole('button', { name: 'Önceki' });
      await installColourReader(page);
      const disc = await arrow.evaluate((el) =>
        (window as unknown as { __rgba: (css: string) => number[] }).__rgba(
          getComputedStyle(el).backgroundColor,
        ),
      );
      const overWhite = [0, 1, 2].map((i) => disc[i]! * disc[3]! + 255 * (1 - disc[3]!));
      expect(contrast([255, 255, 255], overWhite)).toBeGreaterThanOrEqual(3);

      // ‹ on the first item goes to the album's last, which is on the page not loaded yet.
      await arrow.click();
      await viewer.getByText(`${photoTotal} / ${photoTotal}`, { exact: true }).waitFor();
      await viewer.getByRole('img', { name: `Fotoğraf ${photoTotal}` }).waitFor();
      await viewer.getByRole('button', { name: 'Sonraki' }).click();
      await viewer.getByText(`1 / ${photoTotal}`, { exact: true }).waitFor();
      for (let i = 0; i < 12; i++) await viewer.getByRole('button', { name: 'Sonraki' }).click();
      await viewer.getByText(`13 / ${photoTotal}`, { exact: true }).waitFor();
      await page.screenshot({ path: path.join(screenshotDir, 'lightbox-arrows-1280.png') });

      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Fotoğraf 13 — büyüt');
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe('dashboard: one dark theme, the QR card and the way between site and dashboard', () => {
  it(
    'has no light card on /dashboard/qr/create and /dashboard/qr/manage, and a readable "Daha fazla fotoğraf göster"',
    { timeout: 120_000 },
    async () => {
      const { page, context, problems } = await openPage(browser, baseURL, 1280);
      await signIn(context, host);
      await page.goto('/dashboard/qr/create');
      await page.getByRole('heading', { name: 'Dijital Albüm Ayarları' }).waitFor();
      await page.getByRole('region', { name: 'Etkinlik ayarları' }).waitFor();
      expect(await lightIslands(page)).toEqual([]);
      // Unselected choices are empty rings: no dot is painted for "Kapalı" (open event), "Herkese Açık"
      // or "Ben onaylarım" (automatic approval).
      const dots = await page.getByTestId('choice-radio').evaluateAll((els) =>
        els.map((el) => {
          const dot = getComputedStyle(el, '::before');
          const matrix = /matrix\(([^,]+)/.exec(dot.transform)?.[1];
          const scale =
            dot.scale === 'none' ? (matrix === undefined ? 1 : Number(matrix)) : parseFloat(dot.scale);
          return { checked: (el as HTMLInputElement).checked, scale };
        }),
      );
      expect(dots).toHaveLength(6);
      expect(dots.filter((d) => d.checked)).toHaveLength(3);
      for (const { checked, scale } of dots) expect(scale).toBe(checked ? 1 : 0);
      await screenshotBoth(page, 'dashboard-qr-create-dark');

      await page.goto('/dashboard/qr/manage');
      await page.getByRole('heading', { name: title }).waitFor();
      const more = page.getByRole('button', { name: 'Daha fazla fotoğraf göster' });
      await more.waitFor();
      expect(await lightIslands(page)).toEqual([]);
      const { color, background } = await textAndBackground(
        page,
        'main button:has-text("Daha fazla fotoğraf göster")',
      );
      expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
      // The keyboard's focus ring stands out on the dark page: 3:1 at least against the page behind it.
      await page.keyboard.press('Tab');
      const logout = page.getByRole('button', { name: 'Çıkış Yap' }).first();
      await logout.focus();
      const ring = await logout.evaluate((el) => {
        const style = getComputedStyle(el);
        const read = (window as unknown as { __rgba: (css: string) => number[] }).__rgba;
        return {
          style: style.outlineStyle,
          color: read(style.outlineColor),
          page: read(getComputedStyle(document.body).backgroundColor),
        };
      });
      expect(ring.style).not.toBe('none');
      expect(contrast(ring.color, ring.page)).toBeGreaterThanOrEqual(3);
      await screenshotBoth(page, 'dashboard-qr-manage-dark');
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    '"Etkinliği Aç" opens the album as its owner (token handed over through shared_token)',
    { timeout: 60_000 },
    async () => {
      const { page, context, problems } = await openPage(browser, baseURL, 1280);
      await signIn(context, host);
      await page.goto('/dashboard/qr/create');
      const [album] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Etkinliği Aç' }).click(),
      ]);
      album.on('console', (msg) => msg.type() === 'error' && problems.push(`album console: ${msg.text()}`));
      await album.waitForURL(`${baseURL}/events/${eventId}`);
      await album.getByRole('heading', { name: title }).waitFor();
      await album.getByRole('checkbox', { name: 'Fotoğraf 1 seç' }).waitFor({ state: 'attached' });
      expect(await album.getByText('Etkinlik bilgileri alınamadı').count()).toBe(0);
      // signIn's init script also runs in the new tab; what matters is that the copy was made and consumed.
      await expect(album.evaluate(() => localStorage.getItem('shared_token'))).resolves.toBeNull();
      await expect(album.evaluate(() => sessionStorage.getItem('token'))).resolves.toBe(host.token);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    'opens the dashboard from the account menu (desktop and phone), the events page and the profile from the dashboard',
    { timeout: 90_000 },
    async () => {
      const { page, context, problems } = await openPage(browser, baseURL, 1280);
      await signIn(context, host);
      await page.goto('/');
      await page.getByRole('button', { name: 'Hesabım' }).click();
      await page.getByRole('menuitem', { name: 'Yönetim Paneli' }).click();
      await page.waitForURL(`${baseURL}/dashboard`);
      await page
        .getByRole('navigation', { name: 'Panel menüsü' })
        .getByRole('link', { name: 'Etkinliklerim' })
        .click();
      await page.waitForURL(`${baseURL}/events`);
      await page.getByRole('heading', { name: 'Etkinlikleriniz' }).waitFor();
      await page.goto('/dashboard');
      // The footer's "Ayarlar" (the album group has its own "Ayarlar" for the QR settings).
      await page
        .getByRole('navigation', { name: 'Panel menüsü' })
        .locator('a[href="/dashboard/settings"]')
        .click();
      await page.waitForURL(`${baseURL}/dashboard/settings`);
      await page.getByRole('heading', { name: 'Profil Ayarları' }).waitFor();
      // Inside the dashboard's look: its sidebar stays, the page is dark, no light card.
      await page.getByRole('navigation', { name: 'Panel menüsü' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(await lightIslands(page)).toEqual([]);
      await screenshotBoth(page, 'dashboard-settings');

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Menüyü aç' }).click();
      await page
        .getByRole('navigation', { name: 'Mobil menü' })
        .getByRole('link', { name: 'Yönetim Paneli' })
        .click();
      await page.waitForURL(`${baseURL}/dashboard`);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    'lets the host add and change the invitation image on /dashboard/invitation after the guest list is approved',
    { timeout: 90_000 },
    async () => {
      await api(baseURL, '/guests', {
        method: 'POST',
        token: host.token,
        body: JSON.stringify({
          weddingId,
          name: 'Ali Veli',
          phone: '+905321112233',
          expectedGuestCount: 2,
          status: 'belirsiz',
        }),
      });
      await api(baseURL, '/guests/approval', {
        method: 'PATCH',
        token: host.token,
        body: JSON.stringify({ weddingId, guestListApproved: true }),
      });
      const image = path.join(files, 'davetiye.jpg');
      writeFileSync(
        image,
        await sharp({ create: { width: 800, height: 600, background: '#c22448', channels: 3 } })
          .jpeg()
          .toBuffer(),
      );

      const { page, context, problems } = await openPage(browser, baseURL, 1280);
      await signIn(context, host);
      await page.goto('/dashboard/invitation');
      await page.getByText('Davetiye görseli eklenmedi').waitFor();
      // The preview uses the one invitation text, with the long Turkish date.
      await page
        .getByTestId('invitation-preview')
        .getByText(/12 Haziran \d{4} 19:30/)
        .waitFor();
      const add = page.getByRole('button', { name: 'Davetiye Görseli Ekle' });
      expect(await add.isEnabled()).toBe(true);
      await page.getByTestId('invitation-file').setInputFiles(image);
      const confirm = page.getByRole('dialog', { name: 'Davetiye Görseli' });
      await confirm.getByRole('button', { name: 'Evet, Yükle' }).click();
      await page.getByRole('img', { name: 'Davetiye görseli' }).waitFor();
      const change = page.getByRole('button', { name: 'Görseli Değiştir' });
      expect(await change.isEnabled()).toBe(true);
      const info = await api<{ wedding: { invitationImagePath: string | null; guestListApproved: boolean } }>(
        baseURL,
        `/weddings/info?username=${encodeURIComponent(host.user.username)}`,
        { token: host.token },
      );
      expect(info.wedding).toMatchObject({ guestListApproved: true });
      expect(info.wedding.invitationImagePath).not.toBeNull();
      // The delivery counts' labels ("İletilemedi" the longest) fit their boxes with room to spare.
      const progress = page.getByRole('region', { name: 'Gönderim Durumu' });
      await progress.getByText('İletilemedi').waitFor();
      const spare = await progress.locator('dt').evaluateAll((labels) =>
        labels.map((label) => {
          const range = document.createRange();
          range.selectNodeContents(label);
          return Math.round(
            label.parentElement!.getBoundingClientRect().width - range.getBoundingClientRect().width,
          );
        }),
      );
      expect(spare).toHaveLength(5);
      for (const room of spare) expect(room).toBeGreaterThanOrEqual(40);
      await screenshotBoth(page, 'dashboard-invitation-image');
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('shows the last guest card whole on a phone', { timeout: 60_000 }, async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await signIn(context, host);
    await page.goto('/dashboard/guests/list');
    const table = page.getByTestId('guest-table');
    await table.waitFor();
    // 9 guests from the set-up, 10 once the approval journey above added Ali Veli.
    const total = Number.parseInt((await page.getByText(/^\d+ davetli$/).textContent())!, 10);
    const lastName = total === 10 ? 'Ali Veli' : 'Misafir 9';
    await table.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(200);
    const fits = await table.evaluate((el) => {
      const rows = Array.from(el.querySelectorAll<HTMLElement>('[data-testid^="guest-row-"]'));
      const last = rows
        .sort((a, b) => a.getBoundingClientRect().bottom - b.getBoundingClientRect().bottom)
        .at(-1)!;
      const content = Math.max(
        ...Array.from(last.querySelectorAll<HTMLElement>('*')).map((c) => c.getBoundingClientRect().bottom),
      );
      return {
        content,
        rowBottom: last.getBoundingClientRect().bottom,
        boxBottom: el.getBoundingClientRect().bottom,
        pageBottom: window.innerHeight,
      };
    });
    expect(fits.content).toBeLessThanOrEqual(fits.rowBottom + 2);
    expect(fits.rowBottom).toBeLessThanOrEqual(fits.boxBottom + 0.5);
    // The open editor makes the last card taller; it still fits, and saving keeps the delivery note.
    await page.getByRole('button', { name: `${lastName} düzenle` }).click();
    await table.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(200);
    const editing = await table.evaluate((el, last) => {
      const row = el.querySelector<HTMLElement>(`[data-testid="guest-row-${String(last)}"]`)!;
      const content = Math.max(
        ...Array.from(row.querySelectorAll<HTMLElement>('*')).map((c) => c.getBoundingClientRect().bottom),
      );
      return {
        content,
        rowBottom: row.getBoundingClientRect().bottom,
        scrollBottom: el.getBoundingClientRect().top + el.scrollHeight - el.scrollTop,
      };
    }, total);
    expect(editing.content).toBeLessThanOrEqual(editing.rowBottom + 2);
    expect(editing.rowBottom).toBeLessThanOrEqual(editing.scrollBottom + 2);
    await screenshotBoth(page, 'dashboard-guest-list-phone-editing');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByLabel('Durum').selectOption('katılacak');
    await page.getByLabel('Kişi sayısı').fill('2');
    await page.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByTestId(`guest-row-${total}`).getByText('KATILACAK').waitFor();
    // Invitations wait only after approval; before it there is no note to keep.
    if (total === 10)
      await page.getByTestId(`guest-row-${total}`).getByText('Gönderilmeyi bekliyor').waitFor();
    await screenshotBoth(page, 'dashboard-guest-list-phone');
    expect(problems).toEqual([]);
    await context.close();
  });
});
