import { describe, expect, it } from 'vitest';
import { messageResponse } from '@ani/contract/users';
import { apiRequest, ApiError } from './api-client';
import { getSession, refreshSession } from './session';
import { accessDeniedToastId, toast } from './toast';
import { getToasts } from '../test/toasts';
import { installFetchMock } from '../test/fetch-mock';
import { jsonResponse } from '../test/render';

const fetchMock = installFetchMock();

describe('api client', () => {
  it('sends the Bearer token from local storage before session storage', async () => {
    localStorage.setItem('token', 'local-token');
    sessionStorage.setItem('token', 'session-token');
    refreshSession();
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, message: 'ok' }));
    await apiRequest('/users/logout', { method: 'POST', schema: messageResponse });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/logout');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer local-token');
  });

  it('falls back to the session-storage token and sends none when signed out', async () => {
    sessionStorage.setItem('token', 'session-token');
    refreshSession();
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, message: 'ok' }));
    await apiRequest('/x', { schema: messageResponse });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe(
      'Bearer session-token',
    );

    sessionStorage.clear();
    refreshSession();
    await apiRequest('/x', { schema: messageResponse });
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('passes on a cancellation that comes while the body is read, without a toast; a body that is not JSON is still an error', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(async () => {
      const body = new ReadableStream({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"success":tr'));
          // The rest never comes: the request is cancelled first.
          controller.signal.addEventListener('abort', () =>
            stream.error(new DOMException('The operation was aborted.', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const pending = apiRequest('/guests', { schema: messageResponse, signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(getToasts()).toEqual([]);

    fetchMock.mockResolvedValueOnce(new Response('{"success":tr', { status: 200 }));
    expect(await apiRequest('/guests', { schema: messageResponse }).catch((e: unknown) => e)).toMatchObject({
      kind: 'shape',
    });
    expect(getToasts()).toHaveLength(1);
  });

  it('shows the server message in a destructive "Hata" toast and rejects with its code', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, message: 'Etkinlik bulunamadı.', code: 'NOT_FOUND' }, 404),
    );
    const error = await apiRequest('/events/1', { schema: messageResponse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Etkinlik bulunamadı.' });
    expect(getToasts()[0]).toMatchObject({
      title: 'Hata',
      description: 'Etkinlik bulunamadı.',
      variant: 'destructive',
      duration: 5000,
    });
  });

  it('falls back to the error field, then the status text, then "Bir hata oluştu"', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Sunucu meşgul' }, 503));
    await apiRequest('/a', { schema: messageResponse }).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await apiRequest('/b', { schema: messageResponse }).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: '' }));
    await apiRequest('/c', { schema: messageResponse }).catch(() => undefined);
    expect(getToasts().map((t) => t.description)).toEqual([
      'Bir hata oluştu',
      'Bad Gateway',
      'Sunucu meşgul',
    ]);
  });

  it('forgets the stored session on 401', async () => {
    localStorage.setItem('token', 't1');
    sessionStorage.setItem('token', 't2');
    sessionStorage.setItem('user', JSON.stringify({ userId: 'u', username: 'Ayşe Yılmaz', email: 'a@b.co' }));
    refreshSession();
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, message: 'Oturumunuzun süresi doldu.' }, 401),
    );
    await apiRequest('/users/me', { schema: messageResponse }).catch(() => undefined);
    expect([
      localStorage.getItem('token'),
      sessionStorage.getItem('token'),
      sessionStorage.getItem('user'),
    ]).toEqual([null, null, null]);
    expect(getSession()).toEqual({ token: null, user: null });
    // The signed-in page's guard then says "Erişim Engellendi" in the same toast, not in a second one.
    expect(getToasts()).toEqual([expect.objectContaining({ id: accessDeniedToastId, title: 'Hata' })]);
    toast({ id: accessDeniedToastId, title: 'Erişim Engellendi', variant: 'destructive' });
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Erişim Engellendi' })]);
  });

  it('reports a request that got no answer as "Bağlantı Hatası"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiRequest('/x', { schema: messageResponse }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network' });
    expect(getToasts()[0]).toMatchObject({ title: 'Bağlantı Hatası', variant: 'destructive' });
  });

  it('rejects an answer that does not match the contract', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true }));
    const error = await apiRequest('/x', { schema: messageResponse }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'shape', message: 'API yanıtı beklenen formatta değil' });
  });

  it('stays quiet when the caller shows its own error toast', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, message: 'Kullanıcı adı veya şifre yanlış.' }, 401),
    );
    await apiRequest('/users/login', {
      method: 'POST',
      body: {},
      schema: messageResponse,
      errorToast: false,
    }).catch(() => undefined);
    expect(getToasts()).toEqual([]);
  });
});
