import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';
import { limits } from '@ani/contract/limits';
import { ToastCard, type ToastVariant } from '../components/ui/toast-card';

export type { ToastVariant };

export interface ToastInput {
  /** A fixed id replaces an earlier toast with the same id instead of stacking a duplicate. */
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
}

/**
 * A session that ended is said once: the refused call's toast and the signed-in page's guard share
 * this id, so the guard's "Erişim Engellendi" replaces the call's "Hata" instead of stacking under it.
 */
export const accessDeniedToastId = 'access-denied';

let counter = 0;

/**
 * Show a notification (sonner keeps the queue, timers and swipe; the look is ours). What was shown stays
 * on sonner's record of the toast (`shown`), so tests can read what a user was told.
 */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter += 1;
  const id = input.id ?? `toast-${counter}`;
  const variant = input.variant ?? 'default';
  const duration = input.duration ?? limits.toastDurationMs;
  const record = {
    id,
    duration,
    shown: { title: input.title, description: input.description, variant, duration },
  };
  sonner.custom(
    (toastId) => (
      <ToastCard
        variant={variant}
        title={input.title}
        description={input.description}
        onClose={() => sonner.dismiss(toastId)}
      />
    ),
    record,
  );
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: string): void {
  sonner.dismiss(id);
}
