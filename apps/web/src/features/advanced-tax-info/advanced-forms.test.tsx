import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, clearToasts, json, setLanguage, toastRegion } from '../../test/harness';
import { advancedServer, anInfo, openTab, renderLoaded, YEAR } from './test-fixtures';

const VALID_AHV = '756.1234.5678.97';

/** The title and description of the toast on screen. */
async function expectToast(title: string, description?: string) {
  expect(await within(toastRegion()).findByText(title)).toBeInTheDocument();
  if (description) expect(within(toastRegion()).getByText(description)).toBeInTheDocument();
}

describe('Authorization tab', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });

  it('checks the rules of part 2 §5 in order before anything is sent, then saves the settings', async () => {
    const server = advancedServer({}, { 'PUT /api/advanced-tax-info/authorization': json(200, {}) });
    await renderLoaded();
    const panel = await openTab('Authorization', userEvent);
    const save = within(panel).getByRole('button', { name: 'Save Authorization Settings' });
    const tin = within(panel).getByRole('textbox', { name: 'Tax ID (TIN)' });
    expect(tin).toBeDisabled();

    await userEvent.click(save);
    await expectToast('Missing Information', 'Please select your canton and enter your Tax ID number.');
    expect(within(panel).getByRole('combobox', { name: 'Canton' })).toHaveAccessibleDescription('Please choose your canton.');

    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Canton' }), 'ZH');
    expect(within(panel).getByRole('option', { name: 'Zurich (ZH)' })).toBeInTheDocument();
    expect(panel.querySelector('img')).toHaveAttribute('src', '/cantons/zh.svg');
    expect(tin).toBeEnabled();
    expect(tin).toHaveAttribute('placeholder', '123.456.789');
    expect(within(panel).getByText('Format: XXX.XXX.XXX')).toBeInTheDocument();

    await userEvent.type(tin, '12345');
    expect(tin).toHaveValue('123.45');
    expect(within(panel).getByText('Invalid format. Expected: XXX.XXX.XXX')).toBeInTheDocument();
    await userEvent.click(save);
    await expectToast('Invalid Tax ID Format', 'Please enter a valid Tax ID in the format: XXX.XXX.XXX');

    await userEvent.type(tin, '6789');
    expect(tin).toHaveValue('123.456.789');
    expect(within(panel).queryByText(/Invalid format/)).not.toBeInTheDocument();
    await userEvent.click(save);
    await expectToast('Power of Attorney Required', 'Please accept the Power of Attorney to continue.');
    expect(server.calls('PUT', '/api/advanced-tax-info/authorization')).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('switch', { name: 'Tax Address (TIN)' }));
    expect(within(panel).getByRole('heading', { name: 'Tax ID document' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Previous tax assessments' })).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Power of attorney (signed)' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('switch', { name: 'Power of Attorney' }));
    expect(within(panel).getByRole('heading', { name: 'Power of attorney (signed)' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Power of attorney (English, PDF)' })).toHaveAttribute(
      'href',
      `/api/advanced-tax-info/power-of-attorney?language=en&taxYear=${YEAR}`,
    );
    expect(within(panel).getByRole('link', { name: 'Vollmacht (German, PDF)' })).toHaveAttribute('download');
    await userEvent.click(within(panel).getByRole('checkbox', { name: /I accept the Power of Attorney/ }));
    await userEvent.click(save);
    await expectToast('Settings Saved', 'Your authorization settings have been saved successfully.');
    expect(server.calls('PUT', '/api/advanced-tax-info/authorization').map((r) => r.body)).toEqual([
      { taxYear: YEAR, taxAddressEnabled: true, powerOfAttorneyEnabled: true, canton: 'ZH', tinNumber: '123.456.789', powerOfAttorneyAccepted: true, version: 0 },
    ]);
  });

  it('formats as the canton writes it, and another canton clears the Tax ID and its error', async () => {
    advancedServer();
    await renderLoaded();
    const panel = await openTab('Authorization', userEvent);
    const canton = within(panel).getByRole('combobox', { name: 'Canton' });
    const tin = within(panel).getByRole('textbox', { name: 'Tax ID (TIN)' });
    await userEvent.selectOptions(canton, 'VD');
    await userEvent.type(tin, '12345');
    expect(tin).toHaveValue('123-45');
    await userEvent.tab();
    expect(within(panel).getByText('Invalid format. Expected: XXX-XXX-XXX')).toBeInTheDocument();
    await userEvent.selectOptions(canton, 'AG');
    expect(tin).toHaveValue('');
    expect(within(panel).queryByText(/Invalid format/)).not.toBeInTheDocument();
    await userEvent.type(tin, '1234567890123');
    expect(tin).toHaveValue('1234.5678.90');
  });

  it('starts from the stored settings and says when saving fails', async () => {
    advancedServer(
      {
        info: anInfo({
          authorization: { taxAddressEnabled: false, powerOfAttorneyEnabled: true, canton: 'BE', tinNumber: '987.654.321', powerOfAttorneyAccepted: true, lastUpdated: 'x', taxYear: YEAR },
        }),
      },
      { 'PUT /api/advanced-tax-info/authorization': apiError(500, 'INTERNAL_ERROR', 'x') },
    );
    await renderLoaded();
    const panel = await openTab('Authorization', userEvent);
    expect(within(panel).getByRole('combobox', { name: 'Canton' })).toHaveValue('BE');
    expect(within(panel).getByRole('textbox', { name: 'Tax ID (TIN)' })).toHaveValue('987.654.321');
    expect(within(panel).getByRole('checkbox', { name: /I accept/ })).toBeChecked();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Authorization Settings' }));
    await expectToast('Save Failed', 'Failed to save authorization settings. Please try again.');
  });
});

describe('Spouse tab', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });

  it('formats and checks the AHV number, and sends nothing while it is wrong', async () => {
    const server = advancedServer({}, { 'PUT /api/advanced-tax-info/spouse': json(200, {}) });
    await renderLoaded();
    const panel = await openTab('Spouse', userEvent);
    const ahv = within(panel).getByRole('textbox', { name: 'AHV number' });
    expect(ahv).toHaveAttribute('placeholder', '756.XXXX.XXXX.XX');
    await userEvent.type(ahv, '7561234567898');
    expect(ahv).toHaveValue('756.1234.5678.98');
    expect(within(panel).getByText(/Invalid AHV number/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Spouse Information' }));
    expect(server.calls('PUT', '/api/advanced-tax-info/spouse')).toHaveLength(0);
    await userEvent.clear(ahv);
    await userEvent.type(ahv, '7561234567897');
    expect(within(panel).queryByText(/Invalid AHV number/)).not.toBeInTheDocument();
  });

  it('masks a valid AHV number unless it is being typed or shown, and saves the spouse', async () => {
    const server = advancedServer({}, { 'PUT /api/advanced-tax-info/spouse': json(200, {}) });
    await renderLoaded();
    const panel = await openTab('Spouse', userEvent);
    await userEvent.type(within(panel).getByRole('textbox', { name: 'First name' }), 'Marco');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Last name' }), 'Muster');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Age' }), '41');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Occupation' }), 'Teacher');
    const ahv = within(panel).getByRole('textbox', { name: 'AHV number' });
    await userEvent.type(ahv, '7561234567897');
    expect(ahv).toHaveValue(VALID_AHV);
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Tax ID' }), '111.222.333');
    expect(ahv).toHaveValue('756.****.****.97');
    await userEvent.click(within(panel).getByRole('button', { name: 'Show AHV number' }));
    expect(ahv).toHaveValue(VALID_AHV);
    await userEvent.click(within(panel).getByRole('button', { name: 'Show AHV number' }));
    expect(ahv).toHaveValue('756.****.****.97');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Spouse Information' }));
    await expectToast('Spouse Information Saved');
    expect(server.calls('PUT', '/api/advanced-tax-info/spouse').map((r) => r.body)).toEqual([
      { taxYear: YEAR, firstName: 'Marco', lastName: 'Muster', age: 41, occupation: 'Teacher', ahvNumber: VALID_AHV, taxId: '111.222.333', version: 0 },
    ]);
    // The spouse's five document categories.
    for (const name of ['Spouse: bank documents', 'Spouse: insurance', 'Spouse: receipts and deductions', 'Spouse: general expenses', 'Spouse: salary statement']) {
      expect(within(panel).getByRole('heading', { name })).toBeInTheDocument();
    }
  });

  it('says when saving the spouse fails', async () => {
    advancedServer({}, { 'PUT /api/advanced-tax-info/spouse': apiError(500, 'INTERNAL_ERROR', 'x') });
    await renderLoaded();
    const panel = await openTab('Spouse', userEvent);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Spouse Information' }));
    await expectToast('Error', 'Failed to save spouse information. Please try again.');
  });
});

