import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { passwordChecks, registerInput } from './users.ts';

const valid = {
  username: ' Ali  Veli ',
  email: ' Ali@Example.COM ',
  password: 'Sifre123',
  phoneNumber: '0555 444 33 22',
};
const firstMessage = (input: unknown) => {
  const result = registerInput.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('registerInput', () => {
  it('normalises name, e-mail and phone', () => {
    expect(registerInput.parse(valid)).toEqual({
      username: 'Ali Veli',
      email: 'ali@example.com',
      password: 'Sifre123',
      phoneNumber: '+905554443322',
    });
  });
  it('reports the password rules in the order the dialog shows them', () => {
    expect(firstMessage({ ...valid, password: 'a' })).toBe(messages.auth.passwordMin);
    expect(firstMessage({ ...valid, password: 'abcdef1' })).toBe(messages.auth.passwordUpper);
    expect(firstMessage({ ...valid, password: 'ABCDEF1' })).toBe(messages.auth.passwordLower);
    expect(firstMessage({ ...valid, password: 'Abcdefg' })).toBe(messages.auth.passwordDigit);
  });
  it('accepts Turkish capitals as uppercase letters', () => {
    expect(firstMessage({ ...valid, password: 'İstanbul1' })).toBeNull();
  });
  it('gives Turkish messages for wrong types', () => {
    expect(firstMessage({ ...valid, email: 42 })).toBe(messages.auth.emailInvalid);
  });
});

describe('passwordChecks', () => {
  it('marks each requirement of the live checklist', () => {
    expect(passwordChecks.map((c) => c.test('abc'))).toEqual([false, false, true, false]);
    expect(passwordChecks.every((c) => c.test('Abcde1'))).toBe(true);
  });
});
