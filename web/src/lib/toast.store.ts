import { TOAST_LIMIT } from '@planline/domain';
import { createStore } from 'zustand/vanilla';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** One thing to do about it (a button in the toast); `altText` says how to do it without the toast. */
  action?: { label: string; altText: string; onSelect: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
}

/** Outside React so that mutation callbacks, timers and plain modules can raise toasts. */
export const toastStore = createStore<ToastState>(() => ({ toasts: [] }));

let counter = 0;

/** Shows a toast; the newest replaces the oldest beyond TOAST_LIMIT (1: PRODUCT-SPEC §2). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter += 1;
  const id = String(counter);
  toastStore.setState((state) => ({
    toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT),
  }));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closing first lets Radix play its exit; removeToast drops the entry once it is gone. */
export function dismissToast(id: string): void {
  toastStore.setState((state) => ({
    toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)),
  }));
}

export function removeToast(id: string): void {
  toastStore.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
}
