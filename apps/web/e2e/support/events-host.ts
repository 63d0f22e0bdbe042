import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { api, type Host } from './host';

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
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=15',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    video,
  ]);
  return { photos, video, dir };
}
