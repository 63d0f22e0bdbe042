import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { baseURL, dataDir } from './support/context';
import { createEventViaApi } from './support/events-host';
import { createHost, type Host } from './support/host';

// The album grid at 10,000 items: the API answers are synthetic (route interception) so the measurement
// is about the browser, not about making 10,000 real uploads on a 2-core machine. Pages of 500 instead of
// 12 only shorten the loading; the grid renders the same items either way.
const total = 10_000;
const pageSize = 500;

// Pictures the size the server makes (400 px thumbnails, 1600 px previews), served by the test.
const pictures = new Map<string, Buffer>();
async function makePictures() {
  for (let i = 0; i < 8; i++) {
    const svg = (size: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="hsl(${i * 45},55%,60%)"/><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#fff" opacity="0.5"/></svg>`;
    pictures.set(
      `/perf/thumb-${i}.webp`,
      await sharp(Buffer.from(svg(400)))
        .webp({ quality: 70 })
        .toBuffer(),
    );
    pictures.set(
      `/perf/preview-${i}.webp`,
      await sharp(Buffer.from(svg(1600)))
        .webp({ quality: 75 })
        .toBuffer(),
    );
  }
}

let browser: Browser;
let host: Host;
let eventId: string;
beforeAll(async () => {
  browser = await launchBrowser();
  await makePictures();
  host = await createHost(baseURL, dataDir, 'Performans Testi');
  eventId = (await createEventViaApi(baseURL, host, 'Büyük Albüm')).id;
});
afterAll(async () => {
  await browser?.close();
});

function fakePage(route: Route) {
  const url = new URL(route.request().url());
  const page = Number(url.searchParams.get('page') ?? '1');
  const start = (page - 1) * pageSize;
  // Every item of this album is approved: the "Onay Bekleyenler" list is empty.
  const count = url.searchParams.get('status') === 'pending' ? 0 : total;
  const photos = Array.from({ length: Math.max(0, Math.min(pageSize, count - start)) }, (_, i) => {
    const n = start + i;
    return {
      id: `item-${n}`,
      key: `events/${eventId}/item-${n}.jpg`,
      url: `/perf/preview-${n % 8}.webp`,
      originalUrl: `/perf/preview-${n % 8}.webp`,
      thumbnailUrl: `/perf/thumb-${n % 8}.webp`,
      type: n % 25 === 0 ? 'video' : 'image',
      mimeType: n % 25 === 0 ? 'video/mp4' : 'image/jpeg',
      size: 1000,
      width: 1600,
      height: 800,
      processed: true,
      status: 'approved',
      unreadable: false,
      metadata: { uploader: 'Misafir', uploadDate: '2026-12-05T18:30:00.000Z', note: null },
    };
  });
  const nextToken = start + pageSize < count ? `c${page + 1}` : null;
  return route.fulfill({
    contentType: 'application/json',
    body: JSON.stringify({
      success: true,
      photos,
      nextToken,
      pagination: { nextToken, page, limit: pageSize, totalPages: Math.ceil(count / pageSize) },
      photoCount: total,
      pendingCount: 0,
    }),
  });
}

interface FrameStats {
  frames: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  over16_7: number;
  over33: number;
  longTasks: number;
  mountedTiles: number;
}

/** Scrolls `pxPerFrame` each animation frame for `frameCount` frames and reports the frame intervals. */
async function measureScroll(page: Page, pxPerFrame: number, frameCount: number): Promise<FrameStats> {
  return page.evaluate(
    ([px, count]) =>
      new Promise<FrameStats>((resolve) => {
        const gaps: number[] = [];
        let longTasks = 0;
        const observer = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
        observer.observe({ type: 'longtask' });
        let maxTiles = 0;
        let last = performance.now();
        const step = () => {
          const now = performance.now();
          gaps.push(now - last);
          last = now;
          maxTiles = Math.max(maxTiles, document.querySelectorAll('[data-testid="album-tile"]').length);
          window.scrollBy(0, px);
          if (gaps.length < count) requestAnimationFrame(step);
          else {
            observer.disconnect();
            const sorted = gaps.slice(1).sort((a, b) => a - b);
            const at = (q: number) =>
              Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
            resolve({
              frames: sorted.length,
              meanMs: Math.round((sorted.reduce((a, b) => a + b, 0) / sorted.length) * 10) / 10,
              p50Ms: at(0.5),
              p95Ms: at(0.95),
              p99Ms: at(0.99),
              maxMs: Math.round(sorted.at(-1)! * 10) / 10,
              over16_7: sorted.filter((g) => g > 17.5).length,
              over33: sorted.filter((g) => g > 34).length,
              longTasks,
              mountedTiles: maxTiles,
            });
          }
        };
        requestAnimationFrame(step);
      }),
    [pxPerFrame, frameCount] as const,
  );
}

async function openBigAlbum(width: number) {
  const session = await openPage(browser, baseURL, width);
  const { page } = session;
  await page.route(
    (url) => url.pathname.startsWith('/api/events/') && url.pathname.endsWith('/photos'),
    fakePage,
  );
  await page.route('**/perf/*', (route) =>
    route.fulfill({
      contentType: 'image/webp',
      headers: { 'cache-control': 'private, max-age=31536000, immutable' },
      body: pictures.get(new URL(route.request().url()).pathname)!,
    }),
  );
  await page.goto('/');
  await page.evaluate(
    ([token, user]) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('user', user);
    },
    [host.token, JSON.stringify(host.user)] as const,
  );
  await page.goto(`/events/${eventId}`);
  await page.getByTestId('album-count').getByText('10000 Fotoğraf & Video').waitFor();
  // Load every page by scrolling to the bottom, as a host would; each page arrives within 300 px of it.
  for (let i = 0; i < 60 && !(await page.getByText('Tüm fotoğraflar yüklendi').isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  await page.getByText('Tüm fotoğraflar yüklendi').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  return session;
}

describe('album grid at 10,000 items', () => {
  for (const width of [1280, 375]) {
    it(`scrolls at ${width} px with a bounded number of mounted tiles`, { timeout: 300_000 }, async () => {
      const { page, context, problems } = await openBigAlbum(width);
      const steady = await measureScroll(page, 40, 300);
      const fling = await measureScroll(page, 400, 150);
      // The same scroll with the rows hidden: what this (shared, software-rendering) machine costs anyway.
      await page.addStyleTag({
        content: '[role=list][aria-label="Albüm"] > * { visibility: hidden !important }',
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      const baseline = await measureScroll(page, 40, 300);
      const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
      console.log(
        `album grid ${width}px, 10,000 items (load average ${load}):`,
        JSON.stringify({ steady, fling, baseline }),
      );
      // Virtualized: a few dozen tiles in the DOM, never thousands.
      expect(steady.mountedTiles).toBeLessThan(80);
      expect(fling.mountedTiles).toBeLessThan(80);
      expect(problems.filter((p) => !p.includes('external'))).toEqual([]);
      await context.close();
    });
  }
});
