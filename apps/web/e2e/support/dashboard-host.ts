import { createHmac } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { findLink, waitForMail } from './outbox';

/** Same value as WHATSAPP_APP_SECRET in global-setup.ts: the journey signs webhook deliveries like Meta does. */
export const whatsappAppSecret = 'e2e-whatsapp-app-secret';

export interface DashboardHost {
  token: string;
  user: { userId: string; username: string; email: string };
}

export async function api<T>(baseURL: string, pathName: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body && typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${baseURL}/api${pathName}`, { ...init, headers });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Registered, activated (through the mail outbox) and signed in via the API; the UI path has its own journey. */
export async function registerHost(baseURL: string, dataDir: string, name: string): Promise<DashboardHost> {
  const email = `dash.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Gelin2026';
  await api(baseURL, '/users/register', {
    method: 'POST',
    body: JSON.stringify({ username: name, email, password, phoneNumber: '05321234567' }),
  });
  const link = findLink(await waitForMail(dataDir, email), '/api/users/activate?token=');
  await fetch(link.replace(/^https?:\/\/[^/]+/, baseURL), { redirect: 'manual' });
  const login = await api<{ token: string; userId: string; username: string; email: string }>(baseURL, '/users/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  return { token: login.token, user: { userId: login.userId, username: login.username, email: login.email } };
}

/** Signs a browser context in the way the login dialog does; `introSeen` skips the one-time intro. */
export async function signInContext(context: BrowserContext, host: DashboardHost, introSeen = true): Promise<void> {
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

/** A delivery as Meta's Cloud API sends it, signed with X-Hub-Signature-256. */
export async function postWebhook(baseURL: string, value: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'e2e', changes: [{ field: 'messages', value }] }] });
  const signature = `sha256=${createHmac('sha256', whatsappAppSecret).update(body).digest('hex')}`;
  const response = await fetch(`${baseURL}/api/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  if (!response.ok) throw new Error(`webhook: ${response.status} ${await response.text()}`);
}
