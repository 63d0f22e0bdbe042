import { messages } from '@ani/contract/messages';
import { toE164TurkishMobile } from '@ani/contract/text';
import {
  passwordChecks,
  updateProfileInput,
  type PublicUser,
  type UpdateProfileInput,
} from '@ani/contract/users';

export interface DetailsForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  /** Asked only when the e-mail changes: a session alone must not move the account. */
  currentPassword?: string;
}

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

/** "Ayşe Nur Yılmaz" -> first "Ayşe Nur", last "Yılmaz": the register dialog joined them with a space. */
export function splitName(username: string): { firstName: string; lastName: string } {
  const parts = username.trim().split(/\s+/);
  if (parts.length < 2) return { firstName: parts[0] ?? '', lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1)! };
}

/**
 * "+905332223344" → "0533 222 33 44": the stored E.164 number as hosts write and read it (the
 * registration's "05XX XXX XX XX"). Only for showing; what is saved stays the contract's E.164.
 */
export function displayPhone(stored: string): string {
  const m = /^\+90(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(toE164TurkishMobile(stored) ?? '');
  return m ? `0${m[1]} ${m[2]} ${m[3]} ${m[4]}` : stored;
}

export type Checked = { ok: true; input: UpdateProfileInput } | { ok: false; message: string };

/** Only what changed is sent, under the same rules as registration (contract schemas). */
export function checkDetails(form: DetailsForm, user: PublicUser): Checked {
  const a = messages.auth;
  if (!form.firstName.trim() || !form.lastName.trim() || !form.email.trim() || !form.phoneNumber.trim()) {
    return { ok: false, message: a.fillAllFields };
  }
  const username = `${form.firstName.trim()} ${form.lastName.trim()}`;
  const parsed = updateProfileInput.safeParse({
    username,
    email: form.email,
    phoneNumber: form.phoneNumber,
    currentPassword: 'x',
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? a.fillAllFields };
  const input: UpdateProfileInput = {};
  if (parsed.data.username !== user.username) input.username = parsed.data.username;
  if (parsed.data.email !== user.email && parsed.data.email !== user.pendingEmail) {
    if (!form.currentPassword) return { ok: false, message: a.currentPasswordForEmail };
    input.email = parsed.data.email;
    input.currentPassword = form.currentPassword;
  }
  // Compared as E.164 on both sides: the field shows the number spaced ("0533 222 33 44").
  if (parsed.data.phoneNumber !== (toE164TurkishMobile(user.phoneNumber) ?? user.phoneNumber))
    input.phoneNumber = parsed.data.phoneNumber;
  if (Object.keys(input).length === 0) return { ok: false, message: a.nothingToUpdate };
  return { ok: true, input };
}

/** True when the form's e-mail differs from the account's, so the current password is needed. */
export function emailChanging(form: DetailsForm, user: PublicUser): boolean {
  const typed = form.email.trim().toLowerCase();
  return typed !== user.email && typed !== (user.pendingEmail ?? '');
}

export function checkPassword(form: PasswordForm): Checked {
  const a = messages.auth;
  if (!form.currentPassword) return { ok: false, message: a.currentPasswordRequired };
  const weak = passwordChecks.some((c) => !c.test(form.newPassword));
  if (weak || form.newPassword !== form.confirmation) return { ok: false, message: a.passwordRules };
  return { ok: true, input: { currentPassword: form.currentPassword, newPassword: form.newPassword } };
}
