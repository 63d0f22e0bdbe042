import type { InputHTMLAttributes, LabelHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * On a phone every field is at least 44 px tall, the size a thumb hits, with 16 px text, below which
 * iOS zooms the page in on a tap; from 640 px up a compact 40 px. `tall`: 48 px and body-size text
 * everywhere, for a field a guest fills in on a phone.
 */
export function Input({
  className,
  tall = false,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { tall?: boolean }) {
  return (
    <input
      className={cn(
        tall ? 'h-12 text-base' : 'h-11 text-base sm:h-10 sm:text-sm',
        'w-full rounded-lg border border-stone-300 bg-white px-3 text-stone-900 placeholder:text-stone-500',
        'focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none',
        'aria-invalid:border-red-600 disabled:opacity-60 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:aria-invalid:border-red-400',
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    <label className={cn('text-sm font-medium text-stone-800 dark:text-stone-200', className)} {...props} />
  );
}

/** A label above its control: `id` is the control's own id (give it the same), which the label names. */
export function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}
