import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PREPARED_RETURN_MAX_BYTES, type PreparedReturnSummary } from '@taxli/domain';
import { auditEvents, preparedReturns } from '../../db/schema.js';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, signIn, type SignedIn } from '../../test/auth-helpers.js';
import { ACCEPTED_SAMPLES, samplePdf } from '../../test/document-samples.js';
import { signInAs, transmittedPerson } from '../../test/expert-helpers.js';
import { multipart, sha256, type Part } from '../../test/multipart.js';
import { setStatusRow } from '../../test/status-helpers.js';

// The prepared return (issue 27 item 7, D18): one PDF the expert uploads at status 4, encrypted like
// every document; the expert reads it back, the person from status 5 on.

const YEAR = 2025; // the year in preparation on the test clock
const blobDir = join(TEST_DATA_DIR, 'blobs');
const blobs = () => readdirSync(blobDir).filter((name) => !name.endsWith('.partial'));
const MARKER = 'Steuererklaerung Anna Muster 2025';
const returnPdf = (label = 'v1') => Buffer.concat([samplePdf(), Buffer.from(`% ${MARKER} ${label}\n`.repeat(50)), randomBytes(2000)]);

const url = (userId: number, taxYear = YEAR) => `/api/expert/returns/${userId}/${taxYear}/prepared-return`;

