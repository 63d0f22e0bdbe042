import type { Guest } from '@ani/contract/guests';
import type { TestApp } from './create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from './factories.ts';

export type TestWedding = { user: TestUser; weddingId: string; eventId: string };

/** The dashboard's create form body (LCV fields plus the event title). */
export function weddingBody(username: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username,
    title: 'Elif & Can Düğünü',
    venueName: 'Çırağan Sarayı',
    venueLocation: 'https://maps.google.com/?q=Ciragan',
    brideName: 'Elif',
    brideSurname: 'Şahin',
    groomName: 'Can',
    groomSurname: 'Öztürk',
    weddingDate: '2027-06-12',
    weddingTime: '19:30',
    capacity: '',
    ...over,
  };
}

/** A host with a wedding, made through the API as the dashboard does. */
export async function createWeddingHost(
  t: Pick<TestApp, 'app' | 'outbox'>,
  user?: TestUser,
): Promise<TestWedding> {
  const host = user ?? (await createActivatedUser(t));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/weddings/create',
    headers: bearer(host.token),
    payload: weddingBody(host.username),
  });
  if (res.statusCode !== 201) throw new Error(`wedding create failed: ${res.body}`);
  const body = res.json<{ weddingId: string; eventId: string }>();
  return { user: host, weddingId: body.weddingId, eventId: body.eventId };
}

let phoneCounter = 0;
/** A distinct valid Turkish mobile number per call, in a spelling people type. */
export function nextPhone(): string {
  phoneCounter += 1;
  const n = String(1_000_000 + ((process.pid * 7919 + phoneCounter) % 9_000_000)).padStart(7, '0');
  return `0532 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)}`;
}

export async function addGuest(
  t: Pick<TestApp, 'app'>,
  w: TestWedding,
  over: Record<string, unknown> = {},
): Promise<Guest> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/guests',
    headers: bearer(w.user.token),
    payload: {
      weddingId: w.weddingId,
      name: 'Mehmet Yıldız',
      phone: nextPhone(),
      expectedGuestCount: 2,
      status: 'belirsiz',
      ...over,
    },
  });
  if (res.statusCode !== 201) throw new Error(`add guest failed: ${res.body}`);
  return res.json().guest;
}

/** A multipart/form-data body with one file part. */
export function multipartFile(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----anikutusu${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}
