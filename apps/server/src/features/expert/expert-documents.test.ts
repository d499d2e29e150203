import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { REQUIRED_CATEGORY_IDS, type UploadResponse } from '@taxli/domain';
import { auditEvents, documents, documentVersions, transmissionFiles, users } from '../../db/schema.js';
import { drivers, TEST_DATA_DIR, TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, signIn, type SignedIn } from '../../test/auth-helpers.js';
import { samplePdf } from '../../test/document-samples.js';
import { signInAs, transmittedPerson } from '../../test/expert-helpers.js';
import { multipart, sha256, uploadParts } from '../../test/multipart.js';
import { markSectionComplete, send, setStatusRow } from '../../test/status-helpers.js';
import { hasUnzipProgram, unzip, unzipTest } from '../../test/unzip.js';

// The experts' downloads of a person's documents (issue 27 item 4): one version, and the whole year
// as one streamed ZIP, both decrypted on the fly, audited, for years in the experts' queue only.

const YEAR = 2025; // the year in preparation on the test clock (15 March 2026)
const blobDir = join(TEST_DATA_DIR, 'blobs');

/** A PDF with bytes of its own (the upload keeps no second version of the same bytes). */
const pdf = (label: string, extra = 64) => Buffer.concat([samplePdf(), Buffer.from(`% ${label}\n`), randomBytes(extra)]);

async function upload(ctx: TestContext, person: SignedIn, categoryId: number, filename: string, data: Buffer, taxYear = YEAR) {
  const { payload, contentType } = multipart(uploadParts(categoryId, taxYear, [{ filename, data }]));
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload,
    headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'content-type': contentType },
  });
  const result = response.json<UploadResponse>().files[0];
  if (response.statusCode !== 200 || result?.status !== 'fulfilled') throw new Error(`upload: ${response.statusCode} ${response.body}`);
}

interface Sent {
  /** The path the archive should give it → its bytes. */
  files: Map<string, Buffer>;
}

/**
 * A person whose year went through the real flow with real files: uploads (encrypted) into every
 * required category, a second version of the bank statement, the section complete, transmit; then,
 * after the transmission, a third version of the statement and a new document. `big` adds large files.
 */
async function transmittedWithFiles(ctx: TestContext, email: string, { big = 0 }: { big?: number } = {}): Promise<{ person: SignedIn; sent: Sent }> {
  await signIn(ctx, 'admin@example.ch').catch(() => undefined);
  const person = await signIn(ctx, email);
  await ctx.database.db.update(users).set({ firstName: 'Anna', lastName: 'Muster' }).where(eq(users.id, person.user.id));
  await setStatusRow(ctx.database.db, person.user.id, YEAR, 'documents_pending');
  await markSectionComplete(ctx.database.db, person.user.id, YEAR);
  const files = new Map<string, Buffer>();
  const statement1 = pdf('statement v1');
  const statement2 = pdf('statement v2');
  await upload(ctx, person, 1, 'Kontoauszug.pdf', statement1);
  await upload(ctx, person, 1, 'Kontoauszug.pdf', statement2);
  const salary = pdf('salary');
  await upload(ctx, person, 5, 'Lohnausweis 2025 – Zürich.pdf', salary);
  files.set('05 Salary Statement/Lohnausweis 2025 – Zürich.pdf', salary);
  for (const categoryId of REQUIRED_CATEGORY_IDS.filter((id) => id !== 1 && id !== 5)) {
    const data = pdf(`category ${categoryId}`);
    await upload(ctx, person, categoryId, `Beleg ${categoryId}.pdf`, data);
    files.set(`${categoryFolderName[categoryId]}/Beleg ${categoryId}.pdf`, data);
  }
  for (let n = 0; n < big; n++) {
    const data = pdf(`big ${n}`, 8 * 1024 * 1024);
    await upload(ctx, person, 4, `Quittungen ${n}.pdf`, data);
    files.set(`04 Receipts for Deductions/Quittungen ${n}.pdf`, data);
  }
  const transmitted = await send(ctx.app, 'POST', '/api/tax-year-status/transmit', person.cookie, { taxYear: YEAR });
  if (transmitted.statusCode !== 200) throw new Error(`transmit: ${transmitted.statusCode} ${transmitted.body}`);
  // After the transmission: the frozen version 2 stays in the archive beside the newer version 3.
  const statement3 = pdf('statement v3');
  await upload(ctx, person, 1, 'Kontoauszug.pdf', statement3);
  files.set('01 Bank Documents/Kontoauszug.pdf', statement3);
  files.set('01 Bank Documents/Kontoauszug (v2).pdf', statement2);
  const later = pdf('pillar 3a');
  await upload(ctx, person, 22, 'Säule 3a.pdf', later);
  files.set('22 Pillar 3a certificate/Säule 3a.pdf', later);
  return { person, sent: { files } };
}

