import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REQUIRED_CATEGORY_IDS } from '@taxli/domain';
import { auditEvents, documents, taxYearStatuses, users } from '../../db/schema.js';
import { drivers, useTestApp, type TestContext } from '../../test/build-test-app.js';

const YEAR = 2025;

describe.each(drivers)('automatic status transitions (%s)', (driver) => {
  const ctx = useTestApp(driver);

  async function createUser(email = 'anna@example.ch'): Promise<number> {
    const [row] = await ctx.database.db.insert(users).values({ email }).returning({ id: users.id });
    return row!.id;
  }
  async function setStatus(userId: number, status: string, taxYear = YEAR) {
    await ctx.database.db.insert(taxYearStatuses).values({ userId, taxYear, status });
  }
  async function statusOf(userId: number, taxYear = YEAR) {
    const [row] = await ctx.database.db
      .select({ status: taxYearStatuses.status })
      .from(taxYearStatuses)
      .where(and(eq(taxYearStatuses.userId, userId), eq(taxYearStatuses.taxYear, taxYear)));
    return row?.status;
  }
  async function addDocuments(userId: number, categoryIds: readonly number[], taxYear = YEAR) {
    await ctx.database.db
      .insert(documents)
      .values(categoryIds.map((categoryId) => ({ userId, taxYear, categoryId, originalName: `doc-${categoryId}-${taxYear}.pdf` })));
  }
  const advanceEvents = (c: TestContext) =>
    c.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'tax_status.auto_advance'));

  describe('advanceWhenDocumentsComplete', () => {
    it('moves 2 → 3 once all six required categories have a document, with an audit event', async () => {
      const userId = await createUser();
      await setStatus(userId, 'documents_pending');
      await addDocuments(userId, REQUIRED_CATEGORY_IDS.slice(0, 5));
      await ctx.app.services.taxStatus.advanceWhenDocumentsComplete(userId, YEAR);
      expect(await statusOf(userId)).toBe('documents_pending');

      await addDocuments(userId, [21]);
      await ctx.app.services.taxStatus.advanceWhenDocumentsComplete(userId, YEAR);
      expect(await statusOf(userId)).toBe('documents_submitted');
      const events = await advanceEvents(ctx);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ outcome: 'success', subjectUserId: userId, details: { taxYear: YEAR, from: 2, to: 3 } });
    });

    it('does not count optional categories, other years or other users', async () => {
      const userId = await createUser();
      const other = await createUser('ben@example.ch');
      await setStatus(userId, 'documents_pending');
      await addDocuments(userId, [1, 2, 3, 4, 5, 10, 22]);
      await addDocuments(userId, [21], YEAR - 1);
      await addDocuments(other, [21]);
      await ctx.app.services.taxStatus.advanceWhenDocumentsComplete(userId, YEAR);
      expect(await statusOf(userId)).toBe('documents_pending');
    });

    it('never moves a year that is still at status 1 (no row or profile_incomplete)', async () => {
      const withoutRow = await createUser();
      const atOne = await createUser('ben@example.ch');
      await setStatus(atOne, 'profile_incomplete');
      await addDocuments(withoutRow, REQUIRED_CATEGORY_IDS);
      await addDocuments(atOne, REQUIRED_CATEGORY_IDS);
      await ctx.app.services.taxStatus.advanceWhenDocumentsComplete(withoutRow, YEAR);
      await ctx.app.services.taxStatus.advanceWhenDocumentsComplete(atOne, YEAR);
      expect(await statusOf(withoutRow)).toBeUndefined();
      expect(await statusOf(atOne)).toBe('profile_incomplete');
      expect(await advanceEvents(ctx)).toHaveLength(0);
    });

    it('never moves or downgrades a status of 3 or higher', async () => {
      for (const status of ['documents_submitted', 'processing', 'review_required', 'completed']) {
        const userId = await createUser(`${status}@example.ch`);
        await setStatus(userId, status);
        await addDocuments(userId, REQUIRED_CATEGORY_IDS);
        await ctx.app.services.taxStatus.advanceWhenDocumentsComplete(userId, YEAR);
        expect(await statusOf(userId)).toBe(status);
      }
      expect(await advanceEvents(ctx)).toHaveLength(0);
    });

    it('advances once when several uploads finish at the same time', async () => {
      const userId = await createUser();
      await setStatus(userId, 'documents_pending');
      await addDocuments(userId, REQUIRED_CATEGORY_IDS);
      await Promise.all(Array.from({ length: 8 }, () => ctx.app.services.taxStatus.advanceWhenDocumentsComplete(userId, YEAR)));
      expect(await statusOf(userId)).toBe('documents_submitted');
      expect(await advanceEvents(ctx)).toHaveLength(1);
    });
  });

  describe('advanceAfterTaxProfileSaved', () => {
    it('moves a year without a row, or at status 1, to 2', async () => {
      const withoutRow = await createUser();
      const atOne = await createUser('ben@example.ch');
      await setStatus(atOne, 'profile_incomplete');
      await ctx.app.services.taxStatus.advanceAfterTaxProfileSaved(withoutRow, YEAR);
      await ctx.app.services.taxStatus.advanceAfterTaxProfileSaved(atOne, YEAR);
      expect(await statusOf(withoutRow)).toBe('documents_pending');
      expect(await statusOf(atOne)).toBe('documents_pending');
      expect(await statusOf(withoutRow, YEAR - 1)).toBeUndefined();
      expect((await advanceEvents(ctx)).map((e) => e.details)).toEqual([
        { taxYear: YEAR, from: 1, to: 2 },
        { taxYear: YEAR, from: 1, to: 2 },
      ]);
    });

    it('never moves a status of 2 or higher', async () => {
      for (const status of ['documents_pending', 'documents_submitted', 'processing', 'completed']) {
        const userId = await createUser(`${status}@example.ch`);
        await setStatus(userId, status);
        await ctx.app.services.taxStatus.advanceAfterTaxProfileSaved(userId, YEAR);
        expect(await statusOf(userId)).toBe(status);
      }
      expect(await advanceEvents(ctx)).toHaveLength(0);
    });

    it('advances once when saved twice at the same time', async () => {
      const userId = await createUser();
      await Promise.all([1, 2, 3, 4].map(() => ctx.app.services.taxStatus.advanceAfterTaxProfileSaved(userId, YEAR)));
      expect(await statusOf(userId)).toBe('documents_pending');
      expect(await advanceEvents(ctx)).toHaveLength(1);
    });
  });
});
