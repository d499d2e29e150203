import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds on screen; 5 s by default (part 1 §9). */
  duration?: number;
  /**
   * Raised for the page the app is about to open by itself (a confirmation followed by a redirect):
   * it stays through that one page change. Every other toast belongs to the page it was raised on.
   */
  forNextPage?: boolean;
}

type Listener = () => void;

// One toast at a time (part 1 §9): a new toast replaces the one showing.
let current: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(message: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  current = [{ ...message, id }];
  emit();
  return id;
}

/**
 * A new page: the toasts of the page left behind go, so none follows the person and covers what the
 * new page shows; one raised for this page stays, now as this page's own.
 */
export function dismissToastsOfPreviousPage(): void {
  const kept = current.filter((item) => item.forNextPage).map((item) => ({ ...item, forNextPage: false }));
  if (kept.length === 0 && current.length === 0) return;
  current = kept;
  emit();
}

export function dismissToast(id: number): void {
  current = current.filter((t) => t.id !== id);
  emit();
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
