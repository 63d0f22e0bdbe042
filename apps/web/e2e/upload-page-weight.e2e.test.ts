import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { createHost } from './support/host';

// A guest at the venue scans the table card on a phone, often on a weak network. Everything
// the page needs until the picker answers (HTML, JS, CSS, fonts and the cover at phone size) must fit in
// 150 kB as our server sends it (brotli/gzip, headers included).
const budget = 150 * 1024;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('guest upload page on a phone (375 px)', () => {
  it(`transfers at most ${budget / 1024} kB until the picker works, the cover included`, async () => {
    const host = await createHost(baseURL, dataDir, 'Ağırlık Ölçen');
    const event = await createEventViaApi(baseURL, host, 'Ayşe & Mehmet');
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    const transfers: { path: string; bytes: number; type: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request.sizes().then((sizes) => {
          transfers.push({
            path: new URL(request.url()).pathname,
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
            type: request.resourceType(),
          });
        }),
      );
    });

    await page.goto(`/events/${event.id}/ayse-mehmet/upload-image-page`);
    // Usable: the picker's input is there and enabled, and the cover has been painted.
    const picker = page.locator('#upload-files');
    await picker.waitFor({ state: 'attached' });
    expect(await picker.isEnabled()).toBe(true);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('header img');
      return img === null || (img.complete && img.naturalWidth > 0);
    });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
    const lines = transfers
      .sort((a, b) => b.bytes - a.bytes)
      .map((t) => `${String(t.bytes).padStart(7)} ${t.type.padEnd(10)} ${t.path}`);
    console.log(`upload page: ${total} bytes in ${transfers.length} responses\n${lines.join('\n')}`);
    // The cover counts: it is what a guest sees first.
    expect(transfers.some((t) => t.type === 'image')).toBe(true);
    expect(total, lines.join('\n')).toBeLessThanOrEqual(budget);
    expect(problems).toEqual([]);
    await context.close();
  });
});
