// What the album ZIP's entries are called and what its notes file says: names and dates in Türkiye's
// time, apart from the ZIP format itself (zip-stream.ts).
import { shownUploader } from '@ani/contract/media';
import { turkishToLatin } from '@ani/contract/text';
import { excelCsv } from '../../http/excel-csv.ts';

/** ASCII, file-system-safe part of a file name: Turkish letters transliterated, the rest to "_". */
export function safeNamePart(value: string, maxLength = 40): string {
  return turkishToLatin(value)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, maxLength)
    .replace(/_+$/, '');
}

const istanbulParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function istanbul(date: Date): Record<string, string> {
  return Object.fromEntries(istanbulParts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** "2026-11-22_14-05-33" in Türkiye's time, sortable in a file manager. */
function fileStamp(date: Date): string {
  const p = istanbul(date);
  return `${p.year}-${p.month}-${p.day}_${p.hour}-${p.minute}-${p.second}`;
}

/** "22.11.2026 14:05:33", how Turkish Excel shows a date. */
export function displayDate(date: Date): string {
  const p = istanbul(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * Archive names: upload time then uploader ("2026-11-22_14-05-33_Ayse_Yilmaz.jpg"); a counter is
 * added when two items share both, so names never collide and sort chronologically.
 */
export function archiveNames(
  entries: readonly { uploader: string | null; uploadedAt: Date; extension: string }[],
): string[] {
  const used = new Set<string>(['notlar.csv']);
  const nextSuffix = new Map<string, number>();
  return entries.map((entry) => {
    const who = safeNamePart(shownUploader(entry.uploader) ?? '') || 'Misafir';
    const base = `${fileStamp(entry.uploadedAt)}_${who}`;
    let name = `${base}.${entry.extension}`;
    // Per-name counter: a burst of same-second uploads by one guest stays linear, not quadratic.
    for (let n = nextSuffix.get(base) ?? 2; used.has(name.toLowerCase()); n++) {
      name = `${base}_${n}.${entry.extension}`;
      nextSuffix.set(base, n + 1);
    }
    used.add(name.toLowerCase());
    return name;
  });
}

/** notlar.csv: the archive name, uploader, upload time and note of every item (see excelCsv). */
export function notesCsv(header: readonly string[], rows: readonly string[][]): Buffer {
  return Buffer.from(excelCsv([header, ...rows]), 'utf8');
}
