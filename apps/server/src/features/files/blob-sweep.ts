import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicTask } from '../../lib/periodic-task.js';
import { REQUEST_TIMEOUT_MS } from '../../plugins/request-timeouts.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { FilesRepository } from './files.repository.js';

/**
 * Nothing younger than this is swept. An upload writes each file's blob as the file arrives and the
 * rows only once the whole request is in, so a blob may wait for its row as long as an upload can
 * run: the whole-request limit (30 min), plus half an hour to spare for a slow database. A partial
 * file is written to only when a 1 MiB frame is complete, so a slow upload that is still alive can
 * leave it untouched for minutes: the same bound applies, not the 30 s idle limit.
 */
export const SWEEP_GRACE_MS = REQUEST_TIMEOUT_MS + 30 * 60_000;
export const SWEEP_INTERVAL_MS = 60 * 60_000;
/** Keys looked up in the database at a time. */
const BATCH = 500;

export interface SweepResult {
  /** Temporary files of writes that never finished. */
  incomplete: number;
  /** Complete blobs no row names (a document version or a prepared return). */
  unreferenced: number;
}

export interface BlobSweepDeps {
  blobs: BlobStore;
  files: Pick<FilesRepository, 'referencedStorageKeys'>;
  /** Other features' rows that name blobs of the same store (the experts' prepared returns), by their owners' services. */
  otherReferences?: Array<(keys: string[]) => Promise<Set<string>>>;
  log: FastifyBaseLogger;
}

/**
 * Removes what crashes leave in the blob store (docs/architecture.md, "Documents and the tax-status flow"): the temporary files of interrupted writes,
 * and complete blobs whose row was never written (a crash between the two) or whose removal failed
 * after their rows were deleted. Encrypted bytes whose data key is gone, so nobody could read them;
 * still, they are a person's documents and take space. Never a blob a row names, never anything
 * younger than SWEEP_GRACE_MS (an upload may still be writing it, or be about to record it).
 */
export function createBlobSweep({ blobs, files, otherReferences = [], log }: BlobSweepDeps) {
  async function removeUnreferenced(keys: string[]): Promise<number> {
    let orphans = keys;
    for (const referencedOf of [files.referencedStorageKeys, ...otherReferences]) {
      if (orphans.length === 0) break;
      const referenced = await referencedOf(orphans);
      orphans = orphans.filter((key) => !referenced.has(key));
    }
    for (const key of orphans) await blobs.delete(key);
    return orphans.length;
  }

  async function sweepOnce(now: number): Promise<SweepResult> {
    const before = new Date(now - SWEEP_GRACE_MS);
    const incomplete = await blobs.removeIncompleteWrites(before);
    let unreferenced = 0;
    let batch: string[] = [];
    for await (const blob of blobs.list()) {
      if (blob.modifiedAt >= before) continue;
      batch.push(blob.key);
      if (batch.length < BATCH) continue;
      unreferenced += await removeUnreferenced(batch);
      batch = [];
    }
    unreferenced += await removeUnreferenced(batch);
    return { incomplete, unreferenced };
  }

  // Logged as counts only (keys are random and say nothing, but nothing needs them). `now` is for tests.
  const task = createPeriodicTask('blob sweep', SWEEP_INTERVAL_MS, (now: number = Date.now()) => sweepOnce(now), log, (result) => result);
  return { sweep: task.run, start: () => task.start(), stop: task.stop };
}

export type BlobSweep = ReturnType<typeof createBlobSweep>;
