// Signed media GETs through the app vs. nginx serving the very same file from disk, in the same
// run, both with one worker and measured by wrk on loopback. Skips (with a note) where nginx or
// wrk is not installed (Debian: nginx-light, wrk). Knob: SERVE_SECONDS (8).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { fmt, report, startServer } from './lib.ts';

const seconds = Number(process.env.SERVE_SECONDS ?? 8);
const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const nginxBin = ['/usr/sbin/nginx', 'nginx'].find((b) => has(b));
if (!nginxBin || !has('wrk')) {
  console.log('\n== media serving: skipped (needs nginx and wrk: apt-get install nginx-light wrk)');
  process.exit(0);
}

const server = await startServer();
const eventId = await server.createEvent('Sunum');
// A typical phone photo's thumbnail-to-preview size range: about 250 kB.
const noise = Buffer.alloc(1200 * 900 * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 27;
const photo = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
const form = new FormData();
form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
form.append('uploader', 'Bench');
const uploaded = (await (await fetch(`${server.base}/api/events/${eventId}/upload`, { method: 'POST', body: form })).json()) as {
  uploaded: { key: string }[];
};
const key = uploaded.uploaded[0]!.key;
const item = (await (
  await fetch(`${server.base}/api/events/${eventId}/photo/${key.split('/').pop()}`, { headers: server.auth })
).json()) as { photo: { url: string } };
const signedUrl = `${server.base}${item.photo.url}`;

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address() as { port: number };
    probe.close(() => resolve(p));
  });
});
const nginxDir = await mkdtemp(path.join(tmpdir(), 'ani-nginx-'));
await writeFile(
  path.join(nginxDir, 'nginx.conf'),
  `daemon off; user root; worker_processes 1; pid ${nginxDir}/nginx.pid; error_log ${nginxDir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; types { image/jpeg jpg; }
  client_body_temp_path ${nginxDir}; proxy_temp_path ${nginxDir}; fastcgi_temp_path ${nginxDir}; uwsgi_temp_path ${nginxDir}; scgi_temp_path ${nginxDir};
  server { listen 127.0.0.1:${port}; root ${path.join(server.dataDir, 'media')}; } }`,
);
const nginx = spawn(nginxBin, ['-c', path.join(nginxDir, 'nginx.conf'), '-p', nginxDir], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 500));

// Asynchronous on purpose: the app under test runs in this very process and must keep serving.
async function wrk(url: string) {
  const { stdout: out } = await promisify(execFile)('wrk', ['-t2', '-c32', `-d${seconds}s`, '--latency', url]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /99%\s+(\S+)/.exec(out)?.[1] ?? '?';
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p99, non2xx };
}

try {
  const app = await wrk(signedUrl);
  const plain = await wrk(`http://127.0.0.1:${port}/${key}`);
  report(`media serving: one ${fmt(photo.length / 1024, 0)} kB photo, 32 connections, ${seconds} s each`, {
    'app, signed URL (HMAC check + stream)': `${fmt(app.rps, 0)} req/s, p99 ${app.p99}, errors ${app.non2xx}`,
    'nginx, same file (sendfile)': `${fmt(plain.rps, 0)} req/s, p99 ${plain.p99}, errors ${plain.non2xx}`,
    'ratio app / nginx': fmt(app.rps / plain.rps, 2),
  });
} finally {
  nginx.kill('SIGTERM');
  await rm(nginxDir, { recursive: true, force: true });
  await server.close();
}
