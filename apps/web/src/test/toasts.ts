import { toast as sonner } from 'sonner';
import type { ToastVariant } from '../lib/toast';

export interface ShownToast {
  id: string | number;
  title?: unknown;
  description?: unknown;
  variant: ToastVariant;
  duration: number;
}

/** The toasts on screen (not dismissed), newest first, as `toast()` recorded them. */
export function getToasts(): ShownToast[] {
  const records = sonner.getToasts() as unknown as { id: string | number; shown?: Omit<ShownToast, 'id'> }[];
  return records.flatMap((t) => (t.shown ? [{ id: t.id, ...t.shown }] : [])).reverse();
}

/** Dismiss every toast, so each test starts with none. */
export function resetToasts(): void {
  sonner.dismiss();
}
