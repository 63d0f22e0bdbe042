import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { shownUploader } from '@ani/contract/media';
import { archiveNames, displayDate, istanbul, notesCsv } from './album-entry-names.ts';

type ByteRange = { start: number; end: number };

export interface AlbumEntry {
  /** Stored object to read (opened lazily, one at a time); `range` is inclusive, as in HTTP. */
  open(range?: ByteRange): Promise<Readable>;
  /** The object's file on this machine, when it is one: `writeTo` then reads it into reused buffers. */
  file?: string;
  size: number;
  /** CRC-32 of the object, known before the archive is written (recorded at upload). */
  crc32: number;
  extension: string;
  uploader: string | null;
  uploadedAt: Date;
  note: string | null;
}

export interface AlbumZip {
  stream: Readable;
  /**
   * Writes the bytes to `out` instead (use one of `stream` and `writeTo`, not both); resolves once
   * every byte is handed to it, or when the download stopped. `out` must be done with a chunk when
   * its write callback runs, as a socket or an HTTP response is (a PassThrough is not).
   */
  writeTo(out: Writable): Promise<void>;
  /** Exact byte length of the whole archive, known before the first byte is sent. */
  size: number;
  /** Stops reading (client went away): destroys the archive and the file being read. */
  abort(): void;
}

export interface AlbumArchive {
  /** Exact byte length of the archive. */
  size: number;
  /** Strong validator: equal for two archives exactly when their bytes are equal. */
  etag: string;
  /** The archive's bytes, or only `range` of them (inclusive), read lazily. */
  open(range?: ByteRange): AlbumZip;
}

const u32max = 0xffffffff;

/**
 * Read buffers per download written with `writeTo`: one being filled while the others are on their
 * way to the socket, so reading and sending overlap; 2 MiB per download at most.
 */
const poolBuffers = 4;
const poolBufferBytes = 512 * 1024;

/**
 * The headers, and the length, have gone out already: a file gone or shorter than recorded can
 * only end the download early, so the download manager reports a failure instead of saving a
 * wrong archive.
 */
const shorter = (entry: number) => new Error(`album entry ${entry} is shorter than recorded`);

