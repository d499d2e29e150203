/**
 * The window events of the app, by name and detail. Other screens (the Advanced Tax Information
 * section of spec part 2) and the session machinery speak through them, so the names are the spec's and
 * must not change; everything raises and hears them through the two helpers below.
 */
export interface AppEventDetails {
  /** A 401 from the API, or the session check turning from signed in to signed out. */
  'session-expired': undefined;
  /** The year's Advanced Tax Information section was finished: transmitting is possible. */
  enableTransmitFiles: { taxYear: number };
  /** The section was reopened: transmitting is not possible until it is finished again. */
  disableTransmitFiles: { taxYear: number };
  /** The section's switch changed (part 1 §4 lists it among the transmit events). */
  toggle: undefined;
  /** A year's status changed on the server (after Mark as Transmitted). */
  taxStatusUpdated: { taxYear: number };
  /** Advanced Tax Information may be opened even below status 3. */
  advancedTaxInfoAvailable: undefined;
  /** The Advanced Tax Information screen switched its tax year. */
  taxYearChanged: { taxYear: number };
}

export type AppEventName = keyof AppEventDetails;

export const appEvents = {
  sessionExpired: 'session-expired',
  enableTransmitFiles: 'enableTransmitFiles',
  disableTransmitFiles: 'disableTransmitFiles',
  toggle: 'toggle',
  taxStatusUpdated: 'taxStatusUpdated',
  advancedTaxInfoAvailable: 'advancedTaxInfoAvailable',
  taxYearChanged: 'taxYearChanged',
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
