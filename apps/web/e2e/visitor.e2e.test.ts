import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshotBoth, seriousA11yViolations } from './support/browser';
import { baseURL } from './support/context';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a visitor', () => {
  it('reads the landing page: hero, sections, FAQ, testimonials and the legal dialogs', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await page.goto('/');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('tr');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const heading of [
      'Nasıl Çalışıyoruz?',
      'Yakalanan Muhteşem Anlar',
      'Mutlu Çiftlerimizden',
      'Sıkça Sorulan Sorular',
    ]) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    // The page's own seven sections (the notifications region is a <section> of the shell, outside <main>).
    await expect(page.locator('main section').count()).resolves.toBe(7);
    await expect(page.locator('#how-it-works li').count()).resolves.toBe(4);
    await expect(page.getByTestId('moment-card').count()).resolves.toBe(9);

    const cta = page.getByRole('link', { name: 'Albümünü Oluştur' }).first();
    await expect(cta.getAttribute('target')).resolves.toBe('_blank');
    expect(await cta.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/90\d{10}\?text=.+/);

    // FAQ: one answer open at a time.
    await page.getByRole('button', { name: 'Hizmetin ücreti nedir?' }).click();
    await page.getByText('Paketimiz 2299 TL’dir').waitFor();
    await page.getByRole('button', { name: 'Fotoğraflarımız ne kadar süre saklanır?' }).click();
    await page.getByText('1 yıl boyunca güvenle saklanır').waitFor();
    await expect(page.getByText('Paketimiz 2299 TL’dir').isVisible()).resolves.toBe(false);

    // Testimonials: previous from the first wraps to the last.
    await page.getByRole('button', { name: 'Önceki yorum' }).click();
    await expect(page.getByTestId('testimonial-position').textContent()).resolves.toBe('4 / 4');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBoth(page, 'landing');

    for (const [button, sections] of [
      ['Gizlilik Politikası', 7],
      ['Kullanım Koşulları', 10],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: button });
      await dialog.waitFor();
      // The text loads with the dialog (lazy chunk); wait for all of it.
      await expect.poll(() => dialog.locator('section').count()).toBe(sections);
      if (button === 'Gizlilik Politikası') {
        await dialog.getByText('Sitemizde çerez (cookie) kullanılmaz').waitFor();
        await dialog.getByText('KVKK Kapsamındaki Haklarınız').waitFor();
        await screenshotBoth(page, 'privacy-dialog');
      }
      await dialog.getByRole('button', { name: 'Anladım' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await expect(
      page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()}`).count(),
    ).resolves.toBe(1);

    // The demo video plays from our own server.
    await page.getByRole('button', { name: 'Nasıl Çalışır?' }).click();
    const video = page.locator('video');
    await video.waitFor();
    // Autoplay begins once the browser has buffered enough, which can come after the first frame
    // (readyState 2) on a busy machine: wait for the playing itself, not for a frame.
    await page.waitForFunction(() => {
      const v = document.querySelector('video');
      return v !== null && !v.paused && v.readyState >= 2;
    });
    await expect(video.evaluate((v: HTMLVideoElement) => v.loop && v.autoplay)).resolves.toBe(true);
    // Its control is the dialog's own button (the browser's controls would keep Escape to themselves).
    await page.getByRole('button', { name: 'Videoyu duraklat' }).click();
    await expect(video.evaluate((v: HTMLVideoElement) => v.paused)).resolves.toBe(true);
    await page.getByRole('button', { name: 'Videoyu oynat' }).click();
    await expect(video.evaluate((v: HTMLVideoElement) => v.paused)).resolves.toBe(false);
    // Escape closes it even with the keyboard on that control.
    await page.getByRole('button', { name: 'Videoyu duraklat' }).focus();
    await page.keyboard.press('Escape');
    await video.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sees only three sample moments and a working mobile menu at 375 px', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    await page.goto('/');
    const visible = await page
      .getByTestId('moment-card')
      .evaluateAll((cards) => cards.filter((c) => (c as HTMLElement).offsetParent !== null).length);
    expect(visible).toBe(3);
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'İletişim' }).click();
    await page.waitForURL(`${baseURL}/contact`);
    await expect(page.locator('#mobile-menu').count()).resolves.toBe(0);
    await context.close();
  });

  it('moves between pages like a site: each at its top with its own title, menus and dialogs that close and give the focus back', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 375, { touch: true });
    await page.goto('/');
    await expect(page.title()).resolves.toBe('Anı Kutusu — Dijital Düğün Albümü');
    const focused = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim(),
      );

    // The mobile menu: Escape closes it and the focus is back on its button; so does a tap outside.
    const toggle = page.getByRole('button', { name: 'Menüyü aç' });
    await toggle.click();
    await page.locator('#mobile-menu').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#mobile-menu').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('Menüyü aç');
    await toggle.tap();
    await page.locator('#mobile-menu').waitFor();
    await page.touchscreen.tap(180, 600);
    await page.locator('#mobile-menu').waitFor({ state: 'detached' });

    // A dialog opened from the menu gives the focus to the menu's button when it closes.
    await toggle.click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Giriş Yap' }).click();
    const login = page.getByRole('dialog');
    await login.waitFor();
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('Menüyü aç');

    // The "Nasıl Çalışır?" video gives the focus back to its button.
    const play = page.getByRole('button', { name: /Nasıl Çalışır\?/ });
    await play.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Anı Kutusu nasıl çalışır?' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/Nasıl Çalışır\?/);

    // From the bottom of the landing page to the contact page: it opens at its top, with its title.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'İletişim' }).click();
    await page.getByRole('heading', { name: 'Bizimle İletişime Geçin' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.title()).resolves.toBe('İletişim · Anı Kutusu');
    // Back returns to where the visitor was, with the site's title.
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expect(page.title()).resolves.toBe('Anı Kutusu — Dijital Düğün Albümü');

    // An unknown address: the 404 page, named so, with one main landmark.
    const missing = await page.goto('/boyle-bir-sayfa-yok');
    expect(missing?.status()).toBe(404);
    await page.getByText('404').waitFor();
    await expect(page.title()).resolves.toBe('Sayfa Bulunamadı · Anı Kutusu');
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    // The browser logs the page's 404 status; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('can read the "how it works" step numbers, which screen readers skip (the list gives the order)', async () => {
    for (const width of [375, 1280]) {
      const { page, context, problems } = await openPage(browser, baseURL, width);
      await page.goto('/');
      await page.locator('#how-it-works ol > li').first().waitFor();
      const numbers = await page.locator('#how-it-works ol > li').evaluateAll((items) => {
        // Computed colours are oklch() in Tailwind 4; a canvas turns them into the sRGB the page paints.
        const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
        const rgba = (css: string) => {
          ctx.clearRect(0, 0, 1, 1);
          ctx.fillStyle = css;
          ctx.fillRect(0, 0, 1, 1);
          const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
          return [r!, g!, b!, a! / 255];
        };
        const over = (top: number[], below: number[]) =>
          [0, 1, 2].map((k) => top[k]! * top[3]! + below[k]! * (1 - top[3]!));
        const luminance = (c: number[]) => {
          const [r, g, b] = c.map((v) =>
            v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
          );
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        return items.map((item, i) => {
          // Found by its text, so the check holds whatever the number's markup is.
          const number = [...item.querySelectorAll<HTMLElement>('*')].find(
            (el) => el.childElementCount === 0 && el.textContent?.trim() === String(i + 1),
          )!;
          // The backgrounds the number sits on, innermost first, down to the first opaque one.
          const layers: number[][] = [];
          for (let el: HTMLElement | null = number; el; el = el.parentElement) {
            const bg = rgba(getComputedStyle(el).backgroundColor);
            if (bg[3]! > 0) layers.push(bg);
            if (bg[3] === 1) break;
          }
          const background = layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255]);
          const style = getComputedStyle(number);
          const text = over(rgba(style.color), background);
          const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
          const size = parseFloat(style.fontSize);
          const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
          return {
            number: i + 1,
            ratio: Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100,
            needed: large ? 3 : 4.5,
            hidden: number.closest('[aria-hidden="true"]') !== null,
          };
        });
      });
      expect(numbers).toHaveLength(4);
      for (const n of numbers) {
        expect(n.ratio, `step ${n.number} at ${width} px`).toBeGreaterThanOrEqual(n.needed);
        expect(n.hidden, `step ${n.number} at ${width} px`).toBe(true);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('sees the loading state, not an empty page, until the scripts of the page arrive', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    // A slow connection: the HTML and CSS are there, the scripts wait until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    await page.getByRole('status').filter({ hasText: 'Yükleniyor…' }).waitFor();
    await page.locator('img[src="/logo.png"]').waitFor();
    await screenshotBoth(page, 'loading');
    release();
    await page.getByRole('heading', { name: 'Bizimle İletişime Geçin' }).waitFor();
    await expect(page.getByText('Yükleniyor…').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('browses the gallery and the contact page', async () => {
    const { page, context, problems } = await openPage(browser, baseURL);
    await page.goto('/gallery');
    await page.getByRole('heading', { name: 'Düğün Galerimiz' }).waitFor();
    await expect(page.locator('main img').count()).resolves.toBe(6);
    await page.getByRole('button', { name: 'Gelin & Damat' }).click();
    await expect(page.locator('main li img').count()).resolves.toBe(2);
    await page.getByRole('button', { name: 'Tüm Fotoğraflar' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBoth(page, 'gallery');

    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Bizimle İletişime Geçin' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'iletisim@anikutusu.com.tr' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBoth(page, 'contact');
    expect(problems).toEqual([]);
    await context.close();
  });
});
