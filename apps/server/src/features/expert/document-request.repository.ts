import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentRequests } from '../../db/schema.js';

export interface StoredDocumentRequest {
  id: number;
  taxYear: number;
  categoryId: number;
  /** Sealed (storage/sealed-text.ts); the service opens it. */
  sealedNote: string;
  requestedBy: number | null;
  createdAt: Date;
  fulfilledAt: Date | null;
}

const columns = {
  id: documentRequests.id,
  taxYear: documentRequests.taxYear,
  categoryId: documentRequests.categoryId,
  sealedNote: documentRequests.note,
  requestedBy: documentRequests.requestedBy,
  createdAt: documentRequests.createdAt,
  fulfilledAt: documentRequests.fulfilledAt,
};

/** An expert's requests for documents (issue 27): open until a file arrives in the category afterwards. */
export function createDocumentRequestRepository(db: Db) {
  return {
    async create(request: { userId: number; taxYear: number; categoryId: number; sealedNote: string; requestedBy: number; now: Date }): Promise<StoredDocumentRequest> {
      const [row] = await db
        .insert(documentRequests)
        .values({
          userId: request.userId,
          taxYear: request.taxYear,
          categoryId: request.categoryId,
          note: request.sealedNote,
          requestedBy: request.requestedBy,
          createdAt: request.now,
        })
        .returning(columns);
      if (!row) throw new Error('document request not stored');
      return row;
    },

    /** Every request of a person's year, oldest first. */
    async forYear(userId: number, taxYear: number): Promise<StoredDocumentRequest[]> {
      return db
        .select(columns)
        .from(documentRequests)
        .where(and(eq(documentRequests.userId, userId), eq(documentRequests.taxYear, taxYear)))
        .orderBy(asc(documentRequests.id));
    },

    /** Every request of the person, all years, oldest first (the data export). */
    async allOfPerson(userId: number): Promise<StoredDocumentRequest[]> {
      return db.select(columns).from(documentRequests).where(eq(documentRequests.userId, userId)).orderBy(asc(documentRequests.id));
    },

    /** The person's open requests of every year, oldest first (the bell). */
    async openForPerson(userId: number): Promise<Array<{ taxYear: number; categoryId: number }>> {
      return db
        .select({ taxYear: documentRequests.taxYear, categoryId: documentRequests.categoryId })
        .from(documentRequests)
        .where(and(eq(documentRequests.userId, userId), isNull(documentRequests.fulfilledAt)))
        .orderBy(asc(documentRequests.id));
    },

    /**
     * A file arrived in `categoryId` at `at`: every open request of that category made before it is
     * fulfilled. Answers how many.
     */
    async fulfil(userId: number, taxYear: number, categoryId: number, at: Date): Promise<number> {
      const rows = await db
        .update(documentRequests)
        .set({ fulfilledAt: at })
        .where(
          and(
            eq(documentRequests.userId, userId),
            eq(documentRequests.taxYear, taxYear),
            eq(documentRequests.categoryId, categoryId),
            isNull(documentRequests.fulfilledAt),
            lt(documentRequests.createdAt, at),
          ),
        )
        .returning({ id: documentRequests.id });
      return rows.length;
    },
  };
}

export type DocumentRequestRepository = ReturnType<typeof createDocumentRequestRepository>;
