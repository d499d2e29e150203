import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { sql } from 'drizzle-orm';
import type { FileRecord, UploadResponse } from '@taxli/domain';
import { openDatabase, queryRows } from '../db/client.js';
import { CapturingMailer, TEST_ORIGIN, testConfig, type TestContext } from '../test/build-test-app.js';
import { get, signIn } from '../test/auth-helpers.js';
import { multipart, uploadParts } from '../test/multipart.js';
import { send } from '../test/status-helpers.js';
import { temporaryDirectory } from '../test/temporary-directory.js';
import { scanDataDir } from '../test/data-dir-scan.js';

const YEAR = 2025;
/** A real-form AHV number: 756.1234.5678.9 + its EAN-13 check digit 7. */
const AHV = '756.1234.5678.97';
const TAX_ID = '987.654.321';
const SPOUSE_TAX_ID = '123.456.780';
const MESSAGE = 'Please call me about the Zurich flat, marker-msg-41c7';
const DOCUMENT = 'Lohnausweis 2025, marker-doc-93af, gross salary CHF 98 765';

/**
 * README's promise (DECISIONS D7, D12): message texts, AHV numbers, tax IDs and documents are
 * sealed before they reach the disk. A person writes each through the API into a server with its
 * own DATA_DIR (embedded database and local blob store); then every byte under DATA_DIR is searched.
 */
describe('data at rest', () => {
  it('leaves no message text, AHV number, tax ID or document content in plaintext anywhere under DATA_DIR', async () => {
    const dir = temporaryDirectory('taxli-data-at-rest');
    const database = await openDatabase(undefined, join(dir, 'pg'));
    const mailer = new CapturingMailer();
    const app = await buildApp({ config: testConfig({ dataDir: dir }), database, mailer, logger: false });
    const ctx = { app, database, mailer } as unknown as TestContext;
    const { cookie } = await signIn(ctx, 'anna.scan@example.ch');

    expect((await send(app, 'POST', '/api/send-message', cookie, { message: MESSAGE })).statusCode).toBe(201);
    const spouse = { taxYear: YEAR, firstName: 'Marco', lastName: 'Muster', age: 41, occupation: 'Engineer', ahvNumber: AHV, taxId: SPOUSE_TAX_ID };
    expect((await send(app, 'PUT', '/api/advanced-tax-info/spouse', cookie, spouse)).statusCode).toBe(200);
    const authorization = { taxYear: YEAR, taxAddressEnabled: true, powerOfAttorneyEnabled: true, canton: 'ZH', tinNumber: TAX_ID, powerOfAttorneyAccepted: true };
    expect((await send(app, 'PUT', '/api/advanced-tax-info/authorization', cookie, authorization)).statusCode).toBe(200);
    const { payload, contentType } = multipart(uploadParts(5, YEAR, [{ filename: 'lohnausweis.txt', data: Buffer.from(DOCUMENT) }]));
    const uploaded = await app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
    expect(uploaded.json().files[0].status).toBe('fulfilled');
    // Read back through the API: each value is stored, only not in the clear.
    expect((await get(app, `/api/advanced-tax-info?taxYear=${YEAR}`, { cookie })).json().spouse).toMatchObject({ ahvNumber: AHV, taxId: SPOUSE_TAX_ID });
    await app.close();
    await database.close();

    const scan = scanDataDir(dir);
    expect(scan.files.some((file) => file.includes(`${join(dir, 'blobs')}`))).toBe(true);
    // The scan sees what is stored in plaintext: the e-mail address and the spouse's name are there.
    expect(scan.holding('anna.scan@example.ch').length).toBeGreaterThan(0);
    expect(scan.holding('Marco').length).toBeGreaterThan(0);
    const secrets = [MESSAGE, 'marker-msg-41c7', AHV, AHV.replaceAll('.', ''), TAX_ID, SPOUSE_TAX_ID, DOCUMENT, 'marker-doc-93af'];
    expect(scan.plaintext(secrets)).toEqual(Object.fromEntries(secrets.map((secret) => [secret, []])));
  });

  it('masks an AHV number typed into a file name before it is stored: the person sees the name with the number masked, no row or file under DATA_DIR holds it', async () => {
    const dir = temporaryDirectory('taxli-data-at-rest');
    const database = await openDatabase(undefined, join(dir, 'pg'));
    const mailer = new CapturingMailer();
    const app = await buildApp({ config: testConfig({ dataDir: dir }), database, mailer, logger: false });
    const ctx = { app, database, mailer } as unknown as TestContext;
    const { cookie } = await signIn(ctx, 'anna.names@example.ch');
    const names = [`Lohnausweis ${AHV}.txt`, 'AHV-Ausweis Marco 756 9876 5432 10.txt', 'Rente_7561111222233.txt', 'Rechnung 2025-03.txt'];
    const { payload, contentType } = multipart(uploadParts(5, YEAR, names.map((filename, i) => ({ filename, data: Buffer.from(`${DOCUMENT} ${i}`) }))));
    const uploaded = await app.inject({ method: 'POST', url: '/api/files/upload', payload, headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType } });
    const shown = ['Lohnausweis 756.****.****.97.txt', 'AHV-Ausweis Marco 756.****.****.10.txt', 'Rente_756.****.****.33.txt', 'Rechnung 2025-03.txt'];
    expect(uploaded.json<UploadResponse>().files.map((f) => (f.status === 'fulfilled' ? [f.value.originalFileName, f.value.ahvNumberMasked] : f))).toEqual(
      shown.map((name, i) => [name, i < 3]),
    );
    // What the person sees afterwards: the list, and the name a download is saved under.
    const listed = (await get(app, `/api/files?taxYear=${YEAR}`, { cookie })).json<FileRecord[]>();
    expect(listed.map((f) => f.name).sort()).toEqual([...shown].sort());
    const lohnausweis = listed.find((f) => f.name.startsWith('Lohnausweis'))!;
    const download = await get(app, lohnausweis.blobUrl, { cookie });
    expect(download.statusCode).toBe(200);
    expect(decodeURIComponent(String(download.headers['content-disposition']))).toContain('Lohnausweis 756.****.****.97.txt');

    const rows = await queryRows<{ row: string }>(
      database.db,
      sql`select to_jsonb(t)::text as row from documents t union all select to_jsonb(t)::text from document_versions t union all select to_jsonb(t)::text from audit_events t`,
    );
    await app.close();
    await database.close();

    const numbers = [AHV, AHV.replaceAll('.', ''), '756 9876 5432 10', '7569876543210', '7561111222233', '1234.5678', '9876 5432'];
    expect(rows.map((r) => r.row).filter((row) => numbers.some((n) => row.includes(n)))).toEqual([]);
    expect(scanDataDir(dir).plaintext(numbers)).toEqual(Object.fromEntries(numbers.map((n) => [n, []])));
  }, 120_000); // a new embedded database on disk takes seconds on a busy machine
});
