import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { adminSetsRole, apiAsUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { readyForDocuments, uploaded, uploadFiles, YEAR } from '../support/documents';
import { lastSubject } from '../support/mailbox';
import { newEmail, signIn } from '../support/sign-in';
import { addPasskeyAndConfirm } from '../support/passkey';
import { expect, test } from '../support/test';
import { reviewAndTransmit } from '../support/review';
import { salaryCertificatePdf, salarySymbolBytes, sampleCertificate, txabXml, txabZip } from '../../apps/server/src/features/extraction/test-documents/salary-certificate';

/**
 * Issue 27: the whole way of a return through the back office. A person transmits on a phone; an
 * expert on a desktop takes the return, downloads the ZIP and asks for a document; the person
 * uploads it and answers; the expert uploads the prepared return and sends it for review; the person
 * approves; the expert records the filing date; both see "Completed" with that date.
 */

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);
const currentStep = (page: Page) => page.getByRole('list', { name: `Steps of your tax return for ${YEAR}` }).locator('[aria-current="step"]');
const panel = (page: Page) => page.getByRole('region', { name: 'Your tax return' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Your tax return' }) }));
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function newPage(browser: Browser, viewport: { width: number; height: number }, ip: string): Promise<Page> {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  return context.newPage();
}

/** A person on a phone whose year is transmitted: the six required documents, the section complete, Mark as Transmitted. */
async function transmittingPerson(page: Page): Promise<string> {
  await readyForDocuments(page, 'expert-story');
  // The salary statement is a real swissdec certificate: its barcode is read for the expert (issue 29).
  const certificate = Buffer.from(await salaryCertificatePdf(salarySymbolBytes(txabZip(txabXml(sampleCertificate)))));
  await uploadFiles(page, 'Salary Statement', [{ name: 'Lohnausweis.pdf', content: certificate }]);
  for (const [category, name] of [
    ['Bank Documents', 'Kontoauszug.pdf'],
    ['Insurance Certificates', 'Police.pdf'],
    ['Proof of Professional Expenses', 'Berufsauslagen.pdf'],
    ['Receipts for Deductions', 'Belege.pdf'],
    ['Transport', 'GA.pdf'],
  ] as const) {
    await uploadFiles(page, category, [{ name, content: pdf(name) }]);
  }
  await apiAsUser(page, 'PUT', '/api/advanced-tax-info/completion', { taxYear: YEAR, completed: true });
  await page.reload();
  await reviewAndTransmit(page);
  await expect(currentStep(page)).toContainText('Transmitted');
  const user = (await apiAsUser(page, 'GET', '/api/user')) as { email: string };
  return user.email;
}

/** An expert with a first name the person will see: signed in, profile completed, role given by an admin. */
async function signInExpert(page: Page): Promise<void> {
  const email = newEmail('expert-laura');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile\?firstTime=true/);
  await page.getByLabel('First name').fill('Laura');
  await page.getByLabel('Last name').fill('Steuerfrau');
  await page.getByLabel('Phone number').fill('079 555 44 33');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /save|update|continue/i }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10000 });
  await adminSetsRole(email, 'expert');
  await page.reload();
  // The role takes effect with the second factor (issue 30): a first passkey, added here.
  await addPasskeyAndConfirm(page);
}

