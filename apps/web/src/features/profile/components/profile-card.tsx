import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The card each part of the profile page sits in (a form or a section, labelled by its title). */
export const profileCard =
  'space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 dark:bg-stone-900 dark:ring-stone-800';

/** A profile card's heading; `id` is what the card's aria-labelledby names. */
export function ProfileCardTitle({
  id,
  className,
  children,
  ref,
  tabIndex,
}: {
  id: string;
  className?: string;
  children: ReactNode;
  /** With tabIndex -1, lets a card take the focus when the control that had it goes away. */
  ref?: Ref<HTMLHeadingElement>;
  tabIndex?: number;
}) {
  return (
    <h2
      id={id}
      ref={ref}
      tabIndex={tabIndex}
      className={cn('font-sans text-lg font-semibold text-stone-900 dark:text-stone-100', className)}
    >
      {children}
    </h2>
  );
}

const noteTones = {
  success: {
    Icon: CheckCircle2,
    className:
      'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-200',
  },
  error: {
    Icon: AlertCircle,
    className:
      'border-red-200 bg-red-50 text-red-800 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200',
  },
} as const;

/** Drawn as the site's Alert is, but without a live role of its own: the region around it has one. */
function Note({
  tone,
  children,
  ref,
}: {
  tone: keyof typeof noteTones;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const { Icon, className } = noteTones[tone];
  return (
    <div
      ref={ref}
      // Focusable from script only, when it replaces the control that had the focus.
      tabIndex={ref ? -1 : undefined}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', className)}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="space-y-1">{children}</div>
    </div>
  );
}

/**
 * What a card's last action came to, in two live regions that are in the page from the start and
 * whose text changes: many screen readers announce only such a region, not one that appears with its
 * text already in it (as an Alert does). Empty, they take no room. Placed near the card's top while its
 * button is at the bottom, an error is scrolled into view: on a 375 px phone the password card is
 * taller than the screen, and a refused save (e.g. a wrong current password) would otherwise show
 * nothing where the host is looking. `successRef` lets the success take the focus when the button goes.
 */
export function CardOutcome({
  success,
  error,
  successRef,
}: {
  success?: ReactNode;
  error?: string | null;
  successRef?: Ref<HTMLDivElement>;
}) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  return (
    <>
      <div role="status" className={success ? undefined : 'sr-only'}>
        {success ? (
          <Note tone="success" ref={successRef}>
            {success}
          </Note>
        ) : null}
      </div>
      <div role="alert" ref={errorRef} className={error ? 'scroll-mt-24' : 'sr-only'}>
        {error ? <Note tone="error">{error}</Note> : null}
      </div>
    </>
  );
}
