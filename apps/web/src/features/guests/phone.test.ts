import { describe, expect, it } from 'vitest';
import { displayPhone, formatPhoneInput, isValidTurkishMobile } from './phone';

describe('formatPhoneInput', () => {
  it('puts +90 in front of a number typed from 5', () => {
    expect(formatPhoneInput('532 123 45 67')).toBe('+905321234567');
  });
  it('turns a leading 90 into +90', () => {
    expect(formatPhoneInput('905321234567')).toBe('+905321234567');
  });
  it('turns a leading 0 into +90… ("+9" + "0…")', () => {
    expect(formatPhoneInput('05321234567')).toBe('+905321234567');
  });
  it('strips non-digits and keeps only the first 12 digits', () => {
    expect(formatPhoneInput('+90 (532) 123-45-67 999')).toBe('+905321234567');
    expect(formatPhoneInput('abc')).toBe('');
  });
});

describe('isValidTurkishMobile', () => {
  it.each(['+905321234567', '05321234567', '5321234567', '+90 532 123 45 67'])('accepts %s', (v) => {
    expect(isValidTurkishMobile(v)).toBe(true);
  });
  it.each(['+90532123456', '+902121234567', '12345', '', '+9053212345678', '+44 7700 900123'])(
    'refuses %s',
    (v) => {
      expect(isValidTurkishMobile(v)).toBe(false);
    },
  );
  it('accepts every auto-formatted valid input', () => {
    for (const typed of ['05551112233', '5551112233', '905551112233']) {
      expect(isValidTurkishMobile(formatPhoneInput(typed))).toBe(true);
    }
  });
});

describe('displayPhone', () => {
  it('groups an E.164 number the Turkish way', () => {
    expect(displayPhone('+905321234567')).toBe('+90 532 123 45 67');
  });
});
