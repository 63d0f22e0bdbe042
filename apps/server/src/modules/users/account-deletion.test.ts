import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, rateLimitedFor } from '@ani/contract/messages';
import {
  jobs,
  media,
  weddings,
  whatsappMessages,
  whatsappStatusEvents,
  users,
} from '../../db/schema/index.ts';
import type { Storage } from '../../storage/storage.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { filesUnder } from '../../testing/files-under.ts';
import { bearer, createActivatedUser, lastLinkTo } from '../../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { startS3Server } from '../../testing/s3-server.ts';
import {
  addGuest,
  createWeddingHost,
  multipartFile,
  type TestWedding,
} from '../../testing/wedding-factories.ts';
import { multipartBody } from '../../testing/multipart-body.ts';
import { defaultAuthLimits } from './users.service.ts';

const a = messages.auth;
const DAY = 24 * 60 * 60 * 1000;

type Backend = { storage?: Storage; storeDir: (t: TestApp) => string; stop: () => Promise<void> };
const backends: Record<string, () => Promise<Backend>> = {
  'local disk': async () => ({ storeDir: (t) => path.join(t.config.dataDir, 'media'), stop: async () => {} }),
  's3 (s3rver)': async () => {
    const s3 = await startS3Server();
    const storage = s3.storage();
    return { storage, storeDir: () => s3.directory, stop: s3.stop };
  },
};

