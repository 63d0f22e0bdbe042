import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import { saveSession } from '../../../lib/session';
import { signInHost } from '../../../test/session';
import { heldFetch } from '../../../test/fetch-mock';
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

const exportCard = () => screen.getByRole('region', { name: 'Verilerimi İndir' });
const deletionCard = () => screen.getByRole('region', { name: 'Hesabımı Sil' });
// Each card's alert region is in the page from the start, empty until there is something to say.
const shownAlerts = () => screen.getAllByRole('alert').filter((alert) => alert.textContent !== '');

/**
 * While its request runs, a button says so and keeps the focus (aria-disabled, not disabled, which
 * would drop the focus to <body>); pressing it again sends nothing more.
 */
async function expectBusy(
  button: HTMLElement,
  busyName: string,
  press: () => Promise<void>,
  fetch: { mock: { calls: unknown[] } },
) {
  expect(button).toHaveAccessibleName(busyName);
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).toHaveFocus();
  await press();
  expect(fetch.mock.calls).toHaveLength(1);
}

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
    // A second archive would replace the first and break the link just mailed. The button says it is
    // done and ignores presses, but stays focusable (aria-disabled) so the focus does not drop to <body>.
    const done = screen.getByRole('button', { name: 'İstek Alındı' });
    expect(done).toHaveAttribute('aria-disabled', 'true');
    expect(done).toHaveFocus();
    await actor.click(done);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus on the export button while the request runs and says the result in a region that was already there', async () => {
    const held = heldFetch();
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    const status = within(exportCard()).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    const button = screen.getByRole('button', { name: 'Verilerimi İndir' });
    button.focus();
    await actor.keyboard('{Enter}');
    await expectBusy(button, 'İsteğiniz alınıyor...', () => actor.keyboard('{Enter}'), held.fetch);
    await held.answer(jsonResponse({ success: true, message: messages.auth.exportRequested }, 202));
    await waitFor(() => expect(status).toHaveTextContent(messages.auth.exportRequested));
    expect(within(exportCard()).getByRole('status')).toBe(status);
    expect(button).toHaveAccessibleName('İstek Alındı');
    expect(button).toHaveFocus();
  });

  it('shows the server error on refusal and lets the host try again', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Çok fazla istek.', code: 'RATE_LIMITED' }, 429),
    );
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    const alert = within(exportCard()).getByRole('alert');
    await actor.click(screen.getByRole('button', { name: 'Verilerimi İndir' }));
    await waitFor(() => expect(alert).toHaveTextContent('Çok fazla istek.'));
    const button = screen.getByRole('button', { name: 'Verilerimi İndir' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
  });

  it('needs the password before deleting, then says to confirm by e-mail', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ success: true, message: messages.auth.deletionRequested }, 202));
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    await actor.click(screen.getByRole('button', { name: 'Hesabımı Sil' }));
    expect(within(deletionCard()).getByRole('alert')).toHaveTextContent(messages.auth.passwordRequired);
    expect(fetch).not.toHaveBeenCalled();
    await actor.type(screen.getByLabelText('Şifreniz'), 'Gizli123');
    await actor.click(screen.getByRole('button', { name: 'Hesabımı Sil' }));
    expect(await screen.findByText(messages.auth.deletionRequested)).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ password: 'Gizli123' });
  });

  it('after the link is mailed, hides the form, says to check the mail and moves the focus there', async () => {
    const held = heldFetch();
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    const status = within(deletionCard()).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await actor.type(screen.getByLabelText('Şifreniz'), 'Gizli123');
    const button = screen.getByRole('button', { name: 'Hesabımı Sil' });
    await actor.click(button);
    await expectBusy(button, 'Gönderiliyor...', () => actor.click(button), held.fetch);
    await held.answer(jsonResponse({ success: true, message: messages.auth.deletionRequested }, 202));
    await waitFor(() => expect(status).toHaveTextContent(messages.auth.deletionRequested));
    expect(status).toHaveTextContent(messages.account.deletionMailHint);
    // Nothing left to press that would mail a second link.
    expect(screen.queryByLabelText('Şifreniz')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hesabımı Sil' })).not.toBeInTheDocument();
    expect(status.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(document.body);
    expect(held.fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the form and the focus on its button after a wrong password, said in a region that was already there', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: messages.auth.passwordWrong, code: 'VALIDATION' }, 400),
    );
    const actor = userEvent.setup();
    renderWithRouter(<AccountDataSection user={user} />);
    const alert = within(deletionCard()).getByRole('alert');
    expect(alert).toBeEmptyDOMElement();
    await actor.type(screen.getByLabelText('Şifreniz'), 'Yanlis123');
    const button = screen.getByRole('button', { name: 'Hesabımı Sil' });
    await actor.click(button);
    await waitFor(() => expect(alert).toHaveTextContent(messages.auth.passwordWrong));
    expect(within(deletionCard()).getByRole('status')).toBeEmptyDOMElement();
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByLabelText('Şifreniz')).toHaveValue('Yanlis123');
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

  it('keeps the focus on the cancel button while the cancel runs and when it is refused', async () => {
    const held = heldFetch();
    const actor = userEvent.setup();
    renderWithRouter(
      <AccountDataSection user={{ ...user, deletionScheduledAt: '2026-12-01T09:00:00.000Z' }} />,
    );
    const alert = within(screen.getByRole('region', { name: 'Hesabınız silinmek üzere' })).getByRole('alert');
    const button = screen.getByRole('button', { name: 'Silme Talebini İptal Et' });
    await actor.click(button);
    await expectBusy(button, 'İptal ediliyor...', () => actor.click(button), held.fetch);
    await held.answer(
      jsonResponse({ success: false, message: 'Çok fazla istek.', code: 'RATE_LIMITED' }, 429),
    );
    await waitFor(() => expect(alert).toHaveTextContent('Çok fazla istek.'));
    expect(button).toHaveAccessibleName('Silme Talebini İptal Et');
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
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
    await waitFor(() => expect(shownAlerts()).toHaveLength(1));
    // The session is already gone: this refusal carried no token and is not a session ending.
    await actor.click(screen.getByRole('button', { name: 'Verilerimi İndir' }));
    await waitFor(() => expect(shownAlerts()).toHaveLength(2));
    expect(shownAlerts().map((a) => a.textContent)).toEqual([
      'Bu işlem için giriş yapmalısınız.',
      messages.auth.sessionEnded,
    ]);
    act(() => saveSession('t2', { userId: 'u1', username: 'Ayşe Yılmaz', email: 'ayse@example.com' }));
    // Only the session-ended banner goes; the other stays until the host tries again.
    await waitFor(() => expect(shownAlerts()).toHaveLength(1));
    expect(shownAlerts()[0]).toHaveTextContent('Bu işlem için giriş yapmalısınız.');
    expect(within(deletionCard()).getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByLabelText('Şifreniz')).toHaveValue('Gizli123');
  });
});
