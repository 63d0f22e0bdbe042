import { useEffect, useEffectEvent, useState } from 'react';
import { limits } from '@ani/contract/limits';

/**
 * Saves a new row `delayMs` (2000) after it becomes valid; any edit in between restarts the wait, and an
 * invalid row is never sent (a half-typed row is not an error worth a message). A row the host is still
 * in (`focused`) is saved when they leave it: a saved row is read-only, so saving under the cursor would
 * keep a name cut at a pause ("Kemal" of "Kemal Sunal") and drop the typing after it. Answers whether
 * the row is due and waits for the host to leave it.
 */
export function useRowAutosave(
  {
    valid,
    active,
    signature,
    focused = false,
  }: { valid: boolean; active: boolean; signature: string; focused?: boolean },
  save: () => void,
  delayMs: number = limits.guestAutosaveMs,
): boolean {
  // The content whose wait is over; an edit starts a new wait for the new content.
  const [dueFor, setDueFor] = useState<string | null>(null);
  useEffect(() => {
    if (!valid || !active) return;
    const timer = setTimeout(() => setDueFor(signature), delayMs);
    return () => {
      clearTimeout(timer);
      setDueFor(null);
    };
  }, [valid, active, signature, delayMs]);
  const due = dueFor === signature && valid && active;
  // The latest `save` runs; a new `save` alone does not restart the wait.
  const onDue = useEffectEvent(save);
  useEffect(() => {
    if (due && !focused) onDue();
  }, [due, focused]);
  return due && focused;
}
