import { messages } from '@ani/contract/messages';
import { registerInput } from '@ani/contract/users';
import type { RegisterPayload } from './api/auth-api';
import { passwordProblems } from '../../components/ui/password-checklist';

export interface RegisterForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  passwordConfirm: string;
  termsAccepted: boolean;
}

export type RegisterCheck = { ok: true; payload: RegisterPayload } | { ok: false; message: string };

/**
 * The register dialog's checks in the order they are reported: required fields, terms, password
 * rules and confirmation, then the contract's rules for e-mail and phone the server applies too.
 */
export function checkRegisterForm(form: RegisterForm): RegisterCheck {
  const a = messages.auth;
  if (!form.firstName.trim() || !form.lastName.trim() || !form.email.trim() || !form.password) {
    return { ok: false, message: a.fillAllFields };
  }
  if (!form.phoneNumber.trim()) return { ok: false, message: a.fillAllFields };
  if (!form.termsAccepted) return { ok: false, message: a.termsRequired };
  if (passwordProblems(form.password, form.passwordConfirm).length > 0) {
    return { ok: false, message: a.passwordRules };
  }
  const payload = {
    username: `${form.firstName.trim()} ${form.lastName.trim()}`,
    email: form.email,
    password: form.password,
    phoneNumber: form.phoneNumber,
  };
  const parsed = registerInput.safeParse(payload);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? a.registerFailed };
  return { ok: true, payload: parsed.data };
}

export type CheckedField = 'email' | 'phoneNumber' | 'password' | 'passwordConfirm';

/**
 * What is wrong with one typed field, shown under it once the user has left it, by the same rules
 * as the submit. An empty field says nothing until the submit: leaving it is not a mistake yet.
 */
export function fieldProblem(field: CheckedField, form: RegisterForm): string | null {
  const a = messages.auth;
  const value = form[field];
  if (!value.trim()) return null;
  if (field === 'password') return passwordProblems(value, value).length > 0 ? a.passwordRules : null;
  if (field === 'passwordConfirm') return value !== form.password ? a.passwordMismatch : null;
  const parsed = registerInput.shape[field].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
