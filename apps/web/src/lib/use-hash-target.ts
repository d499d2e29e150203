import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * When the address ends in `#<id>` (a link such as a notification's 'See plans' to /profile#plan),
 * brings the element behind the returned ref into view and moves the focus there: the router renders
 * pages itself, so the browser's own jump to the fragment never happens. A page held inert (the
 * dashboard under its loading overlay) takes no focus, so this waits until it is not. The element
 * needs tabIndex -1 unless it takes focus anyway.
 */
export function useHashTarget<T extends HTMLElement>(id: string) {
  const { hash } = useLocation();
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (hash !== `#${id}` || !element) return;
    const bringIn = () => {
      element.scrollIntoView?.({ block: 'start' });
      element.focus({ preventScroll: true });
    };
    const inert = element.closest<HTMLElement>('[inert]');
    if (!inert) {
      bringIn();
      return;
    }
    const observer = new MutationObserver(() => {
      if (inert.hasAttribute('inert')) return;
      observer.disconnect();
      bringIn();
    });
    observer.observe(inert, { attributes: true, attributeFilter: ['inert'] });
    return () => observer.disconnect();
  }, [hash, id]);
  return ref;
}
