import { Toast } from 'radix-ui';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { limits } from '@ani/contract/limits';
import { cn } from '../../lib/cn';
import { dismissToast, useToasts, type ToastVariant } from '../../lib/toast-store';

const variantStyles: Record<ToastVariant, string> = {
  default: 'border-stone-200 bg-white text-stone-900',
  destructive: 'border-red-700 bg-red-700 text-white',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

const variantIcons = {
  default: null,
  destructive: XCircle,
  success: CheckCircle2,
  warning: AlertTriangle,
  info: Info,
} as const;

/**
 * The shell's notifications (spec part 1 §4, §9): top centre, max 420 px wide, F8 focuses the
 * region, swipe (50 px) dismisses. Timing and the five-toast cap live in the toast store.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider label="Bildirim" swipeDirection="up" swipeThreshold={limits.toastSwipeThreshold}>
      {toasts.map((item) => {
        const Icon = variantIcons[item.variant];
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            type={item.variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-variant={item.variant}
            className={cn(
              'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
              'data-[state=closed]:animate-[fade-in_150ms_reverse] data-[state=open]:animate-fade-in',
              'data-[swipe=move]:translate-y-[var(--radix-toast-swipe-move-y)] data-[swipe=cancel]:translate-y-0 data-[swipe=end]:hidden',
              variantStyles[item.variant],
            )}
          >
            {Icon ? <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" /> : null}
            <div className="grid gap-1">
              {item.title ? <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title> : null}
              {item.description ? (
                <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
              ) : null}
            </div>
            {item.action ? (
              <Toast.Action altText="İşlem" asChild>
                {item.action}
              </Toast.Action>
            ) : null}
            <Toast.Close
              aria-label="Bildirimi kapat"
              className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100"
            >
              <X aria-hidden className="h-4 w-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        label="Bildirimler ({hotkey})"
        className="fixed top-0 left-1/2 z-[100] flex max-h-screen w-full -translate-x-1/2 flex-col gap-2 p-4 outline-none"
        style={{ maxWidth: limits.toastMaxWidthPx }}
      />
    </Toast.Provider>
  );
}
