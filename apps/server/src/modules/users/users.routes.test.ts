import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
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

describe('POST /api/users/register', () => {
  it('creates the account, answers token/userId/username and e-mails an activation link', async () => {
    const input = newRegistration();
    const res = await register(input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, username: input.username, email: input.email });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.userId).toBeTruthy();
    const mail = t.outbox.findLast((m) => m.to === input.email)!;
    expect(mail.subject).toContain('etkinleştirin');
    expect(mail.text).toContain('http://localhost:3000/api/users/activate?token=');
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

  it('refuses a taken e-mail (any case) and a taken name (Turkish case rules) with 409', async () => {
    const first = newRegistration({ username: 'İpek Işık', email: 'ipek@example.com' });
    expect((await register(first)).statusCode).toBe(201);
    const sameEmail = await register(newRegistration({ email: 'IPEK@example.com' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(a.emailTaken);
    const sameName = await register(newRegistration({ username: 'i̇pek ışık'.normalize('NFC').replace('i̇', 'i') }));
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
    const early = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(registered.token) });
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
    const input = newRegistration();
    await register(input);
    const link = new URL(lastLinkTo(t.outbox, input.email));
    const { emailTokens } = await import('../../db/schema/index.ts');
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(expired.headers.location).toBe('/?hesap=expired');
    expect((await login(input.email, input.password)).statusCode).toBe(403);
  });

  it('resends the link with the same answer for known and unknown addresses', async () => {
    const input = newRegistration();
    await register(input);
    const sentBefore = t.outbox.length;
    const known = await t.app.inject({ method: 'POST', url: '/api/users/activation/resend', payload: { email: input.email } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/activation/resend',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(a.activationResent);
    expect(t.outbox.length).toBe(sentBefore + 1);
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

  it('answers 401 with the spec text for a wrong password and for an unknown account', async () => {
    const user = await createActivatedUser(t);
    for (const res of [await login(user.email, 'Yanlis123'), await login('kimse@example.com', 'Yanlis123')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Kullanıcı adı veya şifre yanlış.', code: 'UNAUTHORIZED' });
    }
  });

  it('requires both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: '', password: '' } });
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
    const madeUp = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('x'.repeat(43)) });
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
    expect(res.json().user).toMatchObject({ username: 'Elif Demir', phoneNumber: '+905441234567', email: user.email });
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
    const anon = await t.app.inject({ method: 'PUT', url: `/api/users/profile/${owner.userId}`, payload: {} });
    expect(anon.statusCode).toBe(401);
  });

  it('re-verifies a new e-mail: it changes only after the link is followed', async () => {
    const user = await createActivatedUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { email: 'yeni-adres@example.com' },
    });
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
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { currentPassword: user.password, newPassword: 'YeniSifre9' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(second) })).statusCode).toBe(401);
    expect((await login(user.email, 'YeniSifre9')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/users/password/forgot', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/password/reset', payload: { token, password } });

  it('gives the same answer for unknown addresses and sends nothing', async () => {
    const before = t.outbox.length;
    const res = await forgot('kimse-yok@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(a.resetRequested);
    expect(t.outbox.length).toBe(before);
  });

  it('resets once with a valid link, revoking every session; the link cannot be reused', async () => {
    const user = await createActivatedUser(t);
    expect((await forgot(user.email)).json().message).toBe(a.resetRequested);
    const token = new URL(lastLinkTo(t.outbox, user.email)).searchParams.get('token')!;
    expect(lastLinkTo(t.outbox, user.email)).toContain('/reset-password?token=');
    const ok = await reset(token, 'Sifirlandi7');
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await login(user.email, 'Sifirlandi7')).statusCode).toBe(200);
    const reused = await reset(token, 'BaskaSifre8');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(a.tokenInvalid);
  });

  it('cancels a pending e-mail change: a stolen session cannot take the account over the reset', async () => {
    const user = await createActivatedUser(t);
    // Whoever holds the session asks to move the account to their own address...
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/profile/${user.userId}`,
      headers: bearer(user.token),
      payload: { email: 'hirsiz@example.com' },
    });
    const thiefLink = new URL(lastLinkTo(t.outbox, 'hirsiz@example.com'));
    // ...the owner notices and resets the password...
    await forgot(user.email);
    const token = new URL(lastLinkTo(t.outbox, user.email)).searchParams.get('token')!;
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
    const token = new URL(lastLinkTo(t.outbox, user.email)).searchParams.get('token')!;
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
  it('stops repeated sign-in attempts on one account with 429 in Turkish', async () => {
    const limited = await createTestApp({ authLimits: { loginPerIp: 100, loginPerAccount: 3, registerPerIp: 5, mailPerIp: 5 } });
    try {
      const user = await createActivatedUser(limited);
      // By e-mail and by username in turn: one budget for the account, not one per name.
      let tries = 0;
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: tries++ % 2 === 0 ? user.username : user.email, password: 'Yanlis1' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ message: messages.generic.rateLimited, code: 'RATE_LIMITED' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Even the right password waits out the window: the attacker learns nothing.
      const right = await limited.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: user.email, password: user.password },
      });
      expect(right.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations per IP', async () => {
    const limited = await createTestApp({ authLimits: { loginPerIp: 100, loginPerAccount: 100, registerPerIp: 2, mailPerIp: 5 } });
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
});