describe.each(Object.keys(backends))('account deletion (%s)', (backendName) => {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let t: TestApp;
  let backend: Backend;
  let f: MediaFixtures;

  beforeAll(async () => {
    backend = await backends[backendName]!();
    [t, f] = await Promise.all([createTestApp({ clock, storage: backend.storage }), mediaFixtures()]);
  });
  afterAll(async () => {
    await t.close();
    await backend.stop();
  });

  /** A host with everything the service can hold: wedding, guests, album, invitation image, WhatsApp. */
  async function populatedHost(): Promise<TestWedding & { guestPhones: string[] }> {
    const w = await createWeddingHost(t);
    const guests = [
      await addGuest(t, w, { name: 'Ayla Kaya' }),
      await addGuest(t, w, { name: 'Barış Demir' }),
    ];
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c08080' } })
      .jpeg()
      .toBuffer();
    const body = multipartFile('image', 'davetiye.jpg', 'image/jpeg', image);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/weddings/upload-image?username=${encodeURIComponent(w.user.username)}`,
      headers: { ...bearer(w.user.token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const album = await t.app.inject({
      method: 'POST',
      url: `/api/events/${w.eventId}/upload`,
      ...multipartBody([
        { name: 'uploader', value: 'Zeynep Ak' },
        { name: 'note', value: 'Çok güzeldi' },
        { name: 'files', filename: 'a.jpg', data: await readFile(f.jpeg) },
      ]),
    });
    expect(album.statusCode).toBe(200);
    // A custom cover made from the album photo: its files go with the account.
    const cover = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${w.eventId}/cover`,
      headers: bearer(w.user.token),
      payload: { photoId: album.json().uploaded[0].id },
    });
    expect(cover.statusCode, cover.body).toBe(200);
    const approved = await t.app.inject({
      method: 'PATCH',
      url: '/api/guests/approval',
      headers: bearer(w.user.token),
      payload: { weddingId: w.weddingId, guestListApproved: true },
    });
    expect(approved.statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    // A delivery report, as the webhook records it: keyed by the provider's id only.
    const [message] = await t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.weddingId, w.weddingId));
    const providerId = `wamid.${w.weddingId}`;
    await t.db
      .update(whatsappMessages)
      .set({ providerMessageId: providerId })
      .where(eq(whatsappMessages.id, message!.id));
    await t.db.insert(whatsappStatusEvents).values({
      id: `se-${w.weddingId}`,
      providerMessageId: providerId,
      status: 'sent',
      occurredAt: new Date(),
    });
    return { ...w, guestPhones: guests.map((g) => g.phone) };
  }

  /** Every row of every table, as text: what the database still holds. */
  async function everyRow(): Promise<string> {
    const tables = await t.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows;
    expect(names.map((n) => n.table_name)).toEqual(
      expect.arrayContaining(['users', 'events', 'media', 'guests', 'jobs']),
    );
    const dumps: string[] = [];
    for (const { table_name } of names) {
      const result = await t.db.execute(
        sql`select row_to_json(x)::text as row from ${sql.identifier(table_name)} x`,
      );
      const rows = (result as unknown as { rows: { row: string }[] }).rows;
      dumps.push(...rows.map((r) => `${table_name}: ${r.row}`));
    }
    return dumps.join('\n');
  }

  const post = (url: string, token: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as never });
  const follow = (link: string) => {
    const u = new URL(link);
    return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };

  it('asks for the password, confirms by e-mail, ends sessions, can be cancelled, then deletes everything after 7 days', async () => {
    const host = await populatedHost();
    const bystander = await populatedHost();
    // A data archive in the store: it goes with the account too.
    expect((await post('/api/users/me/export', host.user.token)).statusCode).toBe(202);
    await t.app.jobs.runUntilIdle();
    expect(t.outbox.at(-1)!.subject).toBe('Kişisel veri arşiviniz hazır');
    const stored = await filesUnder(backend.storeDir(t));
    expect(stored.length).toBeGreaterThan(0);

    // Wrong password: refused, nothing mailed.
    const mailed = t.outbox.length;
    const wrong = await post('/api/users/me/deletion', host.user.token, { password: 'Yanlis123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(a.passwordWrong);
    expect(t.outbox).toHaveLength(mailed);
    // A stranger cannot ask for anyone's deletion.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/me/deletion', payload: { password: 'x' } }))
        .statusCode,
    ).toBe(401);

    const asked = await post('/api/users/me/deletion', host.user.token, { password: host.user.password });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(a.deletionRequested);
    // Asking alone changes nothing: the session still works.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(host.user.token) }))
        .statusCode,
    ).toBe(200);

    const link = lastLinkTo(t.outbox, host.user.email);
    const confirmed = await follow(link);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/?hesap=deletion-scheduled');
    // Opened again, the link says it is spent and where a new one comes from, not the activation text.
    expect((await follow(link)).headers.location).toBe('/?hesap=profile-link-invalid');
    expect(t.outbox.at(-1)!.subject).toMatch(/tarihinde silinecek$/);
    // Sessions end at once.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(host.user.token) }))
        .statusCode,
    ).toBe(401);

    // Signing in again during the grace period shows the date; cancelling keeps the account.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: host.user.email, password: host.user.password },
    });
    const token = login.json().token as string;
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json()
      .user;
    expect(new Date(me.deletionScheduledAt).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/deletion',
      headers: bearer(token),
    });
    expect(cancel.json()).toMatchObject({ success: true, message: a.deletionCancelled });
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me/deletion',
      headers: bearer(token),
    });
    expect(again.json()).toMatchObject({ success: true, message: a.deletionNotScheduled });
    offset = 8 * DAY;
    await t.app.jobs.runUntilIdle();
    expect(await t.db.select().from(users).where(eq(users.id, host.user.userId))).toHaveLength(1);

    // Second time, for real.
    offset = 0;
    expect((await post('/api/users/me/deletion', token, { password: host.user.password })).statusCode).toBe(
      202,
    );
    await follow(lastLinkTo(t.outbox, host.user.email));
    offset = 6 * DAY;
    await t.app.jobs.runUntilIdle();
    expect(await t.db.select().from(users).where(eq(users.id, host.user.userId))).toHaveLength(1);

    offset = 7 * DAY + 60_000;
    await t.app.jobs.runUntilIdle();
    expect(t.outbox.at(-1)).toMatchObject({ to: host.user.email, subject: 'Anı Kutusu hesabınız silindi' });

    const db = await everyRow();
    for (const trace of [
      host.user.userId,
      host.user.email,
      host.user.username,
      host.eventId,
      host.weddingId,
      ...host.guestPhones,
    ]) {
      expect(db).not.toContain(trace);
    }
    expect(db).not.toContain(`wamid.${host.weddingId}`);
    // The other host keeps everything.
    for (const trace of [
      bystander.user.userId,
      bystander.eventId,
      bystander.weddingId,
      ...bystander.guestPhones,
    ]) {
      expect(db).toContain(trace);
    }

    const remaining = await filesUnder(backend.storeDir(t));
    const bystanderKeys = db
      .match(/"(object_key|thumbnail_key|preview_key|invitation_image_key)":"([^"]+)"/g)!
      .map((m) => m.split('":"')[1]!.slice(0, -1));
    expect(bystanderKeys.length).toBeGreaterThanOrEqual(2);
    for (const key of bystanderKeys) expect(await t.storage.stat(key)).not.toBeNull();
    // Every stored file that is left belongs to the other host.
    const ids = remaining.map((file) => /([0-9a-f-]{36})/.exec(file)?.[1]).filter(Boolean);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(bystanderKeys.some((k) => k.includes(id!))).toBe(true);
    expect(remaining.length).toBeLessThan(stored.length);
  });
});

