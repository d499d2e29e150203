/**
 * Installing Taxli as an app (part 1 §2, §7). The browser offers installation through a
 * `beforeinstallprompt` event that may come at any moment after load, so it is caught from the
 * start and kept until the person presses the install button.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** How long the install button waits for the browser's offer before saying it is unavailable. */
export const INSTALL_CHECK_TIMEOUT_MS = 1000;

let deferred: InstallPromptEvent | undefined;
const waiting = new Set<(event: InstallPromptEvent) => void>();

/**
 * Starts listening for the install offer and registers the service worker once the page has
 * loaded; once, at start. The registration and its update check wait for the load, as browsers
 * advise: on a phone they took a slice of the start's one long task (docs/performance.md).
 */
export function setUpInstallableApp(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the dashboard's button asks, not the browser's own mini-bar
    deferred = event as InstallPromptEvent;
    for (const resolve of waiting) resolve(deferred);
    waiting.clear();
  });
  target.addEventListener('appinstalled', () => {
    deferred = undefined;
  });
  const serviceWorker = target.navigator.serviceWorker;
  if (!serviceWorker) return;
  const register = () =>
    serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => registration.update())
      .catch((error: unknown) => console.warn('Service worker registration failed', error)); // only logged (part 1 §8)
  if (target.document.readyState === 'complete') void register();
  else target.addEventListener('load', () => void register(), { once: true });
}

function offer(timeoutMs: number): Promise<InstallPromptEvent | undefined> {
  if (deferred) return Promise.resolve(deferred);
  return new Promise((resolve) => {
    const take = (event: InstallPromptEvent) => {
      clearTimeout(timer);
      resolve(event);
    };
    const timer = setTimeout(() => {
      waiting.delete(take);
      resolve(undefined);
    }, timeoutMs);
    waiting.add(take);
  });
}

/** Shows the browser's install dialog if it offers one within the time-out. */
export async function requestInstall(timeoutMs = INSTALL_CHECK_TIMEOUT_MS): Promise<InstallOutcome> {
  const event = await offer(timeoutMs);
  if (!event) return 'unavailable';
  // An offer can be used once; the browser sends a new one if the person declines.
  deferred = undefined;
  await event.prompt();
  return (await event.userChoice).outcome;
}

/** True when Taxli already runs as an installed app. */
export function runsInstalled(target: Window = window): boolean {
  return target.matchMedia?.('(display-mode: standalone)').matches ?? false;
}
