import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning' | 'info';

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

/** One notification as the user sees it; sonner places, times and removes it. */
export function ToastCard({
  variant,
  title,
  description,
  onClose,
}: {
  variant: ToastVariant;
  title?: ReactNode;
  description?: ReactNode;
  onClose: () => void;
}) {
  const Icon = variantIcons[variant];
  return (
    <div
      data-variant={variant}
      className={cn(
        'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
        variantStyles[variant],
      )}
    >
      {Icon ? <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" /> : null}
      <div className="grid gap-1">
        {title ? <div className="text-sm font-semibold">{title}</div> : null}
        {description ? <div className="text-sm opacity-90">{description}</div> : null}
      </div>
      <button
        type="button"
        aria-label="Bildirimi kapat"
        onClick={onClose}
        className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100"
      >
        <X aria-hidden className="h-4 w-4" />
      </button>
    </div>
  );
}
