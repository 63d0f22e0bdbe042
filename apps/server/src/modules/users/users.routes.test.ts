import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, rateLimitedFor } from '@ani/contract/messages';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { activateFromOutbox, bearer, createActivatedUser, lastLinkTo } from '../../testing/factories.ts';

const a = messages.auth;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newRegistration = (over: Record<string, unknown> = {}) => {
  n += 1;
  return {
    username: `Zeynep Kaya ${n}`,
    email: `zeynep${n}@example.com`,
    password: 'Merhaba1',
    phoneNumber: '+90 555 111 22 33',
    ...over,
  };
};
const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users/register', payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
/** Account mails leave through the job runner: run it as a real server's worker would, then read. */
const sentMails = async () => {
  await t.app.jobs.runUntilIdle();
  return t.outbox;
};
const linkTo = async (email: string) => lastLinkTo(await sentMails(), email);
const profile = (user: { userId: string; token: string }, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/users/profile/${user.userId}`,
    headers: bearer(user.token),
    payload,
  });

describe('POST /api/users/register', () => {
  it('creates the account, answers token/userId/username and e-mails an activation link', async () => {
    const input = newRegistration();
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, username: input.username, email: input.email });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.userId).toBeTruthy();
    const mail = (await sentMails()).findLast((m) => m.to === input.email)!;
    expect(mail.subject).toContain('etkinleştirin');
    expect(mail.text).toContain('http://localhost:3000/api/users/activate?token=');
    // The address is not verified yet: nothing the registrant typed is in the mail.
    expect(mail.text).not.toContain('Zeynep');
    expect(mail.html).not.toContain('Zeynep');
    // Someone given another's address is told to ignore it, in both versions a mail app may show.
    const ignore = 'Bu kaydı siz yapmadıysanız bu e-postayı yok sayabilirsiniz.';
    expect(mail.text).toContain(ignore);
    expect(mail.html).toContain(ignore);
  });

  it.each([
    ['password too short', { password: 'Ab1' }, a.passwordMin],
    ['password without uppercase', { password: 'merhaba1' }, a.passwordUpper],
    ['password without lowercase', { password: 'MERHABA1' }, a.passwordLower],
    ['password without digit', { password: 'Merhabaa' }, a.passwordDigit],
    ['invalid e-mail', { email: 'not-an-email' }, a.emailInvalid],
    ['non-Turkish-mobile phone', { phoneNumber: '0212 123 45 67' }, a.phoneInvalid],
    ['blank name', { username: '   ' }, a.usernameRequired],
    ['missing password', { password: undefined }, a.passwordRules],
  ])('rejects %s with its Turkish message', async (_case, over, message) => {
    const res = await register(newRegistration(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION' });
  });

  it('answers a taken e-mail (any case) like a new one and tells the owner by mail instead', async () => {
    const first = newRegistration({ email: 'ipek@example.com' });
    expect((await register(first)).statusCode).toBe(201);
    await activateFromOutbox(t.app, t.outbox, first.email);
    const again = newRegistration({ email: 'IPEK@example.com' });
    const res = await register(again);
    expect(res.statusCode).toBe(201);
    const fresh = await register(newRegistration());
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(res.json()).toMatchObject({ success: true, message: a.registered, email: 'ipek@example.com' });
    // The answer's token opens nothing, and the owner's password still signs in.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(res.json().token) });
    expect(me.statusCode).toBe(401);
    expect((await login('ipek@example.com', first.password)).statusCode).toBe(200);
    const notice = (await sentMails()).findLast((m) => m.to === 'ipek@example.com')!;
    expect(notice.subject).toBe('Anı Kutusu hesabınız zaten var');
    expect(notice.text).not.toContain(again.username);
  });

  it('refuses a taken name (Turkish case rules) with 409', async () => {
    const first = newRegistration({ username: 'İpek Işık' });
    expect((await register(first)).statusCode).toBe(201);
    const sameName = await register(
      newRegistration({ username: 'i̇pek ışık'.normalize('NFC').replace('i̇', 'i') }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(a.usernameTaken);
  });

  it('stores the phone in E.164', async () => {
    const input = newRegistration({ phoneNumber: '0 (532) 999-88-77' });
    const { token } = (await register(input)).json();
    await activateFromOutbox(t.app, t.outbox, input.email);
    const loggedIn = (await login(input.email, input.password)).json();
    expect(token).not.toBe(loggedIn.token);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(loggedIn.token) });
    expect(me.json().user.phoneNumber).toBe('+905329998877');
  });
});

describe('activation', () => {
  it('blocks login until activated, then activates once; a reused link reports already active', async () => {
    const input = newRegistration();
    const registered = (await register(input)).json();
    const before = await login(input.email, input.password);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ message: a.notActivated, code: 'NOT_ACTIVATED' });
    // The register token is a real session but is refused until the account is activated.
    const early = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(registered.token),
    });
    expect(early.statusCode).toBe(403);

    const first = await activateFromOutbox(t.app, t.outbox, input.email);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/?hesap=activated');
    const again = await activateFromOutbox(t.app, t.outbox, input.email);
    expect(again.headers.location).toBe('/?hesap=already-active');
    expect((await login(input.email, input.password)).statusCode).toBe(200);
  });

  it('reports a forged token as invalid and an expired one as expired', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/users/activate?token=abc' });
    expect(forged.headers.location).toBe('/?hesap=invalid');
    for (const mangled of [`token=${'a'.repeat(5000)}`, 'token=a&token=b', '']) {
      const landed = await t.app.inject({ method: 'GET', url: `/api/users/activate?${mangled}` });
      expect([landed.statusCode, landed.headers.location]).toEqual([302, '/?hesap=invalid']);
    }
    const input = newRegistration();
    await register(input);
    const link = new URL(await linkTo(input.email));
    const { emailTokens } = await import('../../db/schema/index.ts');
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(expired.headers.location).toBe('/?hesap=expired');
    expect((await login(input.email, input.password)).statusCode).toBe(403);
  });

  it('resends the link with the same answer for known and unknown addresses', async () => {
    const input = newRegistration();
    await register(input);
    const sentBefore = (await sentMails()).length;
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/users/activation/resend',
      payload: { email: input.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/activation/resend',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(a.activationResent);
    expect((await sentMails()).length).toBe(sentBefore + 1);
    const activated = await activateFromOutbox(t.app, t.outbox, input.email);
    expect(activated.headers.location).toBe('/?hesap=activated');
  });
});

describe('POST /api/users/login', () => {
  it('signs in by e-mail and by username (Turkish case-insensitive)', async () => {
    const user = await createActivatedUser(t, { username: 'Şule Ilgaz' });
    const byEmail = await login(user.email.toUpperCase(), user.password);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ success: true, userId: user.userId, username: 'Şule Ilgaz' });
    const byName = await login('şule ılgaz', user.password);
    expect(byName.statusCode).toBe(200);
  });

  it('answers 401 with the Turkish text for a wrong password and for an unknown account', async () => {
    const user = await createActivatedUser(t);
    for (const res of [await login(user.email, 'Yanlis123'), await login('kimse@example.com', 'Yanlis123')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: 'Kullanıcı adı veya şifre yanlış.',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(a.loginIdentifierRequired);
  });
});

describe('logout and sessions', () => {
  it('revokes the token on the server: it gets 401 everywhere afterwards', async () => {
    const user = await createActivatedUser(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(user.token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(a.loginRequired);
  });

  it('refuses an expired or a made-up token with 401', async () => {
    const user = await createActivatedUser(t);
    const { sessions } = await import('../../db/schema/index.ts');
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1) });
    const expired = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) });
    expect(expired.statusCode).toBe(401);
    const madeUp = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer('x'.repeat(43)),
    });
    expect(madeUp.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/users/logout' });
    expect(none.statusCode).toBe(401);
  });
});

describe('PUT /api/users/profile/:userId', () => {
  it('changes name and phone for the user themself', async () => {
    const user = await createActivatedUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { username: 'Elif  Demir', phoneNumber: '05441234567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      username: 'Elif Demir',
      phoneNumber: '+905441234567',
      email: user.email,
    });
  });

  it("refuses another user's profile with 403 and anonymous callers with 401", async () => {
    const owner = await createActivatedUser(t);
    const other = await createActivatedUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${owner.userId}`,
      headers: bearer(other.token),
      payload: { username: 'Ele Geçirdim' },
    });
    expect(res.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(owner.token) });
    expect(me.json().user.username).toBe(owner.username);
    const anon = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${owner.userId}`,
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
  });

  it('re-verifies a new e-mail: it changes only after the link is followed', async () => {
    const user = await createActivatedUser(t);
    const res = await profile(user, { email: 'yeni-adres@example.com', currentPassword: user.password });
    expect(res.json()).toMatchObject({
      message: a.emailChangePending,
      user: { email: user.email, pendingEmail: 'yeni-adres@example.com' },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) });
    expect(me.json().user).toMatchObject({ email: user.email, pendingEmail: 'yeni-adres@example.com' });
    const link = new URL(lastLinkTo(t.outbox, 'yeni-adres@example.com'));
    const confirmed = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(confirmed.headers.location).toBe('/?hesap=email-changed');
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) });
    expect(after.json().user).toMatchObject({ email: 'yeni-adres@example.com', pendingEmail: null });
    expect((await login('yeni-adres@example.com', user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });

  it('changes the e-mail only with the current password; a stolen session alone cannot', async () => {
    const user = await createActivatedUser(t);
    const sent = t.outbox.length;
    const none = await profile(user, { email: 'hirsiz@example.com' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(a.currentPasswordForEmail);
    const wrong = await profile(user, { email: 'hirsiz@example.com', currentPassword: 'Yanlis123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(a.currentPasswordWrong);
    expect(t.outbox.length).toBe(sent);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) });
    expect(me.json().user).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('tells the old address, ends other sessions, and the old address can cancel even after confirmation', async () => {
    const user = await createActivatedUser(t);
    const other = (await login(user.email, user.password)).json().token as string;
    const res = await profile(user, { email: 'ele-gecirdim@example.com', currentPassword: user.password });
    expect(res.statusCode).toBe(200);
    // The session that asked stays; every other one ends.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(other) })).statusCode,
    ).toBe(401);
    const notice = t.outbox.findLast((m) => m.to === user.email)!;
    expect(notice.subject).toBe('E-posta adresinizi değiştirme isteği');
    expect(notice.text).not.toContain(user.username);
    // The change is confirmed from the new address...
    const confirm = new URL(lastLinkTo(t.outbox, 'ele-gecirdim@example.com'));
    expect(
      (await t.app.inject({ method: 'GET', url: `${confirm.pathname}${confirm.search}` })).headers.location,
    ).toBe('/?hesap=email-changed');
    // ...and the old address's link takes the account back and signs everyone out.
    const cancel = new URL(notice.link!);
    expect(cancel.pathname).toBe('/api/users/email/cancel');
    const cancelled = await t.app.inject({ method: 'GET', url: `${cancel.pathname}${cancel.search}` });
    expect(cancelled.headers.location).toBe('/?hesap=email-change-cancelled');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode,
    ).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login('ele-gecirdim@example.com', user.password)).statusCode).toBe(401);
    const reused = await t.app.inject({ method: 'GET', url: `${cancel.pathname}${cancel.search}` });
    expect(reused.headers.location).toBe('/?hesap=profile-link-invalid');
  });

  it('withdraws a pending change when cancelled before confirmation', async () => {
    const user = await createActivatedUser(t);
    await profile(user, { email: 'bekleyen@example.com', currentPassword: user.password });
    const confirm = new URL(lastLinkTo(t.outbox, 'bekleyen@example.com'));
    const cancel = new URL(lastLinkTo(t.outbox, user.email));
    await t.app.inject({ method: 'GET', url: `${cancel.pathname}${cancel.search}` });
    const late = await t.app.inject({ method: 'GET', url: `${confirm.pathname}${confirm.search}` });
    expect(late.headers.location).toBe('/?hesap=profile-link-invalid');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('changes the password only with the current one, and signs out other sessions', async () => {
    const user = await createActivatedUser(t);
    const second = (await login(user.email, user.password)).json().token as string;
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { currentPassword: 'Yanlis123', newPassword: 'YeniSifre9' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(a.currentPasswordWrong);
    const weak = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { currentPassword: user.password, newPassword: 'zayif' },
    });
    expect(weak.json().message).toBe(a.passwordMin);
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { currentPassword: user.password, newPassword: user.password },
    });
    expect([same.statusCode, same.json().message]).toEqual([400, a.passwordUnchanged]);
    // Refused, it changed nothing: the other session still stands.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(second) })).statusCode,
    ).toBe(200);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { currentPassword: user.password, newPassword: 'YeniSifre9' },
    });
    expect([ok.statusCode, ok.json().message]).toEqual([200, a.passwordUpdated]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(second) })).statusCode,
    ).toBe(401);
    expect((await login(user.email, 'YeniSifre9')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/password/forgot', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/password/reset', payload: { token, password } });

  it('gives the same answer for unknown addresses and sends nothing', async () => {
    const before = (await sentMails()).length;
    const res = await forgot('kimse-yok@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(a.resetRequested);
    expect((await sentMails()).length).toBe(before);
  });

  it('does the same work for known and unknown addresses: one queued job each, no mail during the request', async () => {
    const user = await createActivatedUser(t);
    const { jobs } = await import('../../db/schema/index.ts');
    const queued = async () =>
      (await t.db.select().from(jobs)).filter((j) => j.kind === 'users.account-mail').length;
    const before = { mails: t.outbox.length, jobs: await queued() };
    await forgot(user.email);
    expect({ mails: t.outbox.length, jobs: await queued() }).toEqual({
      mails: before.mails,
      jobs: before.jobs + 1,
    });
    await forgot('bilinmeyen-adres@example.com');
    expect({ mails: t.outbox.length, jobs: await queued() }).toEqual({
      mails: before.mails,
      jobs: before.jobs + 2,
    });
    // The job tells them apart: only the known address gets a mail.
    expect((await sentMails()).length).toBe(before.mails + 1);
    expect(t.outbox.at(-1)!.to).toBe(user.email);
  });

  it('resets once with a valid link, revoking every session; the link cannot be reused', async () => {
    const user = await createActivatedUser(t);
    expect((await forgot(user.email)).json().message).toBe(a.resetRequested);
    const token = new URL(await linkTo(user.email)).searchParams.get('token')!;
    expect(lastLinkTo(t.outbox, user.email)).toContain('/reset-password?token=');
    const ok = await reset(token, 'Sifirlandi7');
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode,
    ).toBe(401);
    expect((await login(user.email, 'Sifirlandi7')).statusCode).toBe(200);
    const reused = await reset(token, 'BaskaSifre8');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(a.tokenInvalid);
  });

  it('cancels a pending e-mail change: a stolen session cannot take the account over the reset', async () => {
    const user = await createActivatedUser(t);
    // Whoever holds the session (and the password) asks to move the account to their own address...
    await profile(user, { email: 'hirsiz@example.com', currentPassword: user.password });
    const thiefLink = new URL(lastLinkTo(t.outbox, 'hirsiz@example.com'));
    // ...the owner notices and resets the password...
    await forgot(user.email);
    const token = new URL(await linkTo(user.email)).searchParams.get('token')!;
    expect((await reset(token, 'Sifirlandi7')).statusCode).toBe(200);
    // ...and the thief's link no longer moves the account.
    const confirmed = await t.app.inject({ method: 'GET', url: `${thiefLink.pathname}${thiefLink.search}` });
    expect(confirmed.headers.location).not.toBe('/?hesap=email-changed');
    expect((await login(user.email, 'Sifirlandi7')).statusCode).toBe(200);
    expect((await login('hirsiz@example.com', 'Sifirlandi7')).statusCode).toBe(401);
  });

  it('refuses an expired link, a forged one, and a weak new password', async () => {
    const user = await createActivatedUser(t);
    await forgot(user.email);
    const token = new URL(await linkTo(user.email)).searchParams.get('token')!;
    expect((await reset(token, 'zayif')).json().message).toBe(a.passwordMin);
    expect((await reset('sahte-token', 'Gecerli123')).json().message).toBe(a.tokenInvalid);
    const { emailTokens } = await import('../../db/schema/index.ts');
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await reset(token, 'Gecerli123');
    expect(expired.statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  const limits = {
    loginPerIp: 100,
    loginFreeFailures: 3,
    registerPerIp: 5,
    mailPerIp: 100,
    mailPerTarget: 3,
    mailPerUser: 3,
  };
  const loginFrom = (app: TestApp['app'], ip: string, email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/users/login', remoteAddress: ip, payload: { email, password } });

  it('slows repeated wrong passwords of one account from one address with 429 in Turkish', async () => {
    const limited = await createTestApp({ authLimits: limits });
    try {
      const user = await createActivatedUser(limited);
      // By e-mail and by username in turn: one budget for the account, not one per name.
      for (let i = 0; i < 3; i++) {
        const name = i % 2 === 0 ? user.username : user.email;
        expect((await loginFrom(limited.app, '203.0.113.7', name, 'Yanlis1')).statusCode).toBe(401);
      }
      const blocked = await loginFrom(limited.app, '203.0.113.7', user.email, 'Yanlis1');
      expect(blocked.statusCode).toBe(429);
      // The text says how long to wait, as the header does.
      const wait = Number(blocked.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(blocked.json()).toMatchObject({ message: rateLimitedFor(wait), code: 'RATE_LIMITED' });
      // From that address even the right password waits: the guesser learns nothing.
      expect((await loginFrom(limited.app, '203.0.113.7', user.email, user.password)).statusCode).toBe(429);
      // The owner, from another address, signs in at once: guesses elsewhere lock nobody out.
      expect((await loginFrom(limited.app, '198.51.100.4', user.email, user.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts wrong passwords against a shared address, never the right ones', async () => {
    const limited = await createTestApp({ authLimits: { ...limits, loginPerIp: 5, loginFreeFailures: 100 } });
    try {
      const office = '203.0.113.60';
      const people = [await createActivatedUser(limited), await createActivatedUser(limited)];
      // Ten sign-ins from one office's address, twice the address's budget: all let in.
      for (let i = 0; i < 10; i++) {
        const who = people[i % 2]!;
        expect((await loginFrom(limited.app, office, who.email, who.password)).statusCode).toBe(200);
      }
      // Wrong passwords from there spend it: the fifth is refused, then so is everyone from there.
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await loginFrom(limited.app, office, people[0]!.email, 'Yanlis1')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await loginFrom(limited.app, office, people[1]!.email, people[1]!.password)).statusCode).toBe(
        429,
      );
    } finally {
      await limited.close();
    }
  });

  it('makes each further wrong try of the pair wait longer', async () => {
    const limited = await createTestApp({ authLimits: limits });
    try {
      const user = await createActivatedUser(limited);
      const waits: number[] = [];
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        for (let i = 0; i < 3; i++) await loginFrom(limited.app, '203.0.113.9', user.email, 'Yanlis1');
        for (let round = 0; round < 3; round++) {
          const blocked = await loginFrom(limited.app, '203.0.113.9', user.email, 'Yanlis1');
          expect(blocked.statusCode).toBe(429);
          const wait = Number(blocked.headers['retry-after']);
          waits.push(wait);
          vi.setSystemTime(Date.now() + wait * 1000 + 10);
          expect((await loginFrom(limited.app, '203.0.113.9', user.email, 'Yanlis1')).statusCode).toBe(401);
        }
      } finally {
        vi.useRealTimers();
      }
      expect(waits[1]).toBeGreaterThan(waits[0]!);
      expect(waits[2]).toBeGreaterThan(waits[1]!);
    } finally {
      await limited.close();
    }
  });

  describe('the current password on the profile', () => {
    type Signed = { userId: string; token: string };
    const profileFrom = (app: TestApp['app'], ip: string, user: Signed, payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/api/users/profile/${user.userId}`,
        remoteAddress: ip,
        headers: bearer(user.token),
        payload,
      });

    it('is slowed like a sign-in: after the free wrong guesses even the right one waits (429 in Turkish)', async () => {
      const limited = await createTestApp({ authLimits: limits });
      try {
        const user = await createActivatedUser(limited);
        const guesser = '203.0.113.30';
        vi.useFakeTimers({ toFake: ['Date'] });
        try {
          for (let i = 0; i < 3; i++) {
            const wrong = await profileFrom(limited.app, guesser, user, {
              currentPassword: 'Yanlis1',
              newPassword: 'Ele5Gecirdim',
            });
            expect([wrong.statusCode, wrong.json().message]).toEqual([400, a.currentPasswordWrong]);
          }
          const blocked = await profileFrom(limited.app, guesser, user, {
            currentPassword: user.password,
            newPassword: 'Ele5Gecirdim',
          });
          expect(blocked.statusCode).toBe(429);
          const wait = Number(blocked.headers['retry-after']);
          expect(wait).toBeGreaterThan(0);
          expect(blocked.json()).toMatchObject({ message: rateLimitedFor(wait), code: 'RATE_LIMITED' });
          // The e-mail change waits too, and so does signing in: one count for the account and address.
          const email = await profileFrom(limited.app, guesser, user, {
            email: 'hirsiz@example.com',
            currentPassword: user.password,
          });
          expect(email.statusCode).toBe(429);
          expect((await loginFrom(limited.app, guesser, user.email, user.password)).statusCode).toBe(429);
          // The owner, from another address, is not held up by the guesser.
          expect((await loginFrom(limited.app, '198.51.100.30', user.email, user.password)).statusCode).toBe(
            200,
          );
          // Once the pause has passed, the right password changes it.
          vi.setSystemTime(Date.now() + wait * 1000 + 10);
          const done = await profileFrom(limited.app, guesser, user, {
            currentPassword: user.password,
            newPassword: 'Yeni2Sifre',
          });
          expect([done.statusCode, done.json().message]).toEqual([200, a.passwordUpdated]);
        } finally {
          vi.useRealTimers();
        }
      } finally {
        await limited.close();
      }
    });

    it('changes the profile with the right password within the limit, which clears the count', async () => {
      const limited = await createTestApp({ authLimits: limits });
      try {
        const user = await createActivatedUser(limited);
        const ip = '203.0.113.31';
        let current = user.password;
        for (const next of ['Birinci1', 'Ikinci22']) {
          // Two wrong guesses each round: four in all, past the three free ones unless the right
          // password in between cleared them.
          for (let i = 0; i < 2; i++) {
            const wrong = await profileFrom(limited.app, ip, user, {
              currentPassword: 'Yanlis1',
              newPassword: next,
            });
            expect(wrong.statusCode).toBe(400);
          }
          const ok = await profileFrom(limited.app, ip, user, {
            currentPassword: current,
            newPassword: next,
          });
          expect([ok.statusCode, ok.json().message]).toEqual([200, a.passwordUpdated]);
          current = next;
        }
        expect((await loginFrom(limited.app, ip, user.email, current)).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('counts guesses sent all at once against the address before any of them is hashed', async () => {
      const limited = await createTestApp({
        authLimits: { ...limits, loginPerIp: 4, loginFreeFailures: 100 },
      });
      try {
        const user = await createActivatedUser(limited);
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            profileFrom(limited.app, '203.0.113.32', user, {
              currentPassword: 'Yanlis1',
              newPassword: 'Ele5Gecirdim',
            }),
          ),
        );
        const codes = answers.map((r) => r.statusCode).sort();
        expect(codes).toEqual([400, 400, 400, 400, 429, 429, 429, 429, 429, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  it('limits registrations per IP', async () => {
    const limited = await createTestApp({ authLimits: { ...limits, registerPerIp: 2 } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: newRegistration(),
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('takes nothing from an address’s mail budget for a registration refused for its taken name', async () => {
    const limited = await createTestApp({ authLimits: { ...limits, registerPerIp: 100 } });
    try {
      const taken = await createActivatedUser(limited);
      const register = (over: Record<string, unknown>) =>
        limited.app.inject({ method: 'POST', url: '/api/users/register', payload: newRegistration(over) });
      const email = 'ayse.yilmaz@example.com';
      for (let i = 0; i < 5; i++) {
        const refused = await register({ username: taken.username, email });
        expect(refused.statusCode).toBe(409);
      }
      // Another name with the same address: registered, and its activation mail goes out.
      const res = await register({ username: 'Ayşe Nur Yılmaz', email });
      expect(res.statusCode, res.body).toBe(201);
      await limited.app.jobs.runUntilIdle();
      expect(limited.outbox.filter((m) => m.to === email)).toHaveLength(1);
      // The twin: registrations that do send mail still spend it (the activation above was one of three).
      const forgot = () =>
        limited.app.inject({ method: 'POST', url: '/api/users/password/forgot', payload: { email } });
      expect([(await forgot()).statusCode, (await forgot()).statusCode, (await forgot()).statusCode]).toEqual(
        [200, 200, 429],
      );
    } finally {
      await limited.close();
    }
  });

  it('sends at most the budget of mails to one address, however many addresses ask', async () => {
    const limited = await createTestApp({ authLimits: limits });
    try {
      const user = await createActivatedUser(limited);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/users/password/forgot',
          remoteAddress: `203.0.113.${20 + i}`,
          payload: { email: user.email },
        });
        codes.push(res.statusCode);
      }
      // The activation mail of the registration counted too: two resets are left of the three.
      expect(codes).toEqual([200, 200, 429, 429, 429, 429]);
      await limited.app.jobs.runUntilIdle();
      expect(
        limited.outbox.filter((m) => m.to === user.email && m.subject.includes('şifre sıfırlama')),
      ).toHaveLength(2);
      // Another address has its own budget.
      const other = await createActivatedUser(limited);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/users/password/forgot',
        payload: { email: other.email },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lets a network whose requests for one address were refused still ask mail for another', async () => {
    const limited = await createTestApp({ authLimits: { ...limits, mailPerIp: 4 } });
    try {
      const [hammered, other] = [await createActivatedUser(limited), await createActivatedUser(limited)];
      const ask = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/users/password/forgot',
          remoteAddress: '203.0.113.50',
          payload: { email },
        });
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) codes.push((await ask(hammered.email)).statusCode);
      // The address's own budget (its activation mail counted) refuses from the third on...
      expect(codes).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
      // ...and those refusals took nothing from the network's: two of its four are left.
      expect((await ask(other.email)).statusCode).toBe(200);
      expect((await ask(other.email)).statusCode).toBe(200);
      expect((await ask(other.email)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits e-mail change mails per account: 25 quick requests send at most the budget', async () => {
    const limited = await createTestApp({ authLimits: limits });
    try {
      const user = await createActivatedUser(limited);
      const sent = limited.outbox.length;
      const codes: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await limited.app.inject({
          method: 'PUT',
          url: `/api/users/profile/${user.userId}`,
          headers: bearer(user.token),
          payload: { email: `hedef${i}@example.com`, currentPassword: user.password },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(3);
      expect(codes.filter((c) => c === 429)).toHaveLength(22);
      // Two mails per accepted change: the new address's link and the old address's notice.
      expect(limited.outbox.length - sent).toBe(6);
    } finally {
      await limited.close();
    }
  });
});
