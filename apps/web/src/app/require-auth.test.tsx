import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { refreshSession } from '../lib/session';
import { getToasts, resetToasts } from '../test/toasts';
import { RequireAuth } from './require-auth';

function Home() {
  const location = useLocation();
  return <p>home from={(location.state as { from?: string } | null)?.from ?? '-'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Home /> },
      { path: '/dashboard', element: <RequireAuth />, children: [{ path: '*', element: <p>panel</p> }] },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  resetToasts();
  refreshSession();
});

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
});
