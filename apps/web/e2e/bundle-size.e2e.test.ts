import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { baseURL } from './support/context';

// globalSetup has just built dist/; this guards the landing page's first-load budget.
const dist = path.resolve(import.meta.dirname, '../dist');

describe('landing page bundle', () => {
  it('loads under 200 kB of gzip JavaScript before any lazy route', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const gzipBytes = [...new Set(scripts)].reduce(
      (sum, ref) => sum + gzipSync(readFileSync(path.join(dist, ref)), { level: 9 }).length,
      0,
    );
    expect(gzipBytes / 1024).toBeLessThan(200);
  });
});

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every response the page receives, with the bytes that crossed the wire (compressed body + headers). */
function recordTransfers(page: Page) {
  const transfers: { path: string; bytes: number }[] = [];
  // Every request as it starts: "was it asked for" cannot wait for a transfer to finish (a video
  // streams long after it can play; a picture may still be on its way when the check runs).
  const requested: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('request', (request) => void requested.push(new URL(request.url()).pathname));
  page.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then((sizes) => {
        transfers.push({
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      }),
    );
  });
  return {
    transfers,
    requested,
    async settled() {
      await Promise.all(pending);
      return transfers;
    },
  };
}

/** Waits until the page and whatever it starts when the browser is idle (prefetched chunks) have loaded. */
async function loadUntilIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })),
  );
  await page.waitForLoadState('networkidle');
}

describe('landing page on a phone (375 px)', () => {
  it('transfers at most 500 kB before idle, and fetches the video and pictures below the fold only when needed', async () => {
    const { page, context, problems } = await openPage(browser, baseURL, 375);
    const recorder = recordTransfers(page);
    await page.goto('/');
    await loadUntilIdle(page);
    const first = [...(await recorder.settled())];

    // The page as prerendered HTML: the heading is there before any script runs.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Anılarınız ve dilekleriniz');

    const total = first.reduce((sum, t) => sum + t.bytes, 0);
    expect(total, first.map((t) => `${t.bytes} ${t.path}`).join('\n')).toBeLessThanOrEqual(500 * 1024);
    // The budget holds because text is sent compressed and the fonts are subsets.
    const fonts = first.filter((t) => t.path.endsWith('.woff2'));
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    expect(fonts.reduce((sum, t) => sum + t.bytes, 0)).toBeLessThan(100 * 1024);

    // Pictures of the sections after the hero (the hero's phones reach just past the fold on a phone, and
    // load with it), and the demo video, are not fetched yet.
    // Each picture is a set of candidate files (srcset, AVIF and WebP); it counts as fetched when any is.
    const { belowFold, hiddenOnly } = await page.evaluate(() => {
      const hero = document.querySelector('main section');
      const candidates = (img: HTMLImageElement) => {
        const sets = [
          img,
          ...(img.parentElement?.tagName === 'PICTURE'
            ? [...img.parentElement.querySelectorAll('source')]
            : []),
        ];
        const urls = sets.flatMap((el) =>
          (el.getAttribute('srcset') ?? '').split(',').map((c) => c.trim().split(/\s+/)[0]!),
        );
        return [
          ...new Set(
            [img.getAttribute('src')!, ...urls]
              .filter(Boolean)
              .map((u) => new URL(u, location.href).pathname),
          ),
        ];
      };
      const images = [...document.querySelectorAll<HTMLImageElement>('main img')];
      const heroFiles = new Set(images.filter((i) => hero?.contains(i)).flatMap(candidates));
      const shown = images.filter((i) => i.getClientRects().length > 0);
      const shownFiles = new Set(shown.flatMap(candidates));
      return {
        belowFold: shown.map(candidates).filter((files) => !files.some((f) => heroFiles.has(f))),
        // Moments hidden on phones: their pictures are never needed there.
        hiddenOnly: images.map(candidates).filter((files) => !files.some((f) => shownFiles.has(f))),
      };
    });
    expect(belowFold.length).toBeGreaterThan(0);
    expect(hiddenOnly.length).toBeGreaterThan(0);
    // Asked for, finished or not: a picture still loading counts.
    const fetched = (files: string[]) => files.some((f) => recorder.requested.includes(f));
    expect(belowFold.filter(fetched)).toEqual([]);
    const videoRequests = () => recorder.requested.filter((path) => path.startsWith('/video/'));
    expect(videoRequests()).toEqual([]);

    // Scrolling through the page brings them in; the video still waits for its button.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await page.waitForLoadState('networkidle');
    await recorder.settled();
    expect(belowFold.filter((p) => !fetched(p))).toEqual([]);
    expect(hiddenOnly.filter(fetched)).toEqual([]);
    expect(videoRequests()).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Nasıl Çalışır?' }).click();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
    expect(videoRequests().length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
