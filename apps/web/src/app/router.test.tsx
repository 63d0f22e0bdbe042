import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from './app';
import { routes } from './router';

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
});
