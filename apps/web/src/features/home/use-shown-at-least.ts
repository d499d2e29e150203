import { useEffect, useRef, useState } from 'react';

/**
 * True while `active`, and for at least `ms` from the moment it became active, so a quick load
 * does not flash the overlay (part 1 §9: the loading overlay shows at least 500 ms).
 */
export function useShownAtLeast(active: boolean, ms: number): boolean {
  const [held, setHeld] = useState(active);
  const startedAt = useRef(0);
  useEffect(() => {
    if (active) {
      startedAt.current = Date.now();
      setHeld(true);
      return;
    }
    const remaining = startedAt.current + ms - Date.now();
    if (remaining <= 0) {
      setHeld(false);
      return;
    }
    const timer = setTimeout(() => setHeld(false), remaining);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active || held;
}
