import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshotDir } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { api, createHost, signIn } from './support/host';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nextYear = `${new Date().getUTCFullYear() + 1}-06-12`;

describe('host dashboard at scale', () => {
  it('opens the sidebar on a phone and keeps a 1,000-guest list smooth', { timeout: 180_000 }, async () => {
    const host = await createHost(baseURL, dataDir, 'Selin Aksoy');
    const created = await api<{ weddingId: string }>(baseURL, '/weddings/create', {
      method: 'POST',
      token: host.token,
      body: JSON.stringify({
        username: host.user.username,
        title: 'Selin & Mert',
        venueName: 'Bahçe',
        venueLocation: 'https://maps.google.com/?q=x',
        brideName: 'Selin',
        brideSurname: 'Aksoy',
        groomName: 'Mert',
        groomSurname: 'Kılıç',
        weddingDate: nextYear,
        weddingTime: '18:00',
      }),
    });
    for (let start = 0; start < 1000; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => {
          const i = start + k;
          return api(baseURL, '/guests', {
            method: 'POST',
            token: host.token,
            body: JSON.stringify({
              weddingId: created.weddingId,
              name: `Davetli ${i + 1}`,
              phone: `+90530${String(1_000_000 + i)
                .slice(1)
                .padStart(7, '0')}`,
              expectedGuestCount: 1,
            }),
          });
        }),
      );
    }
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    await signIn(context, host);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Menüyü aç' }).click();
    await page.getByRole('link', { name: 'Davetli Listesi', exact: true }).waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'dashboard-menu-375.png') });
    await page.getByRole('link', { name: 'Davetli Listesi', exact: true }).click();
    const started = Date.now();
    await page.getByTestId('guest-row-1').waitFor();
    const shownMs = Date.now() - started;
    const mounted = await page.locator('[data-testid^="guest-row-"]').count();
    expect(mounted).toBeLessThan(60);
    await page.getByTestId('guest-table').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByTestId('guest-row-1000').waitFor();
    // Scroll smoothness: 240 px per animation frame through the whole list, frame gaps recorded.
    const frames = await page.getByTestId('guest-table').evaluate(async (el) => {
      el.scrollTo(0, 0);
      const gaps: number[] = [];
      let last = performance.now();
      while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
        el.scrollBy(0, 240);
        await new Promise(requestAnimationFrame);
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }
      gaps.sort((a, b) => a - b);
      return {
        count: gaps.length,
        median: gaps[Math.floor(gaps.length / 2)]!,
        p95: gaps[Math.floor(gaps.length * 0.95)]!,
      };
    });
    console.info(
      `1,000 guests: list shown ${shownMs} ms after navigation, ${mounted} rows mounted; scrolled through in ${frames.count} frames, median ${frames.median.toFixed(1)} ms, p95 ${frames.p95.toFixed(1)} ms per frame`,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
