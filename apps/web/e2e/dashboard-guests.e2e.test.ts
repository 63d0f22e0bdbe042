import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { launchBrowser, openPage, screenshotBoth } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { postWebhook } from './support/dashboard-host';
import { api, createHost, signIn, type Host } from './support/host';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nextYear = `${new Date().getUTCFullYear() + 1}-06-12`;

/** A wedding next year in a garden, titled with the couple's first names; answers its id. */
async function gardenWedding(host: Host, bride: [string, string], groom: [string, string]): Promise<string> {
  const { weddingId } = await api<{ weddingId: string }>(baseURL, '/weddings/create', {
    method: 'POST',
    token: host.token,
    body: JSON.stringify({
      username: host.user.username,
      title: `${bride[0]} & ${groom[0]}`,
      venueName: 'Bahçe',
      venueLocation: 'https://maps.google.com/?q=x',
      brideName: bride[0],
      brideSurname: bride[1],
      groomName: groom[0],
      groomSurname: groom[1],
      weddingDate: nextYear,
      weddingTime: '18:00',
    }),
  });
  return weddingId;
}

async function statValue(page: Page, label: string): Promise<string> {
  return (await page.getByTestId(`stat-${label}`).locator('p').nth(1).textContent()) ?? '';
}

async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Toasts are closed before a screenshot so the page itself is what is looked at. */
async function shoot(page: Page, name: string): Promise<void> {
  const hide = await page.addStyleTag({ content: 'ol li[data-variant] { visibility: hidden !important; }' });
  await screenshotBoth(page, name);
  await hide.evaluate((el) => (el as Element).remove());
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('condition not met in time');
}

