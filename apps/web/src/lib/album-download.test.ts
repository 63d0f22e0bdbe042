import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  contentLength,
  percentOf,
  startSimulatedProgress,
  streamToFile,
  type WritableFile,
} from './album-download';

afterEach(() => {
  vi.useRealTimers();
});

function fakeFile() {
  const chunks: Uint8Array[] = [];
  const file: WritableFile & { chunks: Uint8Array[]; closed: boolean; aborted: boolean } = {
    chunks,
    closed: false,
    aborted: false,
    write: async (chunk) => void chunks.push(chunk),
    close: async () => void (file.closed = true),
    abort: async () => void (file.aborted = true),
  };
  return file;
}

function streamOf(parts: number[], options: { length?: number; failAfter?: number } = {}) {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.failAfter !== undefined && i === options.failAfter)
        return controller.error(new Error('cut'));
      if (i === parts.length) return controller.close();
      controller.enqueue(new Uint8Array(parts[i++]!));
    },
  });
  const headers = options.length === undefined ? undefined : { 'Content-Length': String(options.length) };
  return new Response(body, { headers });
}

describe('simulated progress', () => {
  it('rises 1 point every 300 ms and stops at 95', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const stop = startSimulatedProgress((p) => seen.push(p));
    vi.advanceTimersByTime(299);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(300 * 200);
    expect(seen.at(-1)).toBe(95);
    expect(seen).toHaveLength(95);
    stop();
  });
});

describe('real progress', () => {
  it('computes whole percents and keeps 100 for the last byte', () => {
    expect(percentOf(0, 1000)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('reads Content-Length, or null when there is none', () => {
    expect(contentLength(new Response('x', { headers: { 'Content-Length': '42' } }))).toBe(42);
    expect(contentLength(new Response(null))).toBeNull();
  });

  it('writes chunk by chunk to the file and reports progress from Content-Length', async () => {
    const file = fakeFile();
    const seen: number[] = [];
    await streamToFile(streamOf([250, 250, 500], { length: 1000 }), file, (p) => seen.push(p));
    expect(seen).toEqual([25, 50, 100]);
    expect(file.chunks.map((c) => c.byteLength)).toEqual([250, 250, 500]);
    expect(file.closed).toBe(true);
  });

  it('aborts the file when the connection breaks', async () => {
    const file = fakeFile();
    await expect(
      streamToFile(streamOf([10, 10], { length: 100, failAfter: 1 }), file, () => undefined),
    ).rejects.toThrow('cut');
    expect(file.aborted).toBe(true);
    expect(file.closed).toBe(false);
  });
});
