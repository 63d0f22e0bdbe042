// The public upload link under attack, at full size, loopback only, bounded and self-stopping.
// Parts 1 and 2 run the server as `npm start` runs it, in its own process (the figures are that
// process's, not this client's); 3 and 4 need hooks only the in-process harness has.
// 1. quota: 10 concurrent uploads of a 3 kB JPEG + 99 MB of zeros against a 500 MB album, then the
//    same from one address against a 300 MB hourly budget: bytes accepted past either must be 0;
// 2. video flood: 30 uploads (3 at a time) of an 8192x8192, 30-frame clip: peak RSS of the server
//    process and its media children together (goal < 512 MB in total), plus one poster attempt on it;
// 3. 300 slow clients dripping 1 byte every 5 s into uploads: /api/health p95 meanwhile (target
//    < 50 ms) and the time until the server has closed them all (target: within the idle timeout);
// 4. invitation latency during a media flood: 30 phone photos queue their derivation while the host
//    approves a 10-guest list; the time until each invitation reaches the (local stand-in) WhatsApp
//    Cloud API, beside the same approval on an idle server, measured in the same run.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { serverLimits } from '../apps/server/src/http/slow-clients.ts';
import { extractPosterFrame } from '../apps/server/src/modules/media/media-tools.ts';
import { multipartBody } from '../apps/server/src/testing/multipart-body.ts';
import { startFakeProvider } from '../apps/server/src/testing/fake-whatsapp-provider.ts';
import {
  curlPost as post,
  fmt,
  percentile,
  report,
  startServer,
  startServerAsProcess,
  treeSampler,
} from './lib.ts';
import { phoneLikePhoto } from './test-photos.ts';

const exec = promisify(execFile);
const MB = 1024 * 1024;

async function duBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function zerosUpload(dir: string): Promise<{ file: string; contentType: string; fileBytes: number }> {
  const head = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  const fileBytes = 99 * MB + head.length;
  const body = multipartBody([
    { name: 'uploader', value: 'Saldırgan' },
    { name: 'files', filename: 'x.jpg', head, size: fileBytes },
  ]);
  const file = path.join(dir, 'zeros.bin');
  await writeFile(file, body.payload);
  return { file, contentType: body.headers['content-type']!, fileBytes };
}

async function quotaAttack() {
  const quota = 500 * MB;
  const budget = 300 * MB;
  const server = await startServerAsProcess({
    EVENT_QUOTA_BYTES: String(quota),
    UPLOAD_BYTES_PER_IP_HOUR: String(100 * 1024 * MB),
  });
  try {
    const body = await zerosUpload(server.dataDir);
    const { eventId } = server;
    const t = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`${server.base}/api/events/${eventId}/upload`, body.file, body.contentType),
      ),
    );
    const statuses = answers.map((a) => a.status);
    const seconds = (performance.now() - t) / 1000;
    const stored = await duBytes(path.join(server.dataDir, 'media', 'events', eventId));
    const temp = await duBytes(path.join(server.dataDir, 'tmp', 'uploads'));
    report('abuse: 10 concurrent uploads of 3 kB JPEG + 99 MB zeros, album quota 500 MB', {
      statuses: statuses.sort().join(' '),
      'stored for the album (MB)': fmt(stored / MB),
      'bytes accepted past the quota': `${Math.max(0, stored - quota)} (target 0)`,
      'temp files left (bytes)': temp,
      'time (s)': fmt(seconds),
    });
  } finally {
    await server.close();
  }

  const limited = await startServerAsProcess({ UPLOAD_BYTES_PER_IP_HOUR: String(budget) });
  try {
    const body = await zerosUpload(limited.dataDir);
    const statuses: number[] = [];
    // One address, a new album each time: only the hourly budget stands in the way.
    for (let i = 0; i < 10; i++) {
      const answer = await post(
        `${limited.base}/api/events/${await limited.createEvent()}/upload`,
        body.file,
        body.contentType,
      );
      statuses.push(answer.status);
    }
    const stored = await duBytes(path.join(limited.dataDir, 'media', 'events'));
    report('abuse: the same 10 uploads from one address, hourly budget 300 MB', {
      statuses: statuses.join(' '),
      'stored (MB)': fmt(stored / MB),
      'bytes accepted past the budget': `${Math.max(0, stored - budget)} (target 0)`,
    });
  } finally {
    await limited.close();
  }
}

/**
 * The hostile clip: a small VP8 WebM of 8192x8192 and 30 frames. Encoding it takes libvpx
 * several minutes, so it is made once per machine and kept in the temp directory.
 */
async function floodClip(): Promise<string> {
  const file = path.join(tmpdir(), 'ani-bench-flood-8192x8192.webm');
  if (existsSync(file)) return file;
  const work = `${file}.${process.pid}.webm`;
  await exec(
    'ffmpeg',
    [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=8192x8192:r=30',
      '-frames:v',
      '30',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '10k',
      work,
    ],
    { timeout: 8 * 60_000 },
  );
  await rename(work, file);
  return file;
}