describe('account deletion requests', () => {
  it('are limited per account, since each one sends mail', async () => {
    const t = await createTestApp({
      authLimits: {
        ...defaultAuthLimits,
        loginPerIp: 1000,
        registerPerIp: 1000,
        mailPerIp: 1000,
        mailPerTarget: 1000,
        mailPerUser: 3,
      },
    });
    try {
      const user = await createActivatedUser(t);
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/me/deletion',
          headers: bearer(user.token),
          payload: { password: user.password },
        });
      for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(202);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe("the deletion request's password", () => {
  const limits = {
    ...defaultAuthLimits,
    loginPerIp: 1000,
    registerPerIp: 1000,
    mailPerIp: 1000,
    mailPerTarget: 1000,
    mailPerUser: 1000,
    loginFreeFailures: 3,
  };
  const askFrom = (t: TestApp, user: { token: string }, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion',
      remoteAddress: '203.0.113.40',
      headers: bearer(user.token),
      payload: { password },
    });

  it('is slowed as a sign-in is: after the free wrong guesses even the right one waits', async () => {
    const t = await createTestApp({ authLimits: limits });
    try {
      const user = await createActivatedUser(t);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        for (let i = 0; i < 3; i++) {
          const wrong = await askFrom(t, user, 'Yanlis123');
          expect([wrong.statusCode, wrong.json().message]).toEqual([400, a.passwordWrong]);
        }
        const mailed = t.outbox.length;
        const blocked = await askFrom(t, user, user.password);
        expect(blocked.statusCode).toBe(429);
        const wait = Number(blocked.headers['retry-after']);
        expect(blocked.json()).toMatchObject({ message: rateLimitedFor(wait), code: 'RATE_LIMITED' });
        expect(t.outbox).toHaveLength(mailed);
        vi.setSystemTime(Date.now() + wait * 1000 + 10);
        expect((await askFrom(t, user, user.password)).statusCode).toBe(202);
        expect(t.outbox.at(-1)!.to).toBe(user.email);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await t.close();
    }
  });

  it('is accepted when right within the limit', async () => {
    const t = await createTestApp({ authLimits: limits });
    try {
      const user = await createActivatedUser(t);
      for (let i = 0; i < 2; i++) expect((await askFrom(t, user, 'Yanlis123')).statusCode).toBe(400);
      const asked = await askFrom(t, user, user.password);
      expect([asked.statusCode, asked.json().message]).toEqual([202, a.deletionRequested]);
    } finally {
      await t.close();
    }
  });
});

describe('account deletion while guests are uploading', () => {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  let shade = 0;
  /** A small photo with bytes of its own: an album answers the same bytes twice as a duplicate. */
  const photo = () => {
    shade += 1;
    return sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: shade % 256, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
  };
  const upload = async (eventId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/upload`,
      ...multipartBody([
        { name: 'uploader', value: 'Ayla Kaya' },
        { name: 'files', filename: 'foto.jpg', data: await photo() },
      ]),
    });
  const storedFiles = () => filesUnder(path.join(t.config.dataDir, 'media'));
  const accountRows = (userId: string) => t.db.select().from(users).where(eq(users.id, userId));

  /** A host with two albums of one photo each and an invitation image, whose deletion is confirmed. */
  async function hostAwaitingDeletion(): Promise<TestWedding & { albums: string[] }> {
    const w = await createWeddingHost(t);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(w.user.token),
      payload: { title: 'Kına Gecesi', eventDate: new Date(Date.now() + 30 * DAY).toISOString() },
    });
    expect(second.statusCode).toBe(201);
    const albums = [w.eventId, second.json().event.id as string];
    for (const eventId of albums) expect((await upload(eventId)).statusCode).toBe(200);
    const body = multipartFile('image', 'davetiye.jpg', 'image/jpeg', await photo());
    const invitation = await t.app.inject({
      method: 'POST',
      url: `/api/weddings/upload-image?username=${encodeURIComponent(w.user.username)}`,
      headers: { ...bearer(w.user.token), ...body.headers },
      payload: body.payload,
    });
    expect(invitation.statusCode).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion',
      headers: bearer(w.user.token),
      payload: { password: w.user.password },
    });
    expect(asked.statusCode).toBe(202);
    const link = new URL(lastLinkTo(t.outbox, w.user.email));
    await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    return { ...w, albums };
  }

  /** Runs the due jobs once the grace period is over, with `onDelete` called before each stored object goes. */
  async function runDeletion(onDelete: (key: string) => Promise<void>) {
    const remove = t.storage.delete.bind(t.storage);
    t.storage.delete = async (key) => {
      await onDelete(key);
      await remove(key);
    };
    offset = 7 * DAY + 60_000;
    try {
      await t.app.jobs.runUntilIdle();
    } finally {
      t.storage.delete = remove;
      offset = 0;
    }
  }

  it('closes every album when it starts: a late upload to an emptied album is refused and leaves no file', async () => {
    // What earlier tests left, if anything: this host's files are compared against it.
    const before = await storedFiles();
    const host = await hostAwaitingDeletion();
    const [wedding] = await t.db
      .select({ key: weddings.invitationImageKey })
      .from(weddings)
      .where(eq(weddings.id, host.weddingId));
    expect(wedding?.key).toBeTruthy();
    // The invitation image goes after every album was emptied and before the account's row: the
    // moment for guests to send photos to those albums.
    const late: number[] = [];
    let tried = false;
    await runDeletion(async (key) => {
      if (key !== wedding!.key || tried) return;
      tried = true;
      for (const eventId of host.albums) late.push((await upload(eventId)).statusCode);
    });
    expect(late).toEqual([403, 403]);
    expect(await accountRows(host.user.userId)).toHaveLength(0);
    expect(await storedFiles()).toEqual(before);
  });

  it('takes uploads until it starts, then removes every album with its files, and the account', async () => {
    // What earlier tests left, if anything: this host's files are compared against it.
    const before = await storedFiles();
    const host = await hostAwaitingDeletion();
    // During the grace period the albums still take guests' photos, and their images are made.
    expect((await upload(host.albums[1]!)).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    // Three photos with a thumbnail and a preview each, and the invitation image.
    expect(await storedFiles()).toHaveLength(before.length + 10);
    await runDeletion(async () => {});
    expect(await accountRows(host.user.userId)).toHaveLength(0);
    expect(t.outbox.at(-1)).toMatchObject({ to: host.user.email, subject: 'Anı Kutusu hesabınız silindi' });
    expect(await storedFiles()).toEqual(before);
  });

  it('removes the images of a derivation that finishes while the album is being purged', async () => {
    // What earlier tests left, if anything: this host's files are compared against it.
    const before = await storedFiles();
    const host = await hostAwaitingDeletion();
    const res = await upload(host.albums[0]!);
    expect(res.statusCode).toBe(200);
    const itemId = (res.json().uploaded[0] as { id: string }).id;
    const [item] = await t.db.select({ key: media.objectKey }).from(media).where(eq(media.id, itemId));
    // Its thumbnail and preview are made only in the middle of the purge, as a busy queue would.
    const derivation = and(eq(jobs.kind, 'media.derive'), sql`${jobs.payload}->>'mediaId' = ${itemId}`);
    await t.db
      .update(jobs)
      .set({ runAt: new Date('2100-01-01') })
      .where(derivation);
    let derived = false;
    await runDeletion(async (key) => {
      if (key !== item!.key || derived) return;
      derived = true;
      await t.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(derivation);
      await t.app.jobs.runUntilIdle();
    });
    expect(derived).toBe(true);
    expect(await accountRows(host.user.userId)).toHaveLength(0);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('a deletion confirmed again', () => {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      authLimits: {
        ...defaultAuthLimits,
        loginPerIp: 1000,
        mailPerIp: 1000,
        mailPerTarget: 1000,
        mailPerUser: 1000,
      },
    });
  });
  afterAll(() => t.close());

  const jobId = (userId: string) => `users.delete-account:${userId}`;
  const jobOf = async (userId: string) =>
    (
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.id, jobId(userId)))
    )[0];
  const accountOf = (userId: string) => t.db.select().from(users).where(eq(users.id, userId));

  /** "Hesabımı Sil" as the host does it: signed in, the password, then the mailed link. */
  async function confirmDeletion(user: { email: string; password: string }) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion',
      headers: bearer(login.json().token as string),
      payload: { password: user.password },
    });
    expect(asked.statusCode).toBe(202);
    const link = new URL(lastLinkTo(t.outbox, user.email));
    const confirmed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirmed.headers.location).toBe('/?hesap=deletion-scheduled');
  }

  it.each(['failed for good', 'missing'])(
    'queues the deletion again for its date when its job is %s, and the account goes',
    async (state) => {
      offset = 0;
      const user = await createActivatedUser(t);
      await confirmDeletion(user);
      const first = await jobOf(user.userId);
      expect(first).toMatchObject({ status: 'pending' });
      // What an outage longer than every attempt leaves behind, or a row an operator removed.
      if (state === 'missing') await t.db.delete(jobs).where(eq(jobs.id, jobId(user.userId)));
      else
        await t.db
          .update(jobs)
          .set({ status: 'failed', attempts: first!.maxAttempts, lastError: 'store down' })
          .where(eq(jobs.id, jobId(user.userId)));

      offset = 2 * DAY;
      await confirmDeletion(user);
      // The date first promised stands: the deletion is not pushed back by confirming again.
      expect(await jobOf(user.userId)).toMatchObject({
        status: 'pending',
        attempts: 0,
        lastError: null,
        runAt: first!.runAt,
      });
      offset = 7 * DAY + 60_000;
      await t.app.jobs.runUntilIdle();
      expect(await accountOf(user.userId)).toEqual([]);
    },
  );

  it('(the twin) leaves a waiting deletion job as it is, its date and attempts kept', async () => {
    offset = 0;
    const user = await createActivatedUser(t);
    await confirmDeletion(user);
    // A job already retrying: confirming again must not start its count afresh or move it.
    await t.db
      .update(jobs)
      .set({ attempts: 3 })
      .where(eq(jobs.id, jobId(user.userId)));
    const waiting = await jobOf(user.userId);
    offset = 2 * DAY;
    await confirmDeletion(user);
    expect(await jobOf(user.userId)).toEqual(waiting);
    offset = 6 * DAY;
    await t.app.jobs.runUntilIdle();
    expect(await accountOf(user.userId)).toHaveLength(1);
    offset = 7 * DAY + 60_000;
    await t.app.jobs.runUntilIdle();
    expect(await accountOf(user.userId)).toEqual([]);
  });
});