function uploadReturn(ctx: TestContext, cookie: string, userId: number, parts: Part[], taxYear = YEAR) {
  const { payload, contentType } = multipart(parts);
  return ctx.app.inject({ method: 'POST', url: url(userId, taxYear), payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
}
const file = (data: Buffer, filename = 'Steuererklaerung 2025.pdf'): Part => ({ name: 'file', filename, data, type: 'application/pdf' });

async function rowsOf(ctx: TestContext) {
  return ctx.database.db.select({ version: preparedReturns.version, storageKey: preparedReturns.storageKey }).from(preparedReturns);
}
async function audited(ctx: TestContext, action: string) {
  return ctx.database.db
    .select({ actor: auditEvents.actorUserId, subject: auditEvents.subjectUserId, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.action, action));
}

describe.each(drivers)('prepared return (%s)', (driver) => {
  const ctx = useTestApp(driver);
  let person: SignedIn;
  let expert: SignedIn;
  beforeEach(async () => {
    for (const name of readdirSync(blobDir)) rmSync(join(blobDir, name), { force: true });
    person = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
  });

  describe("the expert's upload", () => {
    it('stores one PDF encrypted as version 1, 2, …, answers 201 with its summary, audits it, and reads it back', async () => {
      const first = returnPdf('v1');
      const response = await uploadReturn(ctx, expert.cookie, person.user.id, [file(first)]);
      expect(response.statusCode).toBe(201);
      expect(response.json<PreparedReturnSummary>()).toEqual({ version: 1, size: first.length, sha256: sha256(first), uploadedAt: '2026-03-15T10:00:00.000Z' });
      // Encrypted at rest: the blob holds none of the PDF's text.
      const [row] = await rowsOf(ctx);
      expect(readFileSync(join(blobDir, row!.storageKey)).includes(MARKER)).toBe(false);

      const second = returnPdf('v2');
      ctx.clock.advanceMinutes(5);
      const again = await uploadReturn(ctx, expert.cookie, person.user.id, [{ name: 'note', value: 'ignored' }, file(second)]);
      expect(again.statusCode).toBe(201);
      expect(again.json<PreparedReturnSummary>()).toMatchObject({ version: 2, sha256: sha256(second) });

      const download = await get(ctx.app, url(person.user.id), { cookie: expert.cookie });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(second)).toBe(true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="taxli-prepared-return-${YEAR}-${person.user.id}\\.pdf"`));
      expect(download.headers['x-content-type-options']).toBe('nosniff');

      expect(await audited(ctx, 'expert.upload_prepared_return')).toEqual([
        { actor: expert.user.id, subject: person.user.id, details: { taxYear: YEAR, version: 1, size: first.length } },
        { actor: expert.user.id, subject: person.user.id, details: { taxYear: YEAR, version: 2, size: second.length } },
      ]);
      expect(await audited(ctx, 'expert.download_prepared_return')).toEqual([
        { actor: expert.user.id, subject: person.user.id, details: { taxYear: YEAR, version: 2 } },
      ]);
    });

    it.each([
      ['a PNG named .pdf', 'scan.pdf', ACCEPTED_SAMPLES['.png']!()],
      ['a Word file', 'return.docx', ACCEPTED_SAMPLES['.docx']!()],
      ['HTML named .pdf', 'return.pdf', Buffer.from('<!doctype html><script>alert(1)</script>%PDF-1.4')],
      ['an empty file', 'empty.pdf', Buffer.alloc(0)],
    ])('refuses %s by its content: 400 NOT_A_PDF naming the file, nothing stored', async (_what, filename, data) => {
      const response = await uploadReturn(ctx, expert.cookie, person.user.id, [file(data, filename)]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'NOT_A_PDF', field: 'file' });
      expect(response.json().error.message).toContain(filename);
      expect(await rowsOf(ctx)).toEqual([]);
      expect(blobs()).toEqual([]);
    });

    it(`answers 413 to a file over ${PREPARED_RETURN_MAX_BYTES / 2 ** 20} MB, storing nothing`, async () => {
      const huge = Buffer.concat([samplePdf(), Buffer.alloc(PREPARED_RETURN_MAX_BYTES, 0x20)]);
      const response = await uploadReturn(ctx, expert.cookie, person.user.id, [file(huge)]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('FILE_TOO_LARGE');
      expect(await rowsOf(ctx)).toEqual([]);
      expect(blobs()).toEqual([]);
    });

    it('refuses a body without the file, with two files or with the file in another field, and a body that is not multipart', async () => {
      const missing = await uploadReturn(ctx, expert.cookie, person.user.id, [{ name: 'note', value: 'x' }]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'file', fieldCode: 'REQUIRED' });
      const two = await uploadReturn(ctx, expert.cookie, person.user.id, [file(returnPdf('a'), 'a.pdf'), file(returnPdf('b'), 'b.pdf')]);
      expect(two.statusCode).toBe(400);
      expect(two.json().error).toMatchObject({ code: 'BAD_REQUEST', field: 'file' });
      const elsewhere = await uploadReturn(ctx, expert.cookie, person.user.id, [{ name: 'files', filename: 'a.pdf', data: returnPdf() }]);
      expect(elsewhere.statusCode).toBe(400);
      const json = await ctx.app.inject({ method: 'POST', url: url(person.user.id), payload: { file: 'x' }, headers: { origin: TEST_ORIGIN, cookie: expert.cookie } });
      expect(json.statusCode).toBe(415);
      expect(await rowsOf(ctx)).toEqual([]);
      expect(blobs()).toEqual([]);
    });

    it('is allowed only at status 4: 409 INVALID_STATUS naming the status, 404 before the queue', async () => {
      for (const [status, id] of [['documents_submitted', 3], ['review_required', 5], ['completed', 6]] as const) {
        await setStatusRow(ctx.database.db, person.user.id, YEAR, status);
        const response = await uploadReturn(ctx, expert.cookie, person.user.id, [file(returnPdf())]);
        expect(response.statusCode, status).toBe(409);
        expect(response.json().error.code).toBe('INVALID_STATUS');
        expect(response.json().error.message).toContain(`status ${id}`);
      }
      await setStatusRow(ctx.database.db, person.user.id, YEAR, 'documents_pending');
      const early = await uploadReturn(ctx, expert.cookie, person.user.id, [file(returnPdf())]);
      expect(early.statusCode).toBe(404);
      expect(early.json().error.code).toBe('RETURN_NOT_FOUND');
      expect((await uploadReturn(ctx, expert.cookie, 999_999, [file(returnPdf())])).statusCode).toBe(404);
      expect(await rowsOf(ctx)).toEqual([]);
      expect(blobs()).toEqual([]);
    });

    it('refuses the upload, leaving no blob, when the status moves on while the file arrives', async () => {
      const pdf = returnPdf();
      async function* parts(): AsyncGenerator<Multipart> {
        // The other expert moves the year 4 → 5 while this upload's body is still coming.
        await setStatusRow(ctx.database.db, person.user.id, YEAR, 'review_required');
        yield { type: 'file', fieldname: 'file', filename: 'late.pdf', file: Readable.from([pdf], { objectMode: false }) } as unknown as Multipart;
      }
      await expect(ctx.app.services.preparedReturns.upload(expert.user.id, person.user.id, YEAR, parts)).rejects.toMatchObject({
        statusCode: 409,
        code: 'INVALID_STATUS',
      });
      expect(await rowsOf(ctx)).toEqual([]);
      expect(blobs()).toEqual([]);
    });

    it('numbers two uploads at the same moment one after the other', async () => {
      const answers = await Promise.all([1, 2].map((n) => uploadReturn(ctx, expert.cookie, person.user.id, [file(returnPdf(`race ${n}`))])));
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(answers.map((a) => a.json<PreparedReturnSummary>().version).sort()).toEqual([1, 2]);
    });

    it('is for experts and admins: the person gets 403 for both expert routes', async () => {
      expect((await uploadReturn(ctx, person.cookie, person.user.id, [file(returnPdf())])).statusCode).toBe(403);
      expect((await get(ctx.app, url(person.user.id), { cookie: person.cookie })).statusCode).toBe(403);
      const admin = await signIn(ctx, 'admin@example.ch');
      expect((await uploadReturn(ctx, admin.cookie, person.user.id, [file(returnPdf())])).statusCode).toBe(201);
    });

    it("answers 404 NO_PREPARED_RETURN to the expert's download before any upload", async () => {
      const response = await get(ctx.app, url(person.user.id), { cookie: expert.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NO_PREPARED_RETURN');
    });

    it("survives the blob sweep: a prepared return's blob is named by its row", async () => {
      expect((await uploadReturn(ctx, expert.cookie, person.user.id, [file(returnPdf())])).statusCode).toBe(201);
      const [row] = await rowsOf(ctx);
      // A week old, far past the sweep's grace period; an orphan of the same age shows the sweep ran.
      const old = new Date(Date.now() - 7 * 24 * 3600_000);
      const orphan = join(blobDir, randomBytes(24).toString('base64url'));
      writeFileSync(orphan, randomBytes(100));
      for (const path of [join(blobDir, row!.storageKey), orphan]) utimesSync(path, old, old);
      expect(await ctx.app.services.blobSweep.sweep()).toEqual({ incomplete: 0, unreferenced: 1 });
      expect(existsSync(orphan)).toBe(false);
      expect(existsSync(join(blobDir, row!.storageKey))).toBe(true);
      expect((await get(ctx.app, url(person.user.id), { cookie: expert.cookie })).statusCode).toBe(200);
    });
  });

  describe("the person's download", () => {
    const mine = (cookie: string, query = '') => get(ctx.app, `/api/tax/prepared-return${query}`, { cookie });

    it('is there from status 5 on, for the year in preparation by default, and audited', async () => {
      const pdf = returnPdf();
      expect((await uploadReturn(ctx, expert.cookie, person.user.id, [file(pdf)])).statusCode).toBe(201);
      // Status 4: the expert is still working on it.
      const early = await mine(person.cookie);
      expect(early.statusCode).toBe(404);
      expect(early.json().error.code).toBe('NO_PREPARED_RETURN');

      await setStatusRow(ctx.database.db, person.user.id, YEAR, 'review_required');
      for (const query of ['', `?taxYear=${YEAR}`]) {
        const response = await mine(person.cookie, query);
        expect(response.statusCode, query).toBe(200);
        expect(response.rawPayload.equals(pdf)).toBe(true);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="taxli-prepared-return-${YEAR}\\.pdf"`));
      }
      await setStatusRow(ctx.database.db, person.user.id, YEAR, 'completed');
      expect((await mine(person.cookie)).statusCode).toBe(200);
      expect(await audited(ctx, 'tax.prepared_return_download')).toEqual(
        Array.from({ length: 3 }, () => ({ actor: person.user.id, subject: person.user.id, details: { taxYear: YEAR, version: 1 } })),
      );
    });

    it('is only ever their own: another person, another year and a year without one get 404', async () => {
      expect((await uploadReturn(ctx, expert.cookie, person.user.id, [file(returnPdf())])).statusCode).toBe(201);
      await setStatusRow(ctx.database.db, person.user.id, YEAR, 'review_required');
      const beat = await transmittedPerson(ctx, 'beat@example.ch', YEAR);
      await setStatusRow(ctx.database.db, beat.user.id, YEAR, 'review_required');
      for (const [who, query] of [[beat, ''], [person, `?taxYear=${YEAR - 1}`]] as const) {
        const response = await mine(who.cookie, query);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NO_PREPARED_RETURN');
      }
      expect((await mine(person.cookie, '?taxYear=1999')).statusCode).toBe(400);
      expect((await get(ctx.app, '/api/tax/prepared-return')).statusCode).toBe(401);
    });
  });
});
