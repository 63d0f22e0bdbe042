import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

// Sizes as a prop rather than classes laid over a default: the guest page's build joins class names
// without resolving conflicts (see lib/join-classes.ts).
const sizes = { 4: 'h-4 w-4', 5: 'h-5 w-5', 6: 'h-6 w-6', 8: 'h-8 w-8', 10: 'h-10 w-10' } as const;

export function Spinner({
  className,
  label,
  size = 6,
}: {
  className?: string;
  label?: string;
  size?: keyof typeof sizes;
}) {
  return (
    <Loader2
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'status' : undefined}
      className={cn(sizes[size], 'animate-spin text-brand-600', className)}
    />
  );
}
