import { limits } from '@ani/contract/limits';
import { dismissToast, toast, type ToastVariant } from './toast';

// The album area reacts to quick repeated actions (select, delete, download), so it shows one short toast
// (3 s) at a time: the previous one is closed first. A fresh id each time, so a new message is a new toast
// (announced again) rather than an update of the closing one.
let last: string | null = null;

export function albumToast(variant: ToastVariant, title: string, description?: string): void {
  if (last) dismissToast(last);
  last = toast({ title, description, variant, duration: limits.albumToastDurationMs }).id;
}
