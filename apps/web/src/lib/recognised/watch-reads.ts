import type { ExtractionResponse } from '@taxli/domain';
import { getFileExtraction } from './get-file-extraction';

/**
 * When to ask again for a read that is still pending, in ms: about eight seconds in all. A read that
 * takes longer is told by the review inbox, not by a toast that would come long after the upload.
 * The first ask waits 2 s although most reads end sooner: its toast replaces the upload's (one
 * toast at a time, part 1 §9), and "1 file uploaded successfully" must stay long enough to be read
 * (and announced) first.
 */
export const READ_POLL_DELAYS = [2000, 1000, 1500, 2000, 1500] as const;

/** At most this many files of one upload are watched: a toast cannot say more anyway. */
const WATCHED_FILES = 5;

const settled = (read: ExtractionResponse) => read.status !== 'pending';

/**
 * Asks for the reads of freshly uploaded files until each is done, none or failed, or the delays run
 * out; answers the settled reads in the files' order. Never throws: a file whose read cannot be
 * asked for (an older server, no network) is simply left out. Stops when `signal` aborts.
 */
export async function watchReads(fileIds: number[], signal: AbortSignal, delays: readonly number[] = READ_POLL_DELAYS): Promise<ExtractionResponse[]> {
  let waiting = fileIds.slice(0, WATCHED_FILES);
  const reads = new Map<number, ExtractionResponse>();
  for (const delay of delays) {
    if (waiting.length === 0) break;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (signal.aborted) return [];
    const answers = await Promise.all(waiting.map((id) => getFileExtraction(id, signal).catch(() => undefined)));
    if (signal.aborted) return [];
    waiting = waiting.filter((id, index) => {
      const answer = answers[index];
      if (answer && settled(answer)) reads.set(id, answer);
      // A failed request is not asked again: it would fail again within these seconds.
      return answer !== undefined && !settled(answer);
    });
  }
  return fileIds.flatMap((id) => reads.get(id) ?? []);
}
