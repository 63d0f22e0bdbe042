// Upload throughput and memory: 100 MB requests (10 photos) through the API over loopback versus
// the plain stream to disk an upload can be (decision 0120): the same body from the same curl to a
// bare node:http server in this process that pipes it to a file. Also printed, for transparency, the
// body written from memory to a file (no socket at all). Then 5 concurrent 100 MB uploads. Then the
// same 10 photos over the resumable path (tus, the guest page's way) against the same bare server
// taking them from the same tus client; the photo burst of many smaller files is tus.bench.ts.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { multipartBody, type BodyPart } from '../apps/server/src/testing/multipart-body.ts';
import { tusSend, uploadAsGuest } from '../apps/server/src/testing/tus-guests.ts';
import { startBareReceiver } from './bare-receiver.ts';
import { curlPostOk as post, fmt, mb, percentile, report, rssSampler, startServer } from './lib.ts';

const fileSize = 10_000_000;
const files = 10;

async function photoHead(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
}

/**
 * Each photo is a real JPEG followed by random bytes, as compressed photo data is: zeros (what the
 * body helper pads with) let the parser's boundary search skip four times faster than a photo's
 * bytes would (decision 0120).
 */
function parts(head: Buffer): BodyPart[] {
  return [
    { name: 'uploader', value: 'Bench Misafir' },
    ...Array.from({ length: files }, (_, i) => ({
      name: 'files',
      filename: `p${i}.jpg`,
      data: Buffer.concat([head, randomBytes(fileSize - head.length)]),
    })),
  ];
}

export async function run() {
  const server = await startServer();
  try {
    const head = await photoHead();
    const eventId = await server.createEvent();
    const url = `${server.base}/api/events/${eventId}/upload`;

    // The same bytes (the multipart body) written from memory to a file: no socket, page cache only.
    const bodyFile = path.join(server.dataDir, 'body.bin');
    const photoParts = parts(head);
    const body = multipartBody(photoParts);
    let t = performance.now();
    await pipeline(body.payload, createWriteStream(bodyFile));
    const memoryMs = performance.now() - t;
    const total = body.length;
    const contentType = body.headers['content-type']!;

    /** Each request's milliseconds, after one warm-up. */
    async function timed(target: string, rounds: number): Promise<number[]> {
      await post(target, bodyFile, contentType);
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        await post(target, bodyFile, contentType);
        times.push(performance.now() - start);
      }
      return times;
    }
    // The plain stream to disk (the goal's baseline) and the API take turns, and each figure is the
    // median request, so that a neighbour's burst on the shared machine falls on neither alone.
    const bare = await startBareReceiver(path.join(server.dataDir, 'bare'));
    const bareTimes: number[] = [];
    const apiTimes: number[] = [];
    const turns = 3;
    try {
      for (let turn = 0; turn < turns; turn++) {
        bareTimes.push(...(await timed(`${bare.base}/upload`, 3)));
        apiTimes.push(...(await timed(url, 3)));
      }
      if (bare.written() !== turns * 4 * total)
        throw new Error(`bare receiver wrote ${bare.written()} bytes`);
    } finally {
      await bare.close();
    }
    const bareMs = percentile(bareTimes, 50);
    const apiMs = percentile(apiTimes, 50);

    // The same photos over tus: each a creation and its PATCH requests, one file after another as the
    // guest page sends them; the bare server appends each PATCH body to a file. Turns alternate here too.
    const photos = photoParts.flatMap((part) => ('data' in part ? [part.data] : []));
    const tusBare = await startBareReceiver(path.join(server.dataDir, 'bare-tus'));
    const tusBareTimes: number[] = [];
    const tusTimes: number[] = [];
    try {
      for (let turn = 0; turn < turns + 1; turn++) {
        let start = performance.now();
        for (const data of photos) await tusSend(`${tusBare.base}/files`, data);
        tusBareTimes.push(performance.now() - start);
        // A fresh album each turn: the same photos again would be refused as already in it.
        const album = await server.createEvent();
        start = performance.now();
        const { outcomes } = await uploadAsGuest({
          apiBase: server.base,
          uploadBase: server.base,
          eventId: album,
          name: 'Bench Misafir',
          files: photos,
        });
        tusTimes.push(performance.now() - start);
        if (outcomes.some((o) => o !== 'accepted')) throw new Error(`tus outcomes: ${outcomes.join(',')}`);
      }
    } finally {
      await tusBare.close();
    }
    // The first turn of each warms up (connections, code paths) and is not counted.
    const tusBareMs = percentile(tusBareTimes.slice(1), 50);
    const tusMs = percentile(tusTimes.slice(1), 50);
    const tusBytes = photos.reduce((sum, data) => sum + data.length, 0);

    const sampler = rssSampler();
    t = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => post(url, bodyFile, contentType)));
    const concurrentMs = performance.now() - t;
    const rss = sampler.stop();

    const spread = (times: number[]) =>
      `${fmt(mb(total) / (Math.min(...times) / 1000), 0)}-${fmt(mb(total) / (Math.max(...times) / 1000), 0)}`;
    report('upload: 100 MB request, 10 photos, loopback (client: curl)', {
      'memory to file, no socket (MB/s)': fmt(mb(total) / (memoryMs / 1000)),
      'plain stream: curl -> bare node:http (MB/s)': fmt(mb(total) / (bareMs / 1000)),
      'API upload (MB/s)': fmt(mb(total) / (apiMs / 1000)),
      'spread, fastest-slowest (MB/s)': `bare ${spread(bareTimes)}, API ${spread(apiTimes)}`,
      'ratio API / memory to file': fmt(memoryMs / apiMs, 2),
      'ratio API / plain stream (goal >= 0.5)': fmt(bareMs / apiMs, 2),
      'tus, the same 10 photos (MB/s)': fmt(mb(tusBytes) / (tusMs / 1000)),
      'plain stream: tus-js-client -> bare (MB/s)': fmt(mb(tusBytes) / (tusBareMs / 1000)),
      'ratio tus / plain stream (goal >= 0.5)': fmt(tusBareMs / tusMs, 2),
      '5 concurrent x 100 MB (MB/s overall)': fmt(mb(5 * total) / (concurrentMs / 1000)),
      'RSS growth during 5 concurrent (MB)': `${fmt(rss.growthMb)} (target <= 50; start ${fmt(rss.startMb)} MB)`,
    });
  } finally {
    await server.close();
  }
}

if (import.meta.main) await run();
