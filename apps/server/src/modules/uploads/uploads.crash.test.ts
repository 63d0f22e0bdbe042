import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tusChunkBytes } from '@ani/contract/uploads';
import { restartableServer } from '../../testing/restartable-server.ts';
import { paddedPhoto } from '../../testing/tus-guests.ts';

/**
 * The server is killed (SIGKILL) in the middle of a tus chunk and started again on the same data:
 * everything it acknowledged is still there, HEAD says where to go on, and the file completes.
 */

const proc = restartableServer('ani-tus-crash-');
const tus = { 'tus-resumable': '1.0.0' };
const MB = 1024 * 1024;

function patch(location: string, offset: number, data: Buffer) {
  return fetch(`${proc.server.base}${location}`, {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: data,
  });
}

describe('a crash in the middle of a chunk', () => {
  it('loses nothing acknowledged: after the restart HEAD gives the offset and the upload completes', async () => {
    const photo = await paddedPhoto(20 * MB);
    const submitted = await fetch(`${proc.server.base}/api/events/${proc.eventId}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        uploader: 'Ayşe',
        files: [{ name: 'a.jpg', size: photo.length, type: 'image/jpeg' }],
      }),
    });
    expect(submitted.status).toBe(201);
    const { submissionId } = (await submitted.json()) as { submissionId: string };
    const created = await fetch(`${proc.server.base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(photo.length),
        'upload-metadata': `submissionId ${Buffer.from(submissionId).toString('base64')},filename ${Buffer.from('a.jpg').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const first = await patch(location, 0, photo.subarray(0, tusChunkBytes));
    expect(first.status).toBe(204);
    const acknowledged = Number(first.headers.get('upload-offset'));
    expect(acknowledged).toBe(tusChunkBytes);

    // The second chunk is on its way (half of it sent) when the process dies.
    const half = tusChunkBytes / 2;
    const cut = new Promise<void>((resolve) => {
      const req = httpRequest(`${proc.server.base}${location}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(acknowledged),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(tusChunkBytes),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(photo.subarray(acknowledged, acknowledged + half), async () => {
        // Let the server take in what was sent, then kill it mid-request.
        await new Promise((r) => setTimeout(r, 300));
        await proc.server.kill('SIGKILL');
      });
    });
    await cut;
    await proc.start();

    const head = await fetch(`${proc.server.base}${location}`, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(acknowledged);
    expect(offset).toBeLessThanOrEqual(acknowledged + half);
    let at = offset;
    let last: Response | undefined;
    while (at < photo.length) {
      last = await patch(location, at, photo.subarray(at, at + tusChunkBytes));
      expect(last.status).toBe(204);
      at = Number(last.headers.get('upload-offset'));
    }
    expect(last!.headers.get('upload-outcome')).toBe('accepted');

    const album = await fetch(`${proc.server.base}/api/events/${proc.eventId}/photos?page=1&limit=10`, {
      headers: { authorization: `Bearer ${proc.token}` },
    });
    const { photos } = (await album.json()) as { photos: { key: string }[] };
    expect(photos).toHaveLength(1);
    const stored = await readFile(path.join(proc.dataDir, 'media', photos[0]!.key));
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(stored)).toBe(sha(photo));
  }, 120_000);
});
