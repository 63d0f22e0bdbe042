import { useEffect, useEffectEvent } from 'react';
import { limits } from '@ani/contract/limits';

/**
 * Saves a new row `delayMs` (2000) after it becomes valid; any edit in between restarts the wait, and an
 * invalid row is never sent (a half-typed row is not an error worth a message).
 */
export function useRowAutosave(
  { valid, active, signature }: { valid: boolean; active: boolean; signature: string },
  save: () => void,
  delayMs: number = limits.guestAutosaveMs,
) {
  // The latest `save` runs when the timer fires; a new `save` alone does not restart the wait.
  const onDue = useEffectEvent(save);
  useEffect(() => {
    if (!valid || !active) return;
    const timer = setTimeout(() => onDue(), delayMs);
    return () => clearTimeout(timer);
  }, [valid, active, signature, delayMs]);
}