describe('Children tab', () => {
  beforeEach(async () => {
    await setLanguage('en');
    clearToasts();
  });

  it('starts with as many children as the tax profile counts; adds, removes and saves them', async () => {
    const server = advancedServer({ numberOfChildren: 2 }, { 'PUT /api/advanced-tax-info/children': json(200, {}) });
    await renderLoaded();
    const panel = await openTab('Children', userEvent);
    expect(within(panel).getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(['Child 1', 'Child 2']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Add child' }));
    expect(within(panel).getAllByRole('group')).toHaveLength(3);
    const first = within(panel).getByRole('group', { name: 'Child 1' });
    await userEvent.type(within(first).getByRole('textbox', { name: 'First name' }), 'Removed');
    const second = within(panel).getByRole('group', { name: 'Child 2' });
    await userEvent.type(within(second).getByRole('textbox', { name: 'First name' }), 'Lena');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Last name' }), 'Muster');
    await userEvent.type(within(second).getByLabelText('Date of birth'), '2015-04-09');
    await userEvent.type(within(second).getByRole('textbox', { name: 'School or education' }), 'Primary school');
    await userEvent.click(within(first).getByRole('button', { name: 'Remove Child 1' }));
    expect(within(panel).getAllByRole('group')).toHaveLength(2);
    // Lena is child 1 now, and keeps what was typed.
    expect(within(within(panel).getByRole('group', { name: 'Child 1' })).getByRole('textbox', { name: 'First name' })).toHaveValue('Lena');
    const mia = within(panel).getByRole('group', { name: 'Child 2' });
    await userEvent.type(within(mia).getByRole('textbox', { name: 'First name' }), 'Mia');
    await userEvent.type(within(mia).getByRole('textbox', { name: 'Last name' }), 'Muster');
    await userEvent.type(within(mia).getByLabelText('Date of birth'), '2020-01-31');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Children Information' }));
    await expectToast('Children Information Saved');
    expect(server.calls('PUT', '/api/advanced-tax-info/children').map((r) => r.body)).toEqual([
      {
        taxYear: YEAR,
        children: [
          { firstName: 'Lena', lastName: 'Muster', birthDate: '2015-04-09', schoolingInfo: 'Primary school', disability: '', alimony: '' },
          { firstName: 'Mia', lastName: 'Muster', birthDate: '2020-01-31', schoolingInfo: '', disability: '', alimony: '' },
        ],
        version: 0,
      },
    ]);
    expect(within(panel).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Children: birth certificate',
      'Children: childcare expenses',
      'Children: education confirmation',
      'Children: education costs',
      'Children: alimony payments',
      'Children: disability confirmation',
      'Children: medical expenses',
      'Children: living and travel expenses for education',
    ]);
  });

  it('shows the stored children rather than the profile count, and says when saving fails', async () => {
    const stored = { firstName: 'Tim', lastName: 'Muster', birthDate: '2018-01-02', schoolingInfo: '', disability: '', alimony: '' };
    // A stored canton too: the tax profile is not needed at all.
    const authorization = { taxAddressEnabled: false, powerOfAttorneyEnabled: false, canton: 'BE' as const, tinNumber: '', powerOfAttorneyAccepted: false, lastUpdated: 'x', taxYear: YEAR };
    const server = advancedServer({ info: anInfo({ children: [stored], authorization }), numberOfChildren: 3 }, { 'PUT /api/advanced-tax-info/children': apiError(500, 'INTERNAL_ERROR', 'x') });
    await renderLoaded();
    const panel = await openTab('Children', userEvent);
    expect(within(panel).getAllByRole('group')).toHaveLength(1);
    expect(within(panel).getByRole('textbox', { name: 'First name' })).toHaveValue('Tim');
    expect(server.calls('GET', `/api/tax-profile?taxYear=${YEAR}`)).toHaveLength(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save Children Information' }));
    await expectToast('Error', 'Failed to save children information. Please try again.');
    await waitFor(() => expect(server.calls('PUT', '/api/advanced-tax-info/children')).toHaveLength(1));
  });
});
