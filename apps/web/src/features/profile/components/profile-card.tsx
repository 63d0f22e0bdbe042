import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Alert } from '../../../components/ui/alert';
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

/**
 * A card's error banner. It sits at the top of the card while the submit button is at the bottom: on a
 * 375 px phone the password card is taller than the screen, so without scrolling it into view a refused
 * save (e.g. a wrong current password) would show nothing where the host is looking.
 */
export function FormError({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView; scroll-mt keeps the banner clear of the sticky header.
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [children]);
  return (
    <div ref={ref} className="scroll-mt-24">
      <Alert tone="error">{children}</Alert>
    </div>
  );
}
