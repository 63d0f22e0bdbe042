import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@ani/contract/limits';
import { refreshSession } from '../../../lib/session';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { DashboardLayout } from './dashboard-layout';

function renderLayout() {
  window.sessionStorage.setItem(storageKeys.token, 't');
  window.localStorage.setItem(storageKeys.dashboardAnimationSeen, 'true');
  refreshSession();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse({ success: true, events: [] }));
  return renderWithRouter(<DashboardLayout onLogout={() => undefined} loggingOut={false} />, {
    path: '/dashboard',
  });
}

describe('dashboard layout: the phone menu', () => {
  it('is a named dialog that takes the focus to its first link, keeps it, closes with Escape and gives it back', async () => {
    const user = userEvent.setup();
    renderLayout();
    const opener = screen.getByRole('button', { name: 'Menüyü aç' });
    await user.click(opener);
    const menu = await screen.findByRole('dialog', { name: 'Menü' });
    expect(within(menu).getByRole('navigation', { name: 'Panel menüsü' })).toBeInTheDocument();
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Ana Sayfa' })).toHaveFocus());
    // More Tabs than the menu has controls: the focus wraps round inside it, never to the page behind.
    for (let i = 0; i < 16; i++) {
      await user.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(screen.getByRole('button', { name: 'Menüyü aç' }));
    const menu = await screen.findByRole('dialog', { name: 'Menü' });
    await user.click(within(menu).getByRole('link', { name: 'Müzik' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/music');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('dashboard layout: the keyboard', () => {
  it('starts at a skip link that leads past the header and the menu to the page', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'İçeriğe geç' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });
});
