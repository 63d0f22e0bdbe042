import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { messages } from '@ani/contract/messages';
import { launchBrowser, openPage, screenshotBoth } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { createHost, signIn, type Host } from './support/host';

// A photo no decoder could read shows a captioned placeholder, never a broken image. Making such a file
// for real takes a decoder failure the upload checks let through, so the album's photo list is
// answered by the test: one readable photo beside one the server marked unreadable.
let browser: Browser;
let host: Host;
let eventId: string;
let thumbnail: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  host = await createHost(baseURL, dataDir, 'Bozuk Dosya Testi');
  eventId = (await createEventViaApi(baseURL, host, 'Okunamayan Fotoğraf')).id;
  thumbnail = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c9a27e' } })
    .webp()
    .toBuffer();
});
afterAll(async () => {
  await browser?.close();
});

const photo = (id: string, unreadable: boolean) => ({
  id,
  key: `events/${eventId}/${id}.jpg`,
  url: `/tile/${id}.webp`,
  originalUrl: `/tile/${id}.webp`,
  thumbnailUrl: unreadable ? null : `/tile/${id}.webp`,
  type: 'image',
  mimeType: 'image/jpeg',
  size: 4_000_000,
  width: unreadable ? null : 400,
  height: unreadable ? null : 300,
  processed: true,
  status: 'approved',
  unreadable,
  metadata: { uploader: 'Misafir', uploadDate: '2026-12-05T18:30:00.000Z', note: null },
});

function photosApi(route: Route) {
  const pending = new URL(route.request().url()).searchParams.get('status') === 'pending';
  const photos = pending ? [] : [photo('okunan', false), photo('bozuk', true)];
  const pagination = { nextToken: null, page: 1, limit: 12, totalPages: 1 };
  return route.fulfill({
    contentType: 'application/json',
    body: JSON.stringify({
      success: true,
      photos,
      nextToken: null,
      pagination,
      photoCount: 2,
      pendingCount: 0,
    }),
  });
}

describe('an unreadable photo in the album', () => {
  for (const [place, path] of [
    ['site', () => `/events/${eventId}`],
    ['dashboard-dark', () => '/dashboard/qr/manage'],
  ] as const) {
    it(
      `shows its captioned placeholder beside a readable photo (${place})`,
      { timeout: 120_000 },
      async () => {
        const { page, context, problems } = await openPage(browser, baseURL, 375);
        await signIn(context, host);
        await page.route(
          (url) => url.pathname.startsWith('/api/events/') && url.pathname.endsWith('/photos'),
          photosApi,
        );
        await page.route('**/tile/*', (route) =>
          route.fulfill({ contentType: 'image/webp', body: thumbnail }),
        );
        await page.goto(path());
        const tiles = page.getByTestId('album-tile');
        await tiles.nth(1).waitFor();
        await expect(tiles.count()).resolves.toBe(2);
        await expect(tiles.nth(1).getByText(messages.media.unreadable).isVisible()).resolves.toBe(true);
        // The readable one shows its picture, the unreadable one none (no broken-image icon).
        await tiles.nth(0).locator('img').first().waitFor();
        await expect(tiles.nth(1).locator('img').count()).resolves.toBe(0);
        await screenshotBoth(page, `unreadable-tile-${place}`);
        expect(problems.filter((p) => !p.includes('external'))).toEqual([]);
        await context.close();
      },
    );
  }
});
