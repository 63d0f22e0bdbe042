import { useEffect, useRef } from 'react';
import { limits } from '@ani/contract/limits';

/**
 * Saves a new row `delayMs` (2000) after it becomes valid; any edit in between restarts the wait, and an
 * invalid row is never sent (spec: "invalid rows are silently not saved").
 */
export function useRowAutosave(
  { valid, active, signature }: { valid: boolean; active: boolean; signature: string },
  save: () => void,
  delayMs: number = limits.guestAutosaveMs,
) {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!valid || !active) return;
    const timer = setTimeout(() => saveRef.current(), delayMs);
    return () => clearTimeout(timer);
  }, [valid, active, signature, delayMs]);
}
