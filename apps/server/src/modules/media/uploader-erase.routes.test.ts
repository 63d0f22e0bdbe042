// A guest's erasure request (DELETE /api/events/:id/uploader) against photos two guests sent: the
// erased name must not linger as a co-uploader of another guest's item, from where a later
// hand-over would bring its name and note back into the album.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';
import { paddedPhoto, uploadAsGuest } from '../../testing/tus-guests.ts';

let t: TestApp;
let owner: TestUser;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createActivatedUser(t);
  // Guests send duplicates over tus with the real client, which needs a listening server.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function newEvent(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner.token),
    payload: { title: 'Yasemin & Kerem Düğünü', eventDate: new Date().toISOString() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().event.id;
}

const send = (eventId: string, name: string, files: Buffer[], note?: string) =>
  uploadAsGuest({ apiBase: base, uploadBase: base, eventId, name, note, files });

const erase = (eventId: string, uploader: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/events/${eventId}/uploader`,
    headers: bearer(owner.token),
    payload: { uploader },
  });

/** A guest takes one of their own uploads back from "my uploads". */
const takeBack = (eventId: string, id: string, guestToken: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/events/${eventId}/my-uploads/${id}`,
    headers: { 'x-guest-token': guestToken },
  });

async function myUploads(eventId: string, guestToken: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/my-uploads`,
    headers: { 'x-guest-token': guestToken },
  });
  return res.json().uploads as { id: string; sentByOthersToo: boolean }[];
}

/** The album as the host sees it: each item with the name and note shown under it. */
async function album(eventId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/photos?limit=100`,
    headers: bearer(owner.token),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    photos: { id: string; metadata: { uploader: string | null; note: string | null } }[];
    photoCount: number;
  };
  return body.photos.map((p) => ({ id: p.id, uploader: p.metadata.uploader, note: p.metadata.note }));
}

describe('DELETE /api/events/:id/uploader and photos two guests sent', () => {
  it("erases the name's copy of another guest's photo too: taking that photo back later never shows the erased name", async () => {
    const eventId = await newEvent();
    const [shared, xeniasOwn] = await Promise.all([paddedPhoto(20_000), paddedPhoto(21_000)]);
    const yasemin = await send(eventId, 'Yasemin', [shared], 'Yasemin notu');
    const xenia = await send(eventId, 'Xenia Gizli', [shared, xeniasOwn], 'Xenia özel notu');
    expect([yasemin.outcomes, xenia.outcomes]).toEqual([['accepted'], ['duplicate', 'accepted']]);
    const [sharedItem] = await myUploads(eventId, yasemin.guestToken);
    const [xeniaItem] = await myUploads(eventId, xenia.guestToken);
    expect(sharedItem).toMatchObject({ sentByOthersToo: true });

    const res = await erase(eventId, 'Xenia Gizli');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: messages.media.deletedOne,
      deleted: [xeniaItem!.id],
      notFound: [],
      currentPhotoCount: 1,
    });
    // The shared photo stays, as Yasemin's, and nothing of Xenia is left to pass it to.
    expect(await album(eventId)).toEqual([{ id: sharedItem!.id, uploader: 'Yasemin', note: 'Yasemin notu' }]);
    // Yasemin is no longer told that someone else sent it too.
    expect(await myUploads(eventId, yasemin.guestToken)).toMatchObject([
      { id: sharedItem!.id, sentByOthersToo: false },
    ]);

    // Yasemin takes it back: nobody else gave it any more, so it leaves the album.
    const taken = await takeBack(eventId, sharedItem!.id, yasemin.guestToken);
    expect(taken.json()).toEqual({ success: true, message: messages.myUploads.deleted });
    expect(await album(eventId)).toEqual([]);
    // Erased once, the name is nowhere in the album any more.
    expect([(await erase(eventId, 'Xenia Gizli')).statusCode]).toEqual([404]);
  });

  it("erases a guest whose only uploads were copies, and keeps every other guest's copy: the photo then passes to them", async () => {
    const [eventId, otherEvent] = await Promise.all([newEvent(), newEvent()]);
    const shared = await paddedPhoto(22_000);
    const yasemin = await send(eventId, 'Yasemin', [shared], 'Yasemin notu');
    expect((await send(eventId, 'Xenia Gizli', [shared], 'Xenia özel notu')).outcomes).toEqual(['duplicate']);
    const zehra = await send(eventId, 'Zehra', [shared], 'Zehra notu');
    expect(zehra.outcomes).toEqual(['duplicate']);
    // The same name in another album is another erasure's business.
    const elsewhere = await send(otherEvent, 'Yasemin', [shared]);
    expect((await send(otherEvent, 'Xenia Gizli', [shared], 'Başka düğün')).outcomes).toEqual(['duplicate']);
    const [sharedItem] = await myUploads(eventId, yasemin.guestToken);

    const res = await erase(eventId, 'Xenia Gizli');
    expect(res.statusCode).toBe(200);
    // Nothing left the album: its count stays and the host's grid keeps every item.
    expect(res.json()).toMatchObject({
      success: true,
      message: messages.media.uploaderCopiesErased,
      deleted: [],
      notFound: [],
      currentPhotoCount: 1,
    });
    expect(await album(eventId)).toEqual([{ id: sharedItem!.id, uploader: 'Yasemin', note: 'Yasemin notu' }]);

    // Xenia sent it before Zehra, but only Zehra's copy is left: the photo passes to her.
    const taken = await takeBack(eventId, sharedItem!.id, yasemin.guestToken);
    expect(taken.json()).toEqual({ success: true, message: messages.myUploads.handedOver });
    expect(await album(eventId)).toEqual([{ id: sharedItem!.id, uploader: 'Zehra', note: 'Zehra notu' }]);

    // The other album still knows Xenia gave its photo.
    const [otherItem] = await myUploads(otherEvent, elsewhere.guestToken);
    expect((await takeBack(otherEvent, otherItem!.id, elsewhere.guestToken)).json()).toEqual({
      success: true,
      message: messages.myUploads.handedOver,
    });
    expect(await album(otherEvent)).toEqual([
      { id: otherItem!.id, uploader: 'Xenia Gizli', note: 'Başka düğün' },
    ]);
  });
});
