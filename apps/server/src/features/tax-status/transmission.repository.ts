import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transmissionFiles, transmissions } from '../../db/schema.js';

/** Transmissions to the experts (3 → 4) and the frozen list of versions each one sent (D7). */
export function createTransmissionRepository(db: Db) {
  return {
    /**
     * The transmission row and one row per version it sends. Run it inside the transmit's
     * transaction, after the status moved to processing (tax-status.service.ts).
     */
    async record(userId: number, taxYear: number, now: Date, documentVersionIds: number[]): Promise<{ id: number; transmittedAt: Date }> {
      const [transmission] = await db
        .insert(transmissions)
        .values({ userId, taxYear, transmittedAt: now })
        .returning({ id: transmissions.id, transmittedAt: transmissions.transmittedAt });
      if (!transmission) throw new Error('transmission row not stored');
      if (documentVersionIds.length > 0) {
        await db.insert(transmissionFiles).values(documentVersionIds.map((documentVersionId) => ({ transmissionId: transmission.id, documentVersionId })));
      }
      return transmission;
    },

    /** The year's latest transmission and the versions it sent (the experts' client file), or undefined before the first. */
    async latest(userId: number, taxYear: number): Promise<{ transmittedAt: Date; versionIds: number[] } | undefined> {
      const [transmission] = await db
        .select({ id: transmissions.id, transmittedAt: transmissions.transmittedAt })
        .from(transmissions)
        .where(and(eq(transmissions.userId, userId), eq(transmissions.taxYear, taxYear)))
        .orderBy(desc(transmissions.transmittedAt), desc(transmissions.id))
        .limit(1);
      if (!transmission) return undefined;
      const files = await db
        .select({ id: transmissionFiles.documentVersionId })
        .from(transmissionFiles)
        .where(eq(transmissionFiles.transmissionId, transmission.id));
      return { transmittedAt: transmission.transmittedAt, versionIds: files.map((file) => file.id) };
    },

    /** Every transmission of the person, oldest first, each with the versions it sent (the data export). */
    async allOfPerson(userId: number): Promise<Array<{ taxYear: number; transmittedAt: Date; versionIds: number[] }>> {
      const rows = await db
        .select({ id: transmissions.id, taxYear: transmissions.taxYear, transmittedAt: transmissions.transmittedAt, versionId: transmissionFiles.documentVersionId })
        .from(transmissions)
        .leftJoin(transmissionFiles, eq(transmissionFiles.transmissionId, transmissions.id))
        .where(eq(transmissions.userId, userId))
        .orderBy(asc(transmissions.transmittedAt), asc(transmissions.id), asc(transmissionFiles.documentVersionId));
      const byId = new Map<number, { taxYear: number; transmittedAt: Date; versionIds: number[] }>();
      for (const row of rows) {
        let transmission = byId.get(row.id);
        if (!transmission) byId.set(row.id, (transmission = { taxYear: row.taxYear, transmittedAt: row.transmittedAt, versionIds: [] }));
        if (row.versionId !== null) transmission.versionIds.push(row.versionId);
      }
      return [...byId.values()];
    },

    /** Those of `documentVersionIds` a transmission sent: they are frozen (D7). */
    async transmittedVersionIds(documentVersionIds: number[]): Promise<Set<number>> {
      if (documentVersionIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: transmissionFiles.documentVersionId })
        .from(transmissionFiles)
        .where(inArray(transmissionFiles.documentVersionId, documentVersionIds));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type TransmissionRepository = ReturnType<typeof createTransmissionRepository>;