async function videoFlood() {
  const clip = await floodClip();
  const server = await startServerAsProcess();
  let posterDir = '';
  try {
    const body = multipartBody([
      { name: 'uploader', value: 'Saldırgan' },
      { name: 'files', filename: 'v.webm', data: await readFile(clip) },
    ]);
    posterDir = await mkdtemp(path.join(tmpdir(), 'ani-bench-flood-'));
    const bodyFile = path.join(posterDir, 'flood.bin');
    await writeFile(bodyFile, body.payload);
    const before = await server.idleRssBytes();
    const sampler = treeSampler(server.pid);
    const answers: { status: number; body: string }[] = [];
    const t = performance.now();
    for (let round = 0; round < 10; round++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 3 }, () =>
            post(
              `${server.base}/api/events/${server.eventId}/upload`,
              bodyFile,
              body.headers['content-type']!,
            ),
          ),
        )),
      );
    }
    const uploadSeconds = (performance.now() - t) / 1000;
    const statuses = answers.map((a) => a.status);
    // Anything accepted would be derived by the server's own workers.
    const stored = await server.untilProcessed(server.eventId);
    const peak = await sampler.stop();
    await server.close();

    // Were such a clip stored by other means, its poster is still bounded (scaled first, capped,
    // killed on time). Run from here with the server gone, so this process's children are ffmpeg alone.
    const posterSampler = treeSampler(process.pid, false);
    const p = performance.now();
    const poster = await extractPosterFrame(clip, path.join(posterDir, 'poster.png')).then(
      () => 'made',
      (error: Error) => `refused by its bounds (${error.message.slice(0, 60).replace(/\s+/g, ' ')}…)`,
    );
    const posterMs = performance.now() - p;
    const posterPeak = await posterSampler.stop();
    report('abuse: 30 uploads (3 at a time) of an 8192x8192, 30-frame clip, against `npm start`', {
      'clip size (kB)': fmt((await stat(clip)).size / 1024, 0),
      statuses: [...new Set(statuses)]
        .map((s) => `${s} x${statuses.filter((x) => x === s).length}`)
        .join(', '),
      answers: [...new Set(answers.map((a) => a.body.slice(0, 90)))].join(' | '),
      'items stored': stored.length,
      'RSS, server + children, idle before (MB)': fmt(before / MB),
      'peak RSS, server + children (MB)': `${fmt(peak / MB)} (goal < 512)`,
      'peak above before, the flood itself (MB)': fmt((peak - before) / MB),
      'per upload, mean (ms)': fmt((uploadSeconds * 1000) / statuses.length, 0),
      'poster of the clip': poster,
      'poster time (ms) / peak RSS of ffmpeg (MB)': `${fmt(posterMs, 0)} / ${fmt(posterPeak / MB)}`,
    });
  } finally {
    await server.close();
    if (posterDir) await rm(posterDir, { recursive: true, force: true });
  }
}

