import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_EXPORTS_PER_DAY, type UploadResponse } from '@taxli/domain';
import { auditEvents, documentVersions, transmissionFiles, transmissions, users } from '../../db/schema.js';
import { drivers, TEST_ORIGIN, useTestApp, type TestContext } from '../../test/build-test-app.js';
import { get, post, signIn, type SignedIn } from '../../test/auth-helpers.js';
import { samplePdf } from '../../test/document-samples.js';
import { signInAdmin, signInAs } from '../../test/expert-helpers.js';
import { multipart, sha256, uploadParts } from '../../test/multipart.js';
import { pdfLines } from '../../test/pdf-lines.js';
import { setLanguage } from '../../test/return-work-helpers.js';
import { send, setStatusRow } from '../../test/status-helpers.js';
import { unzip, type UnzippedEntry } from '../../test/unzip.js';

// "Download my data" (issue 30 item 5 and 7): everything held on one person, as one streamed ZIP,
// for the person (a few a day) or an administrator on their behalf; never a byte of anyone else's.

const YEAR = 2025; // the year in preparation on the test clock (15 March 2026)
const EXPORT = '/api/account/export';
const adminExport = (userId: number | string) => `/api/admin/users/${userId}/export`;

/** A PDF with bytes of its own (the same bytes again make no new version). */
const pdf = (label: string) => Buffer.concat([samplePdf(), Buffer.from(`% ${label}\n`), randomBytes(64)]);

async function upload(ctx: TestContext, person: SignedIn, categoryId: number, filename: string, data: Buffer) {
  const { payload, contentType } = multipart(uploadParts(categoryId, YEAR, [{ filename, data }]));
  const response = await ctx.app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, cookie: person.cookie, 'content-type': contentType } });
  expect(response.json<UploadResponse>().files[0]?.status, response.body).toBe('fulfilled');
}

interface Person {
  signedIn: SignedIn;
  email: string;
  names: [string, string];
  ahv: string;
  message: string;
  /** Path in the export → the bytes uploaded. */
  files: Map<string, Buffer>;
}

/** A person with documents in categories 1 and 5 (two versions of the bank statement), a spouse's AHV number and a message. */
async function personWithData(ctx: TestContext, email: string, names: [string, string], ahv: string, marker: string): Promise<Person> {
  const signedIn = await signIn(ctx, email);
  await ctx.database.db.update(users).set({ firstName: names[0], lastName: names[1] }).where(eq(users.id, signedIn.user.id));
  const files = new Map<string, Buffer>();
  const [statement1, statement2, salary] = [pdf(`${marker} statement 1`), pdf(`${marker} statement 2`), pdf(`${marker} salary`)];
  await upload(ctx, signedIn, 1, 'Kontoauszug.pdf', statement1);
  await upload(ctx, signedIn, 1, 'Kontoauszug.pdf', statement2);
  await upload(ctx, signedIn, 5, 'Lohnausweis.pdf', salary);
  files.set(`documents/${YEAR}/01 Bank Documents/Kontoauszug.pdf`, statement2);
  files.set(`documents/${YEAR}/01 Bank Documents/Kontoauszug (v1).pdf`, statement1);
  files.set(`documents/${YEAR}/05 Salary Statement/Lohnausweis.pdf`, salary);
  const spouse = { taxYear: YEAR, firstName: `${names[0]}s Partner`, lastName: names[1], age: 41, occupation: 'Engineer', ahvNumber: ahv, taxId: '' };
  expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/spouse', signedIn.cookie, spouse)).statusCode).toBe(200);
  const message = `Please call me, ${marker}`;
  expect((await send(ctx.app, 'POST', '/api/send-message', signedIn.cookie, { message })).statusCode).toBe(201);
  return { signedIn, email, names, ahv, message, files };
}

