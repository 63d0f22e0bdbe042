import type { Storage } from '../storage/storage.ts';

/**
 * Defers object deletions while a backup copies the store. The backup dumps the database first,
 * then copies the objects: an object whose row is in the dump must still be there when the copy
 * reaches it. Rows are always deleted before their objects (a job removes the bytes afterwards),
 * so holding every `delete` until the copy ends is enough; writes go on, and anything written after
 * the dump is at worst an extra object no row points to.
 */
export function createDeletionHold() {
  let holders = 0;
  let released: Promise<void> = Promise.resolve();
  let release = () => {};

  return {
    /** The same store, whose `delete` waits while a hold is taken. */
    wrap(storage: Storage): Storage {
      return {
        ...storage,
        async delete(key) {
          while (holders > 0) await released;
          return storage.delete(key);
        },
      };
    },
    /** Takes a hold; the returned function ends it (idempotent). */
    hold(): () => void {
      if (holders++ === 0) released = new Promise<void>((resolve) => (release = resolve));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (--holders === 0) release();
      };
    },
  };
}
