import { eq } from 'drizzle-orm';
import { SIGNED_POWER_OF_ATTORNEY_CATEGORY_ID, type Role, type TransmitReviewResponse } from '@taxli/domain';
import { users } from '../db/schema.js';
import type { TestContext } from './build-test-app.js';
import { get, signIn, type SignedIn } from './auth-helpers.js';
import { addDocument, addRequiredDocuments, markSectionComplete, send, setStatusRow } from './status-helpers.js';

/** Test support for the expert back office (issue 27): accounts with a role, and transmitted years. */

/** The first account of a database is its admin (D4): make sure it exists before the others. */
export async function signInAdmin(ctx: TestContext, email = 'admin@example.ch'): Promise<SignedIn> {
  return signIn(ctx, email);
}

/** Signs in `email` and gives the account `role` (the session reads the role from the database on every request). */
export async function signInAs(ctx: TestContext, email: string, role: Role): Promise<SignedIn> {
  await signIn(ctx, 'admin@example.ch').catch(() => undefined);
  const signedIn = await signIn(ctx, email);
  await ctx.database.db.update(users).set({ role }).where(eq(users.id, signedIn.user.id));
  return signedIn;
}

/**
 * A person whose `taxYear` went through the real transmit (3 → 4): one stored document row per
 * item of the checklist and each signed power of attorney the answers ask for (rows only, no blob: for tests that read documents' bytes, upload through the
 * API instead), the Advanced Tax Information section marked complete, then POST transmit.
 */
export async function transmittedPerson(ctx: TestContext, email: string, taxYear: number, names: { firstName?: string; lastName?: string } = {}) {
  await signIn(ctx, 'admin@example.ch').catch(() => undefined);
  const person = await signIn(ctx, email);
  const db = ctx.database.db;
  await db
    .update(users)
    .set({ firstName: names.firstName ?? 'Anna', lastName: names.lastName ?? 'Muster' })
    .where(eq(users.id, person.user.id));
  await setStatusRow(db, person.user.id, taxYear, 'documents_submitted');
  await markSectionComplete(db, person.user.id, taxYear);
  await addRequiredDocuments(db, person.user.id, taxYear);
  // And the documents the person's answers ask for besides (D19): each further checklist item, and
  // the signed powers of attorney when one was chosen.
  const review = (await get(ctx.app, `/api/tax-year-status/review?taxYear=${taxYear}`, { cookie: person.cookie })).json<TransmitReviewResponse>();
  for (const block of review.blocks) {
    if (block.code === 'CHECKLIST_INCOMPLETE') await addDocument(db, person.user.id, taxYear, block.categoryId, `checklist-${block.categoryId}.pdf`);
    if (block.code === 'SIGNED_POWER_OF_ATTORNEY_MISSING') {
      for (let n = block.uploaded; n < block.needed; n++) await addDocument(db, person.user.id, taxYear, SIGNED_POWER_OF_ATTORNEY_CATEGORY_ID, `vollmacht-${n + 1}.pdf`);
    }
  }
  const transmitted = await send(ctx.app, 'POST', '/api/tax-year-status/transmit', person.cookie, { taxYear });
  if (transmitted.statusCode !== 200) throw new Error(`transmit: ${transmitted.statusCode} ${transmitted.body}`);
  return person;
}
