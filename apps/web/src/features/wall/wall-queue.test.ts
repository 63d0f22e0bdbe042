import { describe, expect, it } from 'vitest';
import type { WallItem } from '@ani/contract/live';
import { limits } from '@ani/contract/limits';
import {
  currentItem,
  emptyQueue,
  slideDeadline,
  upcoming,
  wallReducer,
  type WallAction,
  type WallQueue,
} from './wall-queue';

const item = (id: string): WallItem => ({
  id,
  type: 'image',
  url: `/media/${id}.jpg`,
  posterUrl: null,
  width: 1600,
  height: 900,
  uploader: `Misafir ${id}`,
  note: null,
  uploadedAt: '2026-11-23T20:00:00.000Z',
});

const run = (q: WallQueue, ...actions: WallAction[]) => actions.reduce(wallReducer, q);
const next = { type: 'next' } as const;
/** The ids the wall shows over `count` advances, starting with the one on screen. */
function order(q: WallQueue, count: number): (string | null)[] {
  const seen = [q.current];
  for (let i = 1; i < count; i++) {
    q = wallReducer(q, next);
    seen.push(q.current);
  }
  return seen;
}

// The server's list is newest first: c is the newest.
const album = [item('c'), item('b'), item('a')];

describe('wall queue', () => {
  it('shows the album newest first, then loops over all of it', () => {
    const q = run(emptyQueue, { type: 'start', items: album });
    expect(order(q, 7)).toEqual(['c', 'b', 'a', 'c', 'b', 'a', 'c']);
  });

  it('an empty album shows nothing, and its first arrival at once', () => {
    const empty = run(emptyQueue, { type: 'start', items: [] });
    expect(empty.current).toBeNull();
    expect(run(empty, next).current).toBeNull();
    const first = run(empty, { type: 'add', item: item('n') });
    expect(first.current).toBe('n');
    expect(first.fresh).toEqual([]);
  });

  it('the first arrival on an empty wall counts as fresh: the next one waits its few seconds', () => {
    const first = run(emptyQueue, { type: 'start', items: [] }, { type: 'add', item: item('a') });
    expect(first.currentWasFresh).toBe(true);
    const second = run(first, { type: 'add', item: item('b') });
    expect(second.current).toBe('a');
    expect(second.fresh).toEqual(['b']);
    // Shown at 0, b arrives at 1.5 s: a stays until 4 s.
    const t = { slideMs: 8000, cutAfterMs: 800, freshMinMs: 4000 };
    expect(slideDeadline(t, 0, 1500, true, second.currentWasFresh)).toBe(4000);
  });

  it('an album slide still gives way to an arrival after a moment', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, { type: 'add', item: item('n') });
    expect(q.current).toBe('c');
    expect(q.currentWasFresh).toBe(false);
    const t = { slideMs: 8000, cutAfterMs: 800, freshMinMs: 4000 };
    expect(slideDeadline(t, 0, 1500, true, q.currentWasFresh)).toBe(1500);
  });

  it('a live arrival is shown next, then the loop goes on where it was and later includes it', () => {
    let q = run(emptyQueue, { type: 'start', items: album }, next); // on b
    q = run(q, { type: 'add', item: item('n') });
    expect(q.current).toBe('b');
    expect(upcoming(q)?.id).toBe('n');
    expect(order(q, 6)).toEqual(['b', 'n', 'a', 'n', 'c', 'b']);
  });

  it('several arrivals are shown in the order they came', () => {
    const q = run(
      emptyQueue,
      { type: 'start', items: album },
      { type: 'add', item: item('x') },
      { type: 'add', item: item('y') },
    );
    expect(order(q, 4)).toEqual(['c', 'x', 'y', 'b']);
  });

  it('ignores an arrival it already has (a replay after reconnecting)', () => {
    const q = run(emptyQueue, { type: 'start', items: album });
    expect(run(q, { type: 'add', item: item('b') })).toBe(q);
  });

  it('a removed item on screen leaves at once for the next one', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, next); // on b
    const after = run(q, { type: 'remove', id: 'b' });
    expect(after.current).toBe('a');
    expect(after.items.map((i) => i.id)).toEqual(['c', 'a']);
    expect(order(after, 3)).toEqual(['a', 'c', 'a']);
  });

  it('a removed item elsewhere is never shown, and the loop keeps its place', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, next); // on b, a next
    expect(order(run(q, { type: 'remove', id: 'c' }), 3)).toEqual(['b', 'a', 'b']);
    expect(order(run(q, { type: 'remove', id: 'a' }), 3)).toEqual(['b', 'c', 'b']);
  });

  it('a removed arrival that was still waiting is dropped from the queue', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, { type: 'add', item: item('n') });
    const after = run(q, { type: 'remove', id: 'n' });
    expect(after.fresh).toEqual([]);
    expect(order(after, 3)).toEqual(['c', 'b', 'a']);
  });

  it('removing the last item empties the wall; removing an unknown id changes nothing it shows', () => {
    const one = run(emptyQueue, { type: 'start', items: [item('a')] });
    const unknown = run(one, { type: 'remove', id: 'zz' });
    expect(unknown.items).toBe(one.items);
    expect(unknown.current).toBe('a');
    expect(run(one, { type: 'remove', id: 'a' }).current).toBeNull();
  });

  it('back goes to the previous album item and the loop goes on from there', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, next, next); // on a
    const back = run(q, { type: 'back' });
    expect(back.current).toBe('b');
    expect(order(back, 3)).toEqual(['b', 'a', 'c']);
    // From the newest, back wraps round to the oldest.
    expect(run(emptyQueue, { type: 'start', items: album }, { type: 'back' }).current).toBe('a');
  });

  it('a re-read list drops what is gone, adds what was missed as fresh, and takes the new URLs', () => {
    const q = run(emptyQueue, { type: 'start', items: album }); // on c
    const renewed = [item('m'), { ...item('c'), url: '/media/c-renewed.jpg' }, item('a')];
    const after = run(q, { type: 'reconcile', items: renewed });
    expect(after.items.map((i) => i.id)).toEqual(['m', 'c', 'a']);
    expect(after.fresh).toEqual(['m']);
    expect(currentItem(after)?.url).toBe('/media/c-renewed.jpg');
    expect(order(after, 4)).toEqual(['c', 'm', 'a', 'm']);
  });

  it('upcoming is what comes next, or nothing when it would repeat the one on screen', () => {
    const q = run(emptyQueue, { type: 'start', items: album });
    expect(upcoming(q)?.id).toBe('b');
    expect(upcoming(run(emptyQueue, { type: 'start', items: [item('a')] }))).toBeNull();
  });
});

