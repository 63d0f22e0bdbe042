// The venue wall through a whole night, accelerated: a real server with an album of hundreds of
// photos, Debian's Chromium showing the wall through a wall link with `?slideMs=50` (the wall's own
// knob; its fades and cuts scale with it) instead of the default 8 s per slide, while guests keep
// uploading and the owner deletes over the live stream. It runs until the wall has shown as many
// slides as SOAK_HOURS (default 2.5) of 8 s slides, and samples the page's JS heap (after a forced
// GC) and DOM node count through CDP, counts <img>/<video> elements, and counts failed image requests.
// The album (SOAK_ALBUM, default 300) is bigger than the wall list's page of 100: the run fails unless
// the loop reaches the oldest photo, shows every photo of the album, and never shows a deleted one
// more than a second after its deletion was answered.
// Chromium: CHROME_PATH (default /usr/bin/chromium); the SPA must be built (apps/web/dist).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { events, media } from '../apps/server/src/db/schema/index.ts';
import { fmt, mb, report, startServer } from './lib.ts';

const albumSize = Number(process.env.SOAK_ALBUM ?? 300);
const hours = Number(process.env.SOAK_HOURS ?? 2.5);
const slideMs = 50;
const realSlideMs = 8000;
const targetSlides = Math.ceil((hours * 3600 * 1000) / realSlideMs);
const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

