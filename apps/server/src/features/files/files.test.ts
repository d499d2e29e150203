import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentCategoryResponse, FileRecord, FileVersionEntry, UploadResponse } from '@taxli/domain';
import { auditEvents, documents, documentVersions } from '../../db/schema.js';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { multipart, sha256, uploadParts, type Part } from '../../test/multipart.js';
import { setStatusRow, statusRow } from '../../test/status-helpers.js';

// The test clock says 15 March 2026: documents may belong to 2021..2026.
const YEAR = 2025;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('Lohnausweis 2025 Anna Muster AHV 756.1234.5678.97 '.repeat(400))]);
const blobDir = join(TEST_DATA_DIR, 'blobs');
const blobCount = () => readdirSync(blobDir).filter((f) => !f.endsWith('.partial')).length;

describe.each(drivers)('documents API (%s)', (driver) => {
  const ctx = useTestApp(driver);
  // The database is emptied before each test; so is the blob directory.
  beforeEach(() => {
    for (const file of readdirSync(blobDir)) rmSync(join(blobDir, file), { force: true });
  });
  const signInAdmin = () => signIn(ctx, 'expert@example.ch');
  /** The first account is the admin; `anna` and `beat` are ordinary users. */
  const users = async () => {
    const admin = await signInAdmin();
    const anna = await signIn(ctx, 'anna@example.ch');
    const beat = await signIn(ctx, 'beat@example.ch');
    return { admin, anna, beat };
  };
  const upload = (cookie: string | undefined, parts: Part[]) => {
    const { payload, contentType } = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload,
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    });
  };
  const uploadOne = (cookie: string, filename: string, data: Buffer, categoryId = 5) =>
    upload(cookie, uploadParts(categoryId, YEAR, [{ filename, data }]));
  const list = async (cookie: string, year = YEAR) => (await get(ctx.app, `/api/files?taxYear=${year}`, { cookie })).json<FileRecord[]>();

  describe('POST /api/files/upload', () => {
    it('stores a file, answers its hash and app URL, lists it and serves the same bytes back as an attachment', async () => {
      const { anna } = await users();
      const response = await uploadOne(anna.cookie, 'Lohnausweis 2025.pdf', PDF);
      expect(response.statusCode).toBe(200);
      const answer = response.json<UploadResponse>();
      expect(answer.failedCount).toBe(0);
      expect(answer.files).toEqual([
        {
          status: 'fulfilled',
          value: expect.objectContaining({ originalFileName: 'Lohnausweis 2025.pdf', hash: sha256(PDF), version: 1, isNewVersion: true }),
        },
      ]);
      const [file] = await list(anna.cookie);
      expect(file).toMatchObject({
        name: 'Lohnausweis 2025.pdf',
        originalFileName: 'Lohnausweis 2025.pdf',
        categoryId: 5,
        categoryName: 'Salary Statement',
        taxYear: YEAR,
        size: PDF.length,
        version: 1,
        versionCount: 1,
        sha256: sha256(PDF),
      });
      expect(file?.blobUrl).toBe(`/api/files/${file?.id}/versions/1/content`);
      const download = await get(ctx.app, file!.blobUrl, { cookie: anna.cookie });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Lohnausweis 2025.pdf"; filename\*=UTF-8''Lohnausweis%202025.pdf$/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['cache-control']).toBe('no-store');
    });

    it('keeps no plaintext of the document on disk', async () => {
      const { anna } = await users();
      await uploadOne(anna.cookie, 'lohn.pdf', PDF);
      const [row] = await ctx.database.db.select({ key: documentVersions.storageKey }).from(documentVersions);
      const stored = readFileSync(join(blobDir, row!.key));
      for (let at = 0; at + 32 <= PDF.length; at += 101) expect(stored.includes(PDF.subarray(at, at + 32))).toBe(false);
    });

    it('adds a version for the same name, none for the same bytes, and lists the history newest first', async () => {
      const { anna } = await users();
      const first = await uploadOne(anna.cookie, 'Kontoauszug.pdf', PDF, 1);
      const second = await uploadOne(anna.cookie, 'Kontoauszug.pdf', Buffer.concat([PDF, Buffer.from('corrected')]), 1);
      const again = await uploadOne(anna.cookie, 'Kontoauszug.pdf', Buffer.concat([PDF, Buffer.from('corrected')]), 1);
      expect(first.json<UploadResponse>().files[0]).toMatchObject({ value: { version: 1, isNewVersion: true } });
      expect(second.json<UploadResponse>().files[0]).toMatchObject({ value: { version: 2, isNewVersion: true } });
      expect(again.statusCode).toBe(200);
      expect(again.json<UploadResponse>().files[0]).toMatchObject({ status: 'fulfilled', value: { version: 2, isNewVersion: false } });
      const [file] = await list(anna.cookie);
      expect(file).toMatchObject({ version: 2, versionCount: 2 });
      const history = (await get(ctx.app, `/api/files/${file!.id}/history`, { cookie: anna.cookie })).json<FileVersionEntry[]>();
      expect(history.map((v) => v.version)).toEqual([2, 1]);
      expect(history[1]).toMatchObject({ filename: 'Kontoauszug.pdf', size: PDF.length, sha256: sha256(PDF) });
      const v1 = await get(ctx.app, history[1]!.blobUrl, { cookie: anna.cookie });
      expect(v1.rawPayload.equals(PDF)).toBe(true);
      expect(blobCount()).toBe(2);
    });

    it('keeps the good files of a batch and rejects the one whose hash does not match', async () => {
      const { anna } = await users();
      const good = Buffer.from('%PDF-1.4 good');
      const parts: Part[] = [
        { name: 'categoryId', value: '2' },
        { name: 'taxYear', value: String(YEAR) },
        { name: 'hashes[]', value: sha256(good) },
        { name: 'hashes[]', value: sha256(Buffer.from('something else')) },
        { name: 'files', filename: 'police.pdf', data: good },
        { name: 'files', filename: 'altered.pdf', data: Buffer.from('%PDF-1.4 altered on the way') },
      ];
      const response = await upload(anna.cookie, parts);
      expect(response.statusCode).toBe(200);
      const answer = response.json<UploadResponse>();
      expect(answer.failedCount).toBe(1);
      expect(answer.files[0]).toMatchObject({ status: 'fulfilled' });
      expect(answer.files[1]).toEqual({ status: 'rejected', code: 'HASH_MISMATCH', reason: 'Upload verification failed', originalFileName: 'altered.pdf' });
      expect((await list(anna.cookie)).map((f) => f.name)).toEqual(['police.pdf']);
      expect(blobCount()).toBe(1);
    });

    it.each([
      ['an empty file', 'leer.pdf', Buffer.alloc(0), 'EMPTY_FILE'],
      ['a name with a path separator', '../../etc/passwd', Buffer.from('x'), 'INVALID_FILE_NAME'],
      ['a name with a backslash', 'C:\\temp\\x.pdf', Buffer.from('x'), 'INVALID_FILE_NAME'],
      ['a name with control characters', 'bad\u0001name.pdf', Buffer.from('x'), 'INVALID_FILE_NAME'],
    ])('rejects %s on its own', async (_what, filename, data, code) => {
      const { anna } = await users();
      const response = await upload(anna.cookie, uploadParts(5, YEAR, [{ filename, data }, { filename: 'ok.pdf', data: PDF }]));
      expect(response.statusCode).toBe(200);
      const answer = response.json<UploadResponse>();
      expect(answer.failedCount).toBe(1);
      expect(answer.files[0]).toMatchObject({ status: 'rejected', code });
      expect(answer.files[1]).toMatchObject({ status: 'fulfilled' });
    });

    it.each([
      ['categoryId is missing', [{ name: 'taxYear', value: String(YEAR) }], 'categoryId'],
      ['categoryId is not a number', [{ name: 'categoryId', value: 'bank' }, { name: 'taxYear', value: String(YEAR) }], 'categoryId'],
      ['the category does not exist', [{ name: 'categoryId', value: '99' }, { name: 'taxYear', value: String(YEAR) }], 'categoryId'],
      ['taxYear is missing', [{ name: 'categoryId', value: '1' }], 'taxYear'],
      ['taxYear is too old', [{ name: 'categoryId', value: '1' }, { name: 'taxYear', value: '2015' }], 'taxYear'],
      ['taxYear is in the future', [{ name: 'categoryId', value: '1' }, { name: 'taxYear', value: '2028' }], 'taxYear'],
      ['taxYear is not a year', [{ name: 'categoryId', value: '1' }, { name: 'taxYear', value: '2025.5' }], 'taxYear'],
    ] as [string, Part[], string][])('answers 400 naming the field when %s, before storing anything', async (_what, fields, field) => {
      const { anna } = await users();
      const response = await upload(anna.cookie, [...fields, { name: 'hashes[]', value: sha256(PDF) }, { name: 'files', filename: 'x.pdf', data: PDF }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field } });
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(new RegExp(`^${field}: `));
      expect(blobCount()).toBe(0);
    });

    it('answers 400 when the hash is missing or malformed, when more hashes than files come, or no file', async () => {
      const { anna } = await users();
      const base: Part[] = [{ name: 'categoryId', value: '1' }, { name: 'taxYear', value: String(YEAR) }];
      const file: Part = { name: 'files', filename: 'x.pdf', data: PDF };
      const cases: [Part[], string][] = [
        [[...base, file], 'hashes'],
        [[...base, { name: 'hashes[]', value: 'ABC' }, file], 'hashes'],
        [[...base, { name: 'hashes[]', value: sha256(PDF) }, { name: 'hashes[]', value: sha256(PDF) }, file], 'hashes'],
        [[...base, { name: 'hashes[]', value: sha256(PDF) }], 'files'],
        [[file, { name: 'hashes[]', value: sha256(PDF) }, { name: 'categoryId', value: '99' }, { name: 'taxYear', value: String(YEAR) }], 'categoryId'],
      ];
      for (const [parts, field] of cases) {
        const response = await upload(anna.cookie, parts);
        expect(response.statusCode, field).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field } });
      }
      expect(blobCount()).toBe(0);
      expect(await list(anna.cookie)).toEqual([]);
    });

    it('takes the parts in any order: files first as the spec lists them, or each file followed by its hash', async () => {
      const { anna } = await users();
      const lohn = Buffer.from('%PDF-1.4 Lohnausweis');
      const bank = Buffer.from('%PDF-1.4 Kontoauszug');
      const specOrder: Part[] = [
        { name: 'files', filename: 'lohn.pdf', data: lohn },
        { name: 'files', filename: 'bank.pdf', data: bank },
        { name: 'hashes[]', value: sha256(lohn) },
        { name: 'hashes[]', value: sha256(PDF) }, // not bank.pdf's
        { name: 'categoryId', value: '5' },
        { name: 'taxYear', value: String(YEAR) },
      ];
      const answer = (await upload(anna.cookie, specOrder)).json<UploadResponse>();
      expect(answer.files.map((f) => f.status)).toEqual(['fulfilled', 'rejected']);
      expect(answer.files[1]).toMatchObject({ code: 'HASH_MISMATCH', reason: 'Upload verification failed' });
      expect(blobCount()).toBe(1);

      const interleaved: Part[] = [
        { name: 'categoryId', value: '1' },
        { name: 'taxYear', value: String(YEAR) },
        { name: 'files', filename: 'bank.pdf', data: bank },
        { name: 'hashes[]', value: sha256(bank) },
        { name: 'files', filename: 'lohn.pdf', data: lohn },
        { name: 'hashes[]', value: sha256(lohn) },
      ];
      expect((await upload(anna.cookie, interleaved)).json<UploadResponse>().failedCount).toBe(0);
      expect((await list(anna.cookie)).map((f) => f.name).sort()).toEqual(['bank.pdf', 'lohn.pdf', 'lohn.pdf']);
      expect(blobCount()).toBe(3);
    });

    it('refuses a request that is not multipart (415) and one without a session (401)', async () => {
      const { anna } = await users();
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        payload: { files: [] },
        headers: { origin: TEST_ORIGIN, cookie: anna.cookie },
      });
      expect(json.statusCode).toBe(415);
      const stranger = await upload(undefined, uploadParts(1, YEAR, [{ filename: 'x.pdf', data: PDF }]));
      expect(stranger.statusCode).toBe(401);
      expect(blobCount()).toBe(0);
    });

    it('moves the year from Tax Profile to Documents when the sixth required category gets its file', async () => {
      const { anna } = await users();
      await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'documents_pending');
      for (const category of [1, 2, 3, 4, 5]) await uploadOne(anna.cookie, `doc-${category}.pdf`, Buffer.from(`%PDF-1.4 ${category}`), category);
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('documents_pending');
      await uploadOne(anna.cookie, 'transport.pdf', Buffer.from('%PDF-1.4 transport'), 21);
      expect(await statusRow(ctx.database.db, anna.user.id, YEAR)).toBe('documents_submitted');
    });

    it('answers 507 STORAGE_FULL, and does not hang, when the blob store fails before it has read a byte', async () => {
      const { anna } = await users();
      const blobs = ctx.app.deps.blobs;
      const put = blobs.put;
      blobs.put = () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, open'), { code: 'ENOSPC' }));
      try {
        // Larger than the streams' buffers, so the upload needs a reader to go on.
        const response = await uploadOne(anna.cookie, 'lohn.pdf', Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)]));
        expect(response.statusCode).toBe(507);
        expect(response.json()).toMatchObject({ error: { code: 'STORAGE_FULL' } });
      } finally {
        blobs.put = put;
      }
      expect(await ctx.database.db.select().from(documents)).toEqual([]);
      expect((await uploadOne(anna.cookie, 'lohn.pdf', PDF)).statusCode).toBe(200);
    });

    it('leaves neither blob nor row when the database write fails after the blob was stored', async () => {
      const { anna } = await users();
      await ctx.database.db.execute(sql`alter table document_versions rename to document_versions_away`);
      try {
        const response = await uploadOne(anna.cookie, 'lohn.pdf', PDF);
        expect(response.statusCode).toBe(500);
      } finally {
        await ctx.database.db.execute(sql`alter table document_versions_away rename to document_versions`);
      }
      expect(blobCount()).toBe(0);
      expect(await ctx.database.db.select().from(documents)).toEqual([]);
    });
  });

  describe('malformed bodies', () => {
    it.each([
      ['without a boundary parameter', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="taxYear"\r\n\r\n2025\r\n--x--\r\n'],
      ['without its closing boundary', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="taxYear"\r\n\r\n2025\r\n'],
      ['of garbage', 'multipart/form-data; boundary=x', 'garbage garbage'],
      [
        'cut inside a file (wrong closing boundary)',
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n1\r\n--x\r\nContent-Disposition: form-data; name="taxYear"\r\n\r\n2025\r\n--x\r\nContent-Disposition: form-data; name="hashes[]"\r\n\r\n${'a'.repeat(64)}\r\n--x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.7 cut\r\n--y--\r\n`,
      ],
    ])('answers 400 BAD_REQUEST to a body %s, on both upload routes, storing nothing', async (_what, contentType, payload) => {
      const { anna } = await users();
      for (const url of ['/api/files/upload', '/api/upload']) {
        const response = await ctx.app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': contentType } });
        expect({ url, status: response.statusCode, code: response.json().error.code }).toEqual({ url, status: 400, code: 'BAD_REQUEST' });
      }
      expect(blobCount()).toBe(0);
    });
  });

  describe('size limit (50 MB)', () => {
    const BIG = 51 * 1024 * 1024;

    it('answers 413 to a lone 51 MB file over real HTTP as soon as the limit is crossed, storing nothing', async () => {
      const { anna } = await users();
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const head = multipart([
        { name: 'categoryId', value: '5' },
        { name: 'taxYear', value: String(YEAR) },
        { name: 'hashes[]', value: 'a'.repeat(64) },
        { name: 'files', filename: 'huge.pdf', data: Buffer.alloc(0) },
      ]);
      // The file's bytes are streamed between the file part's header and the closing boundary.
      const boundary = head.contentType.split('boundary=')[1]!;
      const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
      const opening = head.payload.subarray(0, head.payload.length - closing.length);
      const { status } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
        let sent = 0;
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/files/upload',
          headers: { origin: TEST_ORIGIN, cookie: anna.cookie, 'content-type': head.contentType, 'content-length': opening.length + BIG + closing.length },
        });
        req.on('response', (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, sent });
        });
        req.on('error', (error) => (sent > 50 * 1024 * 1024 ? undefined : reject(error)));
        req.write(opening);
        const chunk = Buffer.alloc(1024 * 1024, 0x41);
        const pump = () => {
          while (sent < BIG) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end(closing);
        };
        pump();
      });
      expect(status).toBe(413);
      expect(blobCount()).toBe(0);
      expect(await list(anna.cookie)).toEqual([]);
    });

    it('rejects an oversized file inside a batch and keeps the others', async () => {
      const { anna } = await users();
      const big = Buffer.alloc(BIG, 0x42);
      const response = await upload(anna.cookie, uploadParts(5, YEAR, [{ filename: 'ok.pdf', data: PDF }, { filename: 'big.pdf', data: big }]));
      expect(response.statusCode).toBe(200);
      expect(response.json<UploadResponse>().files[1]).toMatchObject({ status: 'rejected', code: 'FILE_TOO_LARGE' });
      expect((await list(anna.cookie)).map((f) => f.name)).toEqual(['ok.pdf']);
      expect(blobCount()).toBe(1);
    });

    it('numbers concurrent versions of the same name one after the other', async () => {
      const { anna } = await users();
      const answers = await Promise.all(
        [1, 2, 3, 4].map((n) => uploadOne(anna.cookie, 'same.pdf', Buffer.from(`%PDF-1.4 version ${n}`))),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const [file] = await list(anna.cookie);
      expect(file).toMatchObject({ version: 4, versionCount: 4 });
    });
  });

  describe('reading documents', () => {
    it('shows each user only their own files: list, history and content of another user answer 404', async () => {
      const { anna, beat } = await users();
      await uploadOne(anna.cookie, 'anna.pdf', PDF);
      const [file] = await list(anna.cookie);
      expect(await list(beat.cookie)).toEqual([]);
      for (const url of [`/api/files/${file!.id}/history`, file!.blobUrl, `/api/files/999999/history`]) {
        const response = await get(ctx.app, url, { cookie: beat.cookie });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'FILE_NOT_FOUND' } });
      }
      expect((await get(ctx.app, '/api/files?taxYear=2025')).statusCode).toBe(401);
    });

    it('lets an administrator read a user file, and records that in the audit trail', async () => {
      const { admin, anna } = await users();
      await uploadOne(anna.cookie, 'anna.pdf', PDF);
      const [file] = await list(anna.cookie);
      const response = await get(ctx.app, file!.blobUrl, { cookie: admin.cookie });
      expect(response.statusCode).toBe(200);
      const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'documents.admin_read'));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actorUserId: admin.user.id, subjectUserId: anna.user.id });
    });

    it('shows a PDF inline in a sandbox on request, but no other type', async () => {
      const { anna } = await users();
      await uploadOne(anna.cookie, 'lohn.pdf', PDF);
      // HTML is refused at the upload (D7); any other type, text too, still leaves as an attachment only.
      await uploadOne(anna.cookie, 'notes.txt', Buffer.from('alert(1) // text, not a page'));
      const files = await list(anna.cookie);
      const pdf = files.find((f) => f.name === 'lohn.pdf')!;
      const html = files.find((f) => f.name === 'notes.txt')!;
      const shown = await get(ctx.app, `${pdf.blobUrl}?inline=1`, { cookie: anna.cookie });
      expect(shown.headers['content-disposition']).toMatch(/^inline;/);
      expect(shown.headers['content-security-policy']).toMatch(/^sandbox/);
      const refused = await get(ctx.app, `${html.blobUrl}?inline=1`, { cookie: anna.cookie });
      expect(refused.headers['content-disposition']).toMatch(/^attachment;/);
      expect(refused.headers['content-type']).toBe('application/octet-stream');
    });

    it('answers 400 for a year out of range or a malformed id', async () => {
      const { anna } = await users();
      const old = await get(ctx.app, '/api/files?taxYear=2015', { cookie: anna.cookie });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ error: { field: 'taxYear', message: 'taxYear: must be a year from 2016 to 2027' } });
      expect((await get(ctx.app, '/api/files?taxYear=abc', { cookie: anna.cookie })).statusCode).toBe(400);
      expect((await get(ctx.app, '/api/files', { cookie: anna.cookie })).statusCode).toBe(400);
      expect((await get(ctx.app, '/api/files/abc/history', { cookie: anna.cookie })).statusCode).toBe(400);
      // Beyond the database's integers: a clear 400, not a database error.
      for (const url of ['/api/files/99999999999/history', '/api/files/1/versions/99999999999/content']) {
        const response = await get(ctx.app, url, { cookie: anna.cookie });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.message, url).toMatch(/too large/);
      }
    });

    it('closes the stored file when a client stops a download half way', async () => {
      const { anna } = await users();
      await uploadOne(anna.cookie, 'gross.pdf', Buffer.concat([PDF, randomBytes(8 * 1024 * 1024)]));
      const [file] = await list(anna.cookie);
      // The upload's read (issue 29) opens the stored file too: once it has ended, only the downloads' handles count.
      const readStatus = async () => (await get(ctx.app, `/api/files/${file!.id}/extraction`, { cookie: anna.cookie })).json().status;
      await expect.poll(readStatus, { timeout: 60_000, interval: 100 }).not.toBe('pending');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const openBlobs = () =>
        readdirSync('/proc/self/fd').filter((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`).startsWith(blobDir);
          } catch {
            return false; // closed in the meantime
          }
        }).length;
      for (let attempt = 0; attempt < 3; attempt++) {
        await new Promise<void>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: file!.blobUrl, headers: { cookie: anna.cookie } }, (response) => {
            response.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.once('error', (error) => (req.destroyed ? undefined : reject(error)));
          req.end();
        });
      }
      await expect.poll(openBlobs).toBe(0);
    });
  });

  describe('GET /api/document-categories', () => {
    it('lists the six required categories by default and every category with mode=all', async () => {
      const { anna } = await users();
      const basic = (await get(ctx.app, '/api/document-categories?taxYear=2025', { cookie: anna.cookie })).json<DocumentCategoryResponse[]>();
      expect(basic.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 21]);
      expect(basic.every((c) => c.required && c.name && c.description)).toBe(true);
      const all = (await get(ctx.app, '/api/document-categories?taxYear=2025&mode=all', { cookie: anna.cookie })).json<DocumentCategoryResponse[]>();
      expect(all).toHaveLength(37);
      expect(all.find((c) => c.id === 39)).toMatchObject({ name: 'Power of attorney (signed)', section: 'authorization', required: false });
    });

    it('answers 400 for an unknown mode or a year out of range, 401 without a session', async () => {
      const { anna } = await users();
      expect((await get(ctx.app, '/api/document-categories?mode=everything', { cookie: anna.cookie })).statusCode).toBe(400);
      expect((await get(ctx.app, '/api/document-categories?taxYear=1999', { cookie: anna.cookie })).statusCode).toBe(400);
      expect((await get(ctx.app, '/api/document-categories')).statusCode).toBe(401);
    });
  });
});
