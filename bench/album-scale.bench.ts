// Album paging at scale: 100,000 items across 1,000 events (one host), then p50/p95 of
// GET /photos (limit 12) on random events and pages, by page number and by cursor, with the
// query plans that show the index at work. Knobs: SCALE_EVENTS (1000), SCALE_PER_EVENT (100),
// SCALE_REQUESTS (500).
import { sql } from 'drizzle-orm';
import { fmt, percentile, report, startServer } from './lib.ts';

const eventsCount = Number(process.env.SCALE_EVENTS ?? 1000);
const perEvent = Number(process.env.SCALE_PER_EVENT ?? 100);
const requests = Number(process.env.SCALE_REQUESTS ?? 500);

const server = await startServer();
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const [owner] = rows<{ id: string }>(await server.db.execute(sql`select id from users limit 1`));

const seedStarted = performance.now();
await server.db.execute(sql`
  insert into events (id, owner_id, title, event_date, cover_image, photo_count)
  select 'ev-' || g, ${owner!.id}, 'Düğün ' || g, now(), '/covers/cover-1.webp', ${perEvent}
  from generate_series(1, ${eventsCount}) g`);
await server.db.execute(sql`
  insert into media (id, event_id, object_key, type, mime_type, size, sha256, uploader, note, uploaded_at, processing_state)
  select 'm-' || g, 'ev-' || (1 + (g % ${eventsCount})), 'events/ev-' || (1 + (g % ${eventsCount})) || '/' || g || '.jpg',
         'image', 'image/jpeg', 250000, md5(g::text), 'Misafir ' || g, case when g % 4 = 0 then 'Mutluluklar' end,
         now() - (g || ' seconds')::interval, 'done'
  from generate_series(1, ${eventsCount * perEvent}) g`);
await server.db.execute(sql`analyze`);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const pages = Math.ceil(perEvent / 12);
const byPage: number[] = [];
const byCursor: number[] = [];
for (let i = 0; i < requests; i++) {
  const event = `ev-${1 + Math.floor(Math.random() * eventsCount)}`;
  const page = 1 + Math.floor(Math.random() * pages);
  let started = performance.now();
  const res = await fetch(`${server.base}/api/events/${event}/photos?page=${page}&limit=12`, {
    headers: server.auth,
  });
  const body = (await res.json()) as { photos: unknown[]; nextToken: string | null };
  byPage.push(performance.now() - started);
  if (res.status !== 200 || body.photos.length === 0)
    throw new Error(`page ${page} of ${event}: ${res.status}`);
  if (body.nextToken) {
    started = performance.now();
    const next = await fetch(
      `${server.base}/api/events/${event}/photos?limit=12&nextToken=${encodeURIComponent(body.nextToken)}`,
      { headers: server.auth },
    );
    await next.arrayBuffer();
    byCursor.push(performance.now() - started);
  }
}

const plan = async (query: ReturnType<typeof sql>) =>
  rows<Record<string, string>>(await server.db.execute(query))
    .map((r) => `      ${Object.values(r)[0]}`)
    .join('\n');
report(`album paging: ${eventsCount * perEvent} items across ${eventsCount} events`, {
  'seeding (SQL)': `${fmt(seedSeconds)} s`,
  'GET /photos by page p50 / p95': `${fmt(percentile(byPage, 50))} ms / ${fmt(percentile(byPage, 95))} ms (${byPage.length} requests)`,
  'GET /photos by cursor p50 / p95': `${fmt(percentile(byCursor, 50))} ms / ${fmt(percentile(byCursor, 95))} ms (${byCursor.length} requests)`,
});
console.log('\n  plan, a page by number:');
console.log(
  await plan(
    sql`explain analyze select * from media where event_id = 'ev-500' order by seq desc limit 12 offset 48`,
  ),
);
console.log('\n  plan, a page by cursor:');
console.log(
  await plan(
    sql`explain analyze select * from media where event_id = 'ev-500' and seq < (select seq from media where event_id = 'ev-500' order by seq desc offset 48 limit 1) order by seq desc limit 12`,
  ),
);
console.log("\n  plan, the host's event list:");
console.log(
  await plan(
    sql`explain analyze select * from events where owner_id = ${owner!.id} order by event_date desc`,
  ),
);
await server.close();
