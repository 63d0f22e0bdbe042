import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToasts } from '../../../test/toasts';
import { refreshSession } from '../../../lib/session';
import { jsonResponse, renderWithRouter } from '../../../test/render';
import { RegisterDialog } from './register-dialog';
import { installFetchMock } from '../../../test/fetch-mock';

const fetchMock = installFetchMock();

function setup() {
  const onOpenChange = vi.fn();
  const onSwitch = vi.fn();
  const utils = renderWithRouter(
    <RegisterDialog open onOpenChange={onOpenChange} onSwitch={onSwitch} termsContent={<p>1. Kapsam</p>} />,
    { path: '/gallery' },
  );
  return { ...utils, onOpenChange, onSwitch, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, password = 'Gelin2026') {
  await user.type(screen.getByLabelText('Ad'), 'Ayşe');
  await user.type(screen.getByLabelText('Soyad'), 'Yılmaz');
  await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
  await user.type(screen.getByLabelText('Telefon Numarası'), '05321234567');
  await user.type(screen.getByLabelText('Şifre'), password);
  await user.type(screen.getByLabelText('Şifre Tekrarı'), password);
}

describe('register dialog', () => {
  it('says under a typed field what is wrong once the user leaves it, and drops it when fixed', async () => {
    const { user } = setup();
    const email = screen.getByLabelText('E-posta');
    // Leaving an empty field is not a mistake yet.
    await user.click(email);
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(email, 'ayse@');
    await user.type(screen.getByLabelText('Telefon Numarası'), '123');
    expect(await screen.findByText('Geçerli bir e-posta adresi girin.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Geçerli bir e-posta adresi girin.');
    await user.type(screen.getByLabelText('Şifre'), 'Gelin2026');
    expect(
      screen.getByText('Geçerli bir cep telefonu numarası girin (ör. 0532 123 45 67).'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Şifre Tekrarı'), 'Gelin2025');
    await user.tab();
    expect(screen.getByText('Şifreler eşleşmiyor')).toBeInTheDocument();
    // The password itself meets the rules: nothing under it, and its checklist stays closed.
    expect(screen.getByRole('button', { name: 'Şifre gereksinimlerini göster' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByLabelText('Şifre')).not.toHaveAttribute('aria-invalid');

    await user.type(email, 'example.com');
    expect(screen.queryByText('Geçerli bir e-posta adresi girin.')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('Telefon Numarası'));
    await user.type(screen.getByLabelText('Telefon Numarası'), '05321234567');
    await user.clear(screen.getByLabelText('Şifre Tekrarı'));
    await user.type(screen.getByLabelText('Şifre Tekrarı'), 'Gelin2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps submit disabled until the terms are accepted, also through the terms dialog', async () => {
    const { user } = setup();
    const submit = screen.getByRole('button', { name: 'Kayıt Ol' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Kullanım koşullarını' }));
    expect(await screen.findByText('1. Kapsam')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Okudum, Kabul Ediyorum' }));
    expect(screen.getByRole('checkbox')).toBeChecked();
    expect(submit).toBeEnabled();
  });

  it('toggles a live password checklist with the info button', async () => {
    const { user } = setup();
    expect(screen.queryByRole('list', { name: 'Şifre gereksinimleri' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Şifre gereksinimlerini göster' }));
    const list = screen.getByRole('list', { name: 'Şifre gereksinimleri' });
    await user.type(screen.getByLabelText('Şifre'), 'gelin');
    const unmet = () => [...list.querySelectorAll('li[data-ok="false"]')].map((li) => li.textContent);
    expect(unmet()).toEqual([
      'Şifre en az 6 karakter uzunluğunda olmalıdır(karşılanmadı)',
      'Şifre en az bir büyük harf içermelidir(karşılanmadı)',
      'Şifre en az bir rakam içermelidir(karşılanmadı)',
      'Şifreler eşleşmelidir(karşılanmadı)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Şifre gereksinimlerini göster' }));
    expect(screen.queryByRole('list', { name: 'Şifre gereksinimleri' })).toBeNull();
  });

  it('shows the messages for missing fields and a weak password, without calling the server', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Lütfen tüm gerekli alanları doldurun.');
    await fillValid(user, 'gelin2026');
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    // The form's banner, and the same reason under the password the user has left.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Lütfen şifre gereksinimlerini kontrol edin.',
      'Lütfen şifre gereksinimlerini kontrol edin.',
    ]);
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription(
      'Lütfen şifre gereksinimlerini kontrol edin.',
    );
    // Which rule it breaks: the checklist opened with the message.
    expect(screen.getByRole('button', { name: 'Şifre gereksinimlerini göster' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the missing-fields message while a field is still empty and drops it once all are filled', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Lütfen tüm gerekli alanları doldurun.');
    await user.type(screen.getByLabelText('Ad'), 'Ayşe');
    expect(screen.getByRole('alert')).toHaveTextContent('Lütfen tüm gerekli alanları doldurun.');
    await fillValid(user);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  /** A valid form sent, and refused by the server: the address is taken. */
  async function refusedAsTaken() {
    const rendered = setup();
    fetchMock.mockResolvedValue(
      jsonResponse(
        { success: false, message: 'Bu e-posta adresiyle kayıtlı bir hesap zaten var.', code: 'CONFLICT' },
        409,
      ),
    );
    await fillValid(rendered.user);
    await rendered.user.click(screen.getByRole('checkbox'));
    await rendered.user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    return rendered;
  }

  it('drops the server’s refusal once the form is edited', async () => {
    const { user } = await refusedAsTaken();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu e-posta adresiyle');
    await user.type(screen.getByLabelText('E-posta'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on success registers without signing in, toasts "Kayıt Başarılı!" for 10 s and goes to /', async () => {
    const { user, onOpenChange } = setup();
    sessionStorage.setItem('token', 'old');
    refreshSession();
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          success: true,
          token: 't',
          userId: 'u1',
          username: 'Ayşe Yılmaz',
          email: 'ayse@example.com',
          message: 'Kaydınız alındı.',
        },
        201,
      ),
    );
    await fillValid(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(body).toEqual({
      username: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      password: 'Gelin2026',
      phoneNumber: '+905321234567',
    });
    expect(getToasts()[0]).toMatchObject({ title: 'Kayıt Başarılı!', variant: 'success', duration: 10_000 });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('on failure shows the server message as "Kayıt Hatası!" toast and inline banner', async () => {
    await refusedAsTaken();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bu e-posta adresiyle kayıtlı bir hesap zaten var.',
    );
    expect(getToasts()[0]).toMatchObject({ title: 'Kayıt Hatası!', variant: 'destructive', duration: 5000 });
    expect(screen.getByTestId('location')).toHaveTextContent('/gallery');
  });
});