test('a transmitted return goes through the expert to Completed with its filing date', async ({ page: person, browser }) => {
  test.setTimeout(240_000);
  await person.setViewportSize(PHONE);
  const personEmail = await transmittingPerson(person);
  await expect(panel(person).getByText('An expert will take your return shortly')).toBeVisible();

  // The expert finds the return in the queue and takes it.
  const expert = await newPage(browser, WIDE, '10.88.0.7');
  await signInExpert(expert);
  await expert.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Expert workspace' }).click();
  await expect(expert).toHaveURL(/\/expert$/);
  await expect(expert.getByRole('heading', { level: 1, name: 'Expert workspace' })).toBeVisible();
  await expert.getByLabel('Search by name or e-mail').fill(personEmail);
  const row = expert.getByRole('row', { name: new RegExp(personEmail.replace(/[.]/g, '\\.')) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Unassigned');
  await row.getByRole('button', { name: `Take the return of Anna Muster, ${YEAR}` }).click();
  await expect(expert.getByText(`You now handle the ${YEAR} return of Anna Muster.`)).toBeVisible();
  await expectNoAxeViolations(expert);

  // The client file, and every document of the year in one ZIP.
  await row.getByRole('link', { name: 'Anna Muster' }).click();
  await expect(expert.getByRole('heading', { level: 1, name: `Anna Muster, tax year ${YEAR}` })).toBeVisible();
  await expect(expert.getByText('Lohnausweis.pdf').first()).toBeVisible();
  const download = expert.waitForEvent('download');
  await expert.getByRole('link', { name: 'Download all (ZIP)' }).click();
  const zip = readFileSync(await (await download).path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  for (const name of ['Kontoauszug.pdf', 'Police.pdf', 'Berufsauslagen.pdf', 'Belege.pdf', 'Lohnausweis.pdf', 'GA.pdf']) {
    expect(zip.includes(Buffer.from(name)), name).toBe(true);
  }
  await expectNoAxeViolations(expert);

  // The figures read from the certificate's barcode, with the employer's total, linked to the file
  // (the read runs in the background: the page is opened again until it is there).
  const salaryTable = expert.getByRole('table', { name: 'Salary certificates' });
  await expect(async () => {
    await expert.reload();
    await expect(salaryTable).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 120_000 });
  const certificateRow = salaryTable.getByRole('row', { name: /Lohnausweis\.pdf/ });
  await expect(certificateRow).toContainText(sampleCertificate.employer.name);
  await expect(certificateRow).toContainText(/88.559\.20/);
  await expect(certificateRow).toContainText(/77.747\.15/);
  await expect(certificateRow.getByRole('link', { name: 'Lohnausweis.pdf' })).toHaveAttribute('href', /\/documents\/\d+$/);
  await expect(expert.getByRole('table', { name: 'Salary totals per employer' })).toContainText(sampleCertificate.employer.name);
  await expect(expert.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  expect(await scrollsSideways(expert)).toBe(false);
  await expectNoAxeViolations(expert);
  await expert.getByRole('region', { name: 'Figures from documents' }).or(expert.locator('#figures')).first().screenshot({ path: test.info().outputPath('figures-1280.png') });

  // The expert asks for the Pillar 3a certificate.
  // A note typed, then the queue and back through the app's own links: the note is still there.
  await expert.getByLabel('Note for the person').fill('Please add your pillar 3a certificate.');
  await expert.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(expert.getByRole('heading', { level: 1, name: 'Expert workspace' })).toBeVisible();
  await expert.goBack();
  await expect(expert.getByLabel('Note for the person')).toHaveValue('Please add your pillar 3a certificate.');
  await expert.getByLabel('Category').selectOption({ label: 'Pillar 3a certificate' });
  await expert.getByRole('button', { name: 'Send request' }).click();
  await expect(expert.getByText('The request for Pillar 3a certificate was sent.', { exact: false })).toBeVisible();
  await expect.poll(() => lastSubject(personEmail)).toBe('Your Taxli expert needs a document');

  // The person sees who handles the return and the request, uploads the certificate and answers.
  await person.reload();
  await expect(panel(person).getByText('Handled by Laura')).toBeVisible();
  await expect(panel(person).getByText('Please add your pillar 3a certificate.')).toBeVisible();
  const chooser = person.waitForEvent('filechooser');
  await panel(person).getByRole('button', { name: 'Upload to Pillar 3a certificate' }).click();
  await (await chooser).setFiles({ name: 'Saeule-3a.pdf', mimeType: 'application/pdf', buffer: pdf('3a') });
  await uploaded(person);
  await expect(panel(person).getByText('Please add your pillar 3a certificate.')).toHaveCount(0);
  // Typed, then a reload: the text is still there to send.
  await person.getByLabel('Your message to our tax experts').fill('Here is my pillar 3a certificate.');
  await person.reload();
  await expect(person.getByLabel('Your message to our tax experts')).toHaveValue('Here is my pillar 3a certificate.');
  await person.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(person.getByText('Here is my pillar 3a certificate.')).toBeVisible();
  expect(await scrollsSideways(person)).toBe(false);
  await expectNoAxeViolations(person);

  // The expert sees the request fulfilled and the answer, uploads the prepared return, sends it for review.
  await expert.reload();
  await expect(expert.getByText(/Fulfilled on/)).toBeVisible();
  await expect(expert.getByText('Here is my pillar 3a certificate.')).toBeVisible();
  await expect(expert.getByText('Saeule-3a.pdf')).toBeVisible();
  await expect(expert.getByText('Added after transmission')).toBeVisible();
  await expect(expert.getByRole('button', { name: "Send for the person's review" })).toBeDisabled();
  await expert.getByLabel('Prepared return (PDF)').setInputFiles({ name: 'Steuererklaerung.pdf', mimeType: 'application/pdf', buffer: pdf('prepared return') });
  await expert.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(expert.getByText('Version 1 of the prepared return was uploaded.')).toBeVisible();
  await expert.getByRole('button', { name: "Send for the person's review" }).click();
  await expect(expert.getByText(/The status is now .*Reviewed/)).toBeVisible();
  await expect.poll(() => lastSubject(personEmail)).toBe('Your tax return is ready for review');

  // The person reads the prepared return and approves it.
  await person.reload();
  await expect(currentStep(person)).toContainText('Reviewed');
  const prepared = person.waitForEvent('download');
  await panel(person).getByRole('link', { name: `Download your prepared return ${YEAR} (PDF)` }).click();
  expect(readFileSync(await (await prepared).path()).toString()).toContain('prepared return');
  await panel(person).getByRole('button', { name: 'Approve', exact: true }).click();
  await person.getByRole('alertdialog').or(person.getByRole('dialog')).getByRole('button', { name: 'Approve return' }).click();
  await expect(panel(person).getByText('Approved — your expert will file it')).toBeVisible();
  await expect(currentStep(person)).toContainText('Completed');

  // The expert records the filing date; both see Completed with it.
  const today = new Date();
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const swiss = `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  await expert.reload();
  await expert.getByLabel('Filed with the canton on').fill(iso);
  await expert.getByRole('button', { name: 'Record filing date' }).click();
  await expect(expert.getByText(`Filed with the canton on ${swiss}.`)).toBeVisible();
  await expect.poll(() => lastSubject(personEmail)).toBe('Your tax return has been filed');
  await expectNoAxeViolations(expert);

  await person.reload();
  await expect(currentStep(person)).toContainText('Completed');
  await expect(panel(person).getByText(`Filed with the canton on ${swiss}`)).toBeVisible();
  await expectNoAxeViolations(person);

  await expert.goto('/expert');
  await expert.getByLabel('Search by name or e-mail').fill(personEmail);
  await expect(expert.getByRole('row', { name: new RegExp(personEmail.replace(/[.]/g, '\\.')) })).toContainText('Completed');

  // Experts work on desktops, but the queue and the client file also work on a phone.
  // Other tests' people may be named Anna Muster too: the row of this person's e-mail.
  const personLink = expert.getByRole('row', { name: new RegExp(personEmail.replace(/[.]/g, '\\.')) }).getByRole('link', { name: 'Anna Muster' });
  const clientFileUrl = await personLink.getAttribute('href');
  await expert.setViewportSize(PHONE);
  await expect(personLink).toBeVisible();
  expect(await scrollsSideways(expert)).toBe(false);
  await expectNoAxeViolations(expert);
  await expert.goto(clientFileUrl!);
  await expect(expert.getByRole('heading', { level: 1, name: `Anna Muster, tax year ${YEAR}` })).toBeVisible();
  await expect(expert.getByText(`Filed with the canton on ${swiss}.`)).toBeVisible();
  expect(await scrollsSideways(expert)).toBe(false);
  await expectNoAxeViolations(expert);
});

test('a person gets Access Denied at /expert, and the server refuses the queue', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await readyForDocuments(page, 'not-expert');
  await page.goto('/expert');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('This area is for tax experts and administrators only.')).toBeVisible();
  expect((await page.request.get('/api/expert/returns')).status()).toBe(403);
  await expectNoAxeViolations(page);
});
