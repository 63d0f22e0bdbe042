import type { BrowserContext } from 'playwright-core';
import { clientAddress } from './browser';
import { findLink, waitForMail } from './outbox';

export interface Host {
  token: string;
  user: { userId: string; username: string; email: string };
}

/** JSON call to the real server; throws with the answer when it is not OK. */
export async function api<T>(
  baseURL: string,
  pathName: string,
  init: RequestInit & { token?: string } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body && typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${baseURL}/api${pathName}`, { ...init, headers });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A registered, activated (through the mail outbox) and signed-in host, made through the real API;
 * the sign-up UI has its own journey (host-account.e2e.test.ts). Names must be unique per run.
 */
export async function createHost(baseURL: string, dataDir: string, name = 'Ayşe Yılmaz'): Promise<Host> {
  const email = `host.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Gelin2026';
  // Each host signs up from an address of its own, as couples do: the server's per-address sign-up
  // and mail budgets would otherwise count every journey of the run against one loopback address.
  const headers = { 'X-Forwarded-For': clientAddress() };
  await api(baseURL, '/users/register', {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: name, email, password, phoneNumber: '05321234567' }),
  });
  const link = findLink(await waitForMail(dataDir, email), '/api/users/activate?token=');
  await fetch(link.replace(/^https?:\/\/[^/]+/, baseURL), { redirect: 'manual', headers });
  const login = await api<{ token: string; userId: string; username: string; email: string }>(
    baseURL,
    '/users/login',
    {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    },
  );
  return { token: login.token, user: { userId: login.userId, username: login.username, email: login.email } };
}

/** Signs a browser context in the way the login dialog does; `introSeen` skips the dashboard's one-time intro. */
export async function signIn(context: BrowserContext, host: Host, introSeen = true): Promise<void> {
  await context.addInitScript(
    ([token, user, seen]) => {
      if (!window.sessionStorage.getItem('token')) {
        window.sessionStorage.setItem('token', token);
        window.sessionStorage.setItem('user', user);
      }
      if (seen === 'yes') window.localStorage.setItem('dashboard-animation-seen', 'true');
    },
    [host.token, JSON.stringify(host.user), introSeen ? 'yes' : 'no'] as const,
  );
}