const byName = (entries: UnzippedEntry[]) => new Map(entries.map((entry) => [entry.name, entry]));
const json = <T>(entries: Map<string, UnzippedEntry>, name: string): T => JSON.parse(entries.get(name)!.data.toString('utf8')) as T;

async function exportRows(ctx: TestContext) {
  return ctx.database.db
    .select({ actor: auditEvents.actorUserId, subject: auditEvents.subjectUserId, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'account.export')));
}

describe.each(drivers)('the data export (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it("holds the person's account, years, Advanced Tax Information in clear, messages and every document version as uploaded, none of another's", async () => {
    await signInAdmin(ctx);
    const anna = await personWithData(ctx, 'anna@example.ch', ['Anna', 'Muster'], '756.1234.5678.97', 'marker-anna-5d1e');
    const bruno = await personWithData(ctx, 'bruno@example.ch', ['Bruno', 'Beispiel'], '756.9217.0769.85', 'marker-bruno-77c2');

    const response = await get(ctx.app, EXPORT, { cookie: anna.signedIn.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="taxli-export-2026-03-15\.zip"/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    const entries = await unzip(response.rawPayload);
    const files = byName(entries);
    expect(files.size).toBe(entries.length);
    for (const name of ['summary.pdf', 'account.json', 'advanced-tax-info.json', 'messages.json', 'notifications.json', 'audit.json', 'document-reads.json', 'manifest.json', 'manifest.csv']) {
      expect(files.has(name), name).toBe(true);
    }
    // Every version, byte for byte, and the manifest's SHA-256 of each is that of its bytes.
    const documentNames = entries.filter((entry) => entry.name.startsWith('documents/')).map((entry) => entry.name);
    expect(documentNames.sort()).toEqual([...anna.files.keys()].sort());
    for (const [path, data] of anna.files) expect(sha256(files.get(path)!.data), path).toBe(sha256(data));
    const manifest = json<{ documentVersions: Array<{ path: string; sha256: string; originalName: string; taxYear: number; categoryId: number; sizeBytes: number }> }>(files, 'manifest.json');
    expect(manifest.documentVersions.map((row) => row.path).sort()).toEqual([...anna.files.keys()].sort());
    for (const row of manifest.documentVersions) {
      expect(row.sha256, row.path).toBe(sha256(files.get(row.path)!.data));
      expect(row).toMatchObject({ taxYear: YEAR, sizeBytes: anna.files.get(row.path)!.length });
    }
    const csv = files.get('manifest.csv')!.data.toString('utf8');
    for (const row of manifest.documentVersions) expect(csv).toContain(row.sha256);

    expect(json<{ account: { email: string; firstName: string } }>(files, 'account.json').account).toMatchObject({ email: anna.email, firstName: 'Anna' });
    const ati = json<{ years: Array<{ taxYear?: number; spouse: { ahvNumber: string } | null }> }>(files, 'advanced-tax-info.json');
    expect(ati.years.map((year) => year.spouse?.ahvNumber)).toEqual([anna.ahv]);
    expect(json<{ messages: Array<{ body: string }> }>(files, 'messages.json').messages.map((m) => m.body)).toEqual([anna.message]);

    // Nothing of Bruno's: not his address, names, AHV number, message, nor any of his files' bytes.
    const everything = entries.map((entry) => entry.data.toString('utf8')).join('\n');
    for (const text of [bruno.email, 'Bruno', 'Beispiel', bruno.ahv, 'marker-bruno-77c2']) expect(everything, text).not.toContain(text);
    const exportedHashes = new Set(entries.map((entry) => sha256(entry.data)));
    for (const data of bruno.files.values()) expect(exportedHashes.has(sha256(data))).toBe(false);

    expect(await exportRows(ctx)).toEqual([{ actor: anna.signedIn.user.id, subject: anna.signedIn.user.id, details: { onBehalf: false } }]);
  });

  it("has a summary PDF in the person's language naming the purposes and the experts who handled the returns, and an audit trail with their role", async () => {
    await signInAdmin(ctx);
    const anna = await signIn(ctx, 'anna@example.ch');
    await setLanguage(ctx, anna.user.id, 'de');
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    await ctx.database.db.update(users).set({ firstName: 'Erika', lastName: 'Expertin' }).where(eq(users.id, erika.user.id));
    await ctx.app.services.audit.record({ action: 'expert.read_client_file', outcome: 'success', actorUserId: erika.user.id, subjectUserId: anna.user.id, details: { taxYear: YEAR } });

    // What Anna herself did to another account shows without the details that name it.
    await ctx.app.services.audit.record({ action: 'admin.list_users', outcome: 'success', actorUserId: anna.user.id, subjectUserId: null, details: { userIds: `${erika.user.id}` } });

    const response = await get(ctx.app, EXPORT, { cookie: anna.cookie });
    expect(response.statusCode).toBe(200);
    const files = byName(await unzip(response.rawPayload));
    const text = (await pdfLines(files.get('summary.pdf')!.data)).join(' ');
    expect(text).toContain('Ihre Daten bei Taxli');
    expect(text).toContain('Warum wir Ihre Daten bearbeiten');
    expect(text).toContain('Um Ihre Steuererklärung mit unseren Steuerexpertinnen und -experten nach Ihren Anweisungen vorzubereiten');
    expect(text).toContain('Erika (Steuerexperte/-expertin)');
    expect(text).not.toContain('Expertin,'); // first names only
    const audit = json<{ events: Array<{ action: string; actor: { by: string; id?: number } }> }>(files, 'audit.json');
    expect(audit.events).toContainEqual(expect.objectContaining({ action: 'expert.read_client_file', actor: { by: 'expert', id: erika.user.id } }));
    expect(audit.events).toContainEqual(expect.objectContaining({ action: 'auth.verify_code', actor: { by: 'you' } }));
    expect(audit.events).toContainEqual(expect.objectContaining({ action: 'admin.list_users', actor: { by: 'you' }, details: null }));
  });

  it('holds every version of the prepared return once the person may read it (status 5), byte for byte, in the manifest', async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'processing'); // transmitted, with the experts
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const drafts = [pdf('prepared v1'), pdf('prepared v2')];
    for (const data of drafts) {
      const { payload, contentType } = multipart([{ name: 'file', filename: 'Steuererklaerung.pdf', data, type: 'application/pdf' }]);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/expert/returns/${anna.user.id}/${YEAR}/prepared-return`,
        payload,
        headers: { origin: TEST_ORIGIN, cookie: erika.cookie, 'content-type': contentType },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    const pathOf = (version: number) => `prepared-returns/${YEAR}/prepared-return-${YEAR}-v${version}.pdf`;
    // At status 4 the expert is still at work: the person sees no prepared return yet, nor does the export.
    let files = byName(await unzip((await get(ctx.app, EXPORT, { cookie: anna.cookie })).rawPayload));
    expect([...files.keys()].filter((name) => name.startsWith('prepared-returns/'))).toEqual([]);

    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'review_required');
    files = byName(await unzip((await get(ctx.app, EXPORT, { cookie: anna.cookie })).rawPayload));
    expect(files.get(pathOf(1))?.data.equals(drafts[0]!)).toBe(true);
    expect(files.get(pathOf(2))?.data.equals(drafts[1]!)).toBe(true);
    const manifest = json<{ preparedReturns: Array<{ path: string; sha256: string }> }>(files, 'manifest.json');
    expect(manifest.preparedReturns).toEqual(drafts.map((data, index) => expect.objectContaining({ kind: 'prepared-return', path: pathOf(index + 1), sha256: sha256(data) })));
  });

  it('holds the terms accepted as the server saw them, each transmission with the versions it sent, and the experts\' work with its requests', async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const accepted = await post(ctx.app, '/api/gtc/accept', { accepted: true }, { cookie: anna.cookie, headers: { 'user-agent': 'Mozilla/5.0 Export' }, remoteAddress: '203.0.113.9' });
    expect(accepted.statusCode).toBe(200);
    const salary = pdf('sent salary');
    await upload(ctx, anna, 5, 'Lohnausweis.pdf', salary);
    // The transmission as the transmit records it (the versions it froze), then the experts' work.
    const [sent] = await ctx.database.db.select({ id: documentVersions.id }).from(documentVersions);
    const [transmission] = await ctx.database.db.insert(transmissions).values({ userId: anna.user.id, taxYear: YEAR, transmittedAt: new Date(ctx.clock.now) }).returning();
    await ctx.database.db.insert(transmissionFiles).values({ transmissionId: transmission!.id, documentVersionId: sent!.id });
    await setStatusRow(ctx.database.db, anna.user.id, YEAR, 'processing');
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const base = `/api/expert/returns/${anna.user.id}/${YEAR}`;
    expect((await send(ctx.app, 'POST', `${base}/assign`, erika.cookie, {})).statusCode).toBe(200);
    const note = 'Please add the 3a certificate, marker-note-91f3';
    expect((await send(ctx.app, 'POST', `${base}/requests`, erika.cookie, { categoryId: 1, note })).statusCode).toBe(201);

    const files = byName(await unzip((await get(ctx.app, EXPORT, { cookie: anna.cookie })).rawPayload));
    const account = json<{ termsAcceptances: Array<{ termsVersion: string; userAgent: string; ipHash: string; acceptedAt: string }> }>(files, 'account.json');
    expect(account.termsAcceptances).toEqual([{ termsVersion: 'v1', acceptedAt: '2026-03-15T10:00:00.000Z', userAgent: 'Mozilla/5.0 Export', ipHash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(account)).not.toContain('203.0.113.9');

    const path = `documents/${YEAR}/05 Salary Statement/Lohnausweis.pdf`;
    expect(files.get(path)?.data.equals(salary)).toBe(true);
    expect(json(files, `tax-years/${YEAR}/transmissions.json`)).toEqual({
      transmissions: [{ transmittedAt: '2026-03-15T10:00:00.000Z', documents: [{ path, originalName: 'Lohnausweis.pdf', sha256: sha256(salary) }] }],
    });
    expect(json(files, `tax-years/${YEAR}/expert-work.json`)).toEqual({
      handledBy: { by: 'expert', id: erika.user.id },
      assignedAt: '2026-03-15T10:00:00.000Z',
      filedOn: null,
      documentRequests: [{ categoryId: 1, category: 'Bank Documents', note, createdAt: '2026-03-15T10:00:00.000Z', fulfilledAt: null }],
    });
  });

  it('cuts the download, never completes it, when a version does not match its stored SHA-256; the log names its id, not its name', async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    await upload(ctx, anna, 5, 'Lohnausweis-geheim.pdf', pdf('salary'));
    const [stored] = await ctx.database.db.select({ id: documentVersions.id }).from(documentVersions);
    await ctx.database.db.update(documentVersions).set({ sha256: '0'.repeat(64) }).where(eq(documentVersions.id, stored!.id));

    await expect(get(ctx.app, EXPORT, { cookie: anna.cookie })).rejects.toThrow();
    const logged = ctx.logs.filter((line) => line.includes('data export: a document could not be read'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`"versionId":${stored!.id}`);
    expect(ctx.logs.join('\n')).not.toContain('Lohnausweis-geheim');
  });

  it('allows a few exports a day: then 429 EXPORT_RATE_LIMITED saying when, nothing recorded, and again once a day has passed', async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const allowance = async (cookie = anna.cookie) => (await get(ctx.app, `${EXPORT}/allowance`, { cookie })).json();
    expect(await allowance()).toEqual({ limit: ACCOUNT_EXPORTS_PER_DAY, left: ACCOUNT_EXPORTS_PER_DAY, freesAt: null });
    const first = ctx.clock.now;
    for (let n = 0; n < ACCOUNT_EXPORTS_PER_DAY; n++) {
      expect((await get(ctx.app, EXPORT, { cookie: anna.cookie })).statusCode).toBe(200);
      ctx.clock.advanceMinutes(20); // within the session's idle time
    }
    const refused = await get(ctx.app, EXPORT, { cookie: anna.cookie });
    expect(refused.statusCode).toBe(429);
    // Free again 24 hours after the first export counted.
    const freeAt = first + 24 * 3_600_000;
    expect(refused.json()).toMatchObject({ error: { code: 'EXPORT_RATE_LIMITED', retryAt: new Date(freeAt).toISOString() } });
    expect(refused.headers['retry-after']).toBe(String((freeAt - ctx.clock.now) / 1000));
    expect(await exportRows(ctx)).toHaveLength(ACCOUNT_EXPORTS_PER_DAY);
    expect(await allowance()).toEqual({ limit: ACCOUNT_EXPORTS_PER_DAY, left: 0, freesAt: new Date(freeAt).toISOString() });

    ctx.clock.now = freeAt;
    const again = await signIn(ctx, 'anna@example.ch');
    expect((await get(ctx.app, EXPORT, { cookie: again.cookie })).statusCode).toBe(200);
    expect((await get(ctx.app, EXPORT, { cookie: again.cookie })).statusCode).toBe(429); // the second export leaves the window 20 minutes later
    expect(await allowance(again.cookie)).toEqual({ limit: ACCOUNT_EXPORTS_PER_DAY, left: 0, freesAt: new Date(freeAt + 20 * 60_000).toISOString() });
  });

  it("lets an administrator export a person's data on their behalf (audited as the admin's, outside the person's limit); 403 to others, 404 for no one", async () => {
    const admin = await signInAdmin(ctx);
    const anna = await personWithData(ctx, 'anna@example.ch', ['Anna', 'Muster'], '756.1234.5678.97', 'marker-anna-5d1e');
    for (let n = 0; n < ACCOUNT_EXPORTS_PER_DAY; n++) expect((await get(ctx.app, EXPORT, { cookie: anna.signedIn.cookie })).statusCode).toBe(200);

    const response = await get(ctx.app, adminExport(anna.signedIn.user.id), { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const files = byName(await unzip(response.rawPayload));
    expect(json<{ account: { email: string } }>(files, 'account.json').account.email).toBe(anna.email);
    for (const [path, data] of anna.files) expect(sha256(files.get(path)!.data), path).toBe(sha256(data));
    expect((await exportRows(ctx)).filter((row) => row.actor === admin.user.id)).toEqual([{ actor: admin.user.id, subject: anna.signedIn.user.id, details: { onBehalf: true } }]);

    const expert = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    expect((await get(ctx.app, adminExport(anna.signedIn.user.id), { cookie: anna.signedIn.cookie })).statusCode).toBe(403);
    expect((await get(ctx.app, adminExport(anna.signedIn.user.id), { cookie: expert.cookie })).statusCode).toBe(403);
    const unknown = await get(ctx.app, adminExport(999_999), { cookie: admin.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND', field: 'userId' } });
    expect((await get(ctx.app, adminExport('abc'), { cookie: admin.cookie })).statusCode).toBe(400);
  });

  it('answers 401 without a session, and a HEAD its length without recording an export', async () => {
    expect((await get(ctx.app, EXPORT)).statusCode).toBe(401);
    expect((await get(ctx.app, adminExport(1))).statusCode).toBe(401);
    const anna = await signIn(ctx, 'anna@example.ch');
    const head = await ctx.app.inject({ method: 'HEAD', url: EXPORT, headers: { cookie: anna.cookie } });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(await exportRows(ctx)).toEqual([]);
  });
});
