import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import { saveSession } from '../../../lib/session';
import { signInHost } from '../../../test/session';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { AccountDataSection } from './account-data-section';
import { ProfilePage } from './profile-page';

const user = {
  userId: 'u1',
  username: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  phoneNumber: '+905321234567',
  pendingEmail: null,
  deletionScheduledAt: null,
};

describe('account data section (KVKK)', () => {
  it('asks for the export once and says the link comes by e-mail', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ success: true, message: messages.auth.exportRequested }, 202));
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    await actor.click(screen.getByRole('button', { name: 'Verilerimi İndir' }));
    expect(await screen.findByText(messages.auth.exportRequested)).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/users/me/export');
    // A second archive would replace the first and break the link just mailed.
    expect(screen.getByRole('button', { name: 'İstek Alındı' })).toBeDisabled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the server error on refusal and lets the host try again', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Çok fazla istek.', code: 'RATE_LIMITED' }, 429),
    );
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    await actor.click(screen.getByRole('button', { name: 'Verilerimi İndir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Çok fazla istek.');
    expect(screen.getByRole('button', { name: 'Verilerimi İndir' })).toBeEnabled();
  });

  it('needs the password before deleting, then says to confirm by e-mail', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ success: true, message: messages.auth.deletionRequested }, 202));
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    await actor.click(screen.getByRole('button', { name: 'Hesabımı Sil' }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.auth.passwordRequired);
    expect(fetch).not.toHaveBeenCalled();
    await actor.type(screen.getByLabelText('Şifreniz'), 'Gizli123');
    await actor.click(screen.getByRole('button', { name: 'Hesabımı Sil' }));
    expect(await screen.findByText(messages.auth.deletionRequested)).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ password: 'Gizli123' });
  });

  it('shows the scheduled date in Turkish and lets the host cancel', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ success: true, message: messages.auth.deletionCancelled }));
    const actor = userEvent.setup();
    renderWithRouter(
      <AccountDataSection user={{ ...user, deletionScheduledAt: '2026-12-01T09:00:00.000Z' }} />,
    );
    expect(screen.getByText('1 Aralık 2026')).toBeInTheDocument();
    // The card is edged in red in both schemes: the red ring replaces the plain card's, dark included.
    const card = screen.getByRole('region', { name: 'Hesabınız silinmek üzere' });
    expect(card).toHaveClass('ring-red-200', 'dark:ring-red-900');
    expect(card).not.toHaveClass('ring-stone-200');
    expect(card).not.toHaveClass('dark:ring-stone-800');
    await actor.click(screen.getByRole('button', { name: 'Silme Talebini İptal Et' }));
    expect(fetch.mock.calls[0]![1]!.method).toBe('DELETE');
  });

  it('keeps the keyboard focus in the card after the deletion is cancelled (the button goes away)', async () => {
    let scheduled = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') {
        scheduled = false;
        return jsonResponse({ success: true, message: messages.auth.deletionCancelled });
      }
      expect(String(input)).toContain('/api/users/me');
      return jsonResponse({
        success: true,
        user: { ...user, deletionScheduledAt: scheduled ? '2026-12-01T09:00:00.000Z' : null },
      });
    });
    const actor = userEvent.setup();
    renderWithRouter(<ProfilePage />);
    await actor.click(await screen.findByRole('button', { name: 'Silme Talebini İptal Et' }));
    const title = await screen.findByRole('heading', { name: 'Hesabımı Sil' });
    expect(await screen.findByText(messages.auth.deletionCancelled)).toBeInTheDocument();
    expect(title).toHaveFocus();
  });

  it('drops "Oturumunuz sona erdi" from the export and deletion cards once the host has signed in again', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse({ success: false, message: 'Bu işlem için giriş yapmalısınız.' }, 401),
    );
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    await actor.type(screen.getByLabelText('Şifreniz'), 'Gizli123');
    await actor.click(screen.getByRole('button', { name: 'Hesabımı Sil' }));
    await screen.findByRole('alert');
    // The session is already gone: this refusal carried no token and is not a session ending.
    await actor.click(screen.getByRole('button', { name: 'Verilerimi İndir' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Bu işlem için giriş yapmalısınız.',
      messages.auth.sessionEnded,
    ]);
    act(() => saveSession('t2', { userId: 'u1', username: 'Ayşe Yılmaz', email: 'ayse@example.com' }));
    // Only the session-ended banner goes; the other stays until the host tries again.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Bu işlem için giriş yapmalısınız.');
    expect(screen.getByLabelText('Şifreniz')).toHaveValue('Gizli123');
  });
});
