import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { albumToast } from './album-toast';
import { getToasts, resetToasts, toast, dismissToast } from './toast-store';

describe('album toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => {
    resetToasts();
    vi.useRealTimers();
  });

  it('shows one at a time for 3 s and keeps a closed one for 1,000,000 ms, unlike the shell (5000 ms)', () => {
    albumToast('success', 'Fotoğraf başarıyla silindi.');
    albumToast('destructive', 'Hata', 'Fotoğraf silinirken bir hata oluştu.');
    const [current, previous] = getToasts();
    expect(current).toMatchObject({ open: true, duration: 3000, variant: 'destructive' });
    expect(previous).toMatchObject({ open: false });
    const shell = toast({ title: 'Kabuk' });
    dismissToast(shell.id);
    vi.advanceTimersByTime(5000);
    expect(getToasts().map((t) => t.title)).toEqual(['Hata', 'Fotoğraf başarıyla silindi.']);
    vi.advanceTimersByTime(1_000_000 - 5000 - 1);
    expect(getToasts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(getToasts().map((t) => t.title)).toEqual(['Hata']);
  });
});
