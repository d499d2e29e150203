/**
 * The window events of the app, by name and detail: only those whose raiser and listener can be on
 * screen together. The spec's events between the dashboard and Advanced Tax Information
 * (enableTransmitFiles, …) are gone: those pages are never mounted together, so the events reached
 * no one; the server's flag and `lib/transmit-announcement.ts` carry what they meant.
 */
export interface AppEventDetails {
  /** A 401 from the API, or the session check turning from signed in to signed out. */
  'session-expired': undefined;
}

export type AppEventName = keyof AppEventDetails;

export const appEvents = {
  sessionExpired: 'session-expired',
} as const satisfies Record<string, AppEventName>;

type DetailArgs<N extends AppEventName> = AppEventDetails[N] extends undefined ? [] : [detail: AppEventDetails[N]];

export function emitAppEvent<N extends AppEventName>(name: N, ...[detail]: DetailArgs<N>): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/**
 * Calls `handler` with the event's detail each time `name` is raised; returns the unsubscribe (an
 * effect's cleanup). An event raised by code outside this module may come without its detail.
 */
export function onAppEvent<N extends AppEventName>(name: N, handler: (detail: AppEventDetails[N]) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<AppEventDetails[N]>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
