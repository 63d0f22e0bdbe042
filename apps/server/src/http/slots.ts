/**
 * Places held per key by work still running in this process (open streams, uploads being written,
 * archives being sent), each key bounded by a limit. Taking checks and counts with no await in
 * between, so parallel requests cannot pass a full key together.
 */

/** Gives a place back; calling it again gives back nothing, so every way a piece of work ends may call it. */
export type Release = () => void;

export type Slots = {
  /** A place under `key`, or undefined while the key holds its limit. */
  take(key: string): Release | undefined;
  /** Keys holding at least one place: a key given back to zero is forgotten. */
  readonly size: number;
};

export function createSlots(limit: number): Slots {
  const held = new Map<string, number>();
  return {
    take(key) {
      const count = held.get(key) ?? 0;
      if (count >= limit) return undefined;
      held.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
    get size() {
      return held.size;
    },
  };
}

/**
 * A place under every bound, or under none: the first full bound is named, and the places already
 * taken under the bounds before it are given back at once.
 */
export function takeAll(
  places: ReadonlyArray<readonly [slots: Slots, key: string]>,
): { release: Release } | { full: Slots } {
  const taken: Release[] = [];
  for (const [slots, key] of places) {
    const release = slots.take(key);
    if (!release) {
      for (const giveBack of taken) giveBack();
      return { full: slots };
    }
    taken.push(release);
  }
  return { release: () => taken.forEach((giveBack) => giveBack()) };
}

/** A response, as far as knowing when its connection is done goes. */
export type Closing = {
  readonly closed: boolean;
  readonly destroyed: boolean;
  once(event: 'close', listener: () => void): unknown;
};

/**
 * Runs `then` once the response's connection is done: on its 'close', or at once when that has
 * happened already. A client that went away while the handler was still awaiting something had
 * its one 'close' before anyone listened: a place given back only on that event would stay held
 * until the process restarts.
 */
export function onceClosed(response: Closing, then: () => void): void {
  if (response.closed || response.destroyed) then();
  else response.once('close', then);
}
