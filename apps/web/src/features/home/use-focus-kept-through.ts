import { useEffect, useRef, type RefObject } from 'react';

/**
 * Gives focus back after `busy` (the page made inert under the loading overlay): the browser takes
 * focus away from an element that turns inert, and a keyboard or screen-reader user would be left
 * at the top of the page after every year switch. Focus returns to the last element focused inside
 * `container`, if nothing else has taken it meanwhile.
 */
export function useFocusKeptThrough(busy: boolean, container: RefObject<HTMLElement | null>): void {
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target as HTMLElement;
    };
    node.addEventListener('focusin', remember);
    return () => node.removeEventListener('focusin', remember);
  }, [container]);
  useEffect(() => {
    if (busy) return;
    const target = lastFocused.current;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (target?.isConnected && focusLost) target.focus();
  }, [busy]);
}
