/**
 * DECISIONS D16: the intro plays on a device's first visit, then only when the person asks for it.
 * Remembered per browser (not per account: nobody is signed in yet). Storage may be unavailable
 * (private modes, blocked cookies): then the intro is treated as seen rather than replayed forever.
 */
const KEY = 'taxli.introSeen';

export function hasSeenIntro(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return true;
  }
}

export function markIntroSeen(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Nothing to remember it in; see above.
  }
}
