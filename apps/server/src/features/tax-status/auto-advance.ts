import type { FastifyInstance } from 'fastify';
import { createTaxStatusRepository } from './tax-status.repository.js';

/**
 * The automatic status transitions the server makes itself (DECISIONS D1). Callers run them after
 * the event that may complete a stage; each is a single conditional write, so concurrent calls
 * advance once, and a status that is already further along never moves.
 */

/**
 * After an upload stored a new version, or when status 2 is read: documents_pending (2) →
 * documents_submitted (3) once all six required categories of that year have a document. Never
 * moves status 1 or anything ≥ 3. True when it moved.
 */
export async function advanceWhenDocumentsComplete(app: FastifyInstance, userId: number, taxYear: number): Promise<boolean> {
  const statuses = createTaxStatusRepository(app.deps.database.db);
  const moved = await statuses.advanceToDocumentsSubmitted(userId, taxYear, app.deps.clock());
  if (moved) await recordAutoAdvance(app, userId, taxYear, 2, 3);
  return moved;
}

/** After the tax profile was saved: profile_incomplete (1, or no row) → documents_pending (2). */
export async function advanceAfterTaxProfileSaved(app: FastifyInstance, userId: number, taxYear: number): Promise<void> {
  const statuses = createTaxStatusRepository(app.deps.database.db);
  const moved = await statuses.advanceToDocumentsPending(userId, taxYear, app.deps.clock());
  if (moved) await recordAutoAdvance(app, userId, taxYear, 1, 2);
}

async function recordAutoAdvance(app: FastifyInstance, userId: number, taxYear: number, from: number, to: number) {
  await app.audit.record({
    action: 'tax_status.auto_advance',
    outcome: 'success',
    actorUserId: null,
    subjectUserId: userId,
    details: { taxYear, from, to },
  });
}
