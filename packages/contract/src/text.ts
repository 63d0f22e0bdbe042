// Pure text helpers shared by web and server (runtime-neutral).

/** Turkish-aware key for case-insensitive comparison ("İ"/"i", "I"/"ı"), whitespace folded. */
export function turkishFold(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr-TR');
}

/** Upload-page slug: lower-cased, whitespace to hyphens, anything but a-z, 0-9 and hyphen removed. */
export function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

const turkishToLatin: Record<string, string> = {
  ç: 'c', Ç: 'C', ğ: 'g', Ğ: 'G', ı: 'i', I: 'I', İ: 'I', ö: 'o', Ö: 'O', ş: 's', Ş: 'S', ü: 'u', Ü: 'U',
};

/** ZIP download name: Turkish letters to Latin, others to "_", runs collapsed, ends trimmed. */
export function zipFileName(title: string): string {
  const base = title
    .replace(/[çÇğĞıİöÖşŞüÜ]/g, (ch) => turkishToLatin[ch] ?? '_')
    .replace(/[^A-Za-z0-9]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return base ? `${base}.zip` : 'etkinlik_fotograflari.zip';
}

const turkishMobile = /^(?:\+?90|0)?(5\d{9})$/;

/**
 * A Turkish mobile number in E.164 (+905XXXXXXXXX), or null when it is not one.
 * Accepts the forms people type: "0532 123 45 67", "+90 532 123 4567", "5321234567".
 */
export function toE164TurkishMobile(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  const match = turkishMobile.exec(compact);
  return match ? `+90${match[1]}` : null;
}

/**
 * The WhatsApp conversation lookup's phone rule: drop "+90", "90" or a leading
 * "0", require 10 digits not starting with 0, then prefix "90". Returns e.g. "905321234567", or null.
 */
export function toConversationPhone(input: string): string | null {
  let digits = input.replace(/[\s().-]/g, '');
  if (digits.startsWith('+90')) digits = digits.slice(3);
  else if (digits.startsWith('90') && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return /^[1-9]\d{9}$/.test(digits) ? `90${digits}` : null;
}
