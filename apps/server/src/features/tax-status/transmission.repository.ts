import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentVersions, documents, transmissionFiles, transmissions } from '../../db/schema.js';
import { markProcessingIfTransmittable } from './tax-status.repository.js';

export type TransmitOutcome =
  | { transmitted: true; transmissionId: number; transmittedAt: Date; fileCount: number }
  | { transmitted: false };

/** Transmissions to the experts (3 → 4) and the frozen list of versions each one sent (D7). */
export function createTransmissionRepository(db: Db) {
  return {
    /**
     * One transaction: the conditional status write, the transmission row, and one row per latest
     * version of each of that year's documents. If the status write does not apply, nothing is written.
     */
    async transmit(userId: number, taxYear: number, now: Date): Promise<TransmitOutcome> {
      return db.transaction(async (tx) => {
        if (!(await markProcessingIfTransmittable(tx, userId, taxYear, now))) return { transmitted: false };
        const [transmission] = await tx
          .insert(transmissions)
          .values({ userId, taxYear, transmittedAt: now })
          .returning({ id: transmissions.id, transmittedAt: transmissions.transmittedAt });
        if (!transmission) throw new Error('transmission row not stored');
        const latest = await tx
          .selectDistinctOn([documentVersions.documentId], { id: documentVersions.id })
          .from(documentVersions)
          .innerJoin(documents, eq(documents.id, documentVersions.documentId))
          .where(and(eq(documents.userId, userId), eq(documents.taxYear, taxYear)))
          .orderBy(documentVersions.documentId, desc(documentVersions.version));
        if (latest.length > 0) {
          await tx
            .insert(transmissionFiles)
            .values(latest.map((version) => ({ transmissionId: transmission.id, documentVersionId: version.id })));
        }
        return { transmitted: true, transmissionId: transmission.id, transmittedAt: transmission.transmittedAt, fileCount: latest.length };
      });
    },
  };
}

export type TransmissionRepository = ReturnType<typeof createTransmissionRepository>;
