import type { WallItem } from '@ani/contract/live';
import { limits } from '@ani/contract/limits';

/**
 * What the wall shows next, as pure data so the slideshow's order can be tested without timers:
 * the album newest first, then the loop over the whole album again and again. Items that arrive live
 * jump the queue (shown next, in arrival order); a removed item leaves at once, even from the screen.
 * The album comes in pages: the first one starts the wall, older ones join the end of the loop.
 */
export interface WallQueue {
  /** The album, newest first; at most `limits.wallMaxItems`. */
  readonly items: readonly WallItem[];
  /** Ids that arrived live and have not been shown yet, oldest arrival first. */
  readonly fresh: readonly string[];
  /** Index in `items` of the item the loop shows next. */
  readonly cursor: number;
  /** The item on screen; null while the album is empty. */
  readonly current: string | null;
  /** True when `current` came from `fresh`: it is not cut short by the next arrival before it was seen. */
  readonly currentWasFresh: boolean;
  /**
   * Ids whose picture failed to load (the one on screen, or the next one while it loaded out of sight).
   * None of them is shown: a failed next one is passed over once, and tried again the next time round.
   */
  readonly failed: readonly string[];
  /** Counts the wall's moves: the slide clock restarts at each, also when one kept the picture on screen. */
  readonly moves: number;
  /**
   * What the stream said since the list's pages began to be read (bounded): a page read before a
   * deletion must not bring the item back, and a re-read list must not drop what arrived after it.
   */
  readonly lately: { readonly arrived: readonly string[]; readonly removed: readonly string[] };
}

export type WallAction =
  /** The first page of the first read. */
  | { type: 'start'; items: readonly WallItem[] }
  /** A later (older) page of the first read: joins the end of the loop. */
  | { type: 'append'; items: readonly WallItem[] }
  /** A re-read begins (its first request is about to go out). */
  | { type: 'repage' }
  /** A re-read's every page, newest first: the server's truth. */
  | { type: 'reconcile'; items: readonly WallItem[] }
  | { type: 'add'; item: WallItem }
  | { type: 'remove'; id: string }
  /** The picture of the item on screen, or of the next one loading out of sight, failed to load. */
  | { type: 'failed'; id: string }
  | { type: 'next' }
  | { type: 'back' };

/** Stream ids remembered per read: far more than a few seconds of paging can see. */
const latelyMax = 1000;
const noneLately: WallQueue['lately'] = { arrived: [], removed: [] };
const remember = (ids: readonly string[], id: string) =>
  ids.length >= latelyMax ? [...ids.slice(ids.length - latelyMax + 1), id] : [...ids, id];

export const emptyQueue: WallQueue = {
  items: [],
  fresh: [],
  cursor: 0,
  current: null,
  currentWasFresh: false,
  failed: [],
  moves: 0,
  lately: noneLately,
};

function start(items: readonly WallItem[], lately = noneLately): WallQueue {
  const capped = items.slice(0, limits.wallMaxItems);
  return {
    items: capped,
    fresh: [],
    cursor: capped.length > 1 ? 1 : 0,
    current: capped[0]?.id ?? null,
    currentWasFresh: false,
    failed: [],
    moves: 0,
    lately,
  };
}

/** The id the wall shows next: the first arrival waiting, else the loop's. */
function candidate(q: WallQueue): string | null {
  return q.fresh[0] ?? (q.items.length > 0 ? q.items[q.cursor % q.items.length]!.id : null);
}

/** Shows the next item; the one it leaves is tried anew when it comes round again. */
function show(q: WallQueue): WallQueue {
  const failed = q.failed.filter((id) => id !== q.current);
  const [first, ...rest] = q.fresh;
  if (first !== undefined) return { ...q, fresh: rest, current: first, currentWasFresh: true, failed };
  const n = q.items.length;
  if (n === 0) return { ...q, cursor: 0, current: null, currentWasFresh: false, failed };
  const at = q.cursor % n;
  return { ...q, current: q.items[at]!.id, cursor: (at + 1) % n, currentWasFresh: false, failed };
}

