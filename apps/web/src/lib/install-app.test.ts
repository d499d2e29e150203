import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_CHECK_TIMEOUT_MS, requestInstall, setUpInstallableApp } from './install-app';

/** A browser window as far as installing goes: events, and a service-worker container. */
const update = vi.fn(async () => undefined);
const register = vi.fn(async () => ({ update }));
const target = Object.assign(new EventTarget(), { navigator: { serviceWorker: { register } }, document: { readyState: 'loading' } });

/** The browser's install offer, answered as `outcome`. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  target.dispatchEvent(event);
  return event;
}

describe('installing Taxli as an app', () => {
  // Set up once, as the app does at start; the first test looks at what that did.
  const registered = (async () => {
    setUpInstallableApp(target as unknown as Window);
    const beforeLoad = register.mock.calls.length;
    target.document.readyState = 'complete';
    target.dispatchEvent(new Event('load'));
    const registerCalls = [...register.mock.calls];
    await new Promise((resolve) => setTimeout(resolve, 0)); // the registration settles
    return { beforeLoad, registerCalls, updateCalls: update.mock.calls.length };
  })();
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('registers the service worker from the site root once the page has loaded, and asks it to update', async () => {
    const { beforeLoad, registerCalls, updateCalls } = await registered;
    expect(beforeLoad).toBe(0);
    expect(registerCalls).toEqual([['/sw.js', { scope: '/' }]]);
    expect(updateCalls).toBe(1);
  });

  it('registers at once when the app starts in a page already loaded', () => {
    const registerNow = vi.fn(async () => ({ update }));
    const loaded = Object.assign(new EventTarget(), { navigator: { serviceWorker: { register: registerNow } }, document: { readyState: 'complete' } });
    setUpInstallableApp(loaded as unknown as Window);
    expect(registerNow).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it("says 'unavailable' when the browser offers nothing within 1 s, and not before", async () => {
    let outcome: string | undefined;
    void requestInstall().then((value) => (outcome = value));
    await vi.advanceTimersByTimeAsync(INSTALL_CHECK_TIMEOUT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('unavailable');
  });

  it("keeps the browser's own offer for the button, and shows its dialog when asked", async () => {
    const offer = offerInstall('accepted');
    expect(offer.defaultPrevented).toBe(true);
    expect(offer.prompt).not.toHaveBeenCalled();
    await expect(requestInstall()).resolves.toBe('accepted');
    expect(offer.prompt).toHaveBeenCalledOnce();
  });

  it('uses an offer that arrives while the button waits, and uses each offer only once', async () => {
    const asked = requestInstall();
    await vi.advanceTimersByTimeAsync(400);
    const offer = offerInstall('dismissed');
    await expect(asked).resolves.toBe('dismissed');
    expect(offer.prompt).toHaveBeenCalledOnce();
    const again = requestInstall();
    await vi.advanceTimersByTimeAsync(INSTALL_CHECK_TIMEOUT_MS);
    await expect(again).resolves.toBe('unavailable');
  });

  it('forgets the offer once the app is installed', async () => {
    offerInstall('accepted');
    target.dispatchEvent(new Event('appinstalled'));
    const asked = requestInstall();
    await vi.advanceTimersByTimeAsync(INSTALL_CHECK_TIMEOUT_MS);
    await expect(asked).resolves.toBe('unavailable');
  });
});
