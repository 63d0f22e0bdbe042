import { describe, expect, it, vi } from 'vitest';
import { messageResponse } from '@ani/contract/users';
import { apiRequest, ApiError } from './api-client';
import { getSession, getSessionEnd, refreshSession } from './session';
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

  it('falls back to the error field, then "Bir hata oluştu", never the English status text', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Sunucu meşgul' }, 503));
    await apiRequest('/a', { schema: messageResponse }).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await apiRequest('/b', { schema: messageResponse }).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: '' }));
    await apiRequest('/c', { schema: messageResponse }).catch(() => undefined);
    expect(getToasts().map((t) => t.description)).toEqual([
      'Bir hata oluştu',
      'Bir hata oluştu',
      'Sunucu meşgul',
    ]);
  });

  it('shows the Turkish fallback for a 500 without a message, and the server’s words when it sent them', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    const bare = await apiRequest('/a', { schema: messageResponse }).catch((e: unknown) => e);
    expect(bare).toBeInstanceOf(ApiError);
    expect((bare as ApiError).message).toBe('Bir hata oluştu');
    expect((bare as ApiError).serverMessage).toBeUndefined();
    // A framework's default body that only repeats the status text is no message of the server's.
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'Internal Server Error' }), {
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const echoed = await apiRequest('/b', { schema: messageResponse }).catch((e: unknown) => e);
    expect((echoed as ApiError).message).toBe('Bir hata oluştu');
    expect((echoed as ApiError).serverMessage).toBeUndefined();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'Sunucu hatası oluştu' }), {
        status: 500,
        statusText: 'Internal Server Error',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const worded = await apiRequest('/c', { schema: messageResponse }).catch((e: unknown) => e);
    expect((worded as ApiError).message).toBe('Sunucu hatası oluştu');
    expect((worded as ApiError).serverMessage).toBe('Sunucu hatası oluştu');
    expect(getToasts().map((t) => t.description)).toEqual([
      'Sunucu hatası oluştu',
      'Bir hata oluştu',
      'Bir hata oluştu',
    ]);
  });

  it('forgets the stored session on 401 and says the session ended, not "log in first"', async () => {
    localStorage.setItem('token', 't1');
    sessionStorage.setItem('token', 't2');
    sessionStorage.setItem('user', JSON.stringify({ userId: 'u', username: 'Ayşe Yılmaz', email: 'a@b.co' }));
    refreshSession();
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        { success: false, message: 'Bu işlem için giriş yapmalısınız', code: 'UNAUTHORIZED' },
        401,
      ),
    );
    const error = await apiRequest('/users/me', { schema: messageResponse }).catch((e: unknown) => e);
    expect([
      localStorage.getItem('token'),
      sessionStorage.getItem('token'),
      sessionStorage.getItem('user'),
    ]).toEqual([null, null, null]);
    expect(getSession()).toEqual({ token: null, user: null });
    // Recorded as a refused session of this host: the app offers the login in place of a guard's refusal.
    expect(getSessionEnd()).toEqual({ reason: 'refused', userId: 'u' });
    expect(error).toMatchObject({
      status: 401,
      sessionEnded: true,
      message: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
      serverMessage: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
    });
    expect(getToasts()).toEqual([
      expect.objectContaining({
        id: accessDeniedToastId,
        title: 'Oturum Sona Erdi',
        description: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
      }),
    ]);
  });

  it('answers a 401 without a token as before: the server message, one toast shared with the guard', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ success: false, message: 'Bu işlem için giriş yapmalısınız' }, 401),
    );
    const error = await apiRequest('/users/me', { schema: messageResponse }).catch((e: unknown) => e);
    expect(error).toMatchObject({ sessionEnded: false, message: 'Bu işlem için giriş yapmalısınız' });
    expect(getSessionEnd()).toBeNull();
    expect(getToasts()).toEqual([expect.objectContaining({ id: accessDeniedToastId, title: 'Hata' })]);
    // The signed-in page's guard then says "Erişim Engellendi" in the same toast, not in a second one.
    toast({ id: accessDeniedToastId, title: 'Erişim Engellendi', variant: 'destructive' });
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Erişim Engellendi' })]);
  });

  it('keeps a session begun while a call with the old token was on its way', async () => {
    sessionStorage.setItem('token', 'old');
    refreshSession();
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = apiRequest('/events', { schema: messageResponse }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    sessionStorage.setItem('token', 'new');
    refreshSession();
    answer(jsonResponse({ success: false, message: 'Bu işlem için giriş yapmalısınız' }, 401));
    expect(await pending).toMatchObject({ sessionEnded: true });
    expect(getSession().token).toBe('new');
    expect(getSessionEnd()).toBeNull();
  });

  it('lets the logout call be refused without recording a refused session', async () => {
    sessionStorage.setItem('token', 't');
    refreshSession();
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'x' }, 401));
    await apiRequest('/users/logout', {
      method: 'POST',
      schema: messageResponse,
      errorToast: false,
      endSessionOn401: false,
    }).catch(() => undefined);
    expect(getSession().token).toBeNull();
    expect(getSessionEnd()).toBeNull();
  });

  it('passes on how long a 429 asks to wait, in seconds or as a date', async () => {
    const tooMany = (retryAfter: string) =>
      new Response(JSON.stringify({ success: false, message: 'Çok fazla deneme yaptınız.' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
      });
    fetchMock.mockResolvedValueOnce(tooMany('4'));
    expect(
      await apiRequest('/users/login', { schema: messageResponse, errorToast: false }).catch(
        (e: unknown) => e,
      ),
    ).toMatchObject({ status: 429, retryAfterSeconds: 4 });
    fetchMock.mockResolvedValueOnce(tooMany(new Date(Date.now() + 90_000).toUTCString()));
    const dated = await apiRequest('/users/login', { schema: messageResponse, errorToast: false }).catch(
      (e: unknown) => e as ApiError,
    );
    expect((dated as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(89);
    expect((dated as ApiError).retryAfterSeconds).toBeLessThanOrEqual(90);
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
