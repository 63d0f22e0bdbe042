import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountLinkParam } from '@ani/contract/users';
import { clearSession, getSession, refreshSession } from '../../lib/session';
import { getToasts, resetToasts } from '../../test/toasts';
import { jsonResponse, renderWithRouter } from '../../test/render';
import { LoginDialog } from './components/login-dialog';
import { accountLinkParamName } from './components/account-link-notice';
import { useLogout } from './use-logout';

const fetchMock = vi.fn<typeof fetch>();
const okLogin = {
  success: true,
  token: 'tok-1',
  userId: 'u1',
  username: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
};

beforeEach(() => {
  resetToasts();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  refreshSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fetchMock.mockReset();
});

function renderLogin(state?: unknown) {
  const onOpenChange = vi.fn();
  renderWithRouter(<LoginDialog open onOpenChange={onOpenChange} onSwitch={vi.fn()} />, { path: '/', state });
  return { onOpenChange, user: userEvent.setup() };
}

async function submitLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('E-posta veya Kullanıcı Adı'), 'ayse@example.com');
  await user.type(screen.getByLabelText('Şifre'), 'Gelin2026');
  await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
}

describe('auth state transitions', () => {
  it('signed out -> signed in: stores token and user in session storage and goes to /dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse(okLogin));
    const { user, onOpenChange } = renderLogin();
    expect(getSession().token).toBeNull();
    await submitLogin(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(sessionStorage.getItem('user')!)).toEqual({
      userId: 'u1',
      username: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(getSession().user?.username).toBe('Ayşe Yılmaz');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('returns to the page a guard carried along', async () => {
    fetchMock.mockResolvedValue(jsonResponse(okLogin));
    const { user } = renderLogin({ from: '/dashboard/guests/list' });
    await submitLogin(user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/guests/list'));
  });

  it('after the server refused the session, the same host signs in again where they were', async () => {
    sessionStorage.setItem('token', 'old');
    sessionStorage.setItem(
      'user',
      JSON.stringify({ userId: 'u1', username: 'Ayşe Yılmaz', email: 'a@b.co' }),
    );
    refreshSession();
    clearSession({ reason: 'refused' });
    fetchMock.mockResolvedValue(jsonResponse(okLogin));
    const onOpenChange = vi.fn();
    renderWithRouter(<LoginDialog open onOpenChange={onOpenChange} onSwitch={vi.fn()} />, {
      path: '/profile',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Oturumunuz sona erdi. Lütfen yeniden giriş yapın.');
    await submitLogin(userEvent.setup());
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(getSession().token).toBe('tok-1');
  });

  it('after the server refused the session, another account starts at the dashboard', async () => {
    sessionStorage.setItem('token', 'old');
    sessionStorage.setItem(
      'user',
      JSON.stringify({ userId: 'someone', username: 'Can Er', email: 'c@d.co' }),
    );
    refreshSession();
    clearSession({ reason: 'refused' });
    fetchMock.mockResolvedValue(jsonResponse(okLogin));
    renderWithRouter(<LoginDialog open onOpenChange={vi.fn()} onSwitch={vi.fn()} />, { path: '/profile' });
    await submitLogin(userEvent.setup());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('requires both fields before calling the server', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByText('E-posta adresinizi veya kullanıcı adınızı girin.')).toBeInTheDocument();
    expect(screen.getByText('Şifrenizi girin.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refused login stays signed out with "Giriş Hatası!" and an inline banner', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ success: false, message: 'Kullanıcı adı veya şifre yanlış.' }, 401),
    );
    const { user } = renderLogin();
    await submitLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Kullanıcı adı veya şifre yanlış.');
    expect(getToasts()).toEqual([
      expect.objectContaining({ title: 'Giriş Hatası!', variant: 'destructive' }),
    ]);
    expect(getSession().token).toBeNull();
    // Trying again replaces the toast instead of stacking another over the dialog.
    await user.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(getToasts()).toHaveLength(1);
  });

  it('counts a short slow-down after wrong passwords down on the disabled button, then lets the host in', async () => {
    // Only the countdown's clock is faked: the clicks and the screen queries keep real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const message = 'Çok fazla deneme yaptınız. Lütfen 3 saniye sonra tekrar deneyin.';
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message, code: 'RATE_LIMITED' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
      }),
    );
    const { user } = renderLogin();
    await submitLogin(user);
    expect(await screen.findByRole('button', { name: '3 saniye bekleyin' })).toBeDisabled();
    // Neither the banner nor the toast repeats a number that is out of date a second later: the
    // button counts it.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Çok fazla deneme yaptınız. Lütfen biraz bekleyip tekrar deneyin.',
    );
    expect(getToasts()).toEqual([
      expect.objectContaining({
        title: 'Giriş Hatası!',
        description: 'Çok fazla deneme yaptınız. Lütfen biraz bekleyip tekrar deneyin.',
        variant: 'destructive',
      }),
    ]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: '2 saniye bekleyin' })).toBeDisabled();
    // Enter in a field does not send a try either while the pause runs.
    await user.type(screen.getByLabelText('Şifre'), '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const button = screen.getByRole('button', { name: 'Giriş Yap' });
    expect(button).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(jsonResponse(okLogin));
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('keeps the server message and an enabled button for a long slow-down', async () => {
    const message = 'Çok fazla deneme yaptınız. Lütfen 15 dakika sonra tekrar deneyin.';
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message, code: 'RATE_LIMITED' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '900' },
      }),
    );
    const { user } = renderLogin();
    await submitLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeEnabled();
    // Nothing counts a long wait down: the toast says it as the server words it.
    expect(getToasts()).toEqual([
      expect.objectContaining({ title: 'Giriş Hatası!', description: message, variant: 'destructive' }),
    ]);
  });

  it('an account that is not activated yet is offered a new activation e-mail', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: false, message: 'Hesabınız henüz etkinleştirilmedi.', code: 'NOT_ACTIVATED' },
        403,
      ),
    );
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'Yeni bağlantı gönderdik.' }));
    const { user } = renderLogin();
    await submitLogin(user);
    await user.click(await screen.findByRole('button', { name: 'Etkinleştirme e-postasını tekrar gönder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/users/activation/resend');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ email: 'ayse@example.com' });
  });

  it('logout: revokes on the server, then after 100 ms clears both storages and the animation flag and goes to /', async () => {
    localStorage.setItem('token', 'a');
    localStorage.setItem('user', JSON.stringify({ userId: 'u', username: 'x', email: 'x@y.co' }));
    sessionStorage.setItem('token', 'b');
    localStorage.setItem('dashboard-animation-seen', 'true');
    localStorage.setItem('theme', 'dark');
    refreshSession();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Çıkış yapıldı.' }));
    let api: ReturnType<typeof useLogout> | undefined;
    function Probe() {
      api = useLogout();
      return <span>{api.loggingOut ? 'Çıkış Yapılıyor...' : 'Çıkış Yap'}</span>;
    }
    renderWithRouter(<Probe />, { path: '/dashboard' });
    let done: Promise<void> | undefined;
    act(() => {
      done = api!.logout();
    });
    expect(screen.getByText('Çıkış Yapılıyor...')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer a');
    expect(localStorage.getItem('token')).toBe('a');
    await act(async () => {
      await done;
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(
      ['token', 'user', 'dashboard-animation-seen'].map(
        (k) => localStorage.getItem(k) ?? sessionStorage.getItem(k),
      ),
    ).toEqual([null, null, null]);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByText('Çıkış Yap')).toBeInTheDocument();
  });

  it('a failed logout call is only logged; the user is still signed out', async () => {
    sessionStorage.setItem('token', 'b');
    refreshSession();
    fetchMock.mockRejectedValue(new TypeError('offline'));
    let api: ReturnType<typeof useLogout> | undefined;
    function Probe() {
      api = useLogout();
      return null;
    }
    renderWithRouter(<Probe />, { path: '/events' });
    await act(async () => {
      await api!.logout();
    });
    expect(getSession().token).toBeNull();
    expect(getToasts().filter((t) => t.title !== 'Bağlantı Hatası')).toEqual([]);
  });

  it('uses the contract name of the account-link parameter', () => {
    expect(accountLinkParamName).toBe(accountLinkParam);
  });
});
