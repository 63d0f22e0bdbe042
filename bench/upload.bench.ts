// Upload throughput and memory: 100 MB requests (10 photos) through the API over loopback versus
// writing the same bytes to disk with a plain stream; then 5 concurrent 100 MB uploads.
import { createWriteStream } from 'node:fs';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { multipartBody, type BodyPart } from '../apps/server/src/testing/multipart-body.ts';
import { fmt, mb, report, rssSampler, startServer } from './lib.ts';

const fileSize = 10_000_000;
const files = 10;

async function photoHead(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
}

function parts(head: Buffer): BodyPart[] {
  return [
    { name: 'uploader', value: 'Bench Misafir' },
    ...Array.from({ length: files }, (_, i) => ({
      name: 'files',
      filename: `p${i}.jpg`,
      head,
      size: fileSize,
    })),
  ];
}

/** curl in its own process streams the body file, so the client does not share the server's event loop. */
function post(url: string, bodyFile: string, contentType: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-X',
        'POST',
        '-H',
        `content-type: ${contentType}`,
        '-H',
        'expect:',
        '-T',
        bodyFile,
        url,
      ],
      (error, stdout) =>
        error ? reject(error) : stdout === '200' ? resolve() : reject(new Error(`status ${stdout}`)),
    );
  });
}

export async function run() {
  const server = await startServer();
  try {
    const head = await photoHead();
    const eventId = await server.createEvent();
    const url = `${server.base}/api/events/${eventId}/upload`;

    // Baseline: the same bytes (the multipart body) written to disk with a plain stream.
    const bodyFile = path.join(server.dataDir, 'body.bin');
    const body = multipartBody(parts(head));
    let t = performance.now();
    await pipeline(body.payload, createWriteStream(bodyFile));
    const baselineMs = performance.now() - t;
    const total = body.length;
    const contentType = body.headers['content-type']!;

    await post(url, bodyFile, contentType); // warm-up
    t = performance.now();
    const rounds = 3;
    for (let i = 0; i < rounds; i++) await post(url, bodyFile, contentType);
    const apiMs = (performance.now() - t) / rounds;

    const sampler = rssSampler();
    t = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => post(url, bodyFile, contentType)));
    const concurrentMs = performance.now() - t;
    const rss = sampler.stop();

    report('upload: 100 MB request, 10 photos, loopback (client: curl)', {
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
