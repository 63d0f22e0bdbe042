import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, lastLinkTo, tamperSignature } from '../../testing/factories.ts';
import { addGuest, createWeddingHost } from '../../testing/wedding-factories.ts';
import { multipartBody } from '../../testing/multipart-body.ts';
import { defaultAuthLimits } from './users.service.ts';

const exec = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    authLimits: {
      ...defaultAuthLimits,
      loginPerIp: 1000,
      registerPerIp: 1000,
      mailPerIp: 1000,
      mailPerUser: 2,
    },
  });
});
afterAll(() => t.close());

async function unzip(bytes: Buffer): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-export-'));
  try {
    const file = path.join(dir, 'a.zip');
    await writeFile(file, bytes);
    await exec('unzip', ['-t', file]);
    const names = (await exec('unzip', ['-Z1', file])).stdout.trim().split('\n');
    const files: Record<string, string> = {};
    for (const name of names) files[name] = (await exec('unzip', ['-p', file, name])).stdout;
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('Verilerimi İndir', () => {
  it('prepares a ZIP of JSON and CSV files by job and mails a signed, expiring link', async () => {
    const w = await createWeddingHost(t);
    await addGuest(t, w, { name: 'Ayla Kaya', status: 'katilacak', guestCount: 2 });
    await addGuest(t, w, { name: 'Barış Demir' });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/guests/approval',
      headers: bearer(w.user.token),
      payload: { weddingId: w.weddingId, guestListApproved: true },
    });
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#a0c0e0' } })
      .jpeg()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/events/${w.eventId}/upload`,
      ...multipartBody([
        { name: 'uploader', value: 'Zeynep' },
        { name: 'files', filename: 'a.jpg', data: photo },
      ]),
    });
    expect(uploaded.statusCode).toBe(200);
    const other = await createWeddingHost(t);
    await addGuest(t, other, { name: 'Yabancı Misafir' });
    await t.app.jobs.runUntilIdle();

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/export',
      headers: bearer(w.user.token),
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(messages.auth.exportRequested);
    await t.app.jobs.runUntilIdle();

    const mail = t.outbox.at(-1)!;
    expect(mail).toMatchObject({ to: w.user.email, subject: 'Kişisel veri arşiviniz hazır' });
    const link = new URL(lastLinkTo(t.outbox, w.user.email));
    const download = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    const files = await unzip(download.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'OKUBENI.txt',
        'davetliler-1.csv',
        'davetliler.json',
        'dugunler.json',
        'etkinlikler.json',
        'hesap.json',
        'whatsapp-mesajlari.json',
      ].sort(),
    );
    // A person reading it is told how its dates read in Türkiye's time.
    expect(files['OKUBENI.txt']).toContain('Türkiye saati UTC');
    const account = JSON.parse(files['hesap.json']!);
    // Every file speaks the system's field names, as OKUBENI.txt says, and the account's file too.
    expect(Object.keys(account).sort()).toEqual(
      [
        'activatedAt',
        'createdAt',
        'deletionScheduledAt',
        'email',
        'pendingEmail',
        'phoneNumber',
        'userId',
        'username',
      ].sort(),
    );
    expect(account).toMatchObject({
      userId: w.user.userId,
      email: w.user.email,
      pendingEmail: null,
      deletionScheduledAt: null,
    });
    expect(files['OKUBENI.txt']).toContain('alan adları sistemimizdeki');
    for (const name of Object.keys(account)) expect(files['OKUBENI.txt']).toContain(name);
    expect(files['hesap.json']).not.toContain('argon2');
    const guests = JSON.parse(files['davetliler.json']!);
    expect(guests[0].guestList.map((g: { name: string; status: string }) => [g.name, g.status])).toEqual([
      ['Ayla Kaya', 'katılacak'],
      ['Barış Demir', 'belirsiz'],
    ]);
    expect(files['davetliler-1.csv']).toContain('Ayla Kaya');
    expect(JSON.parse(files['whatsapp-mesajlari.json']!)).toHaveLength(2);
    // The album is a link to its own ZIP, which works without signing in.
    const [event] = JSON.parse(files['etkinlikler.json']!);
    expect(event.id).toBe(w.eventId);
    expect(event).toMatchObject({ eventDate: expect.any(String), photoCount: 1, coverImageUrl: null });
    expect(files['OKUBENI.txt']).toContain('"albumZipUrl"');
    const album = new URL(event.albumZipUrl);
    // The owner's archive holds the items still awaiting approval too.
    expect(album.searchParams.get('pending')).toBe('1');
    const zip = await t.app.inject({ method: 'GET', url: `${album.pathname}${album.search}` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    // Nothing of another host.
    expect(Object.values(files).join('\n')).not.toContain('Yabancı Misafir');
    expect(Object.values(files).join('\n')).not.toContain(other.user.email);

    // A tampered link is refused.
    const tampered = await t.app.inject({
      method: 'GET',
      url: tamperSignature(`${link.pathname}${link.search}`),
    });
    expect(tampered.statusCode).toBe(403);
  });

  it('includes a new e-mail address that waits for its confirmation', async () => {
    const user = await createActivatedUser(t);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { email: 'bekleyen-adres@example.com', currentPassword: user.password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/export',
      headers: bearer(user.token),
    });
    expect(asked.statusCode).toBe(202);
    await t.app.jobs.runUntilIdle();
    const link = new URL(lastLinkTo(t.outbox, user.email));
    const download = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    const account = JSON.parse((await unzip(download.rawPayload))['hesap.json']!);
    expect(account).toMatchObject({ email: user.email, pendingEmail: 'bekleyen-adres@example.com' });
  });

  it('is for signed-in hosts only and limited per account, since each request sends mail', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/export' })).statusCode).toBe(401);
    const user = await createActivatedUser(t);
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/users/me/export', headers: bearer(user.token) });
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
    // The exports' limit is their own: the account's deletion request still goes out.
    const deletion = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/deletion',
      headers: bearer(user.token),
      payload: { password: user.password },
    });
    expect(deletion.statusCode).toBe(202);
  });
});
