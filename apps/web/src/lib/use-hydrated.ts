import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while the page is rendered at build time and while the browser hydrates that HTML, true
 * afterwards. Text that depends on the visitor's clock or storage renders only once this is true, so
 * the hydrated tree matches the prerendered one (a mismatch would make React discard it).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
