import { useEffect } from 'react';

/** Ctrl+Shift+D toggles the debug panel, but only where the server offers debug tools. */
export function useDebugHotkey(enabled: boolean, toggle: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const isD = event.code === 'KeyD' || event.key.toLowerCase() === 'd';
      if (event.ctrlKey && event.shiftKey && !event.altKey && !event.metaKey && isD) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, toggle]);
}
