import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getSession } from '../../../lib/session';
import { signInHost } from '../../../test/session';
import { renderWithRouter } from '../../../test/render';
import { AccountLinkResultDialog } from './account-link-result';
import { AuthDialogsProvider } from './auth-dialogs';

const landOn = (path: string) =>
  renderWithRouter(
    <AuthDialogsProvider termsContent={null}>
      <AccountLinkResultDialog />
    </AuthDialogsProvider>,
    { path },
  );

describe('account link result', () => {
  it('offers a new activation link for a spent activation link', async () => {
    landOn('/?hesap=invalid');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Geçersiz Bağlantı');
    expect(screen.getByRole('button', { name: 'Yeni Etkinleştirme Bağlantısı Gönder' })).toBeInTheDocument();
  });

  it('sends a spent e-mail change or deletion link to the profile page, not to a new activation mail', async () => {
    landOn('/?hesap=profile-link-invalid');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Bağlantı Artık Geçerli Değil');
    expect(dialog).toHaveTextContent('Profil sayfasından yeniden isteyebilirsiniz');
    expect(screen.queryByRole('button', { name: /Etkinleştirme/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tamam' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['deletion-scheduled', 'email-change-cancelled'])(
    'signs this tab out when the link closed every session (%s)',
    async (result) => {
      signInHost();
      landOn(`/?hesap=${result}`);
      const dialog = await screen.findByRole('dialog');
      expect(getSession()).toEqual({ token: null, user: null });
      expect(sessionStorage.getItem('token')).toBeNull();
      // The dialog's own "Giriş Yap" is the offer; no login dialog opens over it by itself.
      expect(screen.getAllByRole('dialog')).toEqual([dialog]);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Giriş Yap' }));
      expect(await screen.findByRole('dialog', { name: 'Giriş Yap' })).toBeInTheDocument();
    },
  );

  it('keeps the session for a result that closes none', async () => {
    signInHost();
    landOn('/?hesap=activated');
    await screen.findByRole('dialog');
    expect(getSession().token).toBe('t');
  });
});