/** Resolves when `out` wants more bytes, or is gone. */
function drained(out: Writable): Promise<void> {
  // Gone already: its 'close' has been emitted and will not come again.
  if (out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
}

/** DOS date and time fields in Türkiye's time, the zone the entry names use. */
function dosDateTime(date: Date): { time: number; date: number } {
  const p = istanbul(date);
  const year = Math.min(2107, Math.max(1980, Number(p.year)));
  return {
    time: (Number(p.hour) << 11) | (Number(p.minute) << 5) | (Number(p.second) >> 1),
    date: ((year - 1980) << 9) | (Number(p.month) << 5) | Number(p.day),
  };
}

type Member = { name: Buffer; size: number; crc: number; mtime: Date; offset: number; headerLength: number };

function localHeader(m: Member): Buffer {
  const zip64 = m.size >= u32max;
  const b = Buffer.alloc(m.headerLength);
  const { time, date } = dosDateTime(m.mtime);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(zip64 ? 45 : 20, 4);
  b.writeUInt16LE(0x0800, 6); // UTF-8 names
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  b.writeUInt32LE(m.crc, 14);
  b.writeUInt32LE(zip64 ? u32max : m.size, 18);
  b.writeUInt32LE(zip64 ? u32max : m.size, 22);
  b.writeUInt16LE(m.name.length, 26);
  b.writeUInt16LE(zip64 ? 20 : 0, 28);
  m.name.copy(b, 30);
  if (zip64) {
    const x = 30 + m.name.length;
    b.writeUInt16LE(0x0001, x);
    b.writeUInt16LE(16, x + 2);
    b.writeBigUInt64LE(BigInt(m.size), x + 4);
    b.writeBigUInt64LE(BigInt(m.size), x + 12);
  }
  return b;
}

function centralHeader(m: Member): Buffer {
  const big = [m.size >= u32max, m.size >= u32max, m.offset >= u32max];
  const extraLength = big.some(Boolean) ? 4 + 8 * big.filter(Boolean).length : 0;
  const b = Buffer.alloc(46 + m.name.length + extraLength);
  const { time, date } = dosDateTime(m.mtime);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, ZIP format version 4.5
  b.writeUInt16LE(extraLength ? 45 : 20, 6);
  b.writeUInt16LE(0x0800, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(m.crc, 16);
  b.writeUInt32LE(big[0] ? u32max : m.size, 20);
  b.writeUInt32LE(big[1] ? u32max : m.size, 24);
  b.writeUInt16LE(m.name.length, 28);
  b.writeUInt16LE(extraLength, 30);
  b.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  b.writeUInt32LE(big[2] ? u32max : m.offset, 42);
  m.name.copy(b, 46);
  if (extraLength) {
    let x = 46 + m.name.length;
    b.writeUInt16LE(0x0001, x);
    b.writeUInt16LE(extraLength - 4, x + 2);
    x += 4;
    for (const value of [m.size, m.size, m.offset].filter((_, i) => big[i])) {
      b.writeBigUInt64LE(BigInt(value), x);
      x += 8;
    }
  }
  return b;
}

/** ZIP64 end record, its locator, and the classic end record (always all three: one code path). */
function endRecords(count: number, directoryOffset: number, directorySize: number): Buffer {
  const b = Buffer.alloc(56 + 20 + 22);
  b.writeUInt32LE(0x06064b50, 0);
  b.writeBigUInt64LE(44n, 4);
  b.writeUInt16LE((3 << 8) | 45, 12);
  b.writeUInt16LE(45, 14);
  b.writeBigUInt64LE(BigInt(count), 24);
  b.writeBigUInt64LE(BigInt(count), 32);
  b.writeBigUInt64LE(BigInt(directorySize), 40);
  b.writeBigUInt64LE(BigInt(directoryOffset), 48);
  b.writeUInt32LE(0x07064b50, 56);
  b.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 64);
  b.writeUInt32LE(1, 72);
  b.writeUInt32LE(0x06054b50, 76);
  b.writeUInt16LE(Math.min(count, 0xffff), 84);
  b.writeUInt16LE(Math.min(count, 0xffff), 86);
  b.writeUInt32LE(Math.min(directorySize, u32max), 88);
  b.writeUInt32LE(Math.min(directoryOffset, u32max), 92);
  return b;
}

/**
 * A store-mode archive (no compression: photos and videos are already compressed) whose every byte
 * follows from the entries alone: names, order, timestamps and CRCs are fixed before the first byte,
 * so the same album always gives the same archive. That is what lets a dropped download resume
 * with a Range request: any byte range is produced by finding the entry it starts in and reading
 * that object from the matching offset. ZIP64 fields appear where sizes or offsets need them, and
 * the ZIP64 end record is always written. Memory stays flat: one object is open at a time, and the
 * client's back-pressure paces the reads.
 */
export function albumArchive(
  entries: readonly AlbumEntry[],
  notes: { header: readonly string[]; fileName: string },
): AlbumArchive {
  const names = archiveNames(entries);
  const csv = notesCsv(
    notes.header,
    entries.map((entry, i) => [
      names[i]!,
      shownUploader(entry.uploader) ?? '',
      displayDate(entry.uploadedAt),
      entry.note ?? '',
    ]),
  );
  // The notes file is dated like the newest item, not "now", so the archive stays the same.
  const newest = new Date(Math.max(0, ...entries.map((e) => e.uploadedAt.getTime())));
  const members: Member[] = [];
  let offset = 0;
  const add = (name: string, size: number, crc: number, mtime: Date) => {
    const nameBytes = Buffer.from(name, 'utf8');
    const headerLength = 30 + nameBytes.length + (size >= u32max ? 20 : 0);
    members.push({ name: nameBytes, size, crc, mtime, offset, headerLength });
    offset += headerLength + size;
  };
  entries.forEach((entry, i) => add(names[i]!, entry.size, entry.crc32, entry.uploadedAt));
  add(notes.fileName, csv.length, crc32(csv), newest);
  const directory = Buffer.concat(members.map(centralHeader));
  const directoryOffset = offset;
  const tail = Buffer.concat([directory, endRecords(members.length, directoryOffset, directory.length)]);
  const size = directoryOffset + tail.length;
  // The central directory names every entry's name, size, CRC, time and offset: hashing it (and the
  // notes, whose text it does not hold) identifies the archive's bytes.
  const etag = `"zip-${createHash('sha256').update(tail).update(csv).digest('base64url').slice(0, 32)}"`;

  /** Where the bytes of `range` come from, in order: our own buffers, or a span of one entry. */
  function* pieces(range: ByteRange): Generator<Buffer | { entry: number; from: number; to: number }> {
    let position = range.start;
    const end = range.end + 1;
    for (let i = 0; i < members.length && position < end; i++) {
      const m = members[i]!;
      const dataStart = m.offset + m.headerLength;
      const memberEnd = dataStart + m.size;
      if (position >= memberEnd) continue;
      if (position < dataStart) {
        const header = localHeader(m).subarray(position - m.offset, Math.min(end, dataStart) - m.offset);
        yield header;
        position += header.length;
      }
      if (position >= end || m.size === 0) continue;
      const from = position - dataStart;
      const to = Math.min(end, memberEnd) - dataStart - 1;
      yield i === entries.length ? csv.subarray(from, to + 1) : { entry: i, from, to };
      position += to - from + 1;
    }
    if (position < end) yield tail.subarray(position - directoryOffset, end - directoryOffset);
  }

  function open(range: ByteRange = { start: 0, end: size - 1 }): AlbumZip {
    let current: Readable | null = null;
    let aborted = false;
    const stopped = new Set<() => void>();

    /** The entry's bytes from its own stream (any storage), exactly `to - from + 1` of them. */
    async function* streamed(i: number, from: number, to: number): AsyncGenerator<Buffer> {
      const input = await entries[i]!.open({ start: from, end: to });
      if (aborted) return void input.destroy();
      current = input;
      let read = 0;
      try {
        for await (const chunk of input as AsyncIterable<Buffer>) {
          // A file longer than recorded must not shift every following entry.
          const part = read + chunk.length > to - from + 1 ? chunk.subarray(0, to - from + 1 - read) : chunk;
          read += part.length;
          yield part;
          if (read === to - from + 1) break;
        }
      } finally {
        input.destroy();
        current = null;
      }
      if (read !== to - from + 1) throw shorter(i);
    }

    async function* bytes(): AsyncGenerator<Buffer> {
      for (const piece of pieces(range)) {
        if (aborted) return;
        if (Buffer.isBuffer(piece)) yield piece;
        else yield* streamed(piece.entry, piece.from, piece.to);
      }
    }

    /**
     * Resolves once a buffer is free (its write has reached the socket) or the download stopped.
     * Every 1 MiB read used to be a fresh buffer: gigabytes of them per album made V8 run a full
     * collection every ~64 MB, which took most of the download's time in a process holding the
     * embedded database (decision 0113). A few reused buffers allocate nothing per byte sent.
     */
    function pool() {
      const free: Buffer[] = Array.from({ length: poolBuffers }, () =>
        Buffer.allocUnsafeSlow(poolBufferBytes),
      );
      let waiting: (() => void) | null = null;
      const wake = () => {
        const w = waiting;
        waiting = null;
        if (w) stopped.delete(w);
        w?.();
      };
      return {
        async take(): Promise<Buffer | null> {
          while (free.length === 0 && !aborted) {
            await new Promise<void>((resolve) => {
              waiting = resolve;
              stopped.add(resolve);
            });
          }
          return aborted ? null : free.pop()!;
        },
        give(buffer: Buffer) {
          free.push(buffer);
          wake();
        },
      };
    }

    async function writeTo(out: Writable): Promise<void> {
      // A client that left before the first byte (while the album was being listed) has emitted its
      // 'close' already: without this, every write would fail at once and the reads race through
      // the whole album for nobody.
      if (out.destroyed) return abort();
      const buffers = pool();
      const onClose = () => abort();
      out.once('close', onClose);
      try {
        for (const piece of pieces(range)) {
          if (aborted) return;
          if (Buffer.isBuffer(piece)) {
            out.write(piece);
            continue;
          }
          const { entry, from, to } = piece;
          const file = entries[entry]!.file;
          if (!file) {
            // No local file (object storage): its own chunks, paced by the socket like the pool.
            for await (const chunk of streamed(entry, from, to)) {
              if (!out.write(chunk)) await drained(out);
              if (aborted) return;
            }
            continue;
          }
          const handle = await fs.open(file, 'r');
          try {
            for (let position = from; position <= to;) {
              const buffer = await buffers.take();
              if (!buffer) return;
              const { bytesRead } = await handle.read(
                buffer,
                0,
                Math.min(buffer.length, to - position + 1),
                position,
              );
              if (bytesRead === 0) {
                buffers.give(buffer);
                throw shorter(entry);
              }
              position += bytesRead;
              // The callback runs once the socket has taken the bytes: only then is the buffer reused.
              out.write(buffer.subarray(0, bytesRead), () => buffers.give(buffer));
            }
          } finally {
            await handle.close();
          }
        }
      } finally {
        out.off('close', onClose);
      }
    }

    const stream = Readable.from(bytes(), { objectMode: false, highWaterMark: 2 ** 20 });
    function abort() {
      aborted = true;
      current?.destroy();
      stream.destroy();
      for (const resolve of stopped) resolve();
      stopped.clear();
    }
    return { stream, writeTo, size, abort };
  }

  return { size, etag, open };
}

/** The whole archive at once (tests and callers that need no range). */
export function createAlbumZip(
  entries: readonly AlbumEntry[],
  notes: { header: readonly string[]; fileName: string },
): AlbumZip {
  return albumArchive(entries, notes).open();
}
