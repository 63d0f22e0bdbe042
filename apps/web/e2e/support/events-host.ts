import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BrowserContext } from 'playwright-core';
import { findLink, waitForMail } from './outbox';

export interface Host {
  token: string;
  user: { userId: string; username: string; email: string };
}

async function api<T>(baseURL: string, pathName: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body && typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${baseURL}/api${pathName}`, { ...init, headers });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A registered, activated and signed-in host, made through the real API and the e-mail outbox (the UI
 * path is covered by host-account.e2e.test.ts; these journeys are about events and albums).
 */
export async function createHost(baseURL: string, dataDir: string, name = 'Ayşe Yılmaz'): Promise<Host> {
  const email = `host.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Gelin2026';
  await api(baseURL, '/users/register', {
    method: 'POST',
    body: JSON.stringify({ username: name, email, password, phoneNumber: '05321234567' }),
  });
  const link = findLink(await waitForMail(dataDir, email), '/api/users/activate?token=');
  await fetch(link.replace(/^https?:\/\/[^/]+/, baseURL), { redirect: 'manual' });
  const login = await api<{ token: string; userId: string; username: string; email: string }>(baseURL, '/users/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { token: login.token, user: { userId: login.userId, username: login.username, email: login.email } };
}

/** Signs the browser context in the way the login dialog does (session storage of each new page). */
export async function signIn(context: BrowserContext, host: Host): Promise<void> {
  await context.addInitScript(
    ([token, user]) => {
      if (!window.sessionStorage.getItem('token')) {
        window.sessionStorage.setItem('token', token);
        window.sessionStorage.setItem('user', user);
      }
    },
    [host.token, JSON.stringify(host.user)] as const,
  );
}

export async function createEventViaApi(baseURL: string, host: Host, title: string): Promise<{ id: string }> {
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const body = await api<{ event: { id: string } }>(baseURL, '/events', {
    method: 'POST',
    token: host.token,
    body: JSON.stringify({ title, eventDate: `${date}T12:00:00.000Z` }),
  });
  return body.event;
}

/** Real media for the guest: JPEGs drawn with sharp and a short H.264 MP4 made by Debian's ffmpeg. */
export async function makeMedia(): Promise<{ photos: string[]; video: string; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ani-media-'));
  const colours = ['#c22448', '#c59a4b', '#3f7d6b'];
  const photos: string[] = [];
  for (const [i, colour] of colours.entries()) {
    const file = path.join(dir, `dugun-${i + 1}.jpg`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${colour}"/><circle cx="600" cy="450" r="${200 + i * 60}" fill="#fff" opacity="0.6"/></svg>`;
    writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
    photos.push(file);
  }
  const video = path.join(dir, 'ilk-dans.mp4');
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=15',
    '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-movflags', '+faststart', video,
  ]);
  return { photos, video, dir };
}
