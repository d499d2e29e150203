/**
 * The Advanced Tax Information defects of issue 28 (item 5), each in English and German: refusals
 * said at their fields and kept, the canton from the tax profile, the power of attorney downloaded
 * before its upload, the tax ID checked on leaving the field, children with their required fields,
 * a transmitted year read-only, and headings without a skipped level (axe).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, type AuthorizationSettings } from '@taxli/domain';
import { apiError, clearToasts, json, setLanguage, stubUploads, toastRegion } from '../../test/harness';
import { advancedServer, anInfo, renderAdvanced, YEAR } from './test-fixtures';

const TEXTS = {
  en: {
    sections: 'Sections',
    tabs: { authorization: 'Authorization', children: 'Children', investments: 'Investments' },
    canton: 'Canton',
    tin: 'Tax ID (TIN)',
    saveAuthorization: 'Save Authorization Settings',
    cantonRequired: 'Please choose your canton.',
    tinRequired: 'Please enter your Tax ID number.',
    tinInvalid: 'Invalid format. Expected: XXX.XXX.XXX',
    consent: /I accept the Power of Attorney/,
    consentRequired: 'Please accept the Power of Attorney to continue.',
    cantonFromProfile: 'Taken from your tax profile; you can change it.',
    unsaved: 'Not saved yet. What you entered is kept in this browser tab until you save it.',
    undoChanges: 'Undo changes',
    powerOfAttorney: 'Power of Attorney',
    downloadEn: 'Power of attorney (English, PDF)',
    signedCategory: 'Power of attorney (signed)',
    step1: 'Step 1: download the power of attorney, print it and sign it.',
    step2: 'Step 2: upload the signed power of attorney.',
    upload: 'Upload',
    securities: 'Securities account statement',
    tooLarge: 'Upload failed: Please select a file smaller than 50MB.',
    child1: 'Child 1',
    firstName: 'First name',
    lastName: 'Last name',
    birthDate: 'Date of birth',
    saveChildren: 'Save Children Information',
    firstNameRequired: "Please enter the child's first name.",
    lastNameRequired: "Please enter the child's last name.",
    birthDateRequired: "Please enter the child's date of birth.",
    incomplete: 'Each child needs a first name, a last name and a date of birth.',
    childrenSaved: 'Children Information Saved',
    sectionComplete: 'Section Complete',
    finish: 'Finish Section',
    transmittedTitle: 'Transmitted – read-only',
    transmittedOn: 'Transmitted on 20.11.2026; your expert sees these answers. They can no longer be changed.',
    transmittedRefused: 'This year has been transmitted; its answers can no longer be changed.',
    lockedTitle: 'Section Completed - Navigation Locked',
  },
  de: {
    sections: 'Bereiche',
    tabs: { authorization: 'Vollmacht', children: 'Kinder', investments: 'Kapitalanlagen' },
    canton: 'Kanton',
    tin: 'Steuernummer (TIN)',
    saveAuthorization: 'Vollmachtseinstellungen speichern',
    cantonRequired: 'Bitte wählen Sie Ihren Kanton.',
    tinRequired: 'Bitte geben Sie Ihre Steuernummer ein.',
    tinInvalid: 'Ungültiges Format. Erwartet: XXX.XXX.XXX',
    consent: /Ich akzeptiere die Vollmacht/,
    consentRequired: 'Bitte akzeptieren Sie die Vollmacht, um fortzufahren.',
    cantonFromProfile: 'Aus Ihrem Steuerprofil übernommen; Sie können ihn ändern.',
    unsaved: 'Noch nicht gespeichert. Ihre Eingaben bleiben in diesem Browser-Tab erhalten, bis Sie sie speichern.',
    undoChanges: 'Änderungen verwerfen',
    powerOfAttorney: 'Vollmacht',
    downloadEn: 'Power of attorney (Englisch, PDF)',
    signedCategory: 'Vollmacht (unterschrieben)',
    step1: 'Schritt 1: Laden Sie die Vollmacht herunter, drucken Sie sie aus und unterschreiben Sie sie.',
    step2: 'Schritt 2: Laden Sie die unterschriebene Vollmacht hoch.',
    upload: 'Hochladen',
    securities: 'Depotauszug',
    tooLarge: 'Hochladen fehlgeschlagen: Bitte wählen Sie eine Datei kleiner als 50 MB.',
    child1: 'Kind 1',
    firstName: 'Vorname',
    lastName: 'Nachname',
    birthDate: 'Geburtsdatum',
    saveChildren: 'Angaben zu den Kindern speichern',
    firstNameRequired: 'Bitte geben Sie den Vornamen des Kindes ein.',
    lastNameRequired: 'Bitte geben Sie den Nachnamen des Kindes ein.',
    birthDateRequired: 'Bitte geben Sie das Geburtsdatum des Kindes ein.',
    incomplete: 'Für jedes Kind braucht es Vorname, Nachname und Geburtsdatum.',
    childrenSaved: 'Angaben zu den Kindern gespeichert',
    sectionComplete: 'Bereich abgeschlossen',
    finish: 'Bereich abschliessen',
    transmittedTitle: 'Übermittelt – nur lesbar',
    transmittedOn: 'Am 20.11.2026 übermittelt; Ihre Fachperson sieht diese Angaben. Sie können nicht mehr geändert werden.',
    transmittedRefused: 'Dieses Jahr wurde übermittelt; seine Angaben können nicht mehr geändert werden.',
    lockedTitle: 'Bereich abgeschlossen - Navigation gesperrt',
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** The screen in `language`, once the year's data is there. */
async function renderIn(language: keyof typeof TEXTS) {
  await setLanguage(language);
  const rendered = renderAdvanced();
  await screen.findByRole('tablist', { name: TEXTS[language].sections });
  return rendered;
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

/** A field marked invalid and described by `text` (besides any hint). */
function expectFieldError(field: HTMLElement, text: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field.getAttribute('aria-describedby')).toBeTruthy();
  expect(field).toHaveAccessibleDescription(expect.stringContaining(text));
}

