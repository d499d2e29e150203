import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeleteFileResponse, FileRecord, FileVersionEntry, MoveFileResponse, UploadResponse } from '@taxli/domain';
import { auditEvents, documentVersions } from '../../db/schema.js';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, uploadParts } from '../../test/multipart.js';
import { addDocument, addRequiredDocuments, markSectionComplete, send, setStatusRow, statusRow } from '../../test/status-helpers.js';

// The test clock says 15 March 2026: the year in preparation is 2025.
const YEAR = 2025;
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n${text.repeat(200)}`);
const blobDir = join(TEST_DATA_DIR, 'blobs');

describe.each(drivers)('deleting and moving documents (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const db = () => ctx.database.db;
  beforeEach(() => {
    for (const file of readdirSync(blobDir)) rmSync(join(blobDir, file), { force: true });
  });

  /** The first account is the admin; `anna` and `beat` are ordinary users. */
  const users = async () => {
    const admin = await signIn(ctx, 'expert@example.ch');
    const anna = await signIn(ctx, 'anna@example.ch');
    const beat = await signIn(ctx, 'beat@example.ch');
    return { admin, anna, beat };
  };
  const upload = async (cookie: string, filename: string, data: Buffer, categoryId = 5) => {
    const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data }]));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, cookie },
    });
    const [result] = response.json<UploadResponse>().files;
    if (result?.status !== 'fulfilled') throw new Error(`upload failed: ${response.body}`);
    return result.value;
  };
  const list = async (cookie: string) => (await get(ctx.app, `/api/files?taxYear=${YEAR}`, { cookie })).json<FileRecord[]>();
  const history = async (cookie: string, id: number) => (await get(ctx.app, `/api/files/${id}/history`, { cookie })).json<FileVersionEntry[]>();
  const del = (cookie: string | undefined, url: string) =>
    ctx.app.inject({ method: 'DELETE', url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const move = (cookie: string | undefined, id: number | string, body: unknown) => send(ctx.app, 'PATCH', `/api/files/${id}`, cookie, body);
  const storageKeys = async (documentId: number) =>
    (await db().select({ key: documentVersions.storageKey }).from(documentVersions).where(eq(documentVersions.documentId, documentId))).map((r) => r.key);
  const audit = (action: string) => db().select().from(auditEvents).where(eq(auditEvents.action, action));

  describe('DELETE /api/files/{id}', () => {
    it('deletes every version: the rows with their data keys go, the blobs leave the store, the content is gone, and it is audited', async () => {
      const { anna } = await users();
      const first = await upload(anna.cookie, 'lohn.pdf', pdf('v1'));
      await upload(anna.cookie, 'lohn.pdf', pdf('v2'));
      const kept = await upload(anna.cookie, 'bank.pdf', pdf('bank'), 1);
      const keys = await storageKeys(first.fileId);
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(existsSync(join(blobDir, key))).toBe(true);

      const response = await del(anna.cookie, `/api/files/${first.fileId}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<DeleteFileResponse>()).toEqual({ fileId: first.fileId, taxYear: YEAR, deletedVersions: [2, 1], fileDeleted: true, current_status_id: 1 });
      for (const key of keys) expect(existsSync(join(blobDir, key))).toBe(false);
      expect(await db().select().from(documentVersions).where(inArray(documentVersions.storageKey, keys))).toEqual([]);
      expect((await list(anna.cookie)).map((f) => f.name)).toEqual(['bank.pdf']);
      expect((await get(ctx.app, `/api/files/${first.fileId}/versions/1/content`, { cookie: anna.cookie })).statusCode).toBe(404);
      expect((await get(ctx.app, `/api/files/${kept.fileId}/versions/1/content`, { cookie: anna.cookie })).rawPayload.equals(pdf('bank'))).toBe(true);
      const [event] = await audit('documents.delete_file');
      expect(event).toMatchObject({
        outcome: 'success',
        actorUserId: anna.user.id,
        subjectUserId: anna.user.id,
        details: { documentId: first.fileId, taxYear: YEAR, categoryId: 5, versions: 2, version: null, fileDeleted: true },
      });
      expect(JSON.stringify(event)).not.toContain('lohn.pdf');
      // Gone is gone: a second delete finds nothing.
      expect((await del(anna.cookie, `/api/files/${first.fileId}`)).statusCode).toBe(404);
    });

    it('lets only the owner delete: someone else (even an admin) gets 404, no session 401, and nothing changes', async () => {
      const { admin, anna, beat } = await users();
      const file = await upload(anna.cookie, 'lohn.pdf', pdf('anna'));
      expect((await del(beat.cookie, `/api/files/${file.fileId}`)).json()).toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
      expect((await del(beat.cookie, `/api/files/${file.fileId}`)).statusCode).toBe(404);
      expect((await del(admin.cookie, `/api/files/${file.fileId}`)).statusCode).toBe(404);
      expect((await del(beat.cookie, `/api/files/${file.fileId}/versions/1`)).statusCode).toBe(404);
      expect((await move(beat.cookie, file.fileId, { categoryId: 1 })).statusCode).toBe(404);
      expect((await del(undefined, `/api/files/${file.fileId}`)).statusCode).toBe(401);
      expect((await move(undefined, file.fileId, { categoryId: 1 })).statusCode).toBe(401);
      expect(await list(anna.cookie)).toEqual([expect.objectContaining({ id: file.fileId, categoryId: 5 })]);
      expect(await audit('documents.delete_file')).toEqual([]);
    });

    it('moves the year from 3 back to 2 in the same step when a required category is emptied', async () => {
      const { anna } = await users();
      await addRequiredDocuments(db(), anna.user.id, YEAR);
      const extra = await upload(anna.cookie, 'second-salary.pdf', pdf('second'), 5);
      const optional = await upload(anna.cookie, 'saeule3a.pdf', pdf('3a'), 22);
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_submitted');

      // Another salary statement is still there, and 22 is not required: the status stays.
      expect((await del(anna.cookie, `/api/files/${extra.fileId}`)).json()).toMatchObject({ current_status_id: 3 });
      expect((await del(anna.cookie, `/api/files/${optional.fileId}`)).json()).toMatchObject({ current_status_id: 3 });
      expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_submitted');

      const salary = (await list(anna.cookie)).find((f) => f.categoryId === 5)!;
      const response = await del(anna.cookie, `/api/files/${salary.id}`);
      expect(response.json()).toMatchObject({ fileDeleted: true, current_status_id: 2 });
      expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_pending');
      expect((await get(ctx.app, `/api/tax-status?taxYear=${YEAR}`, { cookie: anna.cookie })).json()).toMatchObject({ current_status_id: 2 });
      const [event] = await audit('tax_status.auto_revert');
      expect(event).toMatchObject({ actorUserId: anna.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR, from: 3, to: 2 } });
    });

    it('refuses with 409 once the year is transmitted (status 4 or later), and the file stays', async () => {
      const { anna } = await users();
      const file = await upload(anna.cookie, 'lohn.pdf', pdf('v1'));
      await upload(anna.cookie, 'lohn.pdf', pdf('v2'));
      for (const status of ['processing', 'review_required', 'completed']) {
        await setStatusRow(db(), anna.user.id, YEAR, status);
        for (const response of [
          await del(anna.cookie, `/api/files/${file.fileId}`),
          await del(anna.cookie, `/api/files/${file.fileId}/versions/1`),
          await move(anna.cookie, file.fileId, { categoryId: 1 }),
        ]) {
          expect(response.statusCode).toBe(409);
          expect(response.json()).toMatchObject({ error: { code: 'DOCUMENTS_TRANSMITTED', message: expect.stringContaining('transmitted') } });
        }
      }
      expect((await history(anna.cookie, file.fileId)).map((v) => v.version)).toEqual([2, 1]);
      expect((await list(anna.cookie))[0]).toMatchObject({ categoryId: 5 });
      expect((await storageKeys(file.fileId)).every((key) => existsSync(join(blobDir, key)))).toBe(true);
    });

    it('keeps the versions a transmission sent frozen even when the status was set back later', async () => {
      const { anna } = await users();
      await addRequiredDocuments(db(), anna.user.id, YEAR);
      const file = await upload(anna.cookie, 'lohn-2.pdf', pdf('sent'));
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_submitted');
      await markSectionComplete(db(), anna.user.id, YEAR);
      expect((await send(ctx.app, 'POST', '/api/tax-year-status/transmit', anna.cookie, { taxYear: YEAR })).statusCode).toBe(200);
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_submitted');
      const later = await upload(anna.cookie, 'lohn-2.pdf', pdf('after'));
      expect(later.version).toBe(2);

      expect((await del(anna.cookie, `/api/files/${file.fileId}`)).json()).toMatchObject({ error: { code: 'DOCUMENTS_TRANSMITTED' } });
      expect((await del(anna.cookie, `/api/files/${file.fileId}/versions/1`)).statusCode).toBe(409);
      expect((await move(anna.cookie, file.fileId, { categoryId: 1 })).statusCode).toBe(409);
      // The version uploaded after the transmission was never sent: it may go.
      expect((await del(anna.cookie, `/api/files/${file.fileId}/versions/2`)).statusCode).toBe(200);
      expect((await history(anna.cookie, file.fileId)).map((v) => v.version)).toEqual([1]);
    });
  });

  describe('DELETE /api/files/{id}/versions/{version}', () => {
    it('deletes one version; the others stay downloadable and the latest becomes the one before', async () => {
      const { anna } = await users();
      const file = await upload(anna.cookie, 'konto.pdf', pdf('v1'), 1);
      await upload(anna.cookie, 'konto.pdf', pdf('v2'), 1);
      await upload(anna.cookie, 'konto.pdf', pdf('v3'), 1);
      const before = await storageKeys(file.fileId);

      const middle = await del(anna.cookie, `/api/files/${file.fileId}/versions/2`);
      expect(middle.statusCode).toBe(200);
      expect(middle.json<DeleteFileResponse>()).toMatchObject({ deletedVersions: [2], fileDeleted: false });
      expect((await history(anna.cookie, file.fileId)).map((v) => v.version)).toEqual([3, 1]);
      expect((await get(ctx.app, `/api/files/${file.fileId}/versions/2/content`, { cookie: anna.cookie })).statusCode).toBe(404);
      for (const [version, text] of [[1, 'v1'], [3, 'v3']] as const) {
        const download = await get(ctx.app, `/api/files/${file.fileId}/versions/${version}/content`, { cookie: anna.cookie });
        expect(download.rawPayload.equals(pdf(text))).toBe(true);
      }
      const after = await storageKeys(file.fileId);
      expect(after).toHaveLength(2);
      const gone = before.filter((key) => !after.includes(key));
      expect(gone).toHaveLength(1);
      expect(existsSync(join(blobDir, gone[0]!))).toBe(false);

      await del(anna.cookie, `/api/files/${file.fileId}/versions/3`);
      expect(await list(anna.cookie)).toEqual([expect.objectContaining({ id: file.fileId, version: 1, versionCount: 1 })]);
      const [event] = await audit('documents.delete_version');
      expect(event).toMatchObject({ actorUserId: anna.user.id, details: { documentId: file.fileId, version: 2, versions: 1, fileDeleted: false } });

      // The last version takes the document with it.
      expect((await del(anna.cookie, `/api/files/${file.fileId}/versions/1`)).json()).toMatchObject({ fileDeleted: true });
      expect(await list(anna.cookie)).toEqual([]);
    });

    it('answers 404 for a version that does not exist', async () => {
      const { anna } = await users();
      const file = await upload(anna.cookie, 'konto.pdf', pdf('v1'), 1);
      const response = await del(anna.cookie, `/api/files/${file.fileId}/versions/7`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'FILE_NOT_FOUND', field: 'version' } });
    });
  });

  describe('PATCH /api/files/{id}', () => {
    it('moves a document with all its versions to another category, audited', async () => {
      const { anna } = await users();
      const file = await upload(anna.cookie, 'police.pdf', pdf('v1'), 1);
      await upload(anna.cookie, 'police.pdf', pdf('v2'), 1);
      const response = await move(anna.cookie, file.fileId, { categoryId: 2 });
      expect(response.statusCode).toBe(200);
      expect(response.json<MoveFileResponse>()).toEqual({ fileId: file.fileId, taxYear: YEAR, categoryId: 2, current_status_id: 1 });
      expect(await list(anna.cookie)).toEqual([expect.objectContaining({ id: file.fileId, categoryId: 2, categoryName: 'Insurance Certificates', versionCount: 2 })]);
      expect((await history(anna.cookie, file.fileId)).map((v) => v.version)).toEqual([2, 1]);
      const [event] = await audit('documents.move');
      expect(event).toMatchObject({ actorUserId: anna.user.id, subjectUserId: anna.user.id, details: { documentId: file.fileId, taxYear: YEAR, from: 1, to: 2 } });
      // An upload of the same name now adds a version in the new category.
      expect((await upload(anna.cookie, 'police.pdf', pdf('v3'), 2)).version).toBe(3);
    });

    it('follows the status rules: 3 → 2 when a required category is emptied, 2 → 3 when the move completes them', async () => {
      const { anna } = await users();
      await addRequiredDocuments(db(), anna.user.id, YEAR);
      await setStatusRow(db(), anna.user.id, YEAR, 'documents_submitted');
      const salary = (await list(anna.cookie)).find((f) => f.categoryId === 5)!;

      expect((await move(anna.cookie, salary.id, { categoryId: 22 })).json()).toMatchObject({ categoryId: 22, current_status_id: 2 });
      expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_pending');
      expect((await move(anna.cookie, salary.id, { categoryId: 5 })).json()).toMatchObject({ categoryId: 5, current_status_id: 3 });
      expect(await statusRow(db(), anna.user.id, YEAR)).toBe('documents_submitted');
      expect((await audit('tax_status.auto_revert')).length).toBe(1);
      expect((await audit('tax_status.auto_advance')).length).toBe(1);
    });

    it('refuses to put two files of the same name into one category (409), and a move to the same category changes nothing', async () => {
      const { anna } = await users();
      const a = await upload(anna.cookie, 'beleg.pdf', pdf('a'), 3);
      await addDocument(db(), anna.user.id, YEAR, 4, 'beleg.pdf');
      const response = await move(anna.cookie, a.fileId, { categoryId: 4 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'FILE_NAME_TAKEN', field: 'categoryId' } });
      expect((await move(anna.cookie, a.fileId, { categoryId: 3 })).json()).toMatchObject({ categoryId: 3 });
      expect(await audit('documents.move')).toEqual([]);
    });
  });

  it('answers 400 (never 500) to junk ids and bodies', async () => {
    const { anna } = await users();
    const file = await upload(anna.cookie, 'lohn.pdf', pdf('x'));
    for (const url of ['/api/files/abc', '/api/files/0', '/api/files/-1', '/api/files/1.5', '/api/files/99999999999', '/api/files/1e3x']) {
      const response = await del(anna.cookie, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('VALIDATION_ERROR');
    }
    for (const url of [`/api/files/${file.fileId}/versions/abc`, `/api/files/${file.fileId}/versions/0`, `/api/files/${file.fileId}/versions/2147483648`]) {
      expect((await del(anna.cookie, url)).statusCode, url).toBe(400);
    }
    for (const body of [{}, { categoryId: 'x' }, { categoryId: '1' }, { categoryId: 6 }, { categoryId: 1.5 }, { categoryId: 1, taxYear: 2024 }, [1]]) {
      const response = await move(anna.cookie, file.fileId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await move(anna.cookie, 'abc', { categoryId: 1 })).statusCode).toBe(400);
    const noBody = await ctx.app.inject({ method: 'PATCH', url: `/api/files/${file.fileId}`, headers: { origin: TEST_ORIGIN, cookie: anna.cookie } });
    expect(noBody.statusCode).toBe(400);
    expect(await list(anna.cookie)).toEqual([expect.objectContaining({ categoryId: 5, version: 1 })]);
  });
});