/**
 * Moves on. A next item whose picture failed is passed over instead of shown (and forgotten, so the
 * next time round it is tried again). While a good picture is on screen it stays for another turn and
 * the item after the failed one loads out of sight meanwhile, so the wall never cuts from a good
 * picture to a failed one, and an outage costs a request or two a slide, not a burst through the album.
 * A picture that broke on screen gives way to the first one not known to have failed.
 */
function next(q: WallQueue): WallQueue {
  const good = q.current !== null && !q.failed.includes(q.current) && q.items.some((i) => i.id === q.current);
  let r: WallQueue = { ...q, moves: q.moves + 1 };
  for (let id = candidate(r); id !== null && r.failed.includes(id); id = candidate(r)) {
    const failed = r.failed.filter((f) => f !== id);
    r =
      r.fresh[0] === id
        ? { ...r, fresh: r.fresh.slice(1), failed }
        : { ...r, cursor: (r.cursor + 1) % r.items.length, failed };
    if (good) return r;
  }
  return show(r);
}

/** Marks a picture that failed to load, if it is on screen or next (a late error of one gone is moot). */
function fail(q: WallQueue, id: string): WallQueue {
  if (q.failed.includes(id) || (id !== q.current && id !== candidate(q))) return q;
  return { ...q, failed: [...q.failed, id] };
}

/** The album item before the one on screen (newest → oldest wraps round); the loop then goes on from there. */
function back(q: WallQueue): WallQueue {
  const n = q.items.length;
  if (n === 0) return q;
  const at = q.items.findIndex((i) => i.id === q.current);
  const target = at < 0 ? 0 : (at - 1 + n) % n;
  const id = q.items[target]!.id;
  // Asked for by hand: a picture that failed is tried again.
  const failed = q.failed.filter((f) => f !== id && f !== q.current);
  return { ...q, current: id, cursor: (target + 1) % n, currentWasFresh: false, failed, moves: q.moves + 1 };
}

/** Older items of the album (a later page): new to the wall, after everything it has, never "fresh". */
function append(q: WallQueue, page: readonly WallItem[]): WallQueue {
  const known = new Set(q.items.map((i) => i.id));
  const removed = new Set(q.lately.removed);
  const room = Math.max(0, limits.wallMaxItems - q.items.length);
  const older = page.filter((i) => !known.has(i.id) && !removed.has(i.id)).slice(0, room);
  if (older.length === 0) return q;
  if (q.current === null) return start(older, q.lately);
  // The loop has just wrapped round to the newest: the older items come first, as the album goes on.
  const wrapped = q.cursor === 0 && q.current === q.items.at(-1)?.id;
  return { ...q, items: [...q.items, ...older], cursor: wrapped ? q.items.length : q.cursor };
}

function add(q: WallQueue, item: WallItem): WallQueue {
  // A replay after a reconnect (Last-Event-ID) or a list read racing the stream can repeat an item.
  if (q.items.some((i) => i.id === item.id)) return q;
  const lately = { ...q.lately, arrived: remember(q.lately.arrived, item.id) };
  let items = [item, ...q.items];
  // The first photo of an empty wall is a fresh one too: it keeps its few seconds before the next arrival.
  if (q.current === null) return { ...start(items, lately), currentWasFresh: true };
  // Full: the oldest item (not the one on screen) makes room, so the wall's memory stays bounded.
  if (items.length > limits.wallMaxItems) {
    const drop = items.at(-1)!.id === q.current ? items.length - 2 : items.length - 1;
    items = items.filter((_, i) => i !== drop);
  }
  // The loop's position stays on the same item: everything after the new first one moved by one.
  const cursor = q.cursor + 1 < items.length ? q.cursor + 1 : 0;
  return { ...q, items, fresh: [...q.fresh, item.id], cursor, lately };
}

function remove(q: WallQueue, id: string): WallQueue {
  // Remembered even when unknown: a page read before the deletion may still bring it.
  const lately = { ...q.lately, removed: remember(q.lately.removed, id) };
  const at = q.items.findIndex((i) => i.id === id);
  if (at < 0) return { ...q, lately };
  const items = q.items.filter((_, i) => i !== at);
  let cursor = at < q.cursor ? q.cursor - 1 : q.cursor;
  if (cursor >= items.length) cursor = 0;
  const fresh = q.fresh.filter((f) => f !== id);
  const rest = { ...q, items, cursor, fresh, failed: q.failed.filter((f) => f !== id), lately };
  return q.current === id ? next(rest) : rest;
}

