// A wedding's peak: 300 guests each upload 3 photos to one event (on the venue's Wi-Fi, so from ONE
// IP address) while the host pages the album and derived images are made in the background.
// Reports failures (must be 0), photoCount (must be exact), and p50/p95 of upload and paging.
// Knobs: PEAK_GUESTS (300), PEAK_CONCURRENCY (25). Bounded: gives up after 5 minutes.
import sharp from 'sharp';
import { fmt, percentile, report, startServer } from './lib.ts';

const guests = Number(process.env.PEAK_GUESTS ?? 300);
const concurrency = Number(process.env.PEAK_CONCURRENCY ?? 25);
const deadline = Date.now() + 5 * 60 * 1000;

const server = await startServer();
server.app.jobs.start();
const eventId = await server.createEvent('Zirve Düğünü');

// Three distinct phone-sized photos (about 250 kB each), reused by every guest.
const photos = await Promise.all(
  ['#b03a48', '#d4a373', '#6b9080'].map(async (color, i) => {
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let j = 0; j < noise.length; j++) noise[j] = (j * (2654435761 + i)) >>> 26;
    return sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .composite([
        {
          input: { create: { width: 800, height: 600, channels: 3, background: color } },
          left: 400,
          top: 300,
        },
      ])
      .jpeg({ quality: 80 })
      .toBuffer();
  }),
);

const uploadTimes: number[] = [];
const pageTimes: number[] = [];
let failures = 0;
let next = 0;
let uploadsDone = false;

async function guest(n: number) {
  const form = new FormData();
  photos.forEach((p, i) => form.append('files', new Blob([p], { type: 'image/jpeg' }), `IMG_${n}_${i}.jpg`));
  form.append('uploader', `Misafir ${n}`);
  form.append('note', n % 3 === 0 ? 'Çok mutlu olun!' : '');
  const started = performance.now();
  const res = await fetch(`${server.base}/api/events/${eventId}/upload`, {
    method: 'POST',
    body: form,
  }).catch(() => null);
  uploadTimes.push(performance.now() - started);
  if (!res || res.status !== 200) {
    failures++;
    console.error(`guest ${n}: ${res?.status} ${res ? await res.text() : 'network error'}`);
  } else await res.arrayBuffer();
}

async function worker() {
  while (next < guests && Date.now() < deadline) await guest(next++);
}

async function host() {
  while (!uploadsDone && Date.now() < deadline) {
    const page = 1 + Math.floor(Math.random() * 5);
    const started = performance.now();
    const res = await fetch(`${server.base}/api/events/${eventId}/photos?page=${page}&limit=12`, {
      headers: server.auth,
    });
    await res.arrayBuffer();
    pageTimes.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const started = performance.now();
const hostLoop = host();
await Promise.all(Array.from({ length: concurrency }, worker));
uploadsDone = true;
await hostLoop;
const seconds = (performance.now() - started) / 1000;

const info = (await (await fetch(`${server.base}/api/events/${eventId}/info`)).json()) as {
  event: { photoCount: number };
};
report(`wedding peak: ${guests} guests × 3 photos, ${concurrency} at a time, one IP`, {
  'uploads finished': `${next} of ${guests} in ${fmt(seconds)} s (${fmt(next / seconds)} uploads/s)`,
  'failed uploads': failures,
  'photoCount (expected)': `${info.event.photoCount} (${next * 3})`,
  'upload latency p50 / p95': `${fmt(percentile(uploadTimes, 50), 0)} ms / ${fmt(percentile(uploadTimes, 95), 0)} ms`,
  'album page (12) during the peak p50 / p95': `${fmt(percentile(pageTimes, 50), 0)} ms / ${fmt(percentile(pageTimes, 95), 0)} ms (${pageTimes.length} requests)`,
});
await server.app.jobs.stop();
await server.close();
if (failures > 0 || info.event.photoCount !== next * 3 || next < guests) process.exit(1);
