import { isValidElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { isAppPath } from '@ani/contract/app-routes';
import { App } from './app';
import { routes } from './router';
import { NotFoundPage } from './not-found';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app routes', () => {
  it('a page whose code is still on the way shows the Turkish loading state, not an empty page', async () => {
    const warn = vi.spyOn(console, 'warn');
    const router = createMemoryRouter(routes, { initialEntries: ['/contact'] });
    render(<App router={router} />);
    expect(screen.getByRole('status')).toHaveTextContent('Yükleniyor…');
    expect(await screen.findByRole('heading', { name: 'Bizimle İletişime Geçin' })).toBeInTheDocument();
    expect(screen.queryByText('Yükleniyor…')).not.toBeInTheDocument();
    expect(warn.mock.calls.flat().join('\n')).not.toContain('HydrateFallback');
  });

  it.each([
    '/',
    '/gallery',
    '/contact',
    '/reset-password',
    '/profile',
    '/events',
    '/events/abc',
    '/events/abc/wall',
    '/events/abc/elif-can/upload-image-page',
    '/dashboard',
    '/dashboard/guests/list',
    '/dashboard/yok-boyle',
    '/yok-boyle',
    '/gallery/eski',
    '/events/abc/foto',
    '/events/abc/elif-can/upload-image-page/fazla',
  ])('%s: the server answers 404 exactly where the router shows the "not found" page', (path) => {
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    const notFound = isValidElement(leaf?.element) && leaf.element.type === NotFoundPage;
    expect(isAppPath(path)).toBe(!notFound);
  });
});
