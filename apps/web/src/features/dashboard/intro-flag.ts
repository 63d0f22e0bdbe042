import { storageKeys } from '@ani/contract/limits';

// The intro plays once per browser: the flag lives in local storage and logout clears it.
export function hasSeenIntro(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): boolean {
  try {
    return storage?.getItem(storageKeys.dashboardAnimationSeen) === 'true';
  } catch {
    return true;
  }
}

export function markIntroSeen(storage: Pick<Storage, 'setItem'> | null = safeLocalStorage()): void {
  try {
    storage?.setItem(storageKeys.dashboardAnimationSeen, 'true');
  } catch {
    /* storage unavailable: the intro simply shows again next time */
  }
}

/** Reduced motion means no intro at all: it is decoration, and the flag is set so it never starts. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
