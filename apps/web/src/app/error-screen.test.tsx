import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ErrorScreen } from './error-screen';
import { NotFoundPage } from './not-found';

function Boom(): never {
  throw new Error('Etkinlik verisi okunamadı');
}

describe('router fallbacks', () => {
  it('shows "Unexpected Application Error!" with the message when a route throws', async () => {
    // React reports the caught render error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Etkinlik verisi okunamadı')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sayfayı Yenile' })).toBeInTheDocument();
  });

  it('says in Turkish that a page could not be loaded, instead of the browser’s English for a lost chunk', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: () =>
          Promise.reject(
            new TypeError(
              'Failed to fetch dynamically imported module: http://x/assets/guest-list-route-1.js',
            ),
          ),
        errorElement: <ErrorScreen />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(/Sayfa yüklenemedi: internet bağlantınız kesilmiş/)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sayfayı Yenile' })).toBeInTheDocument();
  });

  it('shows the 404 page with a link back to /', async () => {
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
      initialEntries: ['/yok'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana Sayfaya Dön' })).toHaveAttribute('href', '/');
  });
});
