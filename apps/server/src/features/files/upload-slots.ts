import { MAX_CONCURRENT_UPLOADS } from '@taxli/domain';
import { AppError } from '../../lib/app-error.js';

/**
 * How many uploads each account has running, so one account cannot tie up the server's disk,
 * hashing worker and connections with a flood of parallel uploads. Counted in this process only:
 * behind a load balancer an account could run this many per instance, which still bounds it (see
 * docs/architecture.md).
 */
export function createUploadSlots(perAccount = MAX_CONCURRENT_UPLOADS) {
  const running = new Map<number, number>();

  function release(userId: number): void {
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  }

  return {
    /** Runs `upload` in one of the account's slots (429 TOO_MANY_UPLOADS when all are taken), freed however it ends. */
    async run<T>(userId: number, upload: () => Promise<T>): Promise<T> {
      const taken = running.get(userId) ?? 0;
      if (taken >= perAccount) {
        throw new AppError(
          429,
          'TOO_MANY_UPLOADS',
          `${perAccount} uploads of this account are already running: wait until one has finished, then try again`,
          'files',
        );
      }
      running.set(userId, taken + 1);
      try {
        return await upload();
      } finally {
        release(userId);
      }
    },
    /** Uploads running for the account now (the tests check that every way out frees its slot). */
    runningFor: (userId: number): number => running.get(userId) ?? 0,
  };
}

export type UploadSlots = ReturnType<typeof createUploadSlots>;