async function slowClients() {
  const clients = 300;
  // The server holds all 300 (as if they came from 300 addresses), so the timeouts, not the
  // per-address cap, have to close them.
  const server = await startServer({
    clientLimits: {
      minBodyBytes: serverLimits.minBodyBytesPerWindow,
      minRateWindowMs: serverLimits.minRateWindowMs,
      parallelUploadsPerIp: clients + 10,
    },
  });
  const sockets: Socket[] = [];
  try {
    const eventId = await server.createEvent();
    const { port } = new URL(server.base);
    const health = async () => {
      const t = performance.now();
      const res = await fetch(`${server.base}/api/health`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    // Baseline in the same run: the health check on an idle server, same pacing.
    const baseline: number[] = [];
    for (let i = 0; i < 40; i++) {
      baseline.push(await health());
      await new Promise((r) => setTimeout(r, 50));
    }
    let open = 0;
    let closedAt = 0;
    const started = performance.now();
    for (let i = 0; i < clients; i++) {
      const socket = connect({ host: '127.0.0.1', port: Number(port) });
      socket.on('error', () => {});
      socket.on('data', () => {});
      open++;
      socket.on('close', () => {
        open--;
        if (open === 0) closedAt = performance.now();
      });
      socket.write(
        `POST /api/events/${eventId}/upload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 10000000\r\n\r\n--x\r\n',
      );
      sockets.push(socket);
    }
    const drip = setInterval(() => {
      for (const s of sockets) if (!s.destroyed) s.write('a');
    }, 5_000);
    const latencies: number[] = [];
    const deadline = started + serverLimits.idleTimeoutMs + 15_000;
    while (open > 0 && performance.now() < deadline) {
      latencies.push(await health());
      await new Promise((r) => setTimeout(r, 50));
    }
    clearInterval(drip);
    report(`abuse: ${clients} slow clients, 1 byte every 5 s into an upload`, {
      'all closed by the server after (s)':
        open === 0 ? fmt((closedAt - started) / 1000) : `NOT all (${open} still open)`,
      'idle timeout / minimum-rate window (s)': `${serverLimits.idleTimeoutMs / 1000} / ${serverLimits.minRateWindowMs / 1000}`,
      '/api/health idle p50 / p95 (ms), baseline': `${fmt(percentile(baseline, 50))} / ${fmt(percentile(baseline, 95))}`,
      '/api/health meanwhile p50 / p95 (ms)': `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 95))} (target p95 < 50)`,
      'health requests': latencies.length,
    });
  } finally {
    for (const s of sockets) s.destroy();
    await server.close();
  }
}

/** Milliseconds from the approval until each of `guests` invitations reached the provider. */
async function invitationLatencies(options: { floodPhotos: number; photo: Buffer }): Promise<{
  latencies: number[];
  mediaJobsWaiting: number;
}> {
  const appSecret = 'bench-app-secret';
  const metricsToken = 'bench-metrics-token-0123456789';
  const provider = await startFakeProvider({ appSecret });
  const server = await startServer({
    env: {
      WHATSAPP_ACCESS_TOKEN: 'bench-access-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: 'bench-verify',
      WHATSAPP_API_BASE_URL: provider.baseUrl,
      METRICS_TOKEN: metricsToken,
    },
  });
  try {
    const json = { ...server.auth, 'content-type': 'application/json' };
    const created = await fetch(`${server.base}/api/weddings/create`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'Bench Host',
        title: 'Elif & Can Düğünü',
        venueName: 'Çırağan Sarayı',
        venueLocation: 'https://maps.google.com/?q=Ciragan',
        brideName: 'Elif',
        brideSurname: 'Şahin',
        groomName: 'Can',
        groomSurname: 'Öztürk',
        weddingDate: '2027-06-12',
        weddingTime: '19:30',
      }),
    });
    const { weddingId, eventId } = (await created.json()) as { weddingId: string; eventId: string };
    const guests = 10;
    for (let i = 0; i < guests; i++) {
      const phone = `0532 ${String(1_000_000 + i * 7919).slice(0, 3)} ${String(10 + i)} ${String(20 + i)}`;
      const res = await fetch(`${server.base}/api/guests`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ weddingId, name: `Misafir ${i + 1}`, phone, expectedGuestCount: 2 }),
      });
      if (res.status !== 201) throw new Error(`guest: ${await res.text()}`);
    }
    // The flood: every upload queues one derivation job; none runs until the workers start.
    for (let i = 0; i < options.floodPhotos; i++) {
      const body = multipartBody([
        { name: 'uploader', value: 'Kalabalık Masa' },
        { name: 'files', filename: 'foto.jpg', data: options.photo },
      ]);
      const res = await fetch(`${server.base}/api/events/${eventId}/upload`, {
        method: 'POST',
        headers: body.headers,
        body: Readable.toWeb(body.payload) as ReadableStream,
        duplex: 'half',
      });
      if (!res.ok) throw new Error(`upload: ${await res.text()}`);
    }
    server.app.jobs.start();
    const approvedAt = performance.now();
    const approval = await fetch(`${server.base}/api/guests/approval`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ weddingId, guestListApproved: true }),
    });
    if (!approval.ok) throw new Error(`approval: ${await approval.text()}`);
    const reached: number[] = [];
    while (provider.requests.length < guests && performance.now() - approvedAt < 120_000) {
      while (reached.length < provider.requests.length) reached.push(performance.now() - approvedAt);
      await new Promise((r) => setTimeout(r, 5));
    }
    while (reached.length < provider.requests.length) reached.push(performance.now() - approvedAt);
    const metrics = await fetch(`${server.base}/api/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    }).then((r) => r.text());
    const mediaJobsWaiting = Number(
      /ani_jobs\{kind="media\.derive",status="pending"\} (\d+)/.exec(metrics)?.[1] ?? 0,
    );
    return { latencies: reached, mediaJobsWaiting };
  } finally {
    await server.close();
    await provider.close();
  }
}

async function invitationLatency() {
  const file = path.join(tmpdir(), `ani-bench-phone-${process.pid}.jpg`);
  await phoneLikePhoto(file);
  const photo = await readFile(file);
  const idle = await invitationLatencies({ floodPhotos: 0, photo });
  const flood = await invitationLatencies({ floodPhotos: 30, photo });
  const line = (l: number[]) =>
    l.length ? `${fmt(percentile(l, 50), 0)} / ${fmt(Math.max(...l), 0)}` : 'none arrived';
  report('abuse: invitation latency during a media flood (10 invitations)', {
    'photo (MB) x queued derivations': `${fmt(photo.length / MB)} x 30`,
    'idle server: p50 / last (ms)': line(idle.latencies),
    'during the flood: p50 / last (ms)': line(flood.latencies),
    'derivations still queued at the last invite': flood.mediaJobsWaiting,
    'invitations arrived (idle / flood)': `${idle.latencies.length} / ${flood.latencies.length} of 10`,
  });
}

export async function run() {
  const only = process.env.ABUSE_BENCH?.split(',');
  const want = (name: string) => !only || only.includes(name);
  if (want('quota')) await quotaAttack();
  if (want('video')) await videoFlood();
  if (want('slow')) await slowClients();
  if (want('invitations')) await invitationLatency();
}

if (import.meta.main) await run();
