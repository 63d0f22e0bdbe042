import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What an upload came to, taking the keyboard's focus as it appears: the button pressed is disabled
 * while the upload runs, which drops the focus to the page. Here a screen reader reads the outcome and
 * the next Tab carries on from it. Focusable only from script (tabIndex -1), so Tab never stops on it.
 *
 * With `open`, the box stays in the page between outcomes, out of sight and empty, and takes the focus
 * each time `open` turns true: a live region inside it is then already there when its text arrives,
 * which screen readers need to announce it (many skip a region that appears with its text in it).
 */
export function OutcomeBox({
  children,
  keepScroll = false,
  open = true,
  className,
  testId,
}: {
  children: ReactNode;
  /** The page scrolls somewhere by itself: focusing must not pull it to the box as well. */
  keepScroll?: boolean;
  /** Whether there is an outcome to show; false keeps the box in the page, hidden. */
  open?: boolean;
  className?: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Once, when the outcome appears: a later render of it (a name typed after a refusal) leaves the
    // focus where the guest put it.
    if (open) box.current?.focus({ preventScroll: keepScroll });
  }, [keepScroll, open]);
  return (
    <div ref={box} tabIndex={-1} data-testid={testId} className={open ? className : 'sr-only'}>
      {children}
    </div>
  );
}
