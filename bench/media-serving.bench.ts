// Signed media GETs, three ways, against nginx serving the very same bytes from disk (sendfile) in
// the same run, everything with one worker and measured by wrk on loopback:
//   - the app streaming the file itself (@fastify/send);
//   - nginx in front, the app checking the link and handing the file back with X-Accel-Redirect
//     (MEDIA_ACCEL_REDIRECT, docs/deploy.md).
// Skips (with a note) where nginx or wrk is not installed (Debian: nginx-light, wrk).
// Knob: SERVE_SECONDS (8).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import sharp from 'sharp';
import { fmt, report, startNginx, startServer } from './lib.ts';

const seconds = Number(process.env.SERVE_SECONDS ?? 8);
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
  const p99 = /99%\s+(\S+)/.exec(out)?.[1] ?? '?';
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p99, non2xx };
}

const direct = await serverWithPhoto();
const accel = await serverWithPhoto({ MEDIA_ACCEL_REDIRECT: '/_media/' });
const nginx = (await startNginx({
  http: `upstream app { server ${new URL(accel.server.base).host}; keepalive 32; }`,
  server: `location /api/ { proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection ""; }
    location /_media/ { internal; alias ${path.join(accel.server.dataDir, 'media')}/;
      add_header X-Content-Type-Options nosniff always; add_header Content-Security-Policy "default-src 'none'; sandbox" always; }
    location /plain/ { alias ${path.join(direct.server.dataDir, 'media')}/; }`,
}))!;
try {
  const viaNginx = `${nginx.base}${accel.url}`;
  const head = (
    await promisify(execFile)('curl', ['-s', '-D', '-', '-o', '/dev/null', viaNginx])
  ).stdout.toLowerCase();
  const kept = [
    'content-type: image/jpeg',
    'cache-control: private',
    'x-content-type-options: nosniff',
    'content-security-policy',
    'etag',
  ]
    .filter((h) => head.includes(h))
    .map((h) => h.split(':')[0])
    .join(', ');
  const app = await wrk(`${direct.server.base}${direct.url}`);
  const handedOff = await wrk(viaNginx);
  const plain = await wrk(`${nginx.base}/plain/${direct.key}`);
  report(`media serving: one ${fmt(photo.length / 1024, 0)} kB photo, 32 connections, ${seconds} s each`, {
    'nginx, same file (sendfile): baseline': `${fmt(plain.rps, 0)} req/s, p99 ${plain.p99}, errors ${plain.non2xx}`,
    'app streams it (@fastify/send)': `${fmt(app.rps, 0)} req/s, p99 ${app.p99}, errors ${app.non2xx}`,
    'ratio app / nginx': `${fmt(app.rps / plain.rps, 2)} (goal >= 0.5)`,
    'nginx + app check, X-Accel-Redirect': `${fmt(handedOff.rps, 0)} req/s, p99 ${handedOff.p99}, errors ${handedOff.non2xx}`,
    'ratio X-Accel-Redirect / nginx': `${fmt(handedOff.rps / plain.rps, 2)} (goal >= 0.5)`,
    'headers kept through nginx': kept,
  });
} finally {
  await nginx.stop();
  await direct.server.close();
  await accel.server.close();
}