describe('wall queue when pictures fail to load', () => {
  const failed = (id: string) => ({ type: 'failed', id }) as const;

  it('pictures that load are shown in the loop’s order', () => {
    const q = run(emptyQueue, { type: 'start', items: album });
    expect(upcoming(q)?.id).toBe('b');
    expect(order(q, 4)).toEqual(['c', 'b', 'a', 'c']);
  });

  it('a next picture that failed out of sight is not shown: the one on screen stays a turn, and the next time round it is tried again', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, failed('b')); // on c
    expect(upcoming(q)).toBeNull();
    const held = run(q, next);
    expect(held.current).toBe('c');
    expect(held.moves).toBe(q.moves + 1); // the slide clock restarts
    expect(upcoming(held)?.id).toBe('a');
    expect(order(q, 5)).toEqual(['c', 'c', 'a', 'c', 'b']);
  });

  it('while nothing else loads (the network is down) the good picture stays, one more tried each turn', () => {
    let q = run(emptyQueue, { type: 'start', items: album }); // c on screen, loaded before the outage
    const tried: string[] = [];
    for (let turn = 0; turn < 4; turn++) {
      const loading = upcoming(q);
      if (loading) {
        tried.push(loading.id);
        q = run(q, failed(loading.id));
      }
      q = run(q, next);
      expect(q.current).toBe('c');
    }
    expect(tried).toEqual(['b', 'a', 'b']);
    // The network is back: the one loading now is shown.
    expect(run(q, next).current).toBe('a');
  });

  it('a failed arrival is passed over too, and shown when the loop comes to it', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, { type: 'add', item: item('n') }, failed('n'));
    expect(order(q, 6)).toEqual(['c', 'c', 'b', 'a', 'n', 'c']);
  });

  it('a picture that broke on screen gives way to one that did not fail; alone, it is tried again', () => {
    const broken = run(emptyQueue, { type: 'start', items: album }, failed('b'), failed('c'));
    expect(broken.failed).toEqual(['b', 'c']);
    const after = run(broken, next);
    expect(after.current).toBe('a');
    expect(after.failed).toEqual([]);
    const alone = run(emptyQueue, { type: 'start', items: [item('a')] }, failed('a'));
    expect(run(alone, next)).toMatchObject({ current: 'a', failed: [] });
  });

  it('a removed picture on screen gives way to one that did not fail; a late failure of one gone is ignored', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, failed('b'));
    expect(run(q, { type: 'remove', id: 'c' })).toMatchObject({ current: 'a', failed: [] });
    expect(run(q, failed('a'))).toBe(q);
  });
});

