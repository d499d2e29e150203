import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { dismissToastsOfPreviousPage } from '../../components/ui/toast-store';

/**
 * What happens whenever another page opens, in one place: the previous page's toasts go (a toast
 * raised for the next page stays), and focus moves to the new page's heading. A change of the
 * query alone (the dashboard's year) is the same page.
 *
 * Not on the very first load, nor on the redirects the app makes while loading (signed out → /login,
 * incomplete profile → the profile): until the person has clicked or typed, the browser's own
 * start of the page stands.
 */
export function usePageChange(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const personHasActed = useRef(false);

  useEffect(() => {
    const acted = () => {
      personHasActed.current = true;
      stopListening();
    };
    const stopListening = () => {
      window.removeEventListener('pointerdown', acted, true);
      window.removeEventListener('keydown', acted, true);
    };
    window.addEventListener('pointerdown', acted, true);
    window.addEventListener('keydown', acted, true);
    return stopListening;
  }, []);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    dismissToastsOfPreviousPage();
    if (!personHasActed.current) return;
    // Loaded at the first page change, not with the first page (the login page's JavaScript budget).
    let stop: (() => void) | undefined;
    let left = false;
    void import('./focus-page-heading').then(({ focusPageHeadingWhenShown }) => {
      if (!left) stop = focusPageHeadingWhenShown();
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname]);
}
