import { limits } from '@ani/contract/limits';
import { dismissToast, toast, type ToastVariant } from './toast-store';

// The album area shows one toast at a time for 3 s (spec part 1 §4, §9): the previous one is closed first.
// Its closed toast is removed after the album's own delay, not the shell's.
// A fresh id each time, because re-opening a closed Radix toast under the same key is not shown again.
let last: string | null = null;

export function albumToast(variant: ToastVariant, title: string, description?: string): void {
  if (last) dismissToast(last);
  last = toast({ title, description, variant, duration: limits.albumToastDurationMs, removeDelay: limits.albumToastRemoveDelayMs }).id;
}