function expectNoFieldError(field: HTMLElement) {
  expect(field).not.toHaveAttribute('aria-invalid');
}

const storedAuthorization = (overrides: Partial<AuthorizationSettings> = {}): AuthorizationSettings => ({
  taxAddressEnabled: false,
  powerOfAttorneyEnabled: false,
  canton: null,
  tinNumber: '',
  powerOfAttorneyAccepted: false,
  lastUpdated: '2026-11-01T10:00:00.000Z',
  taxYear: YEAR,
  ...overrides,
});

describe.each(['en', 'de'] as const)('Advanced Tax Information fixes of issue 28 (%s)', (language) => {
  const text: Texts = TEXTS[language];

  beforeEach(() => clearToasts());

  it("says each refused Authorization rule at its field, and keeps it there until the field is right (not only in a toast)", async () => {
    const server = advancedServer({}, { 'PUT /api/advanced-tax-info/authorization': json(200, {}) });
    await renderIn(language);
    const panel = await openTab(text.tabs.authorization);
    const canton = within(panel).getByRole('combobox', { name: text.canton });
    await userEvent.click(within(panel).getByRole('button', { name: text.saveAuthorization }));

    expectFieldError(canton, text.cantonRequired);
    // Required even with the power-of-attorney toggle off (part 2 §5): the consent is shown with its error.
    expectFieldError(within(panel).getByRole('checkbox', { name: text.consent }), text.consentRequired);
    // The toast goes; the fields keep saying it.
    clearToasts();
    expect(within(toastRegion()).queryAllByRole('status')).toHaveLength(0);
    expectFieldError(canton, text.cantonRequired);

    await userEvent.selectOptions(canton, 'ZH');
    expectNoFieldError(canton);
    const tin = within(panel).getByRole('textbox', { name: text.tin });
    expectFieldError(tin, text.tinRequired);
    await userEvent.type(tin, '123456789');
    expectNoFieldError(tin);
    await userEvent.click(within(panel).getByRole('checkbox', { name: text.consent }));
    expectNoFieldError(within(panel).getByRole('checkbox', { name: text.consent }));
    expect(server.calls('PUT', '/api/advanced-tax-info/authorization')).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: text.saveAuthorization }));
    await waitFor(() => expect(server.calls('PUT', '/api/advanced-tax-info/authorization')).toHaveLength(1));
  });

  it('checks the tax ID when the field is left (or a save is tried), then as it is typed', async () => {
    advancedServer({ info: anInfo({ authorization: storedAuthorization({ canton: 'ZH' }) }) });
    await renderIn(language);
    const panel = await openTab(text.tabs.authorization);
    const tin = within(panel).getByRole('textbox', { name: text.tin });

    await userEvent.type(tin, '123');
    expectNoFieldError(tin);
    expect(within(panel).queryByText(text.tinInvalid)).not.toBeInTheDocument();
    await userEvent.tab();
    expectFieldError(tin, text.tinInvalid);
    // Shown once: live from then on, both ways.
    await userEvent.type(tin, '456789');
    expectNoFieldError(tin);
    await userEvent.type(tin, '{backspace}');
    expectFieldError(tin, text.tinInvalid);
    // Another canton starts the tax ID again, unchecked.
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: text.canton }), 'BE');
    await userEvent.type(tin, '12');
    expectNoFieldError(tin);
  });

  it("starts Authorization with the tax profile's canton, which the person can change; a stored canton wins over the profile's, a canton chosen and not saved over both", async () => {
    advancedServer({ cantonOfResidence: 'zurich' });
    const { unmount } = await renderIn(language);
    const panel = await openTab(text.tabs.authorization);
    const canton = within(panel).getByRole('combobox', { name: text.canton });
    expect(canton).toHaveValue('ZH');
    expect(canton).toHaveAccessibleDescription(text.cantonFromProfile);
    expect(within(panel).getByRole('textbox', { name: text.tin })).toBeEnabled();
    await userEvent.selectOptions(canton, 'BE');
    expect(canton).toHaveValue('BE');
    expect(within(panel).queryByText(text.cantonFromProfile)).not.toBeInTheDocument();
    unmount();

    advancedServer({ cantonOfResidence: 'zurich', info: anInfo({ authorization: storedAuthorization({ canton: 'VD' }) }) });
    await renderIn(language);
    const stored = await openTab(text.tabs.authorization);
    // BE was chosen in this browser tab and not saved: it is kept, and said to be unsaved, until taken back.
    const cantonAgain = within(stored).getByRole('combobox', { name: text.canton });
    expect(cantonAgain).toHaveValue('BE');
    expect(within(stored).getByRole('status')).toHaveTextContent(text.unsaved);
    await userEvent.click(within(stored).getByRole('button', { name: text.undoChanges }));
    expect(cantonAgain).toHaveValue('VD');
    expect(within(stored).queryByText(text.unsaved)).not.toBeInTheDocument();
  });

  it('offers the power of attorney to download and sign (step 1) above the upload of the signed form (step 2)', async () => {
    advancedServer({ info: anInfo({ authorization: storedAuthorization({ powerOfAttorneyEnabled: true }) }) });
    await renderIn(language);
    const panel = await openTab(text.tabs.authorization);
    const steps = within(panel).getAllByRole('listitem').filter((item) => item.textContent?.startsWith(language === 'en' ? 'Step' : 'Schritt'));
    expect(steps.map((step) => within(step).getByText(/^(Step|Schritt)/).textContent)).toEqual([text.step1, text.step2]);
    expect(within(steps[0]!).getByRole('link', { name: text.downloadEn })).toBeInTheDocument();
    expect(within(steps[1]!).getByRole('heading', { name: text.signedCategory })).toBeInTheDocument();
    const download = within(panel).getByRole('link', { name: text.downloadEn });
    const upload = within(panel).getByRole('heading', { name: text.signedCategory });
    expect(download.compareDocumentPosition(upload) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says a refused file at its category's Upload and keeps it there after the toast has gone", async () => {
    const uploads = stubUploads();
    advancedServer();
    await renderIn(language);
    const panel = await openTab(text.tabs.investments);
    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    fireEvent.change(screen.getByTestId('upload-input-10'), { target: { files: [big] } });
    const entry = within(panel).getByRole('heading', { name: text.securities }).closest('li')!;
    const upload = within(entry).getByRole('button', { name: text.upload });
    await waitFor(() => expectFieldError(upload, text.tooLarge));
    clearToasts();
    expectFieldError(upload, text.tooLarge);
    expect(uploads.sent).toHaveLength(0);
  });

  it('refuses to save a child without first name, last name or birth date, at each field, until they are filled', async () => {
    const server = advancedServer({ numberOfChildren: 1 }, { 'PUT /api/advanced-tax-info/children': json(200, {}) });
    await renderIn(language);
    const panel = await openTab(text.tabs.children);
    const child = within(panel).getByRole('group', { name: text.child1 });
    await userEvent.click(within(panel).getByRole('button', { name: text.saveChildren }));

    expect(await within(toastRegion()).findByText(text.incomplete)).toBeInTheDocument();
    const firstName = within(child).getByRole('textbox', { name: text.firstName });
    const lastName = within(child).getByRole('textbox', { name: text.lastName });
    const birthDate = within(child).getByLabelText(text.birthDate);
    expectFieldError(firstName, text.firstNameRequired);
    expectFieldError(lastName, text.lastNameRequired);
    expectFieldError(birthDate, text.birthDateRequired);
    expect(server.calls('PUT', '/api/advanced-tax-info/children')).toHaveLength(0);

    await userEvent.type(firstName, 'Lea');
    expectNoFieldError(firstName);
    expectFieldError(lastName, text.lastNameRequired);
    await userEvent.type(lastName, 'Muster');
    await userEvent.type(birthDate, '2016-05-02');
    expectNoFieldError(birthDate);
    await userEvent.click(within(panel).getByRole('button', { name: text.saveChildren }));
    expect(await within(toastRegion()).findByText(text.childrenSaved)).toBeInTheDocument();
    expect(server.calls('PUT', '/api/advanced-tax-info/children').map((r) => r.body)).toEqual([
      { taxYear: YEAR, children: [{ firstName: 'Lea', lastName: 'Muster', birthDate: '2016-05-02', schoolingInfo: '', disability: '', alimony: '' }], version: 0 },
    ]);
  });

  it('shows a transmitted year read-only, with the day it was transmitted, and cannot reopen it', async () => {
    const server = advancedServer({ info: anInfo({ completed: true, transmitted: true, transmittedAt: '2026-11-20T10:00:00.000Z', children: [] }) });
    await renderIn(language);
    expect(screen.getByText(text.transmittedTitle)).toBeInTheDocument();
    expect(screen.getByText(text.transmittedOn)).toBeInTheDocument();
    // Not the completed section's lock, and nothing that offers transmitting again.
    expect(screen.queryByText(text.lockedTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: text.sectionComplete })).toBeDisabled();
    expect(screen.queryByRole('button', { name: text.finish })).not.toBeInTheDocument();
    // The tabs still open, to read; what they hold cannot be changed.
    const panel = await openTab(text.tabs.authorization);
    expect(within(panel).getByRole('combobox', { name: text.canton, hidden: true }).closest('[inert]')).not.toBeNull();
    expect(server.calls('PUT', '/api/advanced-tax-info/completion')).toHaveLength(0);
  });

  it('reads the year again and says so when a save is refused because the year was transmitted meanwhile', async () => {
    const server = advancedServer(
      { numberOfChildren: 1 },
      { 'PUT /api/advanced-tax-info/children': apiError(409, 'DOCUMENTS_TRANSMITTED', 'The documents for 2025 have been transmitted') },
    );
    await renderIn(language);
    const panel = await openTab(text.tabs.children);
    const child = within(panel).getByRole('group', { name: text.child1 });
    await userEvent.type(within(child).getByRole('textbox', { name: text.firstName }), 'Lea');
    await userEvent.type(within(child).getByRole('textbox', { name: text.lastName }), 'Muster');
    await userEvent.type(within(child).getByLabelText(text.birthDate), '2016-05-02');
    const reads = server.calls('GET', `/api/advanced-tax-info?taxYear=${YEAR}`).length;
    await userEvent.click(within(panel).getByRole('button', { name: text.saveChildren }));
    expect(await within(toastRegion()).findByText(text.transmittedRefused)).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET', `/api/advanced-tax-info?taxYear=${YEAR}`).length).toBeGreaterThan(reads));
  });
});

