import { useCallback, useEffect, useRef } from 'react';
import { limits } from '@ani/contract/limits';

/**
 * Settings autosave: each change restarts the quiet period, so only the last value is
 * sent, `delayMs` after the last change. A change still pending when the component goes away (the card
 * is collapsed) is sent at once rather than lost.
 */
export function useDebouncedSave<T>(save: (value: T) => void, delayMs: number = limits.settingsAutosaveMs) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ value: T } | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const item = pending.current;
    pending.current = null;
    if (item) saveRef.current(item.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = { value };
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  useEffect(() => flush, [flush]);
  return schedule;
}
