import { describe, expect, it } from 'vitest';
import { checkDetails, checkPassword, displayPhone, emailChanging, splitName } from './profile-rules';

const user = {
  userId: 'u1',
  username: 'Ayşe Nur Yılmaz',
  email: 'ayse@example.com',
  phoneNumber: '+905321234567',
  pendingEmail: null,
  deletionScheduledAt: null,
};
const form = { ...splitName(user.username), email: user.email, phoneNumber: user.phoneNumber };

describe('profile rules', () => {
  it('splits the stored name back into first and last name', () => {
    expect(splitName('Ayşe Nur Yılmaz')).toEqual({ firstName: 'Ayşe Nur', lastName: 'Yılmaz' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('sends only the fields that changed, normalised like registration', () => {
    expect(
      checkDetails(
        { ...form, phoneNumber: '0533 765 43 21', email: 'YENI@example.com', currentPassword: 'Eski2025' },
        user,
      ),
    ).toEqual({
      ok: true,
      input: { email: 'yeni@example.com', phoneNumber: '+905337654321', currentPassword: 'Eski2025' },
    });
    expect(checkDetails({ ...form, phoneNumber: '0533 765 43 21' }, user)).toEqual({
      ok: true,
      input: { phoneNumber: '+905337654321' },
    });
  });

  it('shows the stored E.164 number as hosts write it, and sends nothing for it unchanged', () => {
    expect(displayPhone('+905332223344')).toBe('0533 222 33 44');
    expect(displayPhone('0533 222 33 44')).toBe('0533 222 33 44');
    expect(displayPhone('+4915112345678')).toBe('+4915112345678');
    expect(
      checkDetails({ ...form, firstName: 'Ayşe', phoneNumber: displayPhone(user.phoneNumber) }, user),
    ).toEqual({ ok: true, input: { username: 'Ayşe Yılmaz' } });
  });

  it('asks for the current password only when the e-mail changes', () => {
    expect(checkDetails({ ...form, email: 'yeni@example.com' }, user)).toEqual({
      ok: false,
      message: 'E-posta adresinizi değiştirmek için mevcut şifrenizi girin.',
    });
    expect(emailChanging({ ...form, email: ' AYSE@example.com ' }, user)).toBe(false);
    expect(emailChanging({ ...form, email: 'yeni@example.com' }, user)).toBe(true);
  });

  it('says so when nothing changed, and does not resend a pending address', () => {
    expect(checkDetails(form, user)).toEqual({ ok: false, message: 'Güncellenecek bir bilgi gönderilmedi.' });
    const pendingUser = { ...user, pendingEmail: 'yeni@example.com' };
    expect(checkDetails({ ...form, email: 'yeni@example.com' }, pendingUser)).toMatchObject({ ok: false });
  });

  it('applies the registration rules to name, e-mail and phone', () => {
    expect(checkDetails({ ...form, lastName: ' ' }, user)).toEqual({
      ok: false,
      message: 'Lütfen tüm gerekli alanları doldurun.',
    });
    expect(checkDetails({ ...form, email: 'x@' }, user)).toEqual({
      ok: false,
      message: 'Geçerli bir e-posta adresi girin.',
    });
    expect(checkDetails({ ...form, phoneNumber: '12345' }, user)).toMatchObject({ ok: false });
  });

  it('needs the current password and a new one that meets every rule and matches', () => {
    expect(checkPassword({ currentPassword: '', newPassword: 'Yeni2026', confirmation: 'Yeni2026' })).toEqual(
      {
        ok: false,
        message: 'Şifrenizi değiştirmek için mevcut şifrenizi girin.',
      },
    );
    expect(
      checkPassword({ currentPassword: 'Eski2025', newPassword: 'yeni2026', confirmation: 'yeni2026' }),
    ).toEqual({
      ok: false,
      message: 'Lütfen şifre gereksinimlerini kontrol edin.',
    });
    expect(
      checkPassword({ currentPassword: 'Eski2025', newPassword: 'Yeni2026', confirmation: 'Yeni2027' }),
    ).toMatchObject({ ok: false });
    expect(
      checkPassword({ currentPassword: 'Eski2025', newPassword: 'Yeni2026', confirmation: 'Yeni2026' }),
    ).toEqual({
      ok: true,
      input: { currentPassword: 'Eski2025', newPassword: 'Yeni2026' },
    });
  });
});
