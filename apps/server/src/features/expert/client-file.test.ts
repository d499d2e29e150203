import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClientFileResponse } from '@taxli/domain';
import { auditEvents, documentRequests, preparedReturns, returnCases, users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { signInAs, transmittedPerson } from '../../test/expert-helpers.js';
import { addDocument, send } from '../../test/status-helpers.js';
import { wizardFinalSubmit } from '../../test/tax-profile-fixture.js';
import { sealText } from '../../storage/sealed-text.js';
import { DOCUMENT_REQUEST_NOTE_SEAL } from './document-request-note.js';

const YEAR = 2025;
/** A real-form AHV number (its EAN-13 check digit fits). */
const AHV = '756.1234.5678.97';
const SPOUSE_TAX_ID = '987.654.321';
const TAX_ID = '123.456.789';

describe.each(drivers)('the client file (%s)', (driver) => {
  const ctx = useTestApp(driver);

  /** Anna's 2025: the wizard's final submit, a spouse and the authorization, transmitted, then a file after the transmission. */
  async function annaTransmitted() {
    await signIn(ctx, 'admin@example.ch');
    const first = await signIn(ctx, 'anna@example.ch');
    expect((await send(ctx.app, 'PUT', `/api/user/profile?taxYear=${YEAR}`, first.cookie, wizardFinalSubmit(YEAR))).statusCode).toBe(200);
    const spouse = { taxYear: YEAR, firstName: 'Marco', lastName: 'Muster', age: 41, occupation: 'Engineer', ahvNumber: AHV, taxId: SPOUSE_TAX_ID };
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/spouse', first.cookie, spouse)).statusCode).toBe(200);
    const authorization = { taxYear: YEAR, taxAddressEnabled: true, powerOfAttorneyEnabled: true, canton: 'ZH', tinNumber: TAX_ID, powerOfAttorneyAccepted: true };
    expect((await send(ctx.app, 'PUT', '/api/advanced-tax-info/authorization', first.cookie, authorization)).statusCode).toBe(200);
    // After the transmission these answers are read-only (issue 28).
    const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const later = await addDocument(ctx.database.db, anna.user.id, YEAR, 22, 'pillar-3a.pdf');
    return { anna, laterVersionId: later.versionIds[0]! };
  }

  it('shows everything the expert works from, with the AHV number and the tax IDs masked, and records the read', async () => {
    const { anna, laterVersionId } = await annaTransmitted();
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const db = ctx.database.db;
    await db.update(users).set({ firstName: 'Erika', lastName: 'Beispiel' }).where(eq(users.id, erika.user.id));
    await db.insert(returnCases).values({ userId: anna.user.id, taxYear: YEAR, assigneeUserId: erika.user.id, filedOn: '2026-03-10' });
    const requestedAt = new Date(ctx.clock.now);
    await db.insert(documentRequests).values({
      userId: anna.user.id,
      taxYear: YEAR,
      categoryId: 5,
      note: sealText(ctx.app.deps.config.masterKey, DOCUMENT_REQUEST_NOTE_SEAL, 'The December payslip, please'),
      requestedBy: erika.user.id,
      createdAt: requestedAt,
    });
    await db.insert(preparedReturns).values({ userId: anna.user.id, taxYear: YEAR, version: 1, sha256: 'a'.repeat(64), sizeBytes: 2048, storageKey: 'prepared/1', wrappedKey: 'wrapped', createdAt: requestedAt });

    const response = await get(ctx.app, `/api/expert/returns/${anna.user.id}/${YEAR}`, { cookie: erika.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json<ClientFileResponse>();
    expect(file).toMatchObject({
      userId: anna.user.id,
      taxYear: YEAR,
      status: 4,
      profile: { email: 'anna@example.ch', firstName: 'Anna', lastName: 'Muster', salutation: 'mrs', dateOfBirth: '1990-04-12', jobName: 'Teacher', taxAddress: { street: 'Bahnhofstrasse', zipCode: '8001', city: 'Zürich' } },
      taxProfile: { taxYear: YEAR, isComplete: true, answers: { cantonOfResidence: 'zurich', maritalStatus: 'married' } },
      declaration: { version: 1 },
      transmittedAt: new Date(ctx.clock.now).toISOString(),
      assignee: { userId: erika.user.id, firstName: 'Erika', lastName: 'Beispiel' },
      requests: [{ categoryId: 5, note: 'The December payslip, please', createdAt: requestedAt.toISOString(), fulfilledAt: null }],
      preparedReturn: { version: 1, size: 2048, sha256: 'a'.repeat(64), uploadedAt: requestedAt.toISOString() },
      filedOn: '2026-03-10',
    });
    expect(file.declaration?.payload).toMatchObject({ metadata: { taxYear: YEAR } });
    // Masked: the AHV number as others see it (D12), each tax ID down to its last two characters.
    expect(file.advancedTaxInfo.spouse).toMatchObject({ ahvNumber: '756.****.****.97', ahvNumberMasked: '756.****.****.97', taxId: '•••••••••21' });
    expect(file.advancedTaxInfo.authorization?.tinNumber).toBe('•••••••••89');
    for (const secret of [AHV, SPOUSE_TAX_ID, TAX_ID]) {
      expect(response.body).not.toContain(secret);
      expect(ctx.logs.join('\n')).not.toContain(secret);
    }
    // Every version of the year, those the transmission froze marked as such, the later one not.
    // Sent: the personal checklist of a married person with children and Pillar 3a (D19), and the two signed powers of attorney.
    expect(file.files.filter((f) => f.transmitted).map((f) => f.categoryId).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 10, 11, 21, 22, 26, 30, 31, 32, 39, 39]);
    expect(file.files.filter((f) => !f.transmitted)).toEqual([
      expect.objectContaining({ versionId: laterVersionId, categoryId: 22, categoryName: 'Pillar 3a certificate', fileName: 'pillar-3a.pdf', version: 1 }),
    ]);

    const reads = await db.select().from(auditEvents).where(eq(auditEvents.action, 'expert.read_client_file'));
    expect(reads.map((event) => [event.actorUserId, event.subjectUserId, event.details])).toEqual([[erika.user.id, anna.user.id, { taxYear: YEAR }]]);
  });

  it('reveals one value at a time in full, audited with the field only', async () => {
    const { anna } = await annaTransmitted();
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const reveal = (field: string) => send(ctx.app, 'POST', `/api/expert/returns/${anna.user.id}/${YEAR}/reveal`, erika.cookie, { field });
    const values: Record<string, string> = { spouseAhvNumber: AHV, spouseTaxId: SPOUSE_TAX_ID, taxId: TAX_ID };
    for (const [field, value] of Object.entries(values)) {
      const response = await reveal(field);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ field, value });
    }
    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'expert.reveal')).orderBy(auditEvents.id);
    expect(events.map((event) => [event.actorUserId, event.subjectUserId, event.details])).toEqual(
      Object.keys(values).map((field) => [erika.user.id, anna.user.id, { taxYear: YEAR, field }]),
    );
    for (const secret of Object.values(values)) {
      expect(JSON.stringify(events)).not.toContain(secret);
      expect(ctx.logs.join('\n')).not.toContain(secret);
    }
    const unknown = await reveal('ahvNumber');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('field');
  });

  it("answers '' for a value the person never gave, and shows a file without spouse or authorization as such", async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', YEAR);
    const erika = await signInAs(ctx, 'erika@taxli.ch', 'expert');
    const reveal = await send(ctx.app, 'POST', `/api/expert/returns/${anna.user.id}/${YEAR}/reveal`, erika.cookie, { field: 'spouseAhvNumber' });
    expect(reveal.json()).toEqual({ field: 'spouseAhvNumber', value: '' });
    const file = (await get(ctx.app, `/api/expert/returns/${anna.user.id}/${YEAR}`, { cookie: erika.cookie })).json<ClientFileResponse>();
    expect(file).toMatchObject({ declaration: null, assignee: null, requests: [], preparedReturn: null, filedOn: null });
    expect(file.advancedTaxInfo).toMatchObject({ spouse: null, authorization: null });
  });
});
