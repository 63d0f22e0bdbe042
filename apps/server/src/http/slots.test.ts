import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createSlots, onceClosed, takeAll, type Release } from './slots.ts';

/** Takes places under `key` until refused; the releases of those taken. */
function fill(slots: ReturnType<typeof createSlots>, key: string): Release[] {
  const taken: Release[] = [];
  for (let release = slots.take(key); release; release = slots.take(key)) taken.push(release);
  return taken;
}

describe('slots', () => {
  it('refuses a key at its limit while another key is allowed', () => {
    const slots = createSlots(2);
    expect(fill(slots, 'a')).toHaveLength(2);
    expect(slots.take('a')).toBeUndefined();
    expect(slots.take('b')).toBeTypeOf('function');
  });

  it('frees exactly one place per release, and a repeated release frees nothing', () => {
    const slots = createSlots(2);
    const [first] = fill(slots, 'a');
    first!();
    first!();
    expect(slots.take('a')).toBeTypeOf('function');
    expect(slots.take('a')).toBeUndefined();
  });

  it('forgets a key once all its places are given back', () => {
    const slots = createSlots(3);
    const releases = [...fill(slots, 'a'), ...fill(slots, 'b')];
    expect(slots.size).toBe(2);
    releases.slice(0, 3).forEach((release) => release());
    expect(slots.size).toBe(1);
    releases.forEach((release) => release());
    expect(slots.size).toBe(0);
    expect(fill(slots, 'a')).toHaveLength(3);
  });
});

describe('takeAll', () => {
  it('takes a place under every bound, given back together once', () => {
    const perEvent = createSlots(1);
    const perIp = createSlots(2);
    const taken = takeAll([
      [perEvent, 'event'],
      [perIp, 'ip'],
    ]);
    if (!('release' in taken)) throw new Error('expected places under both bounds');
    expect(perEvent.take('event')).toBeUndefined();
    const otherIpPlace = perIp.take('ip');
    expect(otherIpPlace).toBeTypeOf('function');
    expect(perIp.take('ip')).toBeUndefined();

    taken.release();
    taken.release();
    expect(perEvent.size).toBe(0);
    expect(perIp.take('ip')).toBeTypeOf('function');
    expect(perIp.take('ip')).toBeUndefined();
  });

  it('names the full bound and holds nothing under the bounds before it', () => {
    const perEvent = createSlots(1);
    const perIp = createSlots(1);
    const ipPlace = perIp.take('ip');

    const refused = takeAll([
      [perEvent, 'event'],
      [perIp, 'ip'],
    ]);
    expect('full' in refused && refused.full).toBe(perIp);
    expect(perEvent.size).toBe(0);
    expect(perEvent.take('event')).toBeTypeOf('function');

    const firstFull = takeAll([
      [perEvent, 'event'],
      [perIp, 'ip'],
    ]);
    expect('full' in firstFull && firstFull.full).toBe(perEvent);

    ipPlace!();
    expect(perIp.size).toBe(0);
  });
});

describe('onceClosed', () => {
  const response = (state: { closed: boolean; destroyed: boolean }) =>
    Object.assign(new EventEmitter(), state);

  it('waits for an open response’s close, and runs once then', () => {
    const open = response({ closed: false, destroyed: false });
    let runs = 0;
    onceClosed(open, () => (runs += 1));
    expect(runs).toBe(0);
    open.emit('close');
    open.emit('close');
    expect(runs).toBe(1);
  });

  it('runs at once for a response whose connection closed before anyone listened', () => {
    for (const state of [
      { closed: true, destroyed: true },
      { closed: false, destroyed: true },
    ]) {
      let runs = 0;
      onceClosed(response(state), () => (runs += 1));
      expect(runs, JSON.stringify(state)).toBe(1);
    }
  });
});
