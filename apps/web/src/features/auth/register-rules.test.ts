import { describe, expect, it } from 'vitest';
import { checkRegisterForm, type RegisterForm } from './register-rules';

const valid: RegisterForm = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'Ayse@Example.com',
  phoneNumber: '0532 123 45 67',
  password: 'Gelin2026',
  passwordConfirm: 'Gelin2026',
  termsAccepted: true,
};

const messageFor = (patch: Partial<RegisterForm>) => {
  const result = checkRegisterForm({ ...valid, ...patch });
  return result.ok ? null : result.message;
};

describe('register rules', () => {
  it('joins first and last name with a space and sends the normalised e-mail and phone', () => {
    expect(checkRegisterForm(valid)).toEqual({
      ok: true,
      payload: {
        username: 'Ayşe Yılmaz',
        email: 'ayse@example.com',
        password: 'Gelin2026',
        phoneNumber: '+905321234567',
      },
    });
  });

  it.each([['firstName'], ['lastName'], ['email'], ['password']] as const)('requires %s', (field) => {
    expect(messageFor({ [field]: '  '.trim() })).toBe('Lütfen tüm gerekli alanları doldurun.');
  });

  it('requires the terms before looking at the password', () => {
    expect(messageFor({ termsAccepted: false, password: 'x', passwordConfirm: 'y' })).toBe(
      'Kullanım koşullarını kabul etmelisiniz.',
    );
  });

  it.each([
    ['too short', 'Ab1', 'Ab1'],
    ['no uppercase', 'gelin2026', 'gelin2026'],
    ['no lowercase', 'GELIN2026', 'GELIN2026'],
    ['no digit', 'GelinDamat', 'GelinDamat'],
    ['confirmation differs', 'Gelin2026', 'Gelin2027'],
  ])('rejects a password that is %s', (_case, password, passwordConfirm) => {
    expect(messageFor({ password, passwordConfirm })).toBe('Lütfen şifre gereksinimlerini kontrol edin.');
  });

  it('accepts Turkish capitals as uppercase letters', () => {
    expect(messageFor({ password: 'İstanbul1', passwordConfirm: 'İstanbul1' })).toBeNull();
  });

  it('rejects an invalid e-mail and a non-mobile phone with the contract messages', () => {
    expect(messageFor({ email: 'ayse@' })).toBe('Geçerli bir e-posta adresi girin.');
    expect(messageFor({ phoneNumber: '0212 123 45 67' })).toBe(
      'Geçerli bir cep telefonu numarası girin (ör. 0532 123 45 67).',
    );
  });
});
