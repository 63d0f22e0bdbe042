import type { ComponentProps, ReactNode } from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useFocusReturn } from './focus-return';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/** Modal with overlay, focus trap and Escape (Radix), a labelled close button, and the focus given back. */
export function DialogContent({
  className,
  children,
  hideClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof D.Content> & { hideClose?: boolean }) {
  const focusReturn = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-stone-950/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <D.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
          'max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl',
          'text-stone-800 data-[state=open]:animate-zoom-in dark:bg-stone-900 dark:text-stone-100',
          className,
        )}
        {...focusReturn}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <D.Close
            aria-label="Kapat"
            // 44 px to tap, the icon where it always was; its hover has a dark-dashboard colour too.
            className="absolute top-2 right-2 flex h-11 w-11 cursor-pointer items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 hover:text-stone-800 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-stone-100"
          >
            <X aria-hidden className="h-5 w-5" />
          </D.Close>
        )}
      </D.Content>
    </D.Portal>
  );
}

export function DialogHeader({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mb-4 space-y-1.5 pr-8', className)}>{children}</div>;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof D.Title>) {
  return (
    <D.Title
      className={cn('font-display text-2xl font-semibold text-stone-900 dark:text-white', className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof D.Description>) {
  return <D.Description className={cn('text-sm text-stone-600 dark:text-stone-300', className)} {...props} />;
}
