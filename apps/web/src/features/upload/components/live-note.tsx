import type { ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';

/**
 * A polite live region that is in the page from the start and whose text changes, rather than one that
 * appears with its text already in it (many screen readers announce only the first kind). Empty, it
 * takes no room; its message goes inside it, drawn without a live role of its own.
 */
export function LiveRegion({ children, testId }: { children?: ReactNode; testId?: string }) {
  return (
    <div role="status" data-testid={testId} className={children ? undefined : 'sr-only'}>
      {children}
    </div>
  );
}

/** A success message, drawn as the site's success alert is, for a LiveRegion to announce. */
export function SuccessNote({ children }: { children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-200">
      <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
