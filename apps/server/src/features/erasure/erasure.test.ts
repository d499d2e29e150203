import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AccountErasureResponse, FileRecord } from '@taxli/domain';
import { queryRows } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { unwrapDataKey } from '../../storage/envelope.js';
import { TEST_DATA_DIR, TEST_ORIGIN, drivers, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, post, requestCode, signIn, verifyCode, type SignedIn } from '../../test/auth-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { send } from '../../test/status-helpers.js';
import { everyRowAsText, readsEnded } from '../../test/erasure-helpers.js';

const YEAR = 2025;
/** A real-form AHV number: 756.1234.5678.9 + its EAN-13 check digit 7. */
const AHV = '756.1234.5678.97';
const ANNA = { email: 'anna.erase@example.ch', firstName: 'Annalena', lastName: 'Zwygart' };
const DOCUMENT = 'Lohnausweis 2025 Annalena Zwygart, marker-doc-5e1f';
const BRUNO_DOCUMENT = 'Lohnausweis 2025 Bruno, marker-doc-77aa';

async function upload(ctx: TestContext, cookie: string, filename: string, text: string, categoryId: number) {
  const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data: Buffer.from(text) }]));
  const response = await ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
  expect(response.json().files[0].status).toBe('fulfilled');
}

/** A person with a name, documents in categories 1 and 5, a spouse with an AHV number and a message. */
async function personWithData(ctx: TestContext, email: string, names: { firstName: string; lastName: string }, document: string): Promise<SignedIn> {
  const person = await signIn(ctx, email);
  await ctx.database.db.update(users).set(names).where(eq(users.id, person.user.id));
  await upload(ctx, person.cookie, 'lohnausweis.txt', document, 5);
  await upload(ctx, person.cookie, 'konto.txt', `${document} Konto`, 1);
  const spouse = { taxYear: YEAR, firstName: 'Marco', lastName: names.lastName, age: 41, occupation: 'Engineer', ahvNumber: AHV, taxId: '' };
  expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/spouse', person.cookie, spouse)).statusCode).toBe(200);
  expect((await send(ctx.app, 'POST', '/api/send-message', person.cookie, { message: `Bitte anrufen, ${names.firstName}` })).statusCode).toBe(201);
  return person;
}

async function storedVersions(ctx: TestContext, userId: number) {
  return queryRows<{ storageKey: string; wrappedKey: string }>(
    ctx.database.db,
    sql`select v.storage_key as "storageKey", v.wrapped_key as "wrappedKey" from document_versions v join documents d on d.id = v.document_id where d.user_id = ${userId}`,
  );
}

const blobPath = (key: string) => join(TEST_DATA_DIR, 'blobs', key);

async function eraseWithCode(ctx: TestContext, person: SignedIn) {
  expect((await post(ctx.app, '/api/account/delete/request-code', undefined, { cookie: person.cookie })).statusCode).toBe(200);
  return post(ctx.app, '/api/account/delete', { code: ctx.mailer.codeFor(person.user.email) }, { cookie: person.cookie });
}

