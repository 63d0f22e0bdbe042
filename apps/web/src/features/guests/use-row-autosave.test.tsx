import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useRowAutosave } from './use-row-autosave';

describe('useRowAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 2000 ms after the row becomes valid, not before', () => {
    const save = vi.fn();
    renderHook(() => useRowAutosave({ valid: true, active: true, signature: 'a' }, save));
    vi.advanceTimersByTime(1999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('restarts the wait on every edit', () => {
    const save = vi.fn();
    const { rerender } = renderHook(
      (sig: string) => useRowAutosave({ valid: true, active: true, signature: sig }, save),
      {
        initialProps: 'a',
      },
    );
    vi.advanceTimersByTime(1500);
    rerender('ab');
    vi.advanceTimersByTime(1500);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never saves an invalid or already saved row', () => {
    const save = vi.fn();
    const { rerender } = renderHook(
      (p: { valid: boolean; active: boolean }) => useRowAutosave({ ...p, signature: 'x' }, save),
      { initialProps: { valid: false, active: true } },
    );
    vi.advanceTimersByTime(5000);
    rerender({ valid: true, active: false });
    vi.advanceTimersByTime(5000);
    expect(save).not.toHaveBeenCalled();
  });

  it('drops the pending save when the row turns invalid', () => {
    const save = vi.fn();
    const { rerender } = renderHook(
      (valid: boolean) => useRowAutosave({ valid, active: true, signature: 'x' }, save),
      {
        initialProps: true,
      },
    );
    vi.advanceTimersByTime(1000);
    rerender(false);
    vi.advanceTimersByTime(5000);
    expect(save).not.toHaveBeenCalled();
  });
});
