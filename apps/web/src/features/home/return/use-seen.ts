import { useEffect, useState } from 'react';

/**
 * Whether the element given to `ref` has been on screen (any part of it) since `key` last changed;
 * it stays true from then on. Counts only while `watching` (the dashboard under its loading overlay
 * is not seen). A browser without IntersectionObserver counts the element as seen at once.
 */
export function useSeen<T extends Element>(watching: boolean, key: unknown) {
  const [element, ref] = useState<T | null>(null);
  const [seenFor, setSeenFor] = useState<{ key: unknown } | null>(null);
  const seen = seenFor !== null && Object.is(seenFor.key, key);
  useEffect(() => {
    if (seen || !watching || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeenFor({ key });
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      setSeenFor({ key });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen, watching, key]);
  return { ref, seen };
}
