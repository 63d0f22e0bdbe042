import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../testing/factories.ts';
import { addGuest, createWeddingHost, weddingBody, type TestWedding } from '../testing/wedding-factories.ts';

/**
 * Every owner route × every kind of caller, generated from the app's own route table: a new owner
 * route without an entry below fails this test, so nobody can add one without deciding who may call it.
 */

type Fixture = { owner: TestWedding; other: TestWedding; photoName: string; guestPhone: string; imagePng: Buffer };
type Sample = {
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

const samples: Record<string, Sample> = {
  'GET /api/users/me': { url: () => '/api/users/me', callerScoped: true },
  'POST /api/users/logout': { url: () => '/api/users/logout', callerScoped: true, destructive: 1 },
  'PUT /api/users/profile/:userId': {
    url: (f) => `/api/users/profile/${f.owner.user.userId}`,
    body: () => ({ phoneNumber: '05339998877' }),
  },
  'GET /api/events': { url: () => '/api/events', callerScoped: true },
  'POST /api/events': {
    url: () => '/api/events',
    body: () => ({ title: 'Kına Gecesi', eventDate: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
    callerScoped: true,
  },
  'POST /api/events/update': { url: () => '/api/events/update', body: (f) => ({ eventId: f.owner.eventId, canAddPhotos: true }) },
  'GET /api/events/:eventId': { url: (f) => `/api/events/${f.owner.eventId}` },
  'DELETE /api/events/:eventId': { url: (f) => `/api/events/${f.owner.eventId}`, destructive: 9 },
  'GET /api/events/:eventId/photos': { url: (f) => `/api/events/${f.owner.eventId}/photos?page=1&limit=12` },
  'GET /api/events/:eventId/photo/:encodedFileName': { url: (f) => `/api/events/${f.owner.eventId}/photo/${f.photoName}` },
  'DELETE /api/events/:eventId/photo': {
    url: (f) => `/api/events/${f.owner.eventId}/photo`,
    body: (f) => ({ photoIds: [f.photoName] }),
    destructive: 2,
  },
  'POST /api/events/:eventId/download-link': { url: (f) => `/api/events/${f.owner.eventId}/download-link` },
  'GET /api/events/:eventId/download': { url: (f) => `/api/events/${f.owner.eventId}/download`, ownGuard: true },
  'POST /api/weddings/create': {
    url: () => '/api/weddings/create',
    body: (f) => weddingBody(f.owner.user.username, { title: 'İkinci Düğün' }),
  },
  'GET /api/weddings/info': { url: (f) => `/api/weddings/info?username=${encodeURIComponent(f.owner.user.username)}` },
  'POST /api/weddings/upload-image': {
    url: (f) => `/api/weddings/upload-image?username=${encodeURIComponent(f.owner.user.username)}`,
    multipart: (f) => ({ field: 'image', filename: 'davetiye.png', content: f.imagePng }),
  },
  'GET /api/weddings/whatsapp-status': { url: (f) => `/api/weddings/whatsapp-status?weddingId=${f.owner.weddingId}` },
  'POST /api/guests': {
    url: () => '/api/guests',
    body: (f) => ({ weddingId: f.owner.weddingId, name: 'Yeni Misafir', phone: '05427776655', expectedGuestCount: 1 }),
  },
  'GET /api/guests': { url: (f) => `/api/guests?weddingId=${f.owner.weddingId}` },
  'GET /api/guests/export': { url: (f) => `/api/guests/export?weddingId=${f.owner.weddingId}` },
  'PUT /api/guests/:index': {
    url: () => '/api/guests/1',
    body: (f) => ({ weddingId: f.owner.weddingId, name: 'Mehmet Yıldız', phone: f.guestPhone, guestCount: 2, status: 'katılacak' }),
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

function multipartPayload(part: { field: string; filename: string; content: Buffer }) {
  const boundary = `----matrix${Date.now()}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), part.content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TestApp;
let f: Fixture;
const tokens: Record<string, string> = {};

async function freshToken(user: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: user.email, password: user.password },
  });
  return res.json().token;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createWeddingHost(t);
  const other = await createWeddingHost(t, await createActivatedUser(t));
  const guest = await addGuest(t, owner);
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3355' } }).jpeg().toBuffer();
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/events/${owner.eventId}/upload`,
    ...(() => {
      const boundary = '----guest';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="uploader"\r\n\r\nAyşe\r\n`),
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    })(),
  });
  const photoName = String(upload.json().uploaded[0].key).split('/').pop()!;
  const imagePng = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } }).png().toBuffer();
  f = { owner, other, photoName, guestPhone: guest.phone, imagePng };

  tokens.revoked = await freshToken(owner.user);
  await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(tokens.revoked) });
  tokens.expired = await freshToken(owner.user);
  const expiredHash = createHash('sha256').update(tokens.expired).digest('hex');
  await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, expiredHash));
  const flip = owner.user.token.endsWith('A') ? 'B' : 'A';
  tokens.tampered = owner.user.token.slice(0, -1) + flip;
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('has a sample for every owner route, and no owner route is left unguarded', () => {
    const ownerRoutes = t.app.routeTable.filter((r) => r.ownerOnly).map((r) => `${r.method} /api${r.url.replace(/^\/api/, '')}`);
    expect(ownerRoutes.length).toBeGreaterThan(20);
    expect(ownerRoutes.filter((r) => !samples[r]), 'owner routes without a matrix entry').toEqual([]);
    const unguarded = Object.keys(samples).filter((k) => !ownerRoutes.includes(k) && !samples[k]!.ownGuard);
    expect(unguarded, 'matrix entries whose route does not require sign-in').toEqual([]);
  });

  const ordered = Object.entries(samples).sort(([, a], [, b]) => (a.destructive ?? 0) - (b.destructive ?? 0));
  const send = (key: string, sample: Sample, token: string | undefined) => {
    const [method] = key.split(' ');
    const headers: Record<string, string> = token ? bearer(token) : {};
    if (sample.multipart) {
      const mp = multipartPayload(sample.multipart(f));
      return t.app.inject({ method: method as 'POST', url: sample.url(f), payload: mp.payload, headers: { ...headers, ...mp.headers } });
    }
    return t.app.inject({ method: method as 'GET', url: sample.url(f), headers, payload: sample.body?.(f) as object | undefined });
  };

  it.each(ordered)('%s', async (key, sample) => {
    for (const caller of ['anonymous', 'revoked', 'expired', 'tampered'] as const) {
      const res = await send(key, sample, caller === 'anonymous' ? undefined : tokens[caller]);
      expect(res.statusCode, `${caller}: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    }

    // Logging out spends the token it is called with.
    const isLogout = key === 'POST /api/users/logout';
    const stranger = await send(key, sample, isLogout ? await freshToken(f.other.user) : f.other.user.token);
    if (sample.callerScoped) {
      expect(stranger.statusCode, `other host: ${stranger.body}`).toBeLessThan(300);
    } else {
      expect([403, 404], `other host: ${stranger.body}`).toContain(stranger.statusCode);
    }
    // Nothing of the owner's reaches a stranger: no ids, no file names, no phone numbers.
    for (const secret of [f.owner.eventId, f.owner.weddingId, f.photoName, f.guestPhone, f.owner.user.email]) {
      expect(stranger.body).not.toContain(secret);
    }

    const ownerToken = isLogout ? await freshToken(f.owner.user) : f.owner.user.token;
    const own = await send(key, sample, ownerToken);
    expect(own.statusCode, `owner: ${own.body}`).toBeGreaterThanOrEqual(200);
    expect(own.statusCode, `owner: ${own.body}`).toBeLessThan(300);
  });
});
