// Album page latency: GET /photos?limit=12 over loopback with 10,000 items in one event, first
// pages and cursor walks, against GET /api/health (the app's cheapest route) in the same run.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { events, media } from '../apps/server/src/db/schema/index.ts';
import { fmt, percentile, report, startServer } from './lib.ts';

const items = Number(process.env.ALBUM_BENCH_ITEMS ?? 10_000);
const requests = Number(process.env.ALBUM_BENCH_REQUESTS ?? 300);

async function timed(url: string, headers: Record<string, string> = {}) {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.json();
  if (!res.ok) throw new Error(`status ${res.status}`);
  return { ms: performance.now() - t, body: body as { nextToken?: string | null } };
}

export async function run() {
  const server = await startServer();
  try {
    const eventId = await server.createEvent('Kalabalık Düğün');
    const now = Date.now();
    for (let start = 0; start < items; start += 1000) {
      await server.db.insert(media).values(
        Array.from({ length: Math.min(1000, items - start) }, (_, j) => {
          const id = randomUUID();
          return {
            id,
            eventId,
            objectKey: `events/${eventId}/${id}.jpg`,
            thumbnailKey: `events/${eventId}/${id}-thumb.webp`,
            previewKey: `events/${eventId}/${id}-preview.webp`,
            processingState: 'done' as const,
            type: 'image' as const,
            mimeType: 'image/jpeg',
            size: 3_000_000,
            sha256: '-',
            uploader: `Misafir ${(start + j) % 150}`,
            note: (start + j) % 4 ? null : 'Nice mutlu yıllara!',
            uploadedAt: new Date(now - (items - start - j) * 1000),
          };
        }),
      );
    }
    await server.db.update(events).set({ photoCount: sql`${items}` });
    const photos = `${server.base}/api/events/${eventId}/photos?limit=12`;

    for (let i = 0; i < 20; i++) await timed(`${server.base}/api/health`); // warm-up
    for (let i = 0; i < 20; i++) await timed(photos, server.auth);

    const health: number[] = [];
    for (let i = 0; i < requests; i++) health.push((await timed(`${server.base}/api/health`)).ms);

    // Half first pages, half a cursor walk deeper and deeper into the album.
    const album: number[] = [];
    let token: string | null | undefined = null;
    for (let i = 0; i < requests; i++) {
      const url: string = i % 2 || !token ? photos : `${photos}&nextToken=${token}`;
      const { ms, body } = await timed(url, server.auth);
      album.push(ms);
      if (i % 2 === 0 || !token) token = body.nextToken ?? null;
    }
    const deepPage = await timed(`${photos}&page=${Math.floor(items / 12) - 1}`, server.auth);

    report(`album page: GET /photos?limit=12, ${items} items in one event, ${requests} requests`, {
      'baseline GET /api/health p50 / p95 (ms)': `${fmt(percentile(health, 50), 2)} / ${fmt(percentile(health, 95), 2)}`,
      'GET /photos p50 / p95 (ms)': `${fmt(percentile(album, 50), 2)} / ${fmt(percentile(album, 95), 2)}`,
      'ratio p50 photos / health': fmt(percentile(album, 50) / percentile(health, 50), 1),
      'last page by page number (offset) (ms)': fmt(deepPage.ms, 2),
    });
  } finally {
    await server.close();
  }
}

if (import.meta.main) await run();