describe('wall queue over pages of the album', () => {
  const ids = (q: WallQueue) => q.items.map((i) => i.id);
  const page = (...names: string[]) => names.map(item);

  it('starts with the first page at once, and older pages join the loop after the newest', () => {
    let q = run(emptyQueue, { type: 'start', items: page('f', 'e') });
    expect(q.current).toBe('f');
    q = run(q, { type: 'append', items: page('d', 'c') }, { type: 'append', items: page('b', 'a') });
    expect(q.fresh).toEqual([]);
    expect(order(q, 8)).toEqual(['f', 'e', 'd', 'c', 'b', 'a', 'f', 'e']);
  });

  it('a page that comes as the loop wraps round is shown before the newest again; one mid-way waits its turn', () => {
    const wrapped = run(emptyQueue, { type: 'start', items: page('b', 'a') }, next); // on a, the newest next
    expect(order(run(wrapped, { type: 'append', items: page('z') }), 4)).toEqual(['a', 'z', 'b', 'a']);
    const single = run(emptyQueue, { type: 'start', items: page('a') });
    expect(order(run(single, { type: 'append', items: page('z') }), 3)).toEqual(['a', 'z', 'a']);
    const midway = run(emptyQueue, { type: 'start', items: album }, next, next, next); // c again, b next
    expect(order(run(midway, { type: 'append', items: page('z') }), 5)).toEqual(['c', 'b', 'a', 'z', 'c']);
  });

  it('a page never brings back what the stream removed meanwhile, nor repeats what the wall has', () => {
    let q = run(emptyQueue, { type: 'start', items: page('d', 'c') });
    // Approved late: its `photo` came live before the older page that also lists it.
    q = run(q, { type: 'add', item: item('a') }, { type: 'remove', id: 'b' });
    q = run(q, { type: 'append', items: page('b', 'a', 'x') });
    expect(ids(q)).toEqual(['a', 'd', 'c', 'x']);
    expect(order(q, 5)).toEqual(['d', 'a', 'c', 'x', 'a']);
  });

  it('a page for a wall whose items were all removed starts it again', () => {
    const q = run(emptyQueue, { type: 'start', items: page('b') }, { type: 'remove', id: 'b' });
    expect(q.current).toBeNull();
    expect(run(q, { type: 'append', items: page('a') }).current).toBe('a');
  });

  it(`keeps at most ${limits.wallMaxItems} items: pages stop filling past it, and a live arrival makes room`, () => {
    const many = Array.from({ length: limits.wallMaxItems + 50 }, (_, i) => item(`p${i}`));
    let q = run(emptyQueue, { type: 'start', items: many.slice(0, 100) });
    q = run(q, { type: 'append', items: many.slice(100) });
    expect(q.items).toHaveLength(limits.wallMaxItems);
    expect(q.items.at(-1)!.id).toBe(`p${limits.wallMaxItems - 1}`);
    q = run(q, { type: 'add', item: item('new') });
    expect(q.items).toHaveLength(limits.wallMaxItems);
    expect(q.items[0]!.id).toBe('new');
    expect(q.items.at(-1)!.id).toBe(`p${limits.wallMaxItems - 2}`);
    expect(order(q, 3)).toEqual(['p0', 'new', 'p1']);
  });

  it('a re-read over every page puts album items the wall had not loaded in their place, not as new', () => {
    const q = run(emptyQueue, { type: 'start', items: page('c', 'b') }); // paging broke off after page 1
    const after = run(q, { type: 'repage' }, { type: 'reconcile', items: page('n', 'c', 'b', 'a') });
    expect(ids(after)).toEqual(['n', 'c', 'b', 'a']);
    expect(after.fresh).toEqual(['n']);
    expect(order(after, 6)).toEqual(['c', 'n', 'b', 'a', 'n', 'c']);
  });

  it('what the stream says while a re-read is paging wins over its pages', () => {
    let q = run(emptyQueue, { type: 'start', items: album }, { type: 'repage' });
    // Its first page was read before x arrived; a later page before b was deleted.
    q = run(q, { type: 'add', item: item('x') }, { type: 'remove', id: 'b' });
    q = run(q, { type: 'reconcile', items: album });
    expect(ids(q)).toEqual(['x', 'c', 'a']);
    expect(q.fresh).toEqual(['x']);
    // What happened before the re-read began is in its pages already: an older deletion does not filter them.
    const earlier = run(
      emptyQueue,
      { type: 'start', items: album },
      { type: 'remove', id: 'zz' },
      { type: 'repage' },
    );
    expect(ids(run(earlier, { type: 'reconcile', items: [item('zz'), ...album] }))).toEqual([
      'zz',
      'c',
      'b',
      'a',
    ]);
  });

  it('a re-read that drops the item on screen moves on; one with nothing the wall knew starts over', () => {
    const q = run(emptyQueue, { type: 'start', items: album }, next); // on b, a next
    const gone = run(q, { type: 'repage' }, { type: 'reconcile', items: page('c', 'a') });
    expect(gone.current).toBe('a');
    const replaced = run(q, { type: 'repage' }, { type: 'reconcile', items: page('y', 'x') });
    expect(replaced.current).toBe('y');
    expect(order(replaced, 3)).toEqual(['y', 'x', 'y']);
  });
});

describe('slide deadline', () => {
  const t = { slideMs: 8000, cutAfterMs: 800, freshMinMs: 4000 };

  it('a slide stays its full time while nothing new waits', () => {
    expect(slideDeadline(t, 1000, 1500, false, false)).toBe(9000);
  });

  it('a new arrival cuts an album slide short: at once when it was seen long enough', () => {
    expect(slideDeadline(t, 1000, 6000, true, false)).toBe(6000);
    expect(slideDeadline(t, 1000, 1200, true, false)).toBe(1800);
  });

  it('a slide that was itself new keeps a few seconds before the next new one', () => {
    expect(slideDeadline(t, 1000, 1200, true, true)).toBe(5000);
    expect(slideDeadline(t, 1000, 7000, true, true)).toBe(7000);
  });
});
