import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delayMs`: a search asks the server when the typing pauses, not at every key. */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  // Enter in the search box need not wait.
  return [settled, setSettled];
}
