import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REQUIRED_CATEGORY_IDS } from '@taxli/domain';
import { documentVersions, documents, taxYearSections, taxYearStatuses } from '../db/schema.js';
import type { Db } from '../db/client.js';
import { TEST_ORIGIN } from './build-test-app.js';

/** Test support for the status features: requests the web app sends and rows other features write. */

export function send(app: FastifyInstance, method: 'PATCH' | 'PUT' | 'POST', url: string, cookie: string | undefined, payload?: unknown) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

export async function setStatusRow(db: Db, userId: number, taxYear: number, status: string): Promise<void> {
  await db
    .insert(taxYearStatuses)
    .values({ userId, taxYear, status })
    .onConflictDoUpdate({ target: [taxYearStatuses.userId, taxYearStatuses.taxYear], set: { status } });
}

export async function statusRow(db: Db, userId: number, taxYear: number): Promise<string | undefined> {
  const [row] = await db
    .select({ status: taxYearStatuses.status })
    .from(taxYearStatuses)
    .where(and(eq(taxYearStatuses.userId, userId), eq(taxYearStatuses.taxYear, taxYear)));
  return row?.status;
}

/** The year's section completed, beside what the person already saved in it. */
export async function markSectionComplete(db: Db, userId: number, taxYear: number): Promise<void> {
  const now = new Date();
  await db
    .insert(taxYearSections)
    .values({ userId, taxYear, advancedInfoCompletedAt: now })
    .onConflictDoUpdate({ target: [taxYearSections.userId, taxYearSections.taxYear], set: { advancedInfoCompletedAt: now } });
}

let storageCounter = 0;

/** A document with `versions` stored versions, as the upload feature writes them; answers the version ids, oldest first. */
export async function addDocument(db: Db, userId: number, taxYear: number, categoryId: number, name: string, versions = 1) {
  const [document] = await db.insert(documents).values({ userId, taxYear, categoryId, originalName: name }).returning({ id: documents.id });
  const ids: number[] = [];
  for (let version = 1; version <= versions; version++) ids.push(await addVersion(db, document!.id, version));
  return { documentId: document!.id, versionIds: ids };
}

export async function addVersion(db: Db, documentId: number, version: number): Promise<number> {
  storageCounter += 1;
  const [row] = await db
    .insert(documentVersions)
    .values({
      documentId,
      version,
      sha256: storageCounter.toString(16).padStart(64, '0'),
      sizeBytes: 100 + version,
      contentType: 'application/pdf',
      storageKey: `test/${process.pid}/${Date.now()}/${storageCounter}`,
      wrappedKey: 'wrapped',
    })
    .returning({ id: documentVersions.id });
  return row!.id;
}

/** One document in each of the six required categories. */
export async function addRequiredDocuments(db: Db, userId: number, taxYear: number) {
  const added = [];
  for (const categoryId of REQUIRED_CATEGORY_IDS) added.push(await addDocument(db, userId, taxYear, categoryId, `required-${categoryId}.pdf`));
  return added;
}