/**
 * A re-read list (every page) is the truth after a reconnect or a periodic re-read: what it no longer
 * has leaves, what it has that is newer than everything the wall knew arrives as fresh, anything else
 * it has joins the loop in its place, and every item takes its newly signed URLs. What the stream said
 * while the pages were read wins over the pages: a deletion stays deleted, a live arrival stays.
 */
function reconcile(q: WallQueue, list: readonly WallItem[]): WallQueue {
  const removed = new Set(q.lately.removed);
  const listed = list.filter((i) => !removed.has(i.id));
  const listedIds = new Set(listed.map((i) => i.id));
  const arrived = new Set(q.lately.arrived);
  const kept = q.items.filter((i) => arrived.has(i.id) && !listedIds.has(i.id));
  const items = [...kept, ...listed].slice(0, limits.wallMaxItems);
  const position = new Map(items.map((item, n) => [item.id, n]));
  const known = new Set(q.items.map((i) => i.id));
  const firstKnown = listed.findIndex((i) => known.has(i.id));
  // Nothing the wall showed is listed any more: the list starts it over, newest first.
  if (q.current === null || firstKnown < 0) return start(items, q.lately);
  // Ahead of everything the wall knew: arrived while the stream was away, so shown next, oldest first.
  const missed = listed
    .slice(0, firstKnown)
    .map((i) => i.id)
    .filter((id) => position.has(id))
    .reverse();
  const fresh = [...q.fresh.filter((id) => position.has(id)), ...missed];
  // The loop goes on with the item it would have shown next (or the first one after it that is left).
  let cursor = 0;
  for (let k = 0; k < q.items.length; k++) {
    const found = position.get(q.items[(q.cursor + k) % q.items.length]!.id);
    if (found !== undefined) {
      cursor = found;
      break;
    }
  }
  const failed = q.failed.filter((id) => position.has(id));
  const result = { ...q, items, fresh, cursor, failed };
  return position.has(q.current) ? result : next(result);
}

export function wallReducer(q: WallQueue, action: WallAction): WallQueue {
  switch (action.type) {
    case 'start':
      return start(action.items);
    case 'append':
      return append(q, action.items);
    case 'repage':
      return { ...q, lately: noneLately };
    case 'add':
      return add(q, action.item);
    case 'remove':
      return remove(q, action.id);
    case 'failed':
      return fail(q, action.id);
    case 'reconcile':
      return reconcile(q, action.items);
    case 'next':
      return next(q);
    case 'back':
      return back(q);
  }
}

/**
 * The item the wall will show after the current one, for preloading; null when there is none to load
 * (or its picture failed: it is passed over, and loaded anew when it comes round again).
 */
export function upcoming(q: WallQueue): WallItem | null {
  const id = candidate(q);
  if (id === null || id === q.current || q.failed.includes(id)) return null;
  return q.items.find((i) => i.id === id) ?? null;
}

export function currentItem(q: WallQueue): WallItem | null {
  return q.current === null ? null : (q.items.find((i) => i.id === q.current) ?? null);
}

/** A photo stays this long, unless something new waits: then the current slide ends sooner. */
export interface SlideTiming {
  slideMs: number;
  /** Shortest time a slide stays once fresh items wait (an album slide / a fresh one). */
  cutAfterMs: number;
  freshMinMs: number;
}

/**
 * When the current slide gives way. Fresh items waiting cut an album slide to `cutAfterMs` from when
 * it appeared (or from now, if that passed), so a new photo is on the wall within about a second; a
 * slide that was itself fresh keeps `freshMinMs`, so a burst of uploads is not a flicker.
 */
export function slideDeadline(
  t: SlideTiming,
  shownAt: number,
  now: number,
  freshWaiting: boolean,
  currentWasFresh: boolean,
): number {
  const normal = shownAt + t.slideMs;
  if (!freshWaiting) return normal;
  const min = currentWasFresh ? t.freshMinMs : t.cutAfterMs;
  return Math.min(normal, Math.max(now, shownAt + min));
}
