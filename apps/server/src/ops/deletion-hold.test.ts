import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../storage/storage.ts';
import { createDeletionHold } from './deletion-hold.ts';

function memoryStore(): Storage & { keys: Set<string> } {
  const keys = new Set<string>();
  return {
    keys,
    put: async (key) => (keys.add(key), { size: 0 }),
    get: async () => Readable.from([]),
    stat: async (key) => (keys.has(key) ? { size: 0, mtime: new Date() } : null),
    delete: async (key) => void keys.delete(key),
    signedUrl: async (key) => key,
  };
}

describe('deletion hold', () => {
  it('defers deletes while a backup holds it and lets them through when the last hold ends', async () => {
    const inner = memoryStore();
    const hold = createDeletionHold();
    const store = hold.wrap(inner);
    await store.put('a', Readable.from([]));
    await store.put('b', Readable.from([]));

    const releaseFirst = hold.hold();
    const releaseSecond = hold.hold();
    let deleted = false;
    const deleting = store.delete('a').then(() => (deleted = true));
    await new Promise((r) => setImmediate(r));
    expect(deleted).toBe(false);
    expect(inner.keys.has('a')).toBe(true);
    // Writes are not held.
    await store.put('c', Readable.from([]));
    expect(inner.keys.has('c')).toBe(true);

    releaseFirst();
    releaseFirst(); // idempotent: one release never ends another backup's hold
    await new Promise((r) => setImmediate(r));
    expect(inner.keys.has('a')).toBe(true);
    releaseSecond();
    await deleting;
    expect(inner.keys.has('a')).toBe(false);

    // Without a hold, a delete goes straight through.
    await store.delete('b');
    expect(inner.keys.has('b')).toBe(false);
  });
});
