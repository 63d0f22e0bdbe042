import type { FastifyInstance } from 'fastify';
import type { TestApp } from './create-test-app.ts';

let counter = 0;

export type TestUser = { token: string; userId: string; username: string; email: string; password: string };

/** Registers a host through the API and activates it through the e-mailed link, as a real host would. */
export async function createActivatedUser(
  testApp: Pick<TestApp, 'app' | 'outbox'>,
  overrides: Partial<{ username: string; email: string; password: string; phoneNumber: string }> = {},
): Promise<TestUser> {
  counter += 1;
  const unique = `${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const input = {
    username: overrides.username ?? `Ayşe Yılmaz ${unique}`,
    email: overrides.email ?? `host-${unique}@example.com`,
    password: overrides.password ?? 'Gizli123',
    phoneNumber: overrides.phoneNumber ?? '0532 123 45 67',
  };
  const app = testApp.app;
  const registered = await app.inject({ method: 'POST', url: '/api/users/register', payload: input });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  await activateFromOutbox(app, testApp.outbox, input.email);
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: input.email, password: input.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json<{ token: string; userId: string; username: string; email: string }>();
  return { ...body, password: input.password };
}

export function lastLinkTo(outbox: TestApp['outbox'], email: string): string {
  const message = outbox.findLast((m) => m.to === email);
  if (!message?.link) throw new Error(`no e-mail with a link to ${email}`);
  return message.link;
}

/** Account mails leave through the job runner; tests run it where a real server's worker would. */
export async function activateFromOutbox(app: FastifyInstance, outbox: TestApp['outbox'], email: string) {
  await app.jobs.runUntilIdle();
  const link = new URL(lastLinkTo(outbox, email));
  return app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The same signed link with the first character of its signature changed (always to another one). */
export const tamperSignature = (url: string) =>
  url.replace(/sig=./, (s) => (s.endsWith('A') ? 'sig=B' : 'sig=A'));
