import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function keep(event: Event): void {
  // Keep the offer for our own button instead of the browser's mini-infobar.
  event.preventDefault();
  offer = event as BeforeInstallPromptEvent;
  emit();
}

function forget(): void {
  offer = null;
  emit();
}

/**
 * Starts listening for the browser's install offer. It may come before the dashboard is shown, so
 * this runs when the module loads (and may be called again safely).
 */
export function listenForInstallOffer(target: Window = window): void {
  target.removeEventListener('beforeinstallprompt', keep);
  target.removeEventListener('appinstalled', forget);
  target.addEventListener('beforeinstallprompt', keep);
  target.addEventListener('appinstalled', forget);
}

if (typeof window !== 'undefined') listenForInstallOffer();

/** The offer still open, if the browser made one. */
export function useInstallOffer(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
  );
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function acceptInstallOffer(event: BeforeInstallPromptEvent): Promise<'accepted' | 'dismissed'> {
  forget();
  await event.prompt();
  return (await event.userChoice).outcome;
}
