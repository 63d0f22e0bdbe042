import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@ani/contract/messages';
import type { PublicUser } from '@ani/contract/users';
import { getSessionEnd, saveSession } from '../../../lib/session';
import { signInHost } from '../../../test/session';
import { getToasts, resetToasts } from '../../../test/toasts';
import { expectBusy, expectIdle, heldFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { DetailsSection } from './details-section';

const account: PublicUser = {
  userId: 'u1',
  username: 'Emre Demir',
  email: 'emre@example.com',
  phoneNumber: '+905332223344',
  pendingEmail: 'emre.yeni@example.com',
  deletionScheduledAt: null,
};

/** The server's answer to a save: the fields it changed applied to the account. */
function answerSaves(message: (body: Record<string, unknown>) => string) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    return jsonResponse({
      success: true,
      message: message(body),
      user: {
        ...account,
        ...(body.phoneNumber ? { phoneNumber: body.phoneNumber } : {}),
        ...(body.email ? { pendingEmail: body.email } : {}),
      },
    });
  });
}

describe('details section', () => {
  it('keeps the focus on the save button while it runs and says the refusal in a region that was already there', async () => {
    const held = heldFetch();
    const actor = userEvent.setup();
    renderWithRouter(<DetailsSection user={account} />);
    // Screen readers announce a live region whose text changes, not one that appears with its text.
    const alert = screen.getByRole('alert');
    expect(alert).toBeEmptyDOMElement();
    const phone = screen.getByLabelText('Telefon Numarası');
    await actor.clear(phone);
    await actor.type(phone, '0544 111 22 33');
    const button = screen.getByRole('button', { name: 'Bilgilerimi Kaydet' });
    await actor.click(button);
    expectBusy(button, 'Kaydediliyor...');
    await actor.click(button);
    await actor.keyboard('{Enter}');
    expect(held.fetch).toHaveBeenCalledTimes(1);
    await held.answer(
      jsonResponse({ success: false, message: 'Bu telefon numarası kullanılıyor.', code: 'CONFLICT' }, 409),
    );
    await waitFor(() => expect(alert).toHaveTextContent('Bu telefon numarası kullanılıyor.'));
    expect(screen.getByRole('alert')).toBe(alert);
    expectIdle(button, 'Bilgilerimi Kaydet');
  });

  it("says the form's own refusal in the same region, sending nothing", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const actor = userEvent.setup();
    renderWithRouter(<DetailsSection user={account} />);
    const alert = screen.getByRole('alert');
    expect(alert).toBeEmptyDOMElement();
    await actor.click(screen.getByRole('button', { name: 'Bilgilerimi Kaydet' }));
    expect(alert).toHaveTextContent(messages.auth.nothingToUpdate);
    expect(screen.getByRole('alert')).toBe(alert);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the phone as "0533 222 33 44" and saves a new one as E.164', async () => {
    resetToasts();
    const fetch = answerSaves(() => 'Profil bilgileriniz güncellendi.');
    const actor = userEvent.setup();
    renderWithRouter(<DetailsSection user={account} />);
    const phone = screen.getByLabelText('Telefon Numarası');
    expect(phone).toHaveValue('0533 222 33 44');

    await actor.clear(phone);
    await actor.type(phone, '0544 111 22 33');
    await actor.click(screen.getByRole('button', { name: 'Bilgilerimi Kaydet' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ phoneNumber: '+905441112233' });
    await waitFor(() => expect(phone).toHaveValue('0544 111 22 33'));
  });

  it('a phone-only save while an e-mail change waits is a plain update, not a new confirmation', async () => {
    resetToasts();
    answerSaves(() => 'Profil bilgileriniz güncellendi.');
    const actor = userEvent.setup();
    renderWithRouter(<DetailsSection user={account} />);
    const phone = screen.getByLabelText('Telefon Numarası');
    await actor.clear(phone);
    await actor.type(phone, '0544 111 22 33');
    await actor.click(screen.getByRole('button', { name: 'Bilgilerimi Kaydet' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({ title: 'Profil Güncellendi', variant: 'success' });
    expect(screen.getByLabelText('E-posta')).toHaveValue('emre@example.com');
  });

  it('a save that sends a new address asks for its confirmation and keeps the current one in the field', async () => {
    resetToasts();
    const fetch = answerSaves(() => 'Yeni e-posta adresinize bir doğrulama bağlantısı gönderdik.');
    const actor = userEvent.setup();
    renderWithRouter(<DetailsSection user={{ ...account, pendingEmail: null }} />);
    const email = screen.getByLabelText('E-posta');
    expect(email).not.toHaveAccessibleDescription();
    await actor.clear(email);
    await actor.type(email, 'emre.baska@example.com');
    await actor.type(screen.getByLabelText('Mevcut Şifreniz (e-posta değişikliği için)'), 'Damat2026');
    await actor.click(screen.getByRole('button', { name: 'Bilgilerimi Kaydet' }));
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({
      email: 'emre.baska@example.com',
    });
    expect(getToasts()[0]).toMatchObject({ title: 'E-posta Doğrulaması Gerekli', variant: 'info' });
    expect(email).toHaveValue('emre@example.com');
  });

  it('names the address waiting for its link once, under the e-mail field', () => {
    renderWithRouter(<DetailsSection user={account} />);
    expect(screen.getByText('E-posta doğrulaması bekleniyor')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Yeni e-posta adresinize bir doğrulama bağlantısı gönderdik. Bağlantıya tıkladığınızda adresiniz değişecek.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription(
      'Yeni adresiniz emre.yeni@example.com onay bekliyor; onaylanana kadar giriş için bu adres geçerli.',
    );
    expect(document.body.textContent.split('emre.yeni@example.com')).toHaveLength(2);
  });
});

describe('details section when the session ends under it', () => {
  const sessionEnded = 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.';
  const newSession = () =>
    act(() => saveSession('t2', { userId: 'u1', username: 'Emre Demir', email: 'emre@example.com' }));

  async function saveWithEndedSession() {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Bu işlem için giriş yapmalısınız.' }, 401),
    );
    const actor = userEvent.setup();
    renderWithRouter(<DetailsSection user={account} />);
    await actor.clear(screen.getByLabelText('Ad'));
    await actor.type(screen.getByLabelText('Ad'), 'Emrecan');
    await actor.click(screen.getByRole('button', { name: 'Bilgilerimi Kaydet' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(sessionEnded));
    expect(getSessionEnd()?.reason).toBe('refused');
    return actor;
  }

  it('drops "Oturumunuz sona erdi" once the host has signed in again, keeping what they typed', async () => {
    await saveWithEndedSession();
    newSession();
    // The region stays in the page for the next outcome; only its text goes.
    await waitFor(() => expect(screen.getByRole('alert')).toBeEmptyDOMElement());
    expect(screen.getByLabelText('Ad')).toHaveValue('Emrecan');
  });

  it('keeps it while no new session has begun', async () => {
    const actor = await saveWithEndedSession();
    await actor.type(screen.getByLabelText('Soyad'), 'x');
    expect(screen.getByRole('alert')).toHaveTextContent(sessionEnded);
  });

  it('keeps a refusal of another kind when a session begins', async () => {
    signInHost();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ success: false, message: 'Bu telefon numarası kullanılıyor.' }, 409),
    );
    const actor = userEvent.setup();
    renderWithRouter(<DetailsSection user={account} />);
    await actor.clear(screen.getByLabelText('Telefon Numarası'));
    await actor.type(screen.getByLabelText('Telefon Numarası'), '0544 111 22 33');
    await actor.click(screen.getByRole('button', { name: 'Bilgilerimi Kaydet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Bu telefon numarası kullanılıyor.'),
    );
    newSession();
    expect(screen.getByRole('alert')).toHaveTextContent('Bu telefon numarası kullanılıyor.');
  });
});
