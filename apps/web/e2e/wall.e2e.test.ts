import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  openPage,
  screenshotBoth,
  screenshotDir,
  seriousA11yViolations,
  type Session,
} from './support/browser';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { api, createHost, signIn, type Host } from './support/host';

// A guest's phone (375 px), the venue's wall (1280 px, signed out, through a wall link) and the
// owner's album, at once. A photo reaches the wall within 2 s; with approval on, only once the owner
// approves it; a deletion leaves the wall within 2 s.
const title = 'Elif & Can Düğünü';
const files = mkdtempSync(path.join(tmpdir(), 'ani-wall-'));
let browser: Browser;
let host: Host;
let eventId = '';
let uploadPath = '';
let wallUrl = '';
const sessions: Session[] = [];

async function photo(name: string, hue: number, width = 1600, height = 1067): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1067" preserveAspectRatio="none">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${hue + 40},45%,28%)"/>
    </linearGradient></defs>
    <rect width="1600" height="1067" fill="url(#g)"/>
    <circle cx="560" cy="500" r="230" fill="#fff" opacity="0.35"/>
    <circle cx="1040" cy="560" r="300" fill="#fff" opacity="0.22"/>
  </svg>`;
  const file = path.join(files, name);
  writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer());
  return file;
}

async function open(width: number): Promise<Session> {
  const session = await openPage(browser, baseURL, width);
  sessions.push(session);
  return session;
}

/** The guest page's own form: files, name, note, "N Dosyayı Yükle" (the upload feature's labels, in one place). */
async function guestUploads(
  page: Page,
  file: string,
  name: string,
  note: string,
  event = { uploadPath, title },
): Promise<void> {
  await page.goto(event.uploadPath);
  await page.getByRole('heading', { name: event.title }).waitFor();
  await page.locator('#upload-files').setInputFiles([file]);
  await page.getByLabel('İsminiz *').fill(name);
  await page.getByLabel('Not (İsteğe bağlı)').fill(note);
  await page.getByRole('button', { name: '1 Dosyayı Yükle' }).click();
  await page.getByText('1 dosya başarıyla yüklendi.').waitFor({ timeout: 30_000 });
}

/** The id the server gave the newest item (the owner's view of the album, all statuses). */
async function newestId(): Promise<string> {
  const body = await api<{ photos: { id: string }[] }>(
    baseURL,
    `/events/${eventId}/photos?status=all&limit=1`,
    {
      token: host.token,
    },
  );
  return body.photos[0]!.id;
}

type Box = { x: number; y: number; width: number; height: number };

function apart(a: Box, b: Box): boolean {
  return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
}

/** Polls until the wall's visible slide is `id` (or none is `id`), returning how long it took. */
async function waitOnWall(wall: Page, id: string, present: boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  const slide = wall.locator(`[data-testid="wall-slide"][data-id="${id}"]`);
  while (Date.now() - started < withinMs) {
    if ((await slide.count()) > 0 === present) return Date.now() - started;
    await wall.waitForTimeout(50);
  }
  throw new Error(`wall: ${id} ${present ? 'did not appear' : 'did not leave'} within ${withinMs} ms`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  host = await createHost(baseURL, dataDir, 'Meltem Duvar');
  const event = await createEventViaApi(baseURL, host, title);
  eventId = event.id;
  const wall = await api<{ url: string; token: string }>(baseURL, `/events/${eventId}/wall-link`, {
    method: 'POST',
    token: host.token,
  });
  wallUrl = wall.url;
  const info = await api<{ uploadUrl: string }>(
    baseURL,
    `/events/${eventId}/wall?wall=${encodeURIComponent(wall.token)}`,
  );
  uploadPath = new URL(info.uploadUrl, baseURL).pathname;
});

afterAll(async () => {
  for (const s of sessions) await s.context.close();
  await browser?.close();
});

describe('live wall', () => {
  it('shows a clear Turkish screen for a wall link that is not valid', async () => {
    const { page, problems } = await open(1280);
    await page.goto(`/events/${eventId}/wall?wall=bozuk-baglanti`);
    await page.getByRole('heading', { name: 'Duvar bağlantısı geçersiz' }).waitFor();
    await screenshotBoth(page, 'wall-invalid');
    expect(problems.filter((p) => !p.includes('401') && !p.includes('403') && !p.includes('404'))).toEqual(
      [],
    );
  });

  it('a guest photo reaches the wall within 2 s; with approval on only after the owner approves; a deletion leaves within 2 s', async () => {
    const wall = await open(1280);
    await wall.page.goto(wallUrl);
    await wall.page.getByRole('heading', { name: 'İlk fotoğrafı siz paylaşın!' }).waitFor();
    await wall.page.locator('[data-testid="wall-status"][data-status="live"]').waitFor();
    await screenshotBoth(wall.page, 'wall-empty');
    expect(await seriousA11yViolations(wall.page)).toEqual([]);

    // 1. Automatic approval: the photo is on the wall within 2 s of the upload's answer.
    const guest = await open(375);
    await guestUploads(guest.page, await photo('ilk.jpg', 330), 'Zeynep Kaya', 'Mutluluğunuz daim olsun!');
    const first = await newestId();
    const firstMs = await waitOnWall(wall.page, first, true, 2000);
    await wall.page.getByTestId('wall-uploader').filter({ hasText: 'Zeynep Kaya' }).waitFor();
    await wall.page.getByTestId('wall-note').filter({ hasText: 'Mutluluğunuz daim olsun!' }).waitFor();
    console.log(`wall: first photo on screen ${firstMs} ms after the upload finished`);

    // 2. The owner turns approval on in the events page's settings (autosaved).
    const owner = await open(1280);
    await signIn(owner.context, host);
    await owner.page.goto('/events');
    const card = owner.page.getByRole('article').filter({ hasText: title });
    await card.getByRole('tab', { name: 'Ayarlar' }).click();
    await card.getByRole('radio', { name: /^Ben onaylarım/ }).check();
    await owner.page.getByText('Etkinlik bilgileri başarıyla güncellendi.').waitFor({ timeout: 5000 });
    await screenshotBoth(owner.page, 'approval-setting');

    // 3. A second guest photo waits for approval: not on the wall.
    await guestUploads(guest.page, await photo('ikinci.jpg', 200), 'Mert Aydın', 'Nice mutlu yıllara');
    // The guest is told why the photo is not in the album yet.
    await guest.page
      .getByText('Fotoğraf ve videolarınız çift onayladıktan sonra albümde görünecek.')
      .waitFor();
    const second = await newestId();
    await expect(
      waitOnWall(wall.page, second, true, 2500).then(
        () => 'shown',
        () => 'not shown',
      ),
    ).resolves.toBe('not shown');

    // 4. The owner approves it under "Onay Bekleyenler"; then it reaches the wall within 2 s.
    await owner.page.goto(`/events/${eventId}`);
    await owner.page.getByRole('tab', { name: /Onay Bekleyenler/ }).click();
    await owner.page.getByTestId('pending-item').first().waitFor();
    await expect(owner.page.getByTestId('pending-count').textContent()).resolves.toBe('1');
    await screenshotBoth(owner.page, 'pending-site');
    expect(await seriousA11yViolations(owner.page, 'main')).toEqual([]);
    await owner.page.getByRole('button', { name: 'Fotoğraf 1 onayla' }).click();
    const approvedAt = Date.now();
    const secondMs = await waitOnWall(wall.page, second, true, 2000 + 1000);
    console.log(
      `wall: approved photo on screen ${secondMs} ms after the click (${Date.now() - approvedAt} ms)`,
    );
    await owner.page.getByTestId('pending-empty').waitFor();
    await wall.page.waitForTimeout(300);
    await screenshotBoth(wall.page, 'wall-photo');

    // 5. The owner deletes it: it leaves the wall within 2 s, even while on screen.
    await api(baseURL, `/events/${eventId}/photo`, {
      method: 'DELETE',
      token: host.token,
      body: JSON.stringify({ photoIds: [second] }),
    });
    const goneMs = await waitOnWall(wall.page, second, false, 2000);
    console.log(`wall: deleted photo gone ${goneMs} ms after the delete answered`);

    // 6. Space pauses and resumes, with an on-screen word for it.
    await wall.page.keyboard.press('Space');
    await wall.page.getByRole('status').filter({ hasText: 'Duraklatıldı' }).waitFor();
    await wall.page.keyboard.press('Space');
    await wall.page.getByRole('status').filter({ hasText: 'Duraklatıldı' }).waitFor({ state: 'detached' });

    for (const s of [wall, guest, owner]) expect(s.problems).toEqual([]);
  });

  it('the dark dashboard album shows Onay Bekleyenler with its badge, and the wall link dialog its expiry', async () => {
    await guestUploads((await open(375)).page, await photo('ucuncu.jpg', 40), 'Ayla Şen', 'Harika bir gece!');
    const owner = await open(1280);
    await signIn(owner.context, host);
    await owner.page.goto('/dashboard/qr/manage');
    await owner.page.getByRole('tab', { name: /Onay Bekleyenler/ }).click();
    await owner.page.getByTestId('pending-item').first().waitFor();
    await screenshotBoth(owner.page, 'pending-dashboard');
    // The owner's own wall needs no link: the page asks for one with the session.
    const own = await owner.context.newPage();
    await own.goto(`/events/${eventId}/wall`);
    await own.locator('[data-testid="wall-slide"]').waitFor();
    await own.close();
    await owner.page.goto('/dashboard');
    await owner.page.getByRole('button', { name: 'Canlı Duvar' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Canlı Duvar' });
    await dialog.getByRole('button', { name: 'Duvar bağlantısı oluştur' }).click();
    await expect(dialog.getByTestId('wall-link').inputValue()).resolves.toContain(
      `/events/${eventId}/wall?wall=`,
    );
    await expect(dialog.getByTestId('wall-link-expiry').textContent()).resolves.toMatch(
      /^\d{1,2} (Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık) \d{4} \d{2}:\d{2} tarihine kadar geçerli\.$/,
    );
    await screenshotBoth(owner.page, 'wall-link-dialog');
    // This host has no wedding yet: the dashboard's GET /api/weddings/info answers 404, which it shows as
    // "Düğün bilgilerinizi tamamlayın" (an answer, not a failure); nothing else may have failed.
    expect(owner.problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  });

  it('"Duvarı Aç" opens the owner’s wall in a new tab, which starts without the session (noopener)', async () => {
    // Signed in in this tab only, as a real sign-in is: no init script hands the token to new tabs.
    const owner = await open(1280);
    await owner.page.goto('/');
    await owner.page.evaluate(
      ([token, user]) => {
        sessionStorage.setItem('token', token!);
        sessionStorage.setItem('user', user!);
        localStorage.setItem('dashboard-animation-seen', 'true');
      },
      [host.token, JSON.stringify(host.user)],
    );
    await owner.page.goto('/dashboard');
    await owner.page.getByRole('button', { name: 'Canlı Duvar' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Canlı Duvar' });
    const [wall] = await Promise.all([
      owner.context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Duvarı Aç' }).click(),
    ]);
    await wall.locator('[data-testid="wall-slide"]').waitFor();
    expect(await wall.getByText(messages.wall.invalidTitle).count()).toBe(0);
    // The token travelled once, through local storage, and is gone from there.
    await expect(wall.evaluate(() => localStorage.getItem('shared_token'))).resolves.toBeNull();
  });

  it('the controls and the QR card never overlap: side by side on a phone, the controls centred on a wide screen', async () => {
    await guestUploads((await open(375)).page, await photo('dorduncu.jpg', 280), 'Deniz Ak', 'Tebrikler!');
    const wall = await open(375);
    await wall.page.goto(wallUrl);
    await wall.page.locator('[data-testid="wall-slide"]').waitFor();
    for (const width of [375, 1280]) {
      await wall.page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
      // The controls show on activity.
      await wall.page.mouse.move(width / 2, 200);
      await wall.page.mouse.move(width / 2 + 10, 210);
      const controls = wall.page.getByTestId('wall-controls');
      await wall.page.waitForFunction(
        () => getComputedStyle(document.querySelector('[data-testid="wall-controls"]')!).opacity === '1',
      );
      const a = (await controls.boundingBox())!;
      const b = (await wall.page.getByTestId('wall-qr').boundingBox())!;
      expect(apart(a, b), `${width} px: controls ${JSON.stringify(a)}, QR card ${JSON.stringify(b)}`).toBe(
        true,
      );
      if (width >= 640) expect(Math.abs(a.x + a.width / 2 - width / 2)).toBeLessThan(1);
      await wall.page.screenshot({ path: path.join(screenshotDir, `wall-controls-${width}.png`) });
    }
    expect(wall.problems).toEqual([]);
  });

  it('a long Turkish title keeps to its own band: whole, off the photo (portrait and landscape), the QR card and the controls', async () => {
    // As long as a title may be (limits.eventTitleMax).
    const long =
      "Ayşe & Mehmet'in Düğünü — Çırağan Sarayı, İstanbul — Boğaz'da bir yaz akşamı, bütün sevdiklerimizle.";
    expect(long.length).toBe(limits.eventTitleMax);
    const event = await createEventViaApi(baseURL, host, long);
    const link = await api<{ url: string; token: string }>(baseURL, `/events/${event.id}/wall-link`, {
      method: 'POST',
      token: host.token,
    });
    const info = await api<{ uploadUrl: string }>(
      baseURL,
      `/events/${event.id}/wall?wall=${encodeURIComponent(link.token)}`,
    );
    const target = { uploadPath: new URL(info.uploadUrl, baseURL).pathname, title: long };
    const guest = await open(375);
    await guestUploads(
      guest.page,
      await photo('dikey.jpg', 20, 1067, 1600),
      'Selin Ak',
      'Çok yaşayın!',
      target,
    );
    await guestUploads(guest.page, await photo('yatay.jpg', 160), 'Ozan Er', 'Nice yıllara!', target);

    const wall = await open(1280);
    // Slides that stay until the arrow key moves on: each is measured while it is on screen.
    await wall.page.goto(`${link.url}&slideMs=120000`);
    const slide = wall.page.locator('[data-testid="wall-slide"]');
    await slide.locator('img').waitFor();
    for (const [width, height] of [
      [1280, 720],
      [375, 667],
    ] as const) {
      await wall.page.setViewportSize({ width, height });
      const shapes = new Set<string>();
      for (let turn = 0; turn < 2; turn += 1) {
        // With the controls showing, as when someone has just touched the wall.
        await wall.page.mouse.move(width / 2, height / 2);
        await wall.page.mouse.move(width / 2 + 10, height / 2 + 10);
        await wall.page.waitForFunction(
          () => getComputedStyle(document.querySelector('[data-testid="wall-controls"]')!).opacity === '1',
        );
        const heading = wall.page.getByText(long, { exact: true });
        const t = (await heading.boundingBox())!;
        const img = slide.locator('img');
        await img.evaluate((i: HTMLImageElement) => i.decode());
        const shape = await img.evaluate((i: HTMLImageElement) =>
          i.naturalWidth > i.naturalHeight ? 'landscape' : 'portrait',
        );
        shapes.add(shape);
        const at = `${width} px, ${shape}: title ${JSON.stringify(t)}`;
        // The <img> box holds the photo and its letterbox: the title is over neither.
        const photoBox = (await img.boundingBox())!;
        expect(apart(t, photoBox), `${at}, photo ${JSON.stringify(photoBox)}`).toBe(true);
        const qr = (await wall.page.getByTestId('wall-qr').boundingBox())!;
        expect(apart(t, qr), `${at}, QR card ${JSON.stringify(qr)}`).toBe(true);
        const controls = (await wall.page.getByTestId('wall-controls').boundingBox())!;
        expect(apart(t, controls), `${at}, controls ${JSON.stringify(controls)}`).toBe(true);
        // Whole: not cut to "…" on a phone.
        const fit = await heading.evaluate((e) => ({
          wide: e.scrollWidth - e.clientWidth,
          tall: e.scrollHeight - e.clientHeight,
        }));
        expect(fit.wide, at).toBe(0);
        // A pixel of rounding is no clipped line; a third line would be a whole line height.
        expect(fit.tall, at).toBeLessThan(4);
        await wall.page.screenshot({ path: path.join(screenshotDir, `wall-title-${width}-${shape}.png`) });
        await wall.page.keyboard.press('ArrowRight');
        await wall.page.waitForTimeout(100);
      }
      expect([...shapes].sort()).toEqual(['landscape', 'portrait']);
    }
    expect(wall.problems).toEqual([]);
  });

  // At the end, like the long title's test: it adds an event, and the earlier tests expect the host's one.
  it('a renewed link stops the open wall, which says so, while the new link opens it', async () => {
    const event = await createEventViaApi(baseURL, host, 'Deniz & Ege Düğünü');
    const old = await api<{ url: string }>(baseURL, `/events/${event.id}/wall-link`, {
      method: 'POST',
      token: host.token,
    });
    const { page, problems } = await open(1280);
    await page.goto(old.url);
    await page.getByRole('heading', { name: 'İlk fotoğrafı siz paylaşın!' }).waitFor();
    const renewed = await api<{ url: string }>(baseURL, `/events/${event.id}/wall-link/renew`, {
      method: 'POST',
      token: host.token,
    });
    // The open wall's stream ends; its reconnect is refused, and the screen says why.
    await page.getByRole('heading', { name: messages.wall.renewedTitle }).waitFor({ timeout: 15_000 });
    await page.getByText(messages.wall.linkRenewed).waitFor();
    await screenshotBoth(page, 'wall-link-renewed');
    await page.goto(renewed.url);
    await page.getByRole('heading', { name: 'İlk fotoğrafı siz paylaşın!' }).waitFor();
    expect(problems.filter((p) => !p.includes('403'))).toEqual([]);
  });
});
