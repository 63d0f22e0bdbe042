import { limits } from '@ani/contract/limits';
import { toE164TurkishMobile } from '@ani/contract/text';

/**
 * The add-row phone input's auto-format: non-digits stripped, the first 12 digits
 * kept, then "+90" put in front: "90…" becomes "+90…", "0…" becomes "+9" + "0…", "5…" becomes "+905…".
 */
export function formatPhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 12);
  if (!digits) return '';
  if (digits.startsWith('90')) return `+${digits}`;
  if (digits.startsWith('0')) return `+9${digits}`;
  if (digits.startsWith('5')) return `+90${digits}`;
  return `+${digits}`;
}

/**
 * A row's phone may be saved: at most 13 characters without spaces and a Turkish mobile number
 * (optional +90, 0 or 90 prefix, then 5 and nine digits) — the contract's own rule, so the server agrees.
 */
export function isValidTurkishMobile(phone: string): boolean {
  const compact = phone.replace(/\s/g, '');
  return compact.length <= limits.phoneMaxLength && toE164TurkishMobile(compact) !== null;
}

/** "+905321234567" → "+90 532 123 45 67", how Turkish numbers are read aloud and printed. */
export function displayPhone(e164: string): string {
  const m = /^\+90(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(e164);
  return m ? `+90 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : e164;
}
