import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useRowAutosave } from './use-row-autosave';

describe('useRowAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 2000 ms after the row becomes valid, not before', () => {
    const save = vi.fn();
    renderHook(() => useRowAutosave({ valid: true, active: true, signature: 'a' }, save));
    act(() => vi.advanceTimersByTime(1999));
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
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
    act(() => vi.advanceTimersByTime(1500));
    rerender('ab');
    act(() => vi.advanceTimersByTime(1500));
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never saves an invalid or already saved row', () => {
    const save = vi.fn();
    const { rerender } = renderHook(
      (p: { valid: boolean; active: boolean }) => useRowAutosave({ ...p, signature: 'x' }, save),
      { initialProps: { valid: false, active: true } },
    );
    act(() => vi.advanceTimersByTime(5000));
    rerender({ valid: true, active: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(save).not.toHaveBeenCalled();
  });

  it('waits for the host to leave a row they are still in, and says so', () => {
    const save = vi.fn();
    const { result, rerender } = renderHook(
      (p: { focused: boolean; signature: string }) =>
        useRowAutosave({ valid: true, active: true, ...p }, save),
      { initialProps: { focused: true, signature: 'Kemal' } },
    );
    act(() => vi.advanceTimersByTime(2500));
    // A pause in the middle of a name: nothing is sent under the cursor.
    expect(save).not.toHaveBeenCalled();
    expect(result.current).toBe(true);
    rerender({ focused: true, signature: 'Kemal Sunal' });
    expect(result.current).toBe(false);
    rerender({ focused: false, signature: 'Kemal Sunal' });
    act(() => vi.advanceTimersByTime(1999));
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves a due row at once when the host leaves it', () => {
    const save = vi.fn();
    const { rerender } = renderHook(
      (focused: boolean) => useRowAutosave({ valid: true, active: true, signature: 'x', focused }, save),
      { initialProps: true },
    );
    act(() => vi.advanceTimersByTime(3000));
    expect(save).not.toHaveBeenCalled();
    rerender(false);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('drops the pending save when the row turns invalid', () => {
    const save = vi.fn();
    const { rerender } = renderHook(
      (valid: boolean) => useRowAutosave({ valid, active: true, signature: 'x' }, save),
      {
        initialProps: true,
      },
    );
    act(() => vi.advanceTimersByTime(1000));
    rerender(false);
    act(() => vi.advanceTimersByTime(5000));
    expect(save).not.toHaveBeenCalled();
  });
});
