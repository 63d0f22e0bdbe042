import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { messageResponse } from '@ani/contract/users';
import { apiRequest } from '../lib/api-client';
import { clearSession, getSession, refreshSession } from '../lib/session';
import { signInHost } from '../test/session';
import { getToasts, resetToasts } from '../test/toasts';
import { jsonResponse } from '../test/render';
import { AuthDialogsProvider, useLogout } from '../features/auth';
import { RequireAuth } from './require-auth';

function Home() {
  const location = useLocation();
  return <p>home from={(location.state as { from?: string } | null)?.from ?? '-'}</p>;
}

/** A signed-in page with a form and a logout button, like /events or /profile. */
function SignedInPage() {
  const { logout } = useLogout();
  const save = () =>
    void apiRequest('/users/profile/u1', { method: 'PUT', body: {}, schema: messageResponse }).catch(
      () => undefined,
    );
  return (
    <>
      <p>panel</p>
      <label>
        Not <input />
      </label>
      <button onClick={save}>Kaydet</button>
      <button onClick={() => void logout()}>Çıkış Yap</button>
    </>
  );
}

function renderAt(path: string, page = <p>panel</p>) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthDialogsProvider termsContent={null}>
            <Outlet />
          </AuthDialogsProvider>
        ),
        children: [
          { path: '/', element: <Home /> },
          {
            path: '/dashboard',
            element: <RequireAuth />,
            children: [
              { index: true, element: page },
              { path: '*', element: page },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  resetToasts();
  refreshSession();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const accessDenied = expect.objectContaining({ title: 'Erişim Engellendi' });

describe('RequireAuth', () => {
  it('sends an anonymous visitor to / with the attempted page and the access toast', async () => {
    renderAt('/dashboard/guests/list?x=1');
    expect(await screen.findByText('home from=/dashboard/guests/list?x=1')).toBeInTheDocument();
    expect(getToasts()).toEqual([
      expect.objectContaining({
        title: 'Erişim Engellendi',
        description: 'Bu sayfayı görüntülemek için giriş yapmalısınız.',
      }),
    ]);
  });

  it('lets a visitor with a token in local or session storage in', async () => {
    localStorage.setItem('token', 't');
    refreshSession();
    renderAt('/dashboard/guests/list');
    expect(await screen.findByText('panel')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
  });

  it('logging out from a signed-in page lands on / without any toast', async () => {
    signInHost();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Çıkış yapıldı.' }));
    renderAt('/dashboard', <SignedInPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Çıkış Yap' }));
    expect(await screen.findByText('home from=-')).toBeInTheDocument();
    expect(getSession().token).toBeNull();
    expect(getToasts()).toEqual([]);
  });

  it('after a logout, opening a protected page again is an access attempt like any other', async () => {
    signInHost();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'Çıkış yapıldı.' }));
    const router = renderAt('/dashboard', <SignedInPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Çıkış Yap' }));
    await screen.findByText('home from=-');
    await act(() => router.navigate('/dashboard/qr/create'));
    expect(await screen.findByText('home from=/dashboard/qr/create')).toBeInTheDocument();
    expect(getToasts()).toEqual([accessDenied]);
  });

  it('a session refused by the server keeps the page and what was typed, and offers the login', async () => {
    signInHost();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { success: false, message: 'Bu işlem için giriş yapmalısınız', code: 'UNAUTHORIZED' },
        401,
      ),
    );
    const actor = userEvent.setup();
    renderAt('/dashboard', <SignedInPage />);
    await actor.type(await screen.findByLabelText('Not'), 'yarım kalan yazı');
    await actor.click(screen.getByRole('button', { name: 'Kaydet' }));

    const dialog = await screen.findByRole('dialog', { name: 'Giriş Yap' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
    );
    expect(getToasts()).toEqual([
      expect.objectContaining({
        title: 'Oturum Sona Erdi',
        description: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
      }),
    ]);
    expect(getSession().token).toBeNull();

    // Signed in again as the same host: still on the page, the text still there.
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ success: true, token: 't2', userId: 'u1', username: 'elifcan', email: 'e@example.com' }),
    );
    await actor.type(within(dialog).getByLabelText('E-posta veya Kullanıcı Adı'), 'e@example.com');
    await actor.type(within(dialog).getByLabelText('Şifre'), 'Gelin2026');
    await actor.click(within(dialog).getByRole('button', { name: 'Giriş Yap' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getSession().token).toBe('t2');
    expect(screen.getByLabelText('Not')).toHaveValue('yarım kalan yazı');
    expect(getToasts().filter((t) => t.title === 'Erişim Engellendi')).toEqual([]);
  });

  it('closing the login offered for a refused session leaves for / without "Erişim Engellendi"', async () => {
    signInHost();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'x' }, 401));
    const actor = userEvent.setup();
    renderAt('/dashboard', <SignedInPage />);
    await actor.click(await screen.findByRole('button', { name: 'Kaydet' }));
    await screen.findByRole('dialog', { name: 'Giriş Yap' });
    await actor.keyboard('{Escape}');
    expect(await screen.findByText('home from=-')).toBeInTheDocument();
    expect(getToasts().filter((t) => t.title === 'Erişim Engellendi')).toEqual([]);
  });

  it('a session signed out in another tab leaves the page quietly', async () => {
    signInHost();
    renderAt('/dashboard', <SignedInPage />);
    await screen.findByText('panel');
    // What a logout in another tab holding this token leaves here (the storage event's effect).
    act(() => clearSession({ reason: 'signed-out' }));
    expect(await screen.findByText('home from=-')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