async function jpeg(i: number): Promise<Buffer> {
  const hue = (i * 37) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067"><rect width="1600" height="1067" fill="hsl(${hue},50%,45%)"/><circle cx="${400 + (i % 7) * 120}" cy="520" r="260" fill="#fff" opacity="0.3"/><text x="80" y="200" font-size="140" fill="#fff">${i}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export async function run() {
  if (!existsSync(path.join(webDist, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  const server = await startServer({ env: { WEB_DIST_DIR: webDist } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const eventId = await server.createEvent('Gece Boyu Düğün');
    // The album: real JPEGs (a few distinct pictures, each stored under its own preview key).
    const pictures = await Promise.all(Array.from({ length: 12 }, (_, i) => jpeg(i)));
    const now = Date.now();
    const rows: (typeof media.$inferInsert)[] = [];
    for (let i = 0; i < albumSize; i++) {
      const id = randomUUID();
      const previewKey = `events/${eventId}/${id}-preview.jpg`;
      await server.storage.put(previewKey, Readable.from(pictures[i % pictures.length]!));
      rows.push({
        id,
        eventId,
        objectKey: `events/${eventId}/${id}.jpg`,
        previewKey,
        processingState: 'done' as const,
        type: 'image' as const,
        mimeType: 'image/jpeg',
        size: pictures[i % pictures.length]!.length,
        width: 1600,
        height: 1067,
        sha256: `soak-${id}`,
        uploader: `Misafir ${i % 40}`,
        note: i % 3 ? null : 'Nice mutlu yıllara, bir ömür boyu mutluluk!',
        uploadedAt: new Date(now - (albumSize - i) * 60_000),
      });
    }
    for (let i = 0; i < rows.length; i += 100) await server.db.insert(media).values(rows.slice(i, i + 100));
    await server.db.update(events).set({ photoCount: sql`${albumSize}` });

    const link = (await (
      await fetch(`${server.base}/api/events/${eventId}/wall-link`, { method: 'POST', headers: server.auth })
    ).json()) as { url: string };

    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    let failedImages = 0;
    let imageRequests = 0;
    const failures: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'image' || r.resourceType() === 'media') imageRequests++;
    });
    page.on('requestfailed', (r) => {
      // A picture dropped from the DOM mid-download is cancelled by the browser (net::ERR_ABORTED):
      // that is the wall moving on at 50 ms a slide, not a failure a guest would see.
      if (
        (r.resourceType() === 'image' || r.resourceType() === 'media') &&
        r.failure()?.errorText !== 'net::ERR_ABORTED'
      ) {
        failedImages++;
        failures.push(`${r.failure()?.errorText} ${r.url().slice(0, 80)}`);
      }
    });
    page.on('response', (r) => {
      const type = r.request().resourceType();
      if ((type === 'image' || type === 'media') && r.status() >= 400) {
        failedImages++;
        failures.push(`${r.status()} ${r.url().slice(0, 80)}`);
      }
    });
    // Which photo is on screen when: kept here, not in the page, so the page's heap is the wall's alone.
    const lastShownAt = new Map<string, number>();
    await page.exposeFunction('__shown', (id: string) => lastShownAt.set(id, Date.now()));
    // Counts slide changes in the page itself, so nothing is missed between samples.
    // (Strings, not functions: the bench compiles without the DOM's types.)
    await page.addInitScript({
      content: `window.__slides = 0; window.__last = null;
        new MutationObserver(() => {
          const id = document.querySelector('[data-testid="wall-slide"]')?.getAttribute('data-id') ?? null;
          if (id !== window.__last) { window.__last = id; window.__slides++; if (id) window.__shown(id); }
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-id'] });`,
    });
    const slideCount = () => page.evaluate<number>('window.__slides');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      const elements = await page.evaluate<number>("document.querySelectorAll('img, video').length");
      const slides = await slideCount();
      return {
        heap: metric('JSHeapUsedSize'),
        nodes: metric('Nodes'),
        listeners: metric('JSEventListeners'),
        elements,
        slides,
      };
    };

    await page.goto(`${server.base}${link.url}&slideMs=${slideMs}`);
    await page.locator('[data-testid="wall-slide"]').waitFor();
    // Warm-up: the first 100 slides (every picture decoded once, every chunk loaded) before the baseline.
    while ((await slideCount()) < 100) await page.waitForTimeout(200);
    const started = performance.now();
    const first = await sample();
    const samples = [first];

    // Guests and the owner keep the live stream busy: an upload every 2 s, a deletion every 5 s.
    let uploads = 0;
    let deletions = 0;
    const uploader = setInterval(() => {
      const form = new FormData();
      form.append(
        'files',
        new Blob([pictures[uploads % pictures.length]!], { type: 'image/jpeg' }),
        `canli-${uploads}.jpg`,
      );
      form.append('uploader', `Canlı Misafir ${uploads}`);
      form.append('note', 'Gecenin en güzel anı!');
      uploads++;
      void fetch(`${server.base}/api/events/${eventId}/upload`, { method: 'POST', body: form });
    }, 2000);
    // From the middle of the album (its second page), so the oldest photo stays for the loop to reach.
    const deletedAt = new Map<string, number>();
    const deleter = setInterval(() => {
      const victim = rows[Math.floor(albumSize / 2) + deletions++];
      if (!victim) return;
      void fetch(`${server.base}/api/events/${eventId}/photo`, {
        method: 'DELETE',
        headers: { ...server.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ photoIds: [victim.id] }),
      }).then((r) => r.ok && deletedAt.set(victim.id, Date.now()));
    }, 5000);

    while (samples.at(-1)!.slides < targetSlides + 100) {
      await page.waitForTimeout(5000);
      samples.push(await sample());
    }
    clearInterval(uploader);
    clearInterval(deleter);
    const seconds = (performance.now() - started) / 1000;
    const last = samples.at(-1)!;
    const shown = last.slides - first.slides;
    const heaps = samples.map((s) => mb(s.heap));
    const nodes = samples.map((s) => s.nodes);
    report(`wall soak: ${albumSize}-photo album, ${slideMs} ms a slide instead of ${realSlideMs} ms`, {
      'slides shown (after 100 warm-up)': shown,
      'equivalent real time at 8 s a slide (h)': fmt((shown * realSlideMs) / 3_600_000, 2),
      'wall-clock (s)': fmt(seconds, 0),
      'measured speed-up (equivalent / wall-clock)': `${fmt((shown * realSlideMs) / 1000 / seconds, 0)}×`,
      'live uploads / deletions during the run': `${uploads} / ${deletions}`,
      'JS heap after GC: first / last (MB)': `${fmt(heaps[0]!, 2)} / ${fmt(heaps.at(-1)!, 2)}`,
      'JS heap after GC: min / max (MB)': `${fmt(Math.min(...heaps), 2)} / ${fmt(Math.max(...heaps), 2)}`,
      'DOM nodes: first / last / max': `${nodes[0]} / ${nodes.at(-1)} / ${Math.max(...nodes)}`,
      'JS event listeners: first / last': `${first.listeners} / ${last.listeners}`,
      '<img>/<video> elements: max over samples': Math.max(...samples.map((s) => s.elements)),
      'image requests / failed': `${imageRequests} / ${failedImages}`,
      samples: samples.length,
    });
    if (failures.length) console.log(`  failures (first 5): ${failures.slice(0, 5).join('; ')}`);
    // The loop covers the whole album, not only the list's first page, and deletions hold across pages.
    const kept = rows.filter((r) => !deletedAt.has(r.id));
    const shownOfAlbum = kept.filter((r) => lastShownAt.has(r.id)).length;
    const oldestShown = lastShownAt.has(rows[0]!.id);
    const shownAfterDeletion = [...deletedAt].filter(([id, at]) => (lastShownAt.get(id) ?? 0) > at + 1000);
    report('wall soak: the whole album in the loop', {
      'album photos shown at least once': `${shownOfAlbum} / ${kept.length}`,
      'the oldest photo (last page) shown': oldestShown ? 'yes' : 'NO',
      'deleted photos shown 1 s after deletion': shownAfterDeletion.length,
    });
    if (!oldestShown || shownOfAlbum < kept.length || shownAfterDeletion.length)
      throw new Error('the wall did not loop over the whole album, or showed a deleted photo');
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.main) await run();
