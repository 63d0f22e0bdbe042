import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/ui/toaster';
import { resetToasts } from '../../../test/toasts';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { ProfilePage } from './profile-page';

const user = {
  userId: 'u1',
  username: 'Emre Demir',
  email: 'emre@example.com',
  phoneNumber: '0533 111 22 33',
  pendingEmail: 'emre.yeni@example.com',
  deletionScheduledAt: null,
};

describe('profile page', () => {
  it('drops the pending e-mail change from the page when a new password ends it, and says so', async () => {
    resetToasts();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/users/me') return jsonResponse({ success: true, user });
      if (url === '/api/users/profile/u1' && init?.method === 'PUT')
        return jsonResponse({
          success: true,
          message: 'Profil bilgileriniz güncellendi.',
          user: { ...user, pendingEmail: null },
        });
      throw new Error(`unexpected ${url}`);
    });
    const actor = userEvent.setup();
    renderWithRouter(
      <>
        <ProfilePage />
        <Toaster />
      </>,
    );
    expect(await screen.findByText('E-posta doğrulaması bekleniyor')).toBeInTheDocument();
    // The field holds the address that still signs in; the one waiting for its link is named under it.
    expect(screen.getByLabelText('E-posta')).toHaveValue('emre@example.com');
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription(
      'Yeni adresiniz emre.yeni@example.com onay bekliyor; onaylanana kadar giriş için bu adres geçerli.',
    );

    await actor.type(screen.getByLabelText('Mevcut Şifre'), 'EskiSifre2026');
    await actor.type(screen.getByLabelText('Yeni Şifre'), 'YeniSifre2027');
    await actor.type(screen.getByLabelText('Yeni Şifre Tekrarı'), 'YeniSifre2027');
    await actor.click(screen.getByRole('button', { name: 'Şifremi Güncelle' }));

    expect(
      await screen.findByText(
        'Profil bilgileriniz güncellendi. Güvenliğiniz için bekleyen e-posta değişikliğiniz iptal edildi; yeni adresi yeniden kaydedebilirsiniz.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('E-posta doğrulaması bekleniyor')).not.toBeInTheDocument());
    expect(screen.getByLabelText('E-posta')).toHaveValue('emre@example.com');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
