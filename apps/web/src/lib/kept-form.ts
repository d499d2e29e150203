import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { z } from 'zod';
import { readKeptValue, writeKept } from './kept-text';

const versionShape = z.number().int().min(0);

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
  /** The version of what is stored (how often it was saved): the changes remember the one they were made over. */
  version?: number;
}

interface KeptForm<T> {
  value: T;
  setValue: Dispatch<SetStateAction<T>>;
  /** The form differs from what is stored: typed and not saved yet. */
  unsaved: boolean;
  /** Back to what is stored ("Undo changes"): nothing is kept then. */
  reset: () => void;
  /**
   * The changes were made over an older version than the one stored now: newer answers were saved
   * since (another tab or device), and the form should say so before its Save replaces them.
   */
  newerStored: boolean;
  /** The changes count as made over `version` (a save the server kept as `version`). */
  rebase: (version: number) => void;
}

/**
 * A form's values that survive leaving the page, another tab of the screen and a reload, until
 * they are saved: what differs from `stored` is kept for this browser tab (sessionStorage, as the
 * kept texts: it may name an AHV number; forgotten at sign-out). Once the form equals what is
 * stored again (saved, or changed back), nothing is kept. `key` names the form, its person and its
 * subject ('advanced:spouse:12:2025'); a form under another key is another component.
 */
export function useKeptForm<T>(key: string, stored: T, { shape, comparable = (value) => value, readOnly = false, version = 0 }: KeptFormOptions<T>): KeptForm<T> {
  const fromKey = `${key}:from`;
  const [value, setValue] = useState<T>(() => (readOnly ? undefined : readKeptValue(key, shape)) ?? stored);
  // The version the changes were made over, kept with them, so a reload still knows it; a value
  // kept before versions were kept with it counts as made over what is stored now.
  const [from, setFrom] = useState<number>(() => (readOnly ? undefined : readKeptValue(fromKey, versionShape)) ?? version);
  const unsaved = !readOnly && JSON.stringify(comparable(value)) !== JSON.stringify(comparable(stored));
  // The JSON itself is the effect's dependency: storage is written only when what is kept changes.
  const kept = unsaved ? JSON.stringify(value) : '';
  useEffect(() => writeKept(key, kept), [key, kept]);
  const keptFrom = unsaved ? String(from) : '';
  useEffect(() => writeKept(fromKey, keptFrom), [fromKey, keptFrom]);
  return {
    value,
    setValue: (next) => {
      // The first change starts from what is stored now.
      if (!unsaved) setFrom(version);
      setValue(next);
    },
    unsaved,
    reset: () => {
      setValue(stored);
      setFrom(version);
    },
    newerStored: unsaved && from !== version,
    rebase: setFrom,
  };
}
