import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDebouncedSave } from './use-debounced-save';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('settings autosave', () => {
  it('sends only the last change, 1000 ms after the last one; earlier pending saves are cancelled', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useDebouncedSave<boolean>(save));
    act(() => result.current(false));
    act(() => vi.advanceTimersByTime(600));
    act(() => result.current(true));
    act(() => vi.advanceTimersByTime(600));
    act(() => result.current(false));
    act(() => vi.advanceTimersByTime(999));
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(false);
  });

  it('does not lose a pending change when the settings close', () => {
    const save = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedSave<boolean>(save));
    act(() => result.current(true));
    unmount();
    expect(save).toHaveBeenCalledWith(true);
    act(() => vi.advanceTimersByTime(2000));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
