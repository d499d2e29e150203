import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Milliseconds on screen; 5 s by default (part 1 §9). */
  duration?: number;
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
