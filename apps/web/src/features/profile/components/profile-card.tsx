import type { ReactNode, Ref } from 'react';
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
