import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary:
    'bg-brand-100 text-brand-900 hover:bg-brand-200 dark:bg-brand-500/25 dark:text-brand-50 dark:hover:bg-brand-500/35',
  outline:
    'border border-brand-300 bg-white text-brand-800 hover:bg-brand-50 dark:border-stone-600 dark:bg-transparent dark:text-stone-100 dark:hover:bg-stone-800',
  ghost: 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-brand-700 underline-offset-4 hover:underline',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a router Link) with button styling. */
  asChild?: boolean;
}

export function buttonClasses(
  variant: keyof typeof variants = 'default',
  size: keyof typeof sizes = 'md',
): string {
  return cn(
    // The colours fade on hover, but not the focus outline: with `transition-colors` it faded in
    // from the button's own text colour (white on a red button) and was hard to see at first.
    'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-[color,background-color,border-color]',
    'disabled:pointer-events-none disabled:opacity-50',
    // A button that cannot act just now but keeps the keyboard's place (a dialog it opened returns the
    // focus to it, which a disabled button cannot take): it looks disabled, and its click does nothing.
    'aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
    variants[variant],
    sizes[size],
  );
}

export function Button({ className, variant, size, asChild, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(buttonClasses(variant, size), className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
