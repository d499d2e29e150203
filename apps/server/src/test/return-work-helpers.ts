import { eq } from 'drizzle-orm';
import { ACTIVE_LANGUAGES } from '@taxli/domain';
import { resources } from '@taxli/i18n';
import { preparedReturns, users } from '../db/schema.js';
import type { MailMessage } from '../mail/mailer.js';
import type { TestContext } from './build-test-app.js';
import { signInAs } from './expert-helpers.js';
import { get } from './auth-helpers.js';
import { send } from './status-helpers.js';

/** Test support for the expert's work on a return and the person's answers (issue 27). */

/** An expert with a first name (the thread shows it to the person). */
export async function signInExpert(ctx: TestContext, email = 'erika@taxli.test', firstName = 'Erika') {
  const expert = await signInAs(ctx, email, 'expert');
  await ctx.database.db.update(users).set({ firstName, lastName: 'Expertin' }).where(eq(users.id, expert.user.id));
  return expert;
}

/** A prepared return's row, as the expert's upload stores it (the blob itself is not needed to move 4 → 5). */
export async function addPreparedReturn(ctx: TestContext, userId: number, taxYear: number, uploadedBy: number) {
  await ctx.database.db.insert(preparedReturns).values({
    userId,
    taxYear,
    version: 1,
    sha256: 'a'.repeat(64),
    sizeBytes: 1234,
    storageKey: `prepared/${userId}/${taxYear}/${Date.now()}-${Math.random()}`,
    wrappedKey: 'wrapped',
    uploadedBy,
  });
}

export async function setLanguage(ctx: TestContext, userId: number, language: string) {
  await ctx.database.db.update(users).set({ language }).where(eq(users.id, userId));
}

/** The expert's routes of a person's year. */
export function expertApi(ctx: TestContext, cookie: string, userId: number, taxYear: number) {
  const base = `/api/expert/returns/${userId}/${taxYear}`;
  return {
    readThread: () => get(ctx.app, `${base}/messages`, { cookie }),
    sendMessage: (payload: unknown) => send(ctx.app, 'POST', `${base}/messages`, cookie, payload),
    requestDocument: (payload: unknown) => send(ctx.app, 'POST', `${base}/requests`, cookie, payload),
    setStatus: (payload: unknown) => send(ctx.app, 'POST', `${base}/status`, cookie, payload),
    filed: (payload: unknown) => send(ctx.app, 'POST', `${base}/filed`, cookie, payload),
  };
}

/** The person's side. */
export function personApi(ctx: TestContext, cookie: string) {
  return {
    thread: (taxYear?: number) => get(ctx.app, `/api/messages${taxYear === undefined ? '' : `?taxYear=${taxYear}`}`, { cookie }),
    sendMessage: (payload: unknown) => send(ctx.app, 'POST', '/api/send-message', cookie, payload),
    approve: (payload: unknown) => send(ctx.app, 'POST', '/api/tax/approve', cookie, payload),
    requestChanges: (payload: unknown) => send(ctx.app, 'POST', '/api/tax/request-changes', cookie, payload),
  };
}

const SIGN_IN_SUBJECTS = new Set(ACTIVE_LANGUAGES.map((language) => resources[language].mail.loginCode.subject));

/** How the transmission receipt's subject starts in each language (it names the year after). */
const RECEIPT_SUBJECT_STARTS = ACTIVE_LANGUAGES.map((language) => resources[language].mail.transmissionReceipt.subject.split('{{')[0]!);

/** The mails to `email` other than sign-in codes and the transmission receipt: the news of the expert's work. */
export function noticeMailsTo(ctx: TestContext, email: string): MailMessage[] {
  return ctx.mailer.messages.filter(
    (mail) => mail.to === email && !SIGN_IN_SUBJECTS.has(mail.subject) && !RECEIPT_SUBJECT_STARTS.some((start) => mail.subject.startsWith(start)),
  );
}