const categoryFolderName: Record<number, string> = {
  2: '02 Insurance Certificates',
  3: '03 Proof of Professional Expenses',
  4: '04 Receipts for Deductions',
  21: '21 Transport',
};

const zipUrl = (userId: number, taxYear = YEAR) => `/api/expert/returns/${userId}/${taxYear}/documents.zip`;
const documentUrl = (userId: number, versionId: number, taxYear = YEAR) => `/api/expert/returns/${userId}/${taxYear}/documents/${versionId}`;

async function versionRows(ctx: TestContext, userId: number) {
  return ctx.database.db
    .select({ versionId: documentVersions.id, name: documents.originalName, version: documentVersions.version, sha256: documentVersions.sha256, taxYear: documents.taxYear })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(eq(documents.userId, userId));
}

async function auditRows(ctx: TestContext, action: string) {
  return ctx.database.db
    .select({ actor: auditEvents.actorUserId, subject: auditEvents.subjectUserId, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.action, action));
}

describe.each(drivers)('expert downloads of a person’s documents (%s)', (driver) => {
  const ctx = useTestApp(driver);
  beforeEach(() => {
    for (const file of readdirSync(blobDir)) rmSync(join(blobDir, file), { force: true });
  });

  describe('the year as one ZIP', () => {
    it('holds every transmitted version, byte for byte, in a folder per category, with names unique, and is audited', async () => {
      const { person, sent } = await transmittedWithFiles(ctx, 'anna@example.ch');
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const response = await get(ctx.app, zipUrl(person.user.id), { cookie: expert.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="taxli-${YEAR}-${person.user.id}\\.zip"`));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

      const entries = await unzip(response.rawPayload);
      const byPath = new Map(entries.map((entry) => [entry.name, entry]));
      expect([...byPath.keys()].sort()).toEqual([...sent.files.keys()].sort());
      expect(byPath.size).toBe(entries.length); // no name twice
      for (const [path, data] of sent.files) {
        expect(sha256(byPath.get(path)!.data), path).toBe(sha256(data));
        expect(byPath.get(path)!.statedCrc32, path).toBe(byPath.get(path)!.actualCrc32);
        expect(byPath.get(path)!.compressionMethod, path).toBe(0);
      }
      // Every version the transmission froze is in it, by its recorded SHA-256.
      const frozen = await ctx.database.db
        .select({ sha256: documentVersions.sha256 })
        .from(transmissionFiles)
        .innerJoin(documentVersions, eq(documentVersions.id, transmissionFiles.documentVersionId));
      expect(frozen).toHaveLength(REQUIRED_CATEGORY_IDS.length);
      const archived = new Set(entries.map((entry) => sha256(entry.data)));
      for (const { sha256: hash } of frozen) expect(archived.has(hash)).toBe(true);
      // The first version of the statement was neither the latest nor sent: not in it.
      const [first] = (await versionRows(ctx, person.user.id)).filter((row) => row.name === 'Kontoauszug.pdf' && row.version === 1);
      expect(archived.has(first!.sha256)).toBe(false);

      expect(await auditRows(ctx, 'expert.download_zip')).toEqual([
        { actor: expert.user.id, subject: person.user.id, details: { taxYear: YEAR, fileCount: sent.files.size } },
      ]);
    });

    it.skipIf(!hasUnzipProgram)("passes Info-ZIP's integrity test", async () => {
      const { person } = await transmittedWithFiles(ctx, 'anna@example.ch');
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const { status, output } = unzipTest((await get(ctx.app, zipUrl(person.user.id), { cookie: expert.cookie })).rawPayload);
      expect(output).toContain('No errors detected');
      expect(status).toBe(0);
    });

    it('is for experts and admins only: the person gets 403, and so does anyone else who is no expert', async () => {
      const { person } = await transmittedWithFiles(ctx, 'anna@example.ch');
      const other = await signIn(ctx, 'beat@example.ch');
      for (const who of [person, other]) {
        const response = await get(ctx.app, zipUrl(person.user.id), { cookie: who.cookie });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      expect((await get(ctx.app, zipUrl(person.user.id))).statusCode).toBe(401);
      const admin = await signIn(ctx, 'admin@example.ch');
      expect((await get(ctx.app, zipUrl(person.user.id), { cookie: admin.cookie })).statusCode).toBe(200);
      expect(await auditRows(ctx, 'expert.download_zip')).toHaveLength(1);
    });

    it('answers 404 RETURN_NOT_FOUND for a year before the queue (status 1–2), another year, or nobody', async () => {
      const { person } = await transmittedWithFiles(ctx, 'anna@example.ch');
      const pending = await signIn(ctx, 'beat@example.ch');
      await setStatusRow(ctx.database.db, pending.user.id, YEAR, 'documents_pending');
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      for (const url of [zipUrl(pending.user.id), zipUrl(person.user.id, YEAR - 1), zipUrl(999_999)]) {
        const response = await get(ctx.app, url, { cookie: expert.cookie });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code, url).toBe('RETURN_NOT_FOUND');
      }
      expect(await auditRows(ctx, 'expert.download_zip')).toEqual([]);
    });

    it('answers a HEAD (a download manager asking the size) with the same headers, reading no document and recording no read', async () => {
      const { person } = await transmittedWithFiles(ctx, 'anna@example.ch');
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const head = await ctx.app.inject({ method: 'HEAD', url: zipUrl(person.user.id), headers: { cookie: expert.cookie } });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      expect(await auditRows(ctx, 'expert.download_zip')).toEqual([]);
      const whole = await get(ctx.app, zipUrl(person.user.id), { cookie: expert.cookie });
      expect(head.headers['content-length']).toBe(whole.headers['content-length']);
      expect(head.headers['content-disposition']).toBe(whole.headers['content-disposition']);
    });

    it('is an empty but valid archive for a year at status 3 without documents', async () => {
      const person = await signIn(ctx, 'anna@example.ch');
      await setStatusRow(ctx.database.db, person.user.id, YEAR, 'documents_submitted');
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const response = await get(ctx.app, zipUrl(person.user.id), { cookie: expert.cookie });
      expect(response.statusCode).toBe(200);
      expect(await unzip(response.rawPayload)).toEqual([]);
    });
  });

  describe('one document version', () => {
    it('streams the version decrypted, as an attachment with its name, and audits it', async () => {
      const { person, sent } = await transmittedWithFiles(ctx, 'anna@example.ch');
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const rows = await versionRows(ctx, person.user.id);
      const salary = rows.find((row) => row.name.startsWith('Lohnausweis'))!;
      const response = await get(ctx.app, documentUrl(person.user.id, salary.versionId), { cookie: expert.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(sent.files.get('05 Salary Statement/Lohnausweis 2025 – Zürich.pdf')!)).toBe(true);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Lohnausweis 2025 _ Z_rich.pdf"; filename*=UTF-8''${encodeURIComponent('Lohnausweis 2025 – Zürich.pdf')}`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // An older version, frozen or not, is the expert's to read too.
      const first = rows.find((row) => row.name === 'Kontoauszug.pdf' && row.version === 1)!;
      expect(sha256((await get(ctx.app, documentUrl(person.user.id, first.versionId), { cookie: expert.cookie })).rawPayload)).toBe(first.sha256);
      expect(await auditRows(ctx, 'expert.download_document')).toEqual([
        { actor: expert.user.id, subject: person.user.id, details: { versionId: salary.versionId, taxYear: YEAR } },
        { actor: expert.user.id, subject: person.user.id, details: { versionId: first.versionId, taxYear: YEAR } },
      ]);
    });

    it("answers 404 for a version of another person or of another year, and 403 to the person", async () => {
      const { person } = await transmittedWithFiles(ctx, 'anna@example.ch');
      const beat = await transmittedPerson(ctx, 'beat@example.ch', YEAR);
      await upload(ctx, person, 5, 'Lohnausweis 2024.pdf', pdf('2024'), YEAR - 1);
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const [beatsVersion] = await versionRows(ctx, beat.user.id);
      const [otherYear] = (await versionRows(ctx, person.user.id)).filter((row) => row.taxYear === YEAR - 1);
      for (const versionId of [beatsVersion!.versionId, otherYear!.versionId, 999_999]) {
        const response = await get(ctx.app, documentUrl(person.user.id, versionId), { cookie: expert.cookie });
        expect(response.statusCode, String(versionId)).toBe(404);
        expect(response.json().error.code).toBe('FILE_NOT_FOUND');
      }
      const [own] = await versionRows(ctx, person.user.id);
      expect((await get(ctx.app, documentUrl(person.user.id, own!.versionId), { cookie: person.cookie })).statusCode).toBe(403);
      expect(await auditRows(ctx, 'expert.download_document')).toEqual([]);
    });

    it('answers 404 RETURN_NOT_FOUND while the year is not in the queue', async () => {
      const person = await signIn(ctx, 'anna@example.ch');
      await setStatusRow(ctx.database.db, person.user.id, YEAR, 'documents_pending');
      await upload(ctx, person, 5, 'Lohnausweis.pdf', pdf('early'));
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const [row] = await versionRows(ctx, person.user.id);
      const response = await get(ctx.app, documentUrl(person.user.id, row!.versionId), { cookie: expert.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('RETURN_NOT_FOUND');
    });
  });

  describe('over real HTTP', () => {
    const openBlobs = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(blobDir);
        } catch {
          return false; // closed in the meantime
        }
      }).length;

    /** Downloads `path`; `stopAfter` bytes, the client leaves. Answers what arrived and whether the body was complete. */
    function download(port: number, path: string, cookie: string, stopAfter = Infinity) {
      return new Promise<{ status: number; length: number; received: number; complete: boolean }>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, headers: { cookie } }, (response) => {
          let received = 0;
          const done = () =>
            resolve({ status: response.statusCode ?? 0, length: Number(response.headers['content-length']), received, complete: response.complete });
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received >= stopAfter) {
              req.destroy();
              done();
            }
          });
          response.once('end', done);
          response.once('error', done);
          response.once('close', done);
        });
        req.once('error', () => undefined); // a cut answer is one of the outcomes looked at
        req.end();
      });
    }

    it('closes every stored file when the expert stops the download half way, and the server goes on', async () => {
      const { person } = await transmittedWithFiles(ctx, 'anna@example.ch', { big: 3 });
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      for (let attempt = 0; attempt < 3; attempt++) {
        const cut = await download(port, zipUrl(person.user.id), expert.cookie, 1024 * 1024);
        expect(cut.status).toBe(200);
        expect(cut.received).toBeLessThan(cut.length);
      }
      await expect.poll(openBlobs).toBe(0);
      const whole = await download(port, zipUrl(person.user.id), expert.cookie);
      expect(whole).toMatchObject({ status: 200, complete: true });
      expect(whole.received).toBe(whole.length);
    });

    it.each([
      ['is missing (a lost disk, an operator’s mistake)', (path: string) => rmSync(path)],
      [
        'fails its check half way (altered on disk)',
        (path: string) => {
          const blob = readFileSync(path);
          blob[3 * 1024 * 1024] = (blob[3 * 1024 * 1024]! + 1) % 256; // in the fourth 1 MiB frame
          writeFileSync(path, blob);
        },
      ],
    ])('cuts the archive where a stored file %s, logs it, and lives on', async (_what, damage) => {
      const { person } = await transmittedWithFiles(ctx, 'anna@example.ch', { big: 1 });
      const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
      const [lost] = await ctx.database.db
        .select({ key: documentVersions.storageKey, versionId: documentVersions.id })
        .from(documentVersions)
        .innerJoin(documents, eq(documents.id, documentVersions.documentId))
        .where(and(eq(documents.userId, person.user.id), eq(documents.originalName, 'Quittungen 0.pdf')));
      damage(join(blobDir, lost!.key));
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const cut = await download(port, zipUrl(person.user.id), expert.cookie);
      expect(cut.status).toBe(200);
      expect(cut.complete).toBe(false);
      expect(cut.received).toBeLessThan(cut.length);
      await expect.poll(() => ctx.logs.some((line) => line.includes('expert ZIP: a document could not be read'))).toBe(true);
      const logged = ctx.logs.find((line) => line.includes('expert ZIP: a document could not be read'))!;
      expect(JSON.parse(logged)).toMatchObject({ versionId: lost!.versionId, taxYear: YEAR, userId: person.user.id });
      expect(logged).not.toContain('Quittungen');
      await expect.poll(openBlobs).toBe(0);
      expect((await get(ctx.app, '/api/health')).statusCode).toBe(200);
      const rows = await versionRows(ctx, person.user.id);
      const fine = rows.find((row) => row.name === 'Beleg 2.pdf')!;
      expect((await get(ctx.app, documentUrl(person.user.id, fine.versionId), { cookie: expert.cookie })).statusCode).toBe(200);
    });
  });
});
