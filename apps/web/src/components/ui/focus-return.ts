import { useRef } from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * A Radix dialog's focus on close goes back to what had it when the dialog opened: Radix gives it
 * back only to a DialogTrigger, and most dialogs here are opened by a button elsewhere (a guest row's
 * action, a page's own button, a menu that closed on the way), so the focus fell to the page and a
 * keyboard user started over from the top. A dialog that puts the focus somewhere else says so in its
 * own onCloseAutoFocus (preventDefault). Spread the answer on the dialog's Content.
 */
export function useFocusReturn(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Still the element outside: the dialog has not taken the focus yet.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
