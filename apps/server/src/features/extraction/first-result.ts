import type { DocumentReader, ReadInput, ReadResult } from './reader.js';

/**
 * The first reader that recognises the document wins; null when none does. A reader's
 * UnreadableDocument (or any other error) ends the read: a later reader would only guess.
 */
export async function firstResult(input: ReadInput, readers: readonly DocumentReader[]): Promise<ReadResult | null> {
  for (const reader of readers) {
    const result = await reader(input);
    if (result) return result;
  }
  return null;
}
