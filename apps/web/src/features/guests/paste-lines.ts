import { formatPhoneInput } from './phone';

export interface PastedGuest {
  name: string;
  phone: string;
  count: string;
}

const asciiLetters: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };

/** Lower case the Turkish way ("İSİM" → "isim"), then plain letters, so "ISIM" and "Kisi" match too. */
const fold = (text: string) => text.toLocaleLowerCase('tr-TR').replace(/[çğıöşü]/g, (c) => asciiLetters[c]!);

/** Words a spreadsheet's column titles are made of ("Ad Soyad", "Telefon No", "Kişi Sayısı", "Name"). */
const headerWords = new Set([
  ...['ad', 'adi', 'soyad', 'soyadi', 'isim', 'ismi', 'soyisim', 'soyismi', 'misafir', 'davetli'],
  ...['telefon', 'telefonu', 'tel', 'cep', 'gsm', 'numara', 'numarasi', 'no', 'sira'],
  ...['kisi', 'kisiler', 'sayi', 'sayisi', 'adet', 'beklenen'],
  ...['durum', 'not', 'aciklama', 'e', 'posta', 'mail', 'email', 'adres'],
  ...['name', 'full', 'first', 'last', 'surname', 'guest', 'phone', 'mobile', 'number', 'count', 'people'],
]);
/** A title row names at least one of the columns the page reads. */
const keyWords = new Set(['ad', 'adi', 'isim', 'ismi', 'telefon', 'telefonu', 'kisi', 'name', 'phone']);

/**
 * A spreadsheet's title row ("Ad Soyad⇥Telefon⇥Kişi"): no digit, and every cell made of title words
 * only, one of them naming a column. A guest's name on a line of its own ("Sadece İsim") has other words
 * in it and stays a guest.
 */
function isHeader(cells: string[]): boolean {
  if (cells.some((c) => /\d/.test(c))) return false;
  const words = cells.map((c) =>
    fold(c)
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
  return (
    words.some((w) => w.some((word) => keyWords.has(word))) &&
    words.every((w) => w.every((word) => headerWords.has(word)))
  );
}

/**
 * Lines copied from a spreadsheet or a note: "name, phone" (tab, ";" or "," between; an optional third
 * column is the count). The phone gets the same auto-format as typing; blank lines are skipped, and so is
 * a title row at the top of a spreadsheet's copy.
 */
export function parseGuestLines(text: string): PastedGuest[] {
  const result: PastedGuest[] = [];
  let first = true;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    // Cells are split before trimming: a spreadsheet row with an empty name cell starts with a tab,
    // and trimming it away first would move the phone into the name.
    const line = raw.replace(/\r$/, '');
    const cells = (line.includes('\t') ? line.split('\t') : line.split(/[;,]/)).map((c) => c.trim());
    const top = first;
    first = false;
    if (top && isHeader(cells)) continue;
    // The phone is the first cell (after the name) that looks like one; failing that, the first with a
    // digit, so that a wrong number lands in the phone field and is marked there, not glued to the name.
    const digitsIn = (c: string) => c.replace(/\D/g, '').length;
    const likely = cells.findIndex((c, i) => i > 0 && digitsIn(c) >= 7);
    const phoneAt = likely > 0 ? likely : cells.findIndex((c, i) => i > 0 && digitsIn(c) > 0);
    if (phoneAt < 1) {
      result.push({ name: cells.join(' ').trim(), phone: '', count: '1' });
      continue;
    }
    const count = cells[phoneAt + 1]?.match(/^\d{1,2}$/) ? cells[phoneAt + 1]! : '1';
    result.push({
      name: cells.slice(0, phoneAt).join(' ').trim(),
      phone: formatPhoneInput(cells[phoneAt]!),
      count,
    });
  }
  return result;
}

/** Pasting one plain value (no line break, no separator) is ordinary typing, not a list. */
export function looksLikeList(text: string): boolean {
  return /\r?\n/.test(text.trim()) || /[\t;,]\s*\+?\d/.test(text);
}
