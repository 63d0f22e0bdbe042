import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, type TestUser } from '../testing/factories.ts';
import {
  buildFixture,
  multipartPayload,
  samples,
  type Fixture,
  type Sample,
} from '../testing/route-samples.ts';

/**
 * Every owner route × every kind of caller, generated from the app's own route table: a new owner
 * route without an entry in route-samples.ts fails this test, so nobody adds one without deciding who may call it.
 */

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
  f = await buildFixture(t);
  const owner = f.owner;

  tokens.revoked = await freshToken(owner.user);
  await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(tokens.revoked) });
  tokens.expired = await freshToken(owner.user);
  const expiredHash = createHash('sha256').update(tokens.expired).digest('hex');
  await t.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(sessions.tokenHash, expiredHash));
  const flip = owner.user.token.endsWith('A') ? 'B' : 'A';
  tokens.tampered = owner.user.token.slice(0, -1) + flip;
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('has a sample for every owner route, and no owner route is left unguarded', () => {
    const ownerRoutes = t.app.routeTable
      .filter((r) => r.ownerOnly)
      .map((r) => `${r.method} /api${r.url.replace(/^\/api/, '')}`);
    expect(ownerRoutes.length).toBeGreaterThan(20);
    expect(
      ownerRoutes.filter((r) => !samples[r]),
      'owner routes without a matrix entry',
    ).toEqual([]);
    const unguarded = Object.keys(samples).filter((k) => !ownerRoutes.includes(k) && !samples[k]!.ownGuard);
    expect(unguarded, 'matrix entries whose route does not require sign-in').toEqual([]);
  });

  const ordered = Object.entries(samples).sort(([, a], [, b]) => (a.destructive ?? 0) - (b.destructive ?? 0));
  const send = (key: string, sample: Sample, token: string | undefined) => {
    const [method] = key.split(' ');
    const headers: Record<string, string> = token ? bearer(token) : {};
    if (sample.multipart) {
      const mp = multipartPayload(sample.multipart(f));
      return t.app.inject({
        method: method as 'POST',
        url: sample.url(f),
        payload: mp.payload,
        headers: { ...headers, ...mp.headers },
      });
    }
    return t.app.inject({
      method: method as 'GET',
      url: sample.url(f),
      headers,
      payload: sample.body?.(f) as object | undefined,
    });
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
    for (const secret of [
      f.owner.eventId,
      f.owner.weddingId,
      f.photoName,
      f.guestPhone,
      f.owner.user.email,
    ]) {
      expect(stranger.body).not.toContain(secret);
    }

    const ownerToken = isLogout ? await freshToken(f.owner.user) : f.owner.user.token;
    const own = await send(key, sample, ownerToken);
    expect(own.statusCode, `owner: ${own.body}`).toBeGreaterThanOrEqual(200);
    expect(own.statusCode, `owner: ${own.body}`).toBeLessThan(300);
  });
});
