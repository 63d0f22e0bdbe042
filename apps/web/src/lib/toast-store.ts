import { useSyncExternalStore, type ReactNode } from 'react';
import { limits } from '@ani/contract/limits';

export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning' | 'info';

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export interface ToastInput {
  /** A fixed id replaces an earlier toast with the same id instead of stacking a duplicate. */
  id?: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  /** How long a closed toast stays before it is removed (default: the shell's 5000 ms). */
  removeDelay?: number;
}

const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeDelays = new Map<string, number>();
let toasts: ToastItem[] = [];
let counter = 0;

function set(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  // The closed toast stays mounted a while so Radix can play its exit animation (spec: 5000 ms).
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    removeDelays.delete(id);
    set(toasts.filter((t) => t.id !== id));
  }, removeDelays.get(id) ?? limits.toastRemoveDelayMs);
  removalTimers.set(id, timer);
}

/** Show a toast; newest first, at most five at once (spec part 1 §4). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter += 1;
  const id = input.id ?? `toast-${counter}`;
  const existingTimer = removalTimers.get(id);
  if (existingTimer) {
    clearTimeout(existingTimer);
    removalTimers.delete(id);
  }
  if (input.removeDelay !== undefined) removeDelays.set(id, input.removeDelay);
  else removeDelays.delete(id);
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    action: input.action,
    variant: input.variant ?? 'default',
    duration: input.duration ?? limits.toastDurationMs,
    open: true,
  };
  set([item, ...toasts.filter((t) => t.id !== id)].slice(0, limits.toastLimit));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id?: string): void {
  const ids = id ? [id] : toasts.map((t) => t.id);
  set(toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)));
  ids.forEach(scheduleRemoval);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToasts,
    getToasts,
  );
}

/** Test helper: forget every toast and pending timer. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  removeDelays.clear();
  set([]);
}