describe.each(drivers)('Delete my account (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('erases one person entirely and leaves the other, with files in the same categories, whole', async () => {
    await signIn(ctx, 'admin@example.ch');
    const anna = await personWithData(ctx, ANNA.email, ANNA, DOCUMENT);
    const bruno = await personWithData(ctx, 'bruno.keep@example.ch', { firstName: 'Bruno', lastName: 'Keller' }, BRUNO_DOCUMENT);
    await readsEnded(ctx.database);
    const annaVersions = await storedVersions(ctx, anna.user.id);
    expect(annaVersions).toHaveLength(2);
    const brunoFilesBefore = (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: bruno.cookie })).json<FileRecord[]>();

    const response = await eraseWithCode(ctx, anna);
    expect(response.statusCode, ctx.logs.filter((l) => l.includes('"level":50')).join('\n')).toBe(200);
    const answer = response.json<AccountErasureResponse>();
    expect(answer).toMatchObject({ kind: 'full', retained: [], erased: { documentVersions: 2, taxYears: [YEAR] }, retentionYears: 10 });
    // This browser's session cookie is cleared, and the session itself is gone.
    expect(response.cookies.find((c) => c.name === '__Host-taxli_session')?.value).toBe('');
    expect((await get(ctx.app, '/api/user', { cookie: anna.cookie })).statusCode).toBe(401);
    // She is told by mail, in her language, that it is done and that nothing is kept.
    const confirmation = ctx.mailer.lastTo(ANNA.email);
    expect(confirmation?.subject).toBe('Your Taxli account was deleted');
    expect(confirmation?.text).toContain('As you asked, your Taxli account has been deleted.');
    expect(confirmation?.text).toContain('Nothing of your data is kept.');

    // The blobs are removed; a copy of the ciphertext kept elsewhere is useless: its data key is in no row.
    for (const version of annaVersions) expect(existsSync(blobPath(version.storageKey))).toBe(false);
    const text = await everyRowAsText(ctx.database);
    for (const value of [ANNA.email, ANNA.firstName, ANNA.lastName, AHV, AHV.replaceAll('.', ''), 'marker-doc-5e1f', ...annaVersions.flatMap((v) => [v.storageKey, v.wrappedKey])]) {
      expect(text, value).not.toContain(value);
    }
    // The search does find what stays: Bruno's address and name.
    expect(text).toContain('bruno.keep@example.ch');
    expect(text).toContain('Keller');
    // The audit trail stays, about a number.
    const events = await queryRows<{ action: string; email_hash: string | null }>(ctx.database.db, sql`select action, email_hash from audit_events where subject_user_id = ${anna.user.id}`);
    expect(events.map((e) => e.action)).toContain('account.erase');
    expect(events.every((e) => e.email_hash === null)).toBe(true);
    // The ledger: a number and instants, nothing else.
    const ledger = await queryRows<{ user_id: number; kind: string }>(ctx.database.db, sql`select user_id, kind from erasures`);
    expect(ledger).toEqual([{ user_id: anna.user.id, kind: 'full' }]);

    // Bruno: every row and every blob as before, and his documents still open.
    const brunoFiles = (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: bruno.cookie })).json<FileRecord[]>();
    expect(brunoFiles).toEqual(brunoFilesBefore);
    for (const file of brunoFiles) {
      const content = await get(ctx.app, `/api/files/${file.id}/versions/1/content`, { cookie: bruno.cookie });
      expect(content.statusCode).toBe(200);
      expect(content.body).toContain('marker-doc-77aa');
    }
    expect((await get(ctx.app, `/api/advanced-tax-info?taxYear=${YEAR}`, { cookie: bruno.cookie })).json().spouse).toMatchObject({ ahvNumber: AHV });

    // Nothing the server logged names her.
    expect(ctx.logs.join('\n')).not.toContain(ANNA.email);
    expect(ctx.logs.join('\n')).not.toContain(ANNA.lastName);

    // The address can open a new, empty account.
    const again = await signIn(ctx, ANNA.email);
    expect(again.user.id).not.toBe(anna.user.id);
    expect((await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie: again.cookie })).json<FileRecord[]>()).toEqual([]);
  });

  it('a destroyed data key cannot be brought back: the wrapped key is overwritten before the rows go', async () => {
    await signIn(ctx, 'admin@example.ch');
    const anna = await personWithData(ctx, ANNA.email, ANNA, DOCUMENT);
    await readsEnded(ctx.database);
    const [version] = await storedVersions(ctx, anna.user.id);
    // The key opened before; the erasure leaves nothing it could be unwrapped from.
    expect(unwrapDataKey(ctx.app.deps.config.masterKey, version!.wrappedKey)).toHaveLength(32);
    expect((await eraseWithCode(ctx, anna)).statusCode).toBe(200);
    expect(await queryRows(ctx.database.db, sql`select 1 from document_versions where storage_key = ${version!.storageKey}`)).toEqual([]);
  });

  it('refuses a wrong, an expired and a sign-in code, saying the tries left, and changes nothing', async () => {
    const anna = await personWithData(ctx, ANNA.email, ANNA, DOCUMENT);
    await readsEnded(ctx.database);
    const erase = (code: string) => post(ctx.app, '/api/account/delete', { code }, { cookie: anna.cookie });

    // No code requested yet.
    expect((await erase('123456')).json().error).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: 0 });
    // A sign-in code does not delete.
    expect((await requestCode(ctx, ANNA.email)).statusCode).toBe(200);
    const signInCode = ctx.mailer.codeFor(ANNA.email);
    const refused = await erase(signInCode);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('INVALID_CODE');

    expect((await post(ctx.app, '/api/account/delete/request-code', undefined, { cookie: anna.cookie })).statusCode).toBe(200);
    const deletionMail = ctx.mailer.lastTo(ANNA.email)!;
    expect(deletionMail.subject).toBe('Your code to delete your Taxli account');
    const code = ctx.mailer.codeFor(ANNA.email);
    // A deletion code does not sign in, and the sign-in code still does.
    expect((await verifyCode(ctx, ANNA.email, code)).statusCode).toBe(401);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await erase(wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json().error.field).toBe('code');
    expect(first.json().error).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: 4 });
    // Past its ten minutes, the right code is refused too.
    ctx.clock.advanceMinutes(11);
    expect((await erase(code)).json().error).toMatchObject({ code: 'INVALID_CODE', attemptsLeft: 0 });
    expect((await get(ctx.app, '/api/user', { cookie: anna.cookie })).statusCode).toBe(200);
    expect(await storedVersions(ctx, anna.user.id)).toHaveLength(2);
    expect(await queryRows(ctx.database.db, sql`select 1 from erasures`)).toEqual([]);
    // A malformed code names the field.
    const malformed = await erase('12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.field).toBe('code');
  });

  it('tells before the person confirms what would stay: nothing for a year not transmitted', async () => {
    const anna = await personWithData(ctx, ANNA.email, ANNA, DOCUMENT);
    const preview = await get(ctx.app, '/api/account/delete/preview', { cookie: anna.cookie });
    expect(preview.json()).toEqual({ retained: [], retentionYears: 10 });
  });
});
