import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { z } from 'zod';
import { readKeptValue, writeKept } from './kept-text';

interface KeptFormOptions<T> {
  /**
   * The form's shape, to read a kept value back: types only, never the save's rules (a half-typed
   * AHV number is kept as it is). A kept value of another shape (an older form) is not shown.
   */
  shape: z.ZodType<T>;
  /** What counts when the form is compared with what is stored (default: all of it). */
  comparable?: (value: T) => unknown;
  /** The form can no longer be saved (a transmitted year): it shows what is stored, and what was kept goes. */
  readOnly?: boolean;
}

interface KeptForm<T> {
  value: T;
  setValue: Dispatch<SetStateAction<T>>;
  /** The form differs from what is stored: typed and not saved yet. */
  unsaved: boolean;
  /** Back to what is stored ("Undo changes"): nothing is kept then. */
  reset: () => void;
}

/**
 * A form's values that survive leaving the page, another tab of the screen and a reload, until
 * they are saved: what differs from `stored` is kept for this browser tab (sessionStorage, as the
 * kept texts: it may name an AHV number; forgotten at sign-out). Once the form equals what is
 * stored again (saved, or changed back), nothing is kept. `key` names the form, its person and its
 * subject ('advanced:spouse:12:2025'); a form under another key is another component.
 */
export function useKeptForm<T>(key: string, stored: T, { shape, comparable = (value) => value, readOnly = false }: KeptFormOptions<T>): KeptForm<T> {
  const [value, setValue] = useState<T>(() => (readOnly ? undefined : readKeptValue(key, shape)) ?? stored);
  const unsaved = !readOnly && JSON.stringify(comparable(value)) !== JSON.stringify(comparable(stored));
  // The JSON itself is the effect's dependency: storage is written only when what is kept changes.
  const kept = unsaved ? JSON.stringify(value) : '';
  useEffect(() => writeKept(key, kept), [key, kept]);
  return { value, setValue, unsaved, reset: () => setValue(stored) };
}
