// Upload throughput and memory: 100 MB requests (10 photos) through the API over loopback versus
// writing the same bytes to disk with a plain stream; then 5 concurrent 100 MB uploads.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { multipartBody, type BodyPart } from '../apps/server/src/modules/media/multipart-body.ts';
import { fmt, mb, report, rssSampler, startServer } from './lib.ts';

const fileSize = 10_000_000;
const files = 10;

async function photoHead(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } }).jpeg().toBuffer();
}

function parts(head: Buffer): BodyPart[] {
  return [
    { name: 'uploader', value: 'Bench Misafir' },
    ...Array.from({ length: files }, (_, i) => ({ name: 'files', filename: `p${i}.jpg`, head, size: fileSize })),
  ];
}

function post(url: string, head: Buffer): Promise<number> {
  const body = multipartBody(parts(head));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: body.headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(body.length) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
    body.payload.pipe(req);
  });
}

export async function run() {
  const server = await startServer();
  try {
    const head = await photoHead();
    const eventId = await server.createEvent();
    const url = `${server.base}/api/events/${eventId}/upload`;

    // Baseline: the same bytes (the generated multipart body) to a file with a plain stream.
    const target = path.join(server.dataDir, 'baseline.bin');
    let t = performance.now();
    await pipeline(multipartBody(parts(head)).payload, createWriteStream(target));
    const baselineMs = performance.now() - t;
    await rm(target);
    const total = files * fileSize;

    await post(url, head); // warm-up
    t = performance.now();
    const rounds = 3;
    for (let i = 0; i < rounds; i++) await post(url, head);
    const apiMs = (performance.now() - t) / rounds;

    const sampler = rssSampler();
    t = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => post(url, head)));
    const concurrentMs = performance.now() - t;
    const rss = sampler.stop();

    report('upload: 100 MB request, 10 photos, loopback', {
      'plain stream to disk (MB/s)': fmt(mb(total) / (baselineMs / 1000)),
      'API upload (MB/s)': fmt(mb(total) / (apiMs / 1000)),
      'ratio API / plain stream': fmt(baselineMs / apiMs, 2),
      '5 concurrent x 100 MB (MB/s overall)': fmt(mb(5 * total) / (concurrentMs / 1000)),
      'RSS growth during 5 concurrent (MB)': `${fmt(rss.growthMb)} (target <= 50; start ${fmt(rss.startMb)} MB)`,
    });
  } finally {
    await server.close();
  }
}

if (import.meta.main) await run();