describe('host dashboard: wedding, guests, approval, chat, QR cards', () => {
  it(
    'runs the whole journey from an empty dashboard to printed table cards',
    { timeout: 240_000 },
    async () => {
      const host = await createHost(baseURL, dataDir, 'Elif Demir');
      const { page, context, problems } = await openPage(browser, baseURL);
      await signIn(context, host);

      // Home without an event: groups disabled with the hint, the creation form, the all-required toast.
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Düğününüzü oluşturalım' }).waitFor();
      expect(await page.getByRole('button', { name: 'Dijital Albüm' }).isDisabled()).toBe(true);
      await page.getByText('Bu özellikler için önce bir etkinlik oluşturmalısınız').first().waitFor();
      await shoot(page, 'dashboard-home-empty');
      await page.getByRole('button', { name: 'Düğünü Oluştur' }).click();
      await page.getByText('Eksik Bilgi').first().waitFor();

      await page.getByLabel('Etkinlik Adı *').fill('Elif & Can Düğünü');
      await page.getByLabel('Düğün Tarihi *').fill(nextYear);
      await page.getByLabel('Düğün Saati *').selectOption('19:30');
      await page.getByLabel('Mekan Adı *').fill('Boğaziçi Davet Salonu');
      await page.getByLabel('Mekan Konumu (Harita Linki) *').fill('https://maps.google.com/?q=Bogazici');
      await page.getByLabel('Gelin Adı *').fill('Elif');
      await page.getByLabel('Gelin Kızlık Soyadı *').fill('Demir');
      await page.getByLabel('Damat Adı *').fill('Can');
      await page.getByLabel('Damat Soyadı *').fill('Yıldız');
      await page.getByRole('button', { name: 'Düğünü Oluştur' }).click();
      await page.getByRole('heading', { name: 'Elif & Can Düğünü' }).waitFor();
      expect(await page.getByRole('button', { name: 'Dijital Albüm' }).isDisabled()).toBe(false);
      await shoot(page, 'dashboard-home');

      // Add guests: typed rows with autosave, an invalid phone fixed, Tab adds a row, a pasted block.
      await page.getByRole('link', { name: 'Davetli Ekle' }).first().click();
      await page.getByRole('heading', { name: 'Davetli Ekle' }).waitFor();
      await page.getByLabel('1. davetli adı').fill('Zeynep Kaya');
      await page.getByLabel('1. davetli telefonu').fill('532 111 22 33');
      expect(await page.getByLabel('1. davetli telefonu').inputValue()).toBe('+905321112233');
      await page.getByLabel('1. davetli kişi sayısı').fill('2');
      // Tab from the last row's count adds a row and moves there; the first row saves meanwhile.
      await page.keyboard.press('Tab');
      await page.getByLabel('2. davetli adı').waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        '2. davetli adı',
      );
      await page.keyboard.type('Ali Çelik');
      await page.getByText('✓ Kaydedildi').first().waitFor();
      await page.getByLabel('2. davetli telefonu').fill('212 555 11 22');
      await page.getByText('Geçersiz telefon numarası formatı').waitFor();
      await page.waitForTimeout(2600);
      expect(await page.getByTestId('saved-counter').textContent()).toContain('1');
      await page.getByLabel('2. davetli telefonu').fill('0533 444 55 66');
      // A row saves once the host has left it (never under the cursor): on to its count, then a new row.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await waitFor(
        async () => (await page.getByTestId('saved-counter').textContent())?.includes('2') ?? false,
      );

      await page.getByLabel('3. davetli adı').waitFor();
      await pasteInto(
        page,
        '[aria-label="3. davetli adı"]',
        'İpek Işık, 0544 000 11 22\nOsman Ünal;5055556677;3\nCeren Şahin\t+90 542 123 45 67',
      );
      await page.getByLabel('5. davetli adı').waitFor();
      expect(await page.getByLabel('4. davetli telefonu').inputValue()).toBe('+905055556677');
      await waitFor(
        async () => (await page.getByTestId('saved-counter').textContent())?.includes('5') ?? false,
      );
      expect(await page.getByTestId('people-counter').textContent()).toContain('8');
      await page.getByLabel('İsimle ara').fill('ışık');
      await page.getByText('1 davetli bulundu').waitFor();
      await page.getByLabel('İsimle ara').fill('');
      await shoot(page, 'guests-add');

      // A number already on the list: the server's reason stays on the row, with no useless retry.
      await page.getByLabel('6. davetli adı').fill('Zeynep Tekrar');
      await page.getByLabel('6. davetli telefonu').fill('532 111 22 33');
      await page.getByLabel('İsimle ara').focus();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Bu telefon numarasıyla kayıtlı bir davetli zaten var.' })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Tekrar Dene' }).count()).toBe(0);
      await shoot(page, 'guests-add-refused-row');

      // Invitation image: preview, "Evet, Yükle", then the button says it is attached.
      const art = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000"><rect width="800" height="1000" fill="#fdf8ee"/><circle cx="400" cy="420" r="220" fill="#f4a3b5"/><text x="400" y="820" font-size="64" text-anchor="middle" fill="#a3193b">Elif &amp; Can</text></svg>`;
      await page.getByTestId('invitation-file').setInputFiles({
        name: 'davetiye.png',
        mimeType: 'image/png',
        buffer: await sharp(Buffer.from(art)).png().toBuffer(),
      });
      await page.getByRole('img', { name: 'Seçilen davetiye görseli' }).waitFor();
      await page.getByRole('button', { name: 'Evet, Yükle' }).click();
      await page.getByRole('button', { name: 'Davetiye Görseli Ekli' }).waitFor();
      expect(await page.getByRole('button', { name: 'Davetiye Görseli Ekli' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Listeyi Tamamla' }).click();
      await page.getByRole('heading', { name: 'Davetli Listesini Onayla' }).waitFor();
      // The refused row stays out of the list, and the dialog says so before the list locks.
      await page.getByTestId('unsaved-warning').getByText('1 satır kaydedilmedi').waitFor();
      await shoot(page, 'guests-approval-dialog');
      // Not yet: Escape closes it, and the keyboard is back on the button that opened it.
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe('Listeyi Tamamla');
      await page.getByRole('button', { name: 'Listeyi Tamamla' }).click();
      await page.getByRole('heading', { name: 'Davetli Listesini Onayla' }).waitFor();
      await page.getByRole('button', { name: 'Onayla ve Kaydet' }).click();
      await page
        .getByText('Misafir listesi onaylandı! 5 davetli ve toplam 8 kişi kaydedildi.')
        .first()
        .waitFor();
      await page.getByRole('heading', { name: 'Davetli Listesi Onaylandı' }).waitFor();
      await page.getByTestId('whatsapp-notice').getByText('WhatsApp bağlantısı kurulmadı').waitFor();
      expect(await page.getByRole('button', { name: 'Satır Ekle' }).count()).toBe(0);
      await shoot(page, 'guests-add-approved');

      // Guest list: cards, Turkish search, inline status edit and the cards following it.
      await page.getByRole('link', { name: 'Davetli Listesine Git' }).click();
      await page.getByRole('heading', { name: 'Davetli Listesi' }).waitFor();
      await waitFor(async () => (await statValue(page, 'Belirsiz Davetliler')) === '5');
      expect(await statValue(page, 'Katılacak Kişi')).toBe('0');
      await page.getByLabel('İsim veya telefon ile ara').fill('IŞIK');
      await waitFor(async () => (await page.locator('[data-testid^="guest-row-"]').count()) === 1);
      await page.getByLabel('İsim veya telefon ile ara').fill('');
      await page.getByRole('button', { name: 'Zeynep Kaya düzenle' }).click();
      await page.getByLabel('Durum').selectOption('katılacak');
      await page.getByLabel('Kişi sayısı').fill('2');
      await page.getByRole('button', { name: 'Kaydet' }).click();
      await page.getByTestId('guest-row-1').getByText('KATILACAK').waitFor();
      await waitFor(async () => (await statValue(page, 'Katılacak Kişi')) === '2');
      expect(await statValue(page, 'Belirsiz Davetliler')).toBe('4');

      // A guest answers on WhatsApp: a text and the "Katılamayacağım" button, delivered through the signed webhook.
      const at = Math.floor(Date.now() / 1000);
      await postWebhook(baseURL, {
        messaging_product: 'whatsapp',
        contacts: [{ wa_id: '905055556677', profile: { name: 'Osman' } }],
        messages: [
          {
            from: '905055556677',
            id: `wamid.e2e.${at}.1`,
            timestamp: String(at),
            type: 'text',
            text: { body: 'Tebrikler! Maalesef o gün yurt dışındayız.' },
          },
          {
            from: '905055556677',
            id: `wamid.e2e.${at}.2`,
            timestamp: String(at + 1),
            type: 'button',
            button: { payload: 'RSVP_NO', text: 'Katılamayacağım' },
          },
        ],
      });
      const weddingId = (
        await api<{ wedding: { weddingId: string } }>(
          baseURL,
          `/weddings/info?username=${encodeURIComponent(host.user.username)}`,
          { token: host.token },
        )
      ).wedding.weddingId;
      await waitFor(async () => {
        const r = await api<{ messages: unknown[] }>(
          baseURL,
          `/webhook/conversations/${weddingId}/905055556677`,
          { token: host.token },
        );
        return r.messages.length >= 3;
      });
      await page.reload();
      await waitFor(async () => (await statValue(page, 'Katılamayacaklar')) === '1');
      await page.getByTestId('guest-row-4').getByText('GELMEYECEK').waitFor();
      await shoot(page, 'guests-list');

      await page.getByRole('button', { name: 'Osman Ünal WhatsApp konuşması' }).click();
      await page.getByText('Tebrikler! Maalesef o gün yurt dışındayız.').waitFor();
      // WhatsApp is not connected here: the invitation waits in the outbox and says so, like the guest list.
      await page.getByTestId('bubble-queued').getByText('Gönderilmeyi bekliyor').waitFor();
      expect(await page.getByTestId('bubble-out').count()).toBe(0);
      expect(await page.getByTestId('bubble-in').count()).toBe(2);
      // A new message shows up while the dialog stays open (polling).
      await postWebhook(baseURL, {
        messaging_product: 'whatsapp',
        messages: [
          {
            from: '905055556677',
            id: `wamid.e2e.${at}.3`,
            timestamp: String(at + 5),
            type: 'text',
            text: { body: 'Mutluluklar dileriz!' },
          },
        ],
      });
      await page.getByText('Mutluluklar dileriz!').waitFor({ timeout: 20_000 });
      await shoot(page, 'guests-chat');
      await page.keyboard.press('Escape');

      // CSV export.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Excel (CSV) İndir' }).click(),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain('Zeynep Kaya');
      expect(csv).toContain('Osman Ünal');

      // QR settings: theme choice and the printed cards holding the upload link.
      await page.getByRole('link', { name: 'Ayarlar' }).first().click();
      await page.getByRole('heading', { name: 'Dijital Albüm Ayarları' }).waitFor();
      // The carousel moves 300 px per click; "Deniz" is the 7th theme, so step until it is in view.
      const sea = page.getByRole('radio', { name: /Deniz/ });
      for (let i = 0; i < 10; i++) {
        const [box, view] = [
          await sea.boundingBox(),
          await page.getByTestId('themes-viewport').boundingBox(),
        ];
        if (box && view && box.x >= view.x - 1 && box.x + box.width <= view.x + view.width + 1) break;
        await page.getByRole('button', { name: 'Sonraki tasarımlar' }).click();
        await page.waitForTimeout(600);
      }
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/events/update') && r.ok()),
        sea.click(),
      ]);
      expect(await page.getByTestId('chosen-theme').textContent()).toBe('Deniz');
      // Saved on the event, not in this browser: still chosen after a reload.
      await page.reload();
      await page.getByRole('heading', { name: 'Dijital Albüm Ayarları' }).waitFor();
      await page.getByTestId('chosen-theme').filter({ hasText: 'Deniz' }).waitFor();
      const link = (await page.getByTestId('qr-link').textContent())!;
      expect(link).toMatch(new RegExp(`^${baseURL}/events/[^/]+/elif--can-dn/upload-image-page$`));
      await shoot(page, 'qr-settings');
      const [popup] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Kartları yazdır' }).click(),
      ]);
      expect(popup.url()).toMatch(/^blob:/);
      await popup.close();
      // The viewer tab's bytes are out of reach (and the CSP forbids fetching blob: URLs), so a second
      // print keeps the Blob handed to URL.createObjectURL and reads it back.
      await page.evaluate(() => {
        const original = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (blob: Blob | MediaSource) => {
          if (blob instanceof Blob && blob.type === 'application/pdf')
            (window as unknown as { printedPdf: Blob }).printedPdf = blob;
          return original(blob);
        };
        window.open = (() => ({}) as Window) as typeof window.open;
      });
      await page.getByRole('button', { name: 'Kartları yazdır' }).click();
      await page.waitForFunction(() => 'printedPdf' in window);
      const base64 = await page.evaluate(async () => {
        const bytes = new Uint8Array(
          await (window as unknown as { printedPdf: Blob }).printedPdf.arrayBuffer(),
        );
        let s = '';
        for (const b of bytes) s += String.fromCharCode(b);
        return btoa(s);
      });
      const pdfBytes = Buffer.from(base64, 'base64');
      const pdf = await PDFDocument.load(pdfBytes);
      const { width, height } = pdf.getPage(0).getSize();
      expect(Math.round(width)).toBe(595);
      expect(Math.round(height)).toBe(842);
      const dir = mkdtempSync(path.join(tmpdir(), 'ani-cards-'));
      writeFileSync(path.join(dir, 'cards.pdf'), pdfBytes);
      execFileSync('pdftoppm', [
        '-r',
        '110',
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        path.join(dir, 'cards.pdf'),
        path.join(dir, 'page'),
      ]);
      const png = path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.png'))!,
      );
      // One of the four cards (top-left quarter) is decoded.
      const meta = await sharp(png).metadata();
      const { data, info } = await sharp(png)
        .extract({
          left: 0,
          top: 0,
          width: Math.floor(meta.width! / 2),
          height: Math.floor(meta.height! / 2),
        })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const code = jsQR(
        new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
        info.width,
        info.height,
      );
      expect(code?.data).toBe(link);

      // Album management, invitation, decoration, poses and music.
      await page.getByRole('link', { name: 'Albüm' }).first().click();
      await page.getByRole('button', { name: 'Albümü İndir' }).waitFor();
      await shoot(page, 'album-manage');
      await page.getByRole('link', { name: 'Davetiye' }).click();
      await page
        .getByTestId('invitation-preview')
        .getByText(/^Sevgili Ayşe Yılmaz,/)
        .waitFor();
      await page.getByRole('img', { name: 'Davetiye görseli' }).waitFor();
      await shoot(page, 'invitation');
      await page.getByRole('link', { name: 'Araç Süsleme' }).click();
      await page.getByRole('heading', { name: 'Araç Süsleme' }).waitFor();
      await page.getByRole('radio', { name: /Altın Zarafet/ }).click();
      expect(
        await page.getByRole('link', { name: 'Seçimimi WhatsApp ile Gönder' }).getAttribute('href'),
      ).toContain('wa.me/');
      await shoot(page, 'decoration');
      await page.getByRole('link', { name: 'Poz Önerileri' }).click();
      await page.getByRole('heading', { name: 'Poz Önerileri' }).waitFor();
      expect(await page.getByTestId('pose-grid').locator('li').count()).toBe(42);
      await page.getByRole('button', { name: /Seçilenleri İndir/ }).click();
      await page.getByText('Seçim Yapın').first().waitFor();
      await page.getByRole('button', { name: 'Dramatik', exact: true }).click();
      expect(await page.getByTestId('pose-grid').locator('li').count()).toBe(7);
      // Two poses chosen: the download is a real PDF for the photographer, one pose a page.
      await page.getByTestId('pose-grid').locator('li button').nth(0).click();
      await page.getByTestId('pose-grid').locator('li button').nth(2).click();
      const [poseDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Seçilenleri İndir (2)' }).click(),
      ]);
      expect(poseDownload.suggestedFilename()).toBe('poz-onerileri.pdf');
      const poseFile = (await poseDownload.path())!;
      const posesPdf = await PDFDocument.load(readFileSync(poseFile));
      expect(posesPdf.getPageCount()).toBe(2);
      expect(posesPdf.getTitle()).toBe('Poz Önerileri');
      // The first page drawn as a printer would: the pose's art is there, not a blank page.
      const posePage = path.join(mkdtempSync(path.join(tmpdir(), 'poses-')), 'page');
      execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', '-singlefile', poseFile, posePage]);
      const { channels } = await sharp(`${posePage}.png`).stats();
      expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(20);
      await shoot(page, 'poses');
      await page.getByRole('link', { name: 'Müzik' }).click();
      await page.getByRole('heading', { name: 'Müzik Önerileri' }).waitFor();
      expect(await page.getByTestId('track').count()).toBe(32);
      await shoot(page, 'music');

      // Unknown dashboard paths go home.
      await page.goto('/dashboard/bilinmeyen/sayfa');
      await page.waitForURL(`${baseURL}/dashboard`);
      // The duplicate number's refusal is a 409 the browser logs; nothing else may go wrong.
      expect(problems.filter((p) => !p.includes('status of 409'))).toEqual([]);
      await context.close();
    },
  );

  it(
    'sizes the list to two guests and edits a row by keyboard, at 375 and 1280 px',
    { timeout: 90_000 },
    async () => {
      const host = await createHost(baseURL, dataDir, 'Deniz Arslan');
      const weddingId = await gardenWedding(host, ['Deniz', 'Arslan'], ['Kerem', 'Koç']);
      for (const [name, phone] of [
        ['Zeynep Kaya', '+905321112233'],
        ['Ali Çelik', '+905334445566'],
      ]) {
        await api(baseURL, '/guests', {
          method: 'POST',
          token: host.token,
          body: JSON.stringify({ weddingId, name, phone, expectedGuestCount: 2 }),
        });
      }
      const { page, context, problems } = await openPage(browser, baseURL);
      await signIn(context, host);
      await page.goto('/dashboard/guests/list');
      const table = page.getByTestId('guest-table');
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        await page.getByTestId('guest-row-2').waitFor();
        await page.waitForTimeout(200);
        // The box ends with its last row (and its own border): no empty box under a short list.
        const fit = await table.evaluate((el) => {
          const rows = Array.from(el.querySelectorAll('[data-testid^="guest-row-"]'));
          const lastRow = Math.max(...rows.map((r) => r.getBoundingClientRect().bottom));
          return {
            below: el.getBoundingClientRect().bottom - lastRow,
            scrolls: el.scrollHeight > el.clientHeight,
          };
        });
        expect(fit.scrolls).toBe(false);
        expect(fit.below).toBeLessThanOrEqual(2);
      }

      // Keyboard: Enter opens the editor on its first field, showing the row's count (0); Escape closes it
      // and the focus is back on the edit button.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        await page.getByRole('button', { name: 'Zeynep Kaya düzenle' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(focused).toBe('Durum');
        expect(await page.getByLabel('Kişi sayısı').inputValue()).toBe('0');
        await page.keyboard.press('Escape');
        await expect.poll(focused).toBe('Zeynep Kaya düzenle');
      }
      await shoot(page, 'guests-list-short');
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    'shows a long guest name whole on a phone, on the list and on the add page',
    { timeout: 90_000 },
    async () => {
      const host = await createHost(baseURL, dataDir, 'Selin Öztürk');
      const weddingId = await gardenWedding(host, ['Selin', 'Öztürk'], ['Mehmet', 'Çağlayan']);
      const name = 'Abdurrahman Büyükkaraağaçlıoğlu Kocaoğlan';
      await api(baseURL, '/guests', {
        method: 'POST',
        token: host.token,
        body: JSON.stringify({ weddingId, name, phone: '+905321112233', expectedGuestCount: 2 }),
      });
      const { page, context, problems } = await openPage(browser, baseURL, 375, { touch: true });
      await signIn(context, host);
      // The name's box holds all of its text: not cut with an ellipsis, nothing outside the card.
      const whole = (selector: string) =>
        page
          .getByText(name, { exact: true })
          .and(page.locator(selector))
          .evaluate((el) => ({ fits: el.scrollWidth <= el.clientWidth, text: el.textContent }));
      await page.goto('/dashboard/guests/list');
      await page.getByTestId('guest-row-1').waitFor();
      expect(await whole('[data-testid="guest-row-1"] [role="cell"]')).toEqual({ fits: true, text: name });
      await page.goto('/dashboard/guests/add');
      await page.locator('[data-testid="entry-row"][data-state="saved"]').waitFor();
      expect(await whole('[data-testid="entry-row"] span')).toEqual({ fits: true, text: name });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shoot(page, 'guests-long-name');
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
