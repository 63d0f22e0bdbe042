// Pure text helpers shared by web and server (runtime-neutral).

// Characters that change how text is shown without being seen: bidirectional overrides and
// isolates (a name "\u202egnp.exe" would show as "exe.png"), marks, zero-width spaces, the BOM,
// the soft hyphen and invisible operators.
const invisible =
  /[\u00AD\u061C\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
// The zero-width joiner stays only inside emoji sequences (👩‍❤️‍👨), where it is meant to be.
const strayJoiner =
  /(?<!\p{Extended_Pictographic}|\uFE0F|\p{Emoji_Modifier})\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/** Removes invisible formatting characters from text a person typed (names, notes, titles). */
export function stripInvisible(value: string): string {
  return value.replace(invisible, '').replace(strayJoiner, '');
}

/** A one-line name or title as stored: invisible characters removed, whitespace folded, trimmed. */
export function cleanLine(value: string): string {
  return stripInvisible(value).trim().replace(/\s+/g, ' ');
}

/** Turkish-aware key for case-insensitive comparison ("İ"/"i", "I"/"ı"), whitespace folded. */
export function turkishFold(value: string): string {
  return cleanLine(value).toLocaleLowerCase('tr-TR');
}

/** Upload-page slug: lower-cased, whitespace to hyphens, anything but a-z, 0-9 and hyphen removed. */
export function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

const latinOf: Record<string, string> = {
  ç: 'c',
  Ç: 'C',
  ğ: 'g',
  Ğ: 'G',
  ı: 'i',
  İ: 'I',
  ö: 'o',
  Ö: 'O',
  ş: 's',
  Ş: 'S',
  ü: 'u',
  Ü: 'U',
};

/** Turkish letters to their Latin look-alikes ("Çağrı Işık" → "Cagri Isik"), for ASCII-only names. */
export function turkishToLatin(value: string): string {
  return value.replace(/[çÇğĞıİöÖşŞüÜ]/g, (ch) => latinOf[ch]!);
}

/** ZIP download name: Turkish letters to Latin, others to "_", runs collapsed, ends trimmed. */
export function zipFileName(title: string): string {
  const base = turkishToLatin(title)
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
