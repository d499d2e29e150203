import { useEffect, useState } from 'react';

/** Part 1 §9: the unlock rule is looked at 200 ms after the status is known. */
export const ADVANCED_UNLOCK_DELAY_MS = 200;
export const ADVANCED_AVAILABLE_EVENT = 'advancedTaxInfoAvailable';

/**
 * Advanced Tax Info unlocks at status 3 or higher (evaluated after 200 ms), or as soon as a window
 * event 'advancedTaxInfoAvailable' says so (part 1 §4).
 */
export function useAdvancedUnlocked(statusId: number): boolean {
  const [byStatus, setByStatus] = useState(false);
  const [byEvent, setByEvent] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setByStatus(statusId >= 3), ADVANCED_UNLOCK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [statusId]);
  useEffect(() => {
    const unlock = () => setByEvent(true);
    window.addEventListener(ADVANCED_AVAILABLE_EVENT, unlock);
    return () => window.removeEventListener(ADVANCED_AVAILABLE_EVENT, unlock);
  }, []);
  return byStatus || byEvent;
}
