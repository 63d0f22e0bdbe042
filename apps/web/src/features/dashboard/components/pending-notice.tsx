import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Clock } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * A gold notice on the dashboard home that items wait for the couple's approval, named by its
 * sentence (a region a screen reader can jump to) and leading to where they can be approved.
 */
export function PendingNotice({
  children,
  to,
  action,
  primary = false,
}: {
  /** The sentence: how many wait, or where. */
  children: ReactNode;
  to: string;
  action: string;
  /** The latest event's own notice: a filled button; another event's: an outlined one. */
  primary?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gold-400/50 bg-gold-400/10 p-4 sm:p-5',
        primary ? 'mt-6' : 'mt-4',
      )}
    >
      <p id={id} className={cn('flex items-center gap-2', primary ? 'font-semibold' : 'font-medium')}>
        <Clock aria-hidden className="h-5 w-5 shrink-0 text-gold-600 dark:text-gold-400" />
        {children}
      </p>
      <Link
        to={to}
        className={cn(buttonClasses(primary ? 'default' : 'outline', 'md'), 'min-h-11 max-sm:w-full')}
      >
        {action}
        <ChevronRight aria-hidden className="h-4 w-4" />
      </Link>
    </section>
  );
}
