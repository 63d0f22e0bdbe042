import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHotFiles } from './hot-files.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ani-hot-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(
  name: string,
  size: number,
): Promise<{ file: string; stat: { size: number; mtime: Date } }> {
  const file = path.join(dir, name);
  await writeFile(file, Buffer.alloc(size, name.charCodeAt(0)));
  return { file, stat: { size, mtime: new Date(1_700_000_000_000) } };
}

/** Lets the background read finish. */
async function settle(hot: { get(key: string): unknown }, key: string) {
  for (let i = 0; i < 200 && !hot.get(key); i++) await new Promise((r) => setTimeout(r, 2));
}

describe('hot files', () => {
  it('keeps a small file read once and answers it from memory, even after the disk copy is gone', async () => {
    const hot = createHotFiles({ maxBytes: 1000, maxFileBytes: 500, ttlMs: 60_000 });
    const a = await file('a', 300);
    expect(hot.get('k/a')).toBeUndefined();
    expect(hot.has('k/a')).toBe(false);
    hot.fill('k/a', a.file, a.stat, ['content-length', '300']);
    await settle(hot, 'k/a');
    await rm(a.file);
    expect(hot.has('k/a')).toBe(true);
    expect(hot.get('k/a')?.body.equals(Buffer.alloc(300, 'a'.charCodeAt(0)))).toBe(true);
    expect(hot.get('k/a')?.mtime).toEqual(a.stat.mtime);
    // The whole answer's headers, built by the route once, come back with the bytes.
    expect(hot.get('k/a')?.headers).toEqual(['content-length', '300']);
    expect(hot.bytes).toBe(300);
  });

  it('never takes a file over its size bound, and takes one exactly at it', async () => {
    const hot = createHotFiles({ maxBytes: 10_000, maxFileBytes: 500, ttlMs: 60_000 });
    const big = await file('b', 501);
    const edge = await file('c', 500);
    hot.fill('k/b', big.file, big.stat, []);
    hot.fill('k/c', edge.file, edge.stat, []);
    await settle(hot, 'k/c');
    expect(hot.get('k/c')).toBeDefined();
    expect(hot.get('k/b')).toBeUndefined();
    expect(hot.bytes).toBe(500);
  });

  it('stays within its byte bound by letting the least recently used file go', async () => {
    const hot = createHotFiles({ maxBytes: 1000, maxFileBytes: 500, ttlMs: 60_000 });
    for (const name of ['d', 'e']) {
      const f = await file(name, 400);
      hot.fill(`k/${name}`, f.file, f.stat, []);
      await settle(hot, `k/${name}`);
    }
    expect(hot.get('k/d')).toBeDefined(); // d is now the most recently used
    const g = await file('g', 400);
    hot.fill('k/g', g.file, g.stat, []);
    await settle(hot, 'k/g');
    expect(hot.bytes).toBe(800);
    expect(hot.get('k/e')).toBeUndefined();
    expect(hot.get('k/d')).toBeDefined();
    expect(hot.get('k/g')).toBeDefined();
  });

  it('reads a file again once its time is up', async () => {
    let now = 0;
    const hot = createHotFiles({ maxBytes: 1000, maxFileBytes: 500, ttlMs: 1000, now: () => now });
    const h = await file('h', 100);
    hot.fill('k/h', h.file, h.stat, []);
    await settle(hot, 'k/h');
    now = 1000;
    expect(hot.get('k/h')).toBeDefined();
    now = 1001;
    expect(hot.get('k/h')).toBeUndefined();
    expect(hot.bytes).toBe(0);
  });

  it('forgets a deleted file, also one whose read was still under way', async () => {
    const hot = createHotFiles({ maxBytes: 1000, maxFileBytes: 500, ttlMs: 60_000 });
    const i = await file('i', 100);
    hot.fill('k/i', i.file, i.stat, []);
    await settle(hot, 'k/i');
    hot.forget('k/i');
    expect(hot.get('k/i')).toBeUndefined();

    const j = await file('j', 100);
    hot.fill('k/j', j.file, j.stat, []);
    hot.forget('k/j'); // the read has started and not finished
    await new Promise((r) => setTimeout(r, 50));
    expect(hot.get('k/j')).toBeUndefined();
    expect(hot.bytes).toBe(0);
  });

  it('holds nothing when its bound is 0', async () => {
    const hot = createHotFiles({ maxBytes: 0, maxFileBytes: 500, ttlMs: 60_000 });
    const k = await file('k', 100);
    hot.fill('k/k', k.file, k.stat, []);
    await new Promise((r) => setTimeout(r, 50));
    expect(hot.get('k/k')).toBeUndefined();
  });
});
