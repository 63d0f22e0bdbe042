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

  it('shows the 404 page with a link back to /', async () => {
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
      initialEntries: ['/yok'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ana Sayfaya Dön' })).toHaveAttribute('href', '/');
  });
});