/**
 * axe on the rendered page. Left to the e2e run: colour contrast (jsdom computes no colours) and
 * landmarks (the app shell's main is not rendered here).
 */
async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Advanced Tax Information states under axe (issue 28: a heading level was skipped on seven of them)', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });

  const allOn = { authorization: true, investments: true, deductions: true, realEstate: true, foreignIncome: true, spouse: true, children: true };

  it('has no violation and no skipped heading on the overview and every tab', async () => {
    advancedServer({
      numberOfChildren: 1,
      info: anInfo({ sections: allOn, authorization: storedAuthorization({ taxAddressEnabled: true, powerOfAttorneyEnabled: true, canton: 'ZH' }) }),
    });
    await renderIn('en');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent!);
    expect(tabs).toHaveLength(8);
    for (const name of tabs) {
      await openTab(name);
      expect(await axeViolations(), name).toEqual([]);
      // The levels themselves: each heading at most one below the one before it.
      const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
      levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0), `${name}: ${levels.join(',')}`).toBeLessThanOrEqual(1));
    }
  }, 60_000);

  it('has no violation when the section is completed, or transmitted', async () => {
    for (const info of [anInfo({ completed: true }), anInfo({ completed: true, transmitted: true, transmittedAt: '2026-11-20T10:00:00.000Z' })]) {
      advancedServer({ info });
      const { unmount } = await renderIn('en');
      expect(await axeViolations(), JSON.stringify({ transmitted: info.transmitted })).toEqual([]);
      unmount();
    }
  }, 30_000);

  it('has no violation with refusals said at their fields', async () => {
    advancedServer({ numberOfChildren: 1 });
    await renderIn('en');
    await openTab('Authorization');
    await userEvent.click(screen.getByRole('button', { name: 'Save Authorization Settings' }));
    expect(await axeViolations(), 'authorization').toEqual([]);
    await openTab('Children');
    await userEvent.click(screen.getByRole('button', { name: 'Save Children Information' }));
    expect(await axeViolations(), 'children').toEqual([]);
  }, 30_000);
});
