import { useEffect, useRef, type RefObject } from 'react';

const PRESS_EVENTS = ['pointerdown', 'touchstart'] as const;

/**
 * Calls `onPress` on the first touch or mouse press anywhere on the page (the first moment a
 * browser lets a page make sound), except presses inside `ignore`.
 */
export function useFirstPress(onPress: () => void, ignore?: RefObject<HTMLElement | null>): void {
  const latest = useRef(onPress);
  useEffect(() => {
    latest.current = onPress;
  });

  useEffect(() => {
    const stop = () => PRESS_EVENTS.forEach((name) => document.removeEventListener(name, handler));
    const handler = (event: Event) => {
      if (ignore?.current && event.target instanceof Node && ignore.current.contains(event.target)) return;
      stop();
      latest.current();
    };
    PRESS_EVENTS.forEach((name) => document.addEventListener(name, handler, { passive: true }));
    return stop;
  }, [ignore]);
}
