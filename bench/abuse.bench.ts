// The public upload link under attack, at full size, loopback only, bounded and self-stopping:
// 1. quota: 10 concurrent uploads of a 3 kB JPEG + 99 MB of zeros against a 500 MB album, then the
//    same from one address against a 300 MB hourly budget: bytes accepted past either must be 0;
// 2. video flood: 30 uploads (3 at a time) of an 8192x8192, 30-frame clip: peak RSS of the server
//    process and its media children together (target < 512 MB), plus one poster attempt on it;
// 3. 300 slow clients dripping 1 byte every 5 s into uploads: /api/health p95 meanwhile (target
//    < 50 ms) and the time until the server has closed them all (target: within the idle timeout);
// 4. invitation latency during a media flood: a slot for when media and WhatsApp jobs have their
//    own queues.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { serverLimits } from '../apps/server/src/http/slow-clients.ts';
import { extractPosterFrame } from '../apps/server/src/modules/media/media-tools.ts';
import { multipartBody } from '../apps/server/src/testing/multipart-body.ts';
import { fmt, percentile, report, startServer } from './lib.ts';

const exec = promisify(execFile);
const MB = 1024 * 1024;

/** RSS of a process and all its descendants, from /proc (Linux). */
async function treeRssBytes(pid: number): Promise<number> {
  let total = 0;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of await readdir(`/proc/${pid}/task`)) {
      const children = (await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')).trim();
      for (const child of children ? children.split(/\s+/) : []) total += await treeRssBytes(Number(child));
    }
  } catch {
    // The process ended while we looked.
  }
  return total;
}

function treeSampler(pid = process.pid) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await treeRssBytes(pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** curl in its own process streams the body, so the client does not share the server's event loop. */
async function post(url: string, bodyFile: string, contentType: string): Promise<number> {
  const { stdout } = await exec('curl', [
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
  ]);
  return Number(stdout);
}

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
  const server = await startServer({
    env: { EVENT_QUOTA_BYTES: String(quota), UPLOAD_BYTES_PER_IP_HOUR: String(100 * 1024 * MB) },
  });
  try {
    const body = await zerosUpload(server.dataDir);
    const eventId = await server.createEvent();
    const t = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`${server.base}/api/events/${eventId}/upload`, body.file, body.contentType),
      ),
    );
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

  const limited = await startServer({ env: { UPLOAD_BYTES_PER_IP_HOUR: String(budget) } });
  try {
    const body = await zerosUpload(limited.dataDir);
    const statuses: number[] = [];
    // One address, a new album each time: only the hourly budget stands in the way.
    for (let i = 0; i < 10; i++) {
      statuses.push(
        await post(
          `${limited.base}/api/events/${await limited.createEvent()}/upload`,
          body.file,
          body.contentType,
        ),
      );
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
  const server = await startServer();
  try {
    const body = multipartBody([
      { name: 'uploader', value: 'Saldırgan' },
      { name: 'files', filename: 'v.webm', data: await readFile(clip) },
    ]);
    const bodyFile = path.join(server.dataDir, 'flood.bin');
    await writeFile(bodyFile, body.payload);
    const eventId = await server.createEvent();
    const before = await treeRssBytes(process.pid);
    const sampler = treeSampler();
    const statuses: number[] = [];
    const t = performance.now();
    for (let round = 0; round < 10; round++) {
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 3 }, () =>
            post(`${server.base}/api/events/${eventId}/upload`, bodyFile, body.headers['content-type']!),
          ),
        )),
      );
    }
    const uploadSeconds = (performance.now() - t) / 1000;
    await server.app.jobs.runUntilIdle();
    const peak = await sampler.stop();

    // Were such a clip stored by other means, its poster is still bounded (scaled first, capped, killed on time).
    const posterSampler = treeSampler();
    const p = performance.now();
    const poster = await extractPosterFrame(clip, path.join(server.dataDir, 'poster.png')).then(
      () => 'made',
      (error: Error) => `refused by its bounds (${error.message.slice(0, 60).replace(/\s+/g, ' ')}…)`,
    );
    const posterMs = performance.now() - p;
    const posterPeak = await posterSampler.stop();
    report('abuse: 30 uploads (3 at a time) of an 8192x8192, 30-frame clip', {
      'clip size (kB)': fmt((await stat(clip)).size / 1024, 0),
      statuses: [...new Set(statuses)]
        .map((s) => `${s} x${statuses.filter((x) => x === s).length}`)
        .join(', '),
      'RSS, server + children, before (MB)': fmt(before / MB),
      'peak RSS, server + children (MB)': fmt(peak / MB),
      'peak growth over before, the flood itself (MB)': `${fmt((peak - before) / MB)} (target < 512)`,
      'per upload, mean (ms)': fmt((uploadSeconds * 1000) / statuses.length, 0),
      'poster of the clip': poster,
      'poster time (ms) / peak RSS with child (MB)': `${fmt(posterMs, 0)} / ${fmt(posterPeak / MB)}`,
    });
  } finally {
    await server.close();
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

function invitationLatencySlot() {
  report('abuse: invitation latency during a media flood', {
    status:
      'not measured: media and WhatsApp jobs share one queue on this branch; measure here once they have their own',
  });
}

export async function run() {
  const only = process.env.ABUSE_BENCH?.split(',');
  const want = (name: string) => !only || only.includes(name);
  if (want('quota')) await quotaAttack();
  if (want('video')) await videoFlood();
  if (want('slow')) await slowClients();
  invitationLatencySlot();
}

if (import.meta.main) await run();
