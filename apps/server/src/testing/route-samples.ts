import sharp from 'sharp';
import type { TestApp } from './create-test-app.ts';
import { createActivatedUser } from './factories.ts';
import { addGuest, createWeddingHost, weddingBody, type TestWedding } from './wedding-factories.ts';

/** A valid request for every owner route, shared by the authorization matrix and the fuzzer. */

export type Fixture = {
  owner: TestWedding;
  other: TestWedding;
  photoName: string;
  /** The same photo's id: approving names items by id, and nothing found is a 404. */
  photoId: string;
  guestPhone: string;
  imagePng: Buffer;
};
export type Sample = {
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  multipart?: (f: Fixture) => { field: string; filename: string; content: Buffer };
  /** A route about the caller's own account or data answers other hosts 2xx — with their own data only. */
  callerScoped?: boolean;
  /** Runs after the others, in this order: it removes what they need. */
  destructive?: number;
  /** Guards itself instead of `requireUser` (the album ZIP also accepts a signed link). */
  ownGuard?: boolean;
};

export const samples: Record<string, Sample> = {
  'GET /api/users/me': { url: () => '/api/users/me', callerScoped: true },
  'POST /api/users/logout': { url: () => '/api/users/logout', callerScoped: true, destructive: 1 },
  'PUT /api/users/profile/:userId': {
    url: (f) => `/api/users/profile/${f.owner.user.userId}`,
    body: () => ({ phoneNumber: '05339998877' }),
  },
  'POST /api/users/me/export': { url: () => '/api/users/me/export', callerScoped: true },
  // Every factory host has the same password, so one body serves the owner and the stranger.
  'POST /api/users/me/deletion': {
    url: () => '/api/users/me/deletion',
    body: (f) => ({ password: f.owner.user.password }),
    callerScoped: true,
  },
  'DELETE /api/users/me/deletion': { url: () => '/api/users/me/deletion', callerScoped: true },
  'GET /api/events': { url: () => '/api/events', callerScoped: true },
  'POST /api/events': {
    url: () => '/api/events',
    body: () => ({ title: 'Kına Gecesi', eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
    callerScoped: true,
  },
  'POST /api/events/update': {
    url: () => '/api/events/update',
    body: (f) => ({ eventId: f.owner.eventId, canAddPhotos: true }),
  },
  'GET /api/events/:eventId': { url: (f) => `/api/events/${f.owner.eventId}` },
  'PUT /api/events/:eventId/cover': {
    url: (f) => `/api/events/${f.owner.eventId}/cover`,
    body: () => ({ coverImage: '/images/covers/cover-2.jpg' }),
  },
  'POST /api/events/:eventId/cover': {
    url: (f) => `/api/events/${f.owner.eventId}/cover`,
    multipart: (f) => ({ field: 'image', filename: 'kapak.png', content: f.imagePng }),
  },
  'DELETE /api/events/:eventId': { url: (f) => `/api/events/${f.owner.eventId}`, destructive: 9 },
  'GET /api/events/:eventId/photos': { url: (f) => `/api/events/${f.owner.eventId}/photos?page=1&limit=12` },
  'GET /api/events/:eventId/photo/:encodedFileName': {
    url: (f) => `/api/events/${f.owner.eventId}/photo/${f.photoName}`,
  },
  'DELETE /api/events/:eventId/photo': {
    url: (f) => `/api/events/${f.owner.eventId}/photo`,
    body: (f) => ({ photoIds: [f.photoName] }),
    destructive: 2,
  },
  'DELETE /api/events/:eventId/uploader': {
    url: (f) => `/api/events/${f.owner.eventId}/uploader`,
    body: () => ({ uploader: 'Ayşe' }),
    // Before the single-photo delete, which answers 200 (with notFound) once the photo is gone.
    destructive: 1.5,
  },
  'POST /api/events/:eventId/download-link': { url: (f) => `/api/events/${f.owner.eventId}/download-link` },
  'POST /api/events/:eventId/photos/approve': {
    url: (f) => `/api/events/${f.owner.eventId}/photos/approve`,
    body: (f) => ({ photoIds: [f.photoId] }),
  },
  'POST /api/events/:eventId/wall-link': { url: (f) => `/api/events/${f.owner.eventId}/wall-link` },
  // Stops the event's earlier wall links: a stranger's call must not, the owner's may.
  'POST /api/events/:eventId/wall-link/renew': {
    url: (f) => `/api/events/${f.owner.eventId}/wall-link/renew`,
  },
  // Also opened by a wall link (see live.routes.test.ts); the stream itself never ends, so it is tested there.
  'GET /api/events/:eventId/wall': { url: (f) => `/api/events/${f.owner.eventId}/wall`, ownGuard: true },
  'GET /api/events/:eventId/download': {
    url: (f) => `/api/events/${f.owner.eventId}/download`,
    ownGuard: true,
  },
  'POST /api/weddings/create': {
    url: () => '/api/weddings/create',
    body: (f) => weddingBody(f.owner.user.username, { title: 'İkinci Düğün' }),
  },
  'GET /api/weddings/info': {
    url: (f) => `/api/weddings/info?username=${encodeURIComponent(f.owner.user.username)}`,
  },
  'POST /api/weddings/upload-image': {
    url: (f) => `/api/weddings/upload-image?username=${encodeURIComponent(f.owner.user.username)}`,
    multipart: (f) => ({ field: 'image', filename: 'davetiye.png', content: f.imagePng }),
  },
  'GET /api/weddings/whatsapp-status': {
    url: (f) => `/api/weddings/whatsapp-status?weddingId=${f.owner.weddingId}`,
  },
  'POST /api/guests': {
    url: () => '/api/guests',
    body: (f) => ({
      weddingId: f.owner.weddingId,
      name: 'Yeni Misafir',
      phone: '05427776655',
      expectedGuestCount: 1,
    }),
  },
  'GET /api/guests': { url: (f) => `/api/guests?weddingId=${f.owner.weddingId}` },
  'GET /api/guests/export': { url: (f) => `/api/guests/export?weddingId=${f.owner.weddingId}` },
  'PUT /api/guests/:index': {
    url: () => '/api/guests/1',
    body: (f) => ({
      weddingId: f.owner.weddingId,
      name: 'Mehmet Yıldız',
      phone: f.guestPhone,
      guestCount: 2,
      status: 'katılacak',
    }),
  },
  'DELETE /api/guests': {
    url: () => '/api/guests',
    body: (f) => ({ weddingId: f.owner.weddingId, name: 'Mehmet Yıldız', phone: f.guestPhone }),
    destructive: 3,
  },
  'PATCH /api/guests/approval': {
    url: () => '/api/guests/approval',
    body: (f) => ({ weddingId: f.owner.weddingId, guestListApproved: true }),
    destructive: 4,
  },
  'GET /api/statistics': { url: (f) => `/api/statistics?weddingId=${f.owner.weddingId}` },
  'GET /api/webhook/conversations/:weddingId/:phone': {
    url: (f) => `/api/webhook/conversations/${f.owner.weddingId}/${encodeURIComponent(f.guestPhone)}`,
  },
};

export function multipartPayload(part: { field: string; filename: string; content: Buffer }) {
  const boundary = `----matrix${Date.now()}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), part.content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A host with a wedding, a guest and one uploaded photo; and a second host with a wedding of their own. */
export async function buildFixture(t: TestApp): Promise<Fixture> {
  const owner = await createWeddingHost(t);
  const other = await createWeddingHost(t, await createActivatedUser(t));
  const guest = await addGuest(t, owner);
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3355' } })
    .jpeg()
    .toBuffer();
  const boundary = '----guest';
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/events/${owner.eventId}/upload`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="uploader"\r\n\r\nAyşe\r\n`),
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  const [uploaded] = upload.json().uploaded as { id: string; key: string }[];
  const photoName = uploaded!.key.split('/').pop()!;
  const imagePng = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return { owner, other, photoName, photoId: uploaded!.id, guestPhone: guest.phone, imagePng };
}
