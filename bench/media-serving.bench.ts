// Signed media GETs, three ways, against nginx serving the very same bytes from disk (sendfile) in
// the same run, everything with one worker and measured by wrk on loopback:
//   - the app answering the file from memory (a small file many ask for: storage/hot-files.ts);
//   - the app streaming the file itself from disk (@fastify/send; MEDIA_CACHE_BYTES=0, and what
//     every file over the memory bound gets);
//   - nginx in front, the app checking the link and handing the file back with X-Accel-Redirect
//     (MEDIA_ACCEL_REDIRECT, docs/deploy.md).
// Skips (with a note) where nginx or wrk is not installed (Debian: nginx-light, wrk).
// The three take turns (MEDIA_ROUNDS rounds, default 3) so a busy shared machine slows each alike;
// each round's ratios are reported. Knobs: SERVE_SECONDS (8), MEDIA_ROUNDS (3).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import sharp from 'sharp';
import { fmt, percentile, report, startNginx, startServer } from './lib.ts';

const seconds = Number(process.env.SERVE_SECONDS ?? 8);
const rounds = Number(process.env.MEDIA_ROUNDS ?? 3);
const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
if (!has('/usr/sbin/nginx') || !has('wrk')) {
  console.log('\n== media serving: skipped (needs nginx and wrk: apt-get install nginx-light wrk)');
  process.exit(0);
}

// A typical phone photo's thumbnail-to-preview size range: about 250 kB.
const noise = Buffer.alloc(1200 * 900 * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 27;
const photo = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
  .jpeg({ quality: 85 })
  .toBuffer();

/** One uploaded photo on a fresh server; its signed URL (path and query) and key. */
async function serverWithPhoto(env: Record<string, string> = {}) {
  const server = await startServer({ env });
  const eventId = await server.createEvent('Sunum');
  const form = new FormData();
  form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
  form.append('uploader', 'Bench');
  const res = await fetch(`${server.base}/api/events/${eventId}/upload`, { method: 'POST', body: form });
  const key = ((await res.json()) as { uploaded: { key: string }[] }).uploaded[0]!.key;
  const item = (await (
    await fetch(`${server.base}/api/events/${eventId}/photo/${key.split('/').pop()}`, {
      headers: server.auth,
    })
  ).json()) as { photo: { url: string } };
  return { server, key, url: item.photo.url };
}

// Asynchronous on purpose: the apps under test run in this very process and must keep serving.
async function wrk(url: string) {
  const { stdout: out } = await promisify(execFile)('wrk', [
    '-t2',
    '-c32',
    `-d${seconds}s`,
    '--latency',
    url,
  ]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  // The latency distribution line, not a "…99%" column of the thread statistics above it.
  const p99 = /^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '?';
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p99, non2xx };
}

const direct = await serverWithPhoto();
const disk = await serverWithPhoto({ MEDIA_CACHE_BYTES: '0' });
const accel = await serverWithPhoto({ MEDIA_ACCEL_REDIRECT: '/_media/' });
// The internal location of docs/deploy.md: on X-Accel-Redirect nginx keeps only a few of the app's
// headers, so the security headers are passed on from the app's answer (two of them fixed).
const passedOn = [
  'strict-transport-security',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
];
const nginx = (await startNginx({
  http: `upstream app { server ${new URL(accel.server.base).host}; keepalive 32; }`,
  server: `location /api/ { proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection ""; }
    location /_media/ { internal; alias ${path.join(accel.server.dataDir, 'media')}/;
      add_header X-Content-Type-Options nosniff always; add_header Content-Security-Policy "default-src 'none'; sandbox" always;
      ${passedOn.map((name) => `add_header ${name} $upstream_http_${name.replaceAll('-', '_')} always;`).join(' ')} }
    location /plain/ { alias ${path.join(direct.server.dataDir, 'media')}/; }`,
}))!;
try {
  const viaNginx = `${nginx.base}${accel.url}`;
  const headerNames = async (url: string) =>
    new Set(
      (await promisify(execFile)('curl', ['-s', '-D', '-', '-o', '/dev/null', url])).stdout
        .toLowerCase()
        .split('\r\n')
        .map((line) => line.split(':')[0]!),
    );
  // Every header the app answers a file with (its own, not the connection's) must reach the browser.
  const fromApp = await headerNames(`${direct.server.base}${direct.url}`);
  const fromNginx = await headerNames(viaNginx);
  const expected = [...fromApp].filter(
    (name) => name && !/^(http\/|date|connection|keep-alive|last-modified|content-length)/.test(name),
  );
  const lost = expected.filter((name) => !fromNginx.has(name));
  const kept = `${expected.length - lost.length} of ${expected.length}${lost.length ? `; lost: ${lost.join(', ')}` : ''}`;
  type Result = Awaited<ReturnType<typeof wrk>>;
  type Round = { plain: Result; app: Result; fromDisk: Result; handedOff: Result };
  const runs: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const plain = await wrk(`${nginx.base}/plain/${direct.key}`);
    const app = await wrk(`${direct.server.base}${direct.url}`);
    const fromDisk = await wrk(`${disk.server.base}${disk.url}`);
    const handedOff = await wrk(viaNginx);
    runs.push({ plain, app, fromDisk, handedOff });
  }
  const line = (pick: (run: Round) => Result) =>
    `${runs.map((run) => fmt(pick(run).rps, 0)).join(', ')} req/s; p99 ${runs.map((run) => pick(run).p99).join(', ')}; errors ${runs.reduce((n, run) => n + pick(run).non2xx, 0)}`;
  const ratios = (pick: (run: Round) => Result) => {
    const values = runs.map((run) => pick(run).rps / run.plain.rps);
    return `${values.map((v) => fmt(v, 2)).join(', ')}; median ${fmt(percentile(values, 50), 2)} (goal >= 0.5)`;
  };
  report(
    `media serving: one ${fmt(photo.length / 1024, 0)} kB photo, 32 connections, ${seconds} s each, ${rounds} rounds`,
    {
      'nginx, same file (sendfile): baseline': line((run) => run.plain),
      'app, from memory (hot files)': line((run) => run.app),
      'ratio app from memory / nginx, per round': ratios((run) => run.app),
      'app streams it from disk (@fastify/send)': line((run) => run.fromDisk),
      'ratio app from disk / nginx, per round': ratios((run) => run.fromDisk),
      'nginx + app check, X-Accel-Redirect': line((run) => run.handedOff),
      'ratio X-Accel-Redirect / nginx, per round': ratios((run) => run.handedOff),
      'app headers kept through nginx': kept,
    },
  );
} finally {
  await nginx.stop();
  await direct.server.close();
  await disk.server.close();
  await accel.server.close();
}
