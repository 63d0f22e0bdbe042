import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { turkishToLatin } from '@ani/contract/text';
import { excelCsv } from '../../http/excel-csv.ts';

/**
 * yazl checksums streamed entries with buffer-crc32, a byte-at-a-time JavaScript loop that caps the
 * archive at ~200 MB/s on an idle core. Node's zlib.crc32 computes the same CRC-32 natively, many
 * times faster. yazl looks `unsigned` up on every chunk, so we point it at the native function —
 * after checking both agree, so a changed dependency can only make us skip the speed-up.
 */
function useNativeCrc32ForYazl(): void {
  const fromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
  const bufferCrc32 = fromYazl('buffer-crc32') as { unsigned?: (buf: Buffer, previous?: number) => number };
  if (typeof bufferCrc32.unsigned !== 'function') return;
  const sample = Buffer.from('Anı Kutusu 0123456789'.repeat(50));
  const native = (buf: Buffer, previous?: number) => crc32(buf, previous ?? 0);
  const same =
    bufferCrc32.unsigned(sample) === native(sample) &&
    bufferCrc32.unsigned(sample.subarray(7), bufferCrc32.unsigned(sample.subarray(0, 7))) ===
      native(sample.subarray(7), native(sample.subarray(0, 7)));
  if (same) bufferCrc32.unsigned = native;
}
useNativeCrc32ForYazl();

export interface AlbumEntry {
  /** Stored object to read (opened lazily, one at a time). */
  open(): Promise<Readable>;
  size: number;
  extension: string;
  uploader: string | null;
  uploadedAt: Date;
  note: string | null;
}

export interface AlbumZip {
  stream: Readable;
  /** Exact byte length of the archive, known before the first byte is sent. */
  size: number;
  /** Stops reading (client went away): destroys the archive and the file being read. */
  abort(): void;
}

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

function istanbul(date: Date): Record<string, string> {
  return Object.fromEntries(istanbulParts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** "2026-11-22_14-05-33" in Türkiye's time, sortable in a file manager. */
function fileStamp(date: Date): string {
  const p = istanbul(date);
  return `${p.year}-${p.month}-${p.day}_${p.hour}-${p.minute}-${p.second}`;
}

/** "22.11.2026 14:05:33", how Turkish Excel shows a date. */
function displayDate(date: Date): string {
  const p = istanbul(date);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * Archive names: upload time then uploader ("2026-11-22_14-05-33_Ayse_Yilmaz.jpg"); a counter is
 * added when two items share both, so names never collide and sort chronologically.
 */
export function archiveNames(entries: readonly Pick<AlbumEntry, 'uploader' | 'uploadedAt' | 'extension'>[]): string[] {
  const used = new Set<string>(['notlar.csv']);
  const nextSuffix = new Map<string, number>();
  return entries.map((entry) => {
    const who = safeNamePart(entry.uploader ?? '') || 'Misafir';
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

/**
 * A store-mode (no compression: photos and videos are already compressed) archive streamed entry by
 * entry; yazl switches to ZIP64 by itself past 4 GB or 65,535 entries. Memory stays flat: one input
 * stream is open at a time and back-pressure from the client paces the reads.
 */
export function createAlbumZip(
  entries: readonly AlbumEntry[],
  notes: { header: readonly string[]; fileName: string },
): Promise<AlbumZip> {
  const zip = new ZipFile();
  const names = archiveNames(entries);
  let current: Readable | null = null;
  let aborted = false;
  const stream = zip.outputStream as Readable;

  // The headers (and the size) are already sent when a file turns out missing, short or unreadable:
  // the only honest answer left is a cut-off download. yazl reports such failures as 'error' on the
  // ZipFile and never listens to its input streams, so both are caught here; unheard, either error
  // would take the whole server down.
  function stop(error?: Error) {
    aborted = true;
    current?.destroy();
    stream.destroy(error);
  }
  zip.on('error', stop);

  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(
      names[i]!,
      { size: entry.size, mtime: entry.uploadedAt, compress: false },
      (callback) => {
        if (aborted) return;
        entry.open().then(
          (input) => {
            // The client left while this file was being opened: close it rather than leak it.
            if (aborted) return void input.destroy();
            current = input;
            input.on('error', stop);
            callback(null, input);
          },
          (error: unknown) => stop(error instanceof Error ? error : new Error(String(error))),
        );
      },
    );
  });

  const csv = notesCsv(
    notes.header,
    entries.map((entry, i) => [names[i]!, entry.uploader ?? '', displayDate(entry.uploadedAt), entry.note ?? '']),
  );
  zip.addBuffer(csv, notes.fileName, { compress: false, mtime: new Date() });

  return new Promise<AlbumZip>((resolve, reject) => {
    // Always the ZIP64 end record: yazl 3.3's size prediction adds it once the central directory
    // passes 64 KB (~300 entries) but only writes it past 65,535 entries or 4 GB, so without forcing
    // it the announced Content-Length would be 76 bytes too long. Every current unzip reads it.
    zip.end({ forceZip64Format: true, comment: '' }, ((size: number) => {
      if (size < 0) return reject(new Error('archive size could not be computed'));
      resolve({
        stream,
        size,
        abort: () => stop(),
      });
    }) as () => void);
  });
}
