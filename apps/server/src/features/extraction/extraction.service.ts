import { suggestCategory, type ExtractionResponse, type FiguresResponse } from '@taxli/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { JobKind, JobQueue } from '../../jobs/job-queue.js';
import type { FilesService, YearVersion } from '../files/files.service.js';
import type { ExtractionRepository } from './extraction.repository.js';
import { doneRow, extractionResponseOf, failedRow, keywordsOf, noneRow, unsealedAhvNumbers } from './extraction-row.js';
import type { DocumentReading } from './read-in-worker.js';
import { documentFigures } from './document-figures.js';

/** One job per stored version. A run not done in 15 minutes (its process died) is taken again. */
export const READ_DOCUMENT: JobKind = { name: 'read-document', expireInSeconds: 15 * 60, retryLimit: 3 };

export interface ReadDocumentJob {
  versionId: number;
}

export interface ExtractionDeps {
  extractions: ExtractionRepository;
  files: Pick<FilesService, 'findVersionById' | 'decrypted' | 'ownLatestVersion' | 'latestVersionsOfYear'>;
  reading: DocumentReading;
  jobs: JobQueue;
  masterKey: Buffer;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The app closed while the read ran: the job fails into pg-boss's retry, and runs again. */
class ReadInterrupted extends Error {}

/**
 * Documents that read themselves (issue 29): a stored version gets a pending row and a job; the
 * job decrypts it on its way to the readers, which run in a process of their own under a time
 * budget and memory cap, and stores what was read with a category suggestion. The job is
 * idempotent (an upsert by version).
 */
export function createExtractionService(deps: ExtractionDeps) {
  const { extractions, files, reading, jobs, masterKey, clock, log } = deps;

  async function suggestionFor(version: YearVersion, kind: Parameters<typeof suggestCategory>[0]['kind'], fields: unknown): Promise<number | null> {
    const confirmed = await extractions.confirmedBy(version.ownerId);
    const confirmedBefore = confirmed
      .filter((row) => row.confirmedCategoryId !== null)
      .map((row) => ({ kind: row.kind, keywords: keywordsOf(row.fields), categoryId: row.confirmedCategoryId! }));
    const suggested = suggestCategory({ kind, fields, keywords: keywordsOf(fields) }, version.categoryId, confirmedBefore);
    return suggested === version.categoryId ? null : suggested;
  }

  /** The job: read one version, store the outcome. Never throws for the document's sake. */
  async function readVersion({ versionId }: ReadDocumentJob): Promise<void> {
    const version = await files.findVersionById(versionId);
    if (!version) return; // deleted since: its row went with it
    // A storage fault rejects the read (opening or while the bytes go): the job is retried, the row stays pending.
    const outcome = await reading.read({
      open: () => files.decrypted(version),
      sizeBytes: version.sizeBytes,
      contentType: version.contentType,
      fileName: version.originalName,
    });
    if (outcome.outcome === 'stopped') throw new ReadInterrupted('the app closed during the read');
    let row = outcome.outcome === 'failed' ? failedRow(outcome.code) : noneRow;
    if (outcome.outcome === 'read' && outcome.result) {
      row = doneRow(outcome.result, masterKey, null);
      if (row.status === 'done') row.suggestedCategoryId = await suggestionFor(version, row.kind, row.fields);
      else log.warn({ versionId, kind: outcome.result.kind }, 'a reader answered figures of another shape');
    }
    await extractions.saveOutcome(versionId, version.ownerId, row, clock());
    log.info({ versionId, status: row.status, failureCode: row.failureCode }, 'document read');
  }

  async function enqueue(versionId: number): Promise<void> {
    await jobs.send<ReadDocumentJob>(READ_DOCUMENT, { versionId });
  }

  return {
    /** After an upload stored a new version (dashboard or Advanced Tax Information): quick, no read. */
    async versionStored({ versionId, userId }: { versionId: number; userId: number }): Promise<void> {
      await extractions.insertPending(versionId, userId, clock());
      await enqueue(versionId);
    },

    /** At start: the worker, and a job again for every read still pending (a crash or a restore loses nothing). */
    async start(): Promise<void> {
      await jobs.work<ReadDocumentJob>(READ_DOCUMENT, readVersion);
      for (const versionId of await extractions.pendingVersionIds()) await enqueue(versionId);
    },

    /** Ends running reads; their jobs run again later. */
    stop: () => reading.stop(),

    readVersion,

    /** GET /api/files/:id/extraction: the caller's own document's latest version (404 for another's). */
    async extractionOf(userId: number, documentId: number): Promise<ExtractionResponse> {
      const latest = await files.ownLatestVersion(userId, documentId);
      return extractionResponseOf(await extractions.find(latest.versionId));
    },

    /**
     * What was read of these versions, AHV numbers found opened: the owner's data export (issue 30);
     * the caller passes only the owner's own versions.
     */
    async readsOf(versionIds: number[]) {
      const rows = versionIds.length === 0 ? [] : await extractions.findMany(versionIds);
      return rows.map((row) => {
        const { sealedAhvNumbers: _sealed, userId: _owner, ...figures } = row;
        return { ...figures, ahvNumbers: unsealedAhvNumbers(row, masterKey) };
      });
    },

    /** What was read of each document of a person's year (latest versions): the expert's figures. */
    async figuresOfYear(userId: number, taxYear: number): Promise<FiguresResponse> {
      const latest = await files.latestVersionsOfYear(userId, taxYear);
      const rows = new Map((await extractions.findMany(latest.map((v) => v.versionId))).map((row) => [row.versionId, row]));
      return documentFigures(
        latest.flatMap((version) => {
          const row = rows.get(version.versionId);
          return row ? [{ fileId: version.documentId, fileName: version.originalName, row }] : [];
        }),
      );
    },
  };
}

export type ExtractionService = ReturnType<typeof createExtractionService>;
