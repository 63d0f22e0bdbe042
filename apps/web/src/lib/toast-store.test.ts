import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, resetToasts, toast } from './toast-store';

describe('toast queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });

  it('keeps at most five, newest first', () => {
    for (let i = 1; i <= 7; i++) toast({ title: `T${i}` });
    expect(getToasts().map((t) => t.title)).toEqual(['T7', 'T6', 'T5', 'T4', 'T3']);
  });

  it('shows for 5000 ms by default, longer when asked (register success: 10 s)', () => {
    toast({ title: 'a' });
    toast({ title: 'b', duration: 10_000, variant: 'success' });
    expect(getToasts().map((t) => [t.duration, t.variant])).toEqual([
      [10_000, 'success'],
      [5000, 'default'],
    ]);
  });

  it('removes a dismissed toast 5000 ms after it closes, not before', () => {
    const { id } = toast({ title: 'Hata', variant: 'destructive' });
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(4999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('replaces a toast with the same id instead of stacking duplicates', () => {
    toast({ id: 'access-denied', title: 'Erişim Engellendi' });
    toast({ id: 'access-denied', title: 'Erişim Engellendi' });
    expect(getToasts()).toHaveLength(1);
  });

  it('reopening a closing toast cancels its pending removal', () => {
    toast({ id: 'x', title: 'first' });
    dismissToast('x');
    toast({ id: 'x', title: 'again' });
    vi.advanceTimersByTime(6000);
    expect(getToasts()).toEqual([expect.objectContaining({ id: 'x', open: true, title: 'again' })]);
  });
});
