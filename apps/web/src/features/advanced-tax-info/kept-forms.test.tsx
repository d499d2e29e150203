/**
 * What is typed into Advanced Tax Information's forms and not saved survives another tab of the
 * screen, leaving the page and a reload (a new render on the same browser tab's storage), until it
 * is saved or taken back; sign-out forgets it.
 */
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { forgetKeptTexts } from '../../lib/kept-text';
import { apiError, clearToasts, json, setLanguage, toastRegion } from '../../test/harness';
import { advancedServer, anInfo, openTab, renderLoaded, YEAR } from './test-fixtures';

const UNSAVED = 'Not saved yet. What you entered is kept in this browser tab until you save it.';

beforeEach(async () => {
  await setLanguage('en');
  clearToasts();
});

/** Leaves the page and opens it again on the same browser tab (its sessionStorage stays). */
async function leaveAndReturn(unmount: () => void, tab: string) {
  unmount();
  const rendered = await renderLoaded();
  return { panel: await openTab(tab, userEvent), unmount: rendered.unmount };
}

function keptKeys(): string[] {
  return Object.keys(window.sessionStorage).filter((key) => key.startsWith('taxli.draft.advanced:'));
}

it('keeps the canton and Tax ID typed on Authorization across another tab and a return to the page, then saves them and keeps nothing', async () => {
  const server = advancedServer({}, { 'PUT /api/advanced-tax-info/authorization': json(200, {}) });
  const { unmount } = await renderLoaded();
  let panel = await openTab('Authorization', userEvent);
  expect(within(panel).queryByText(UNSAVED)).not.toBeInTheDocument();
  await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Canton' }), 'ZH');
  await userEvent.type(within(panel).getByRole('textbox', { name: 'Tax ID (TIN)' }), '123456789');
  expect(within(panel).getByText(UNSAVED)).toBeInTheDocument();

  await openTab('Spouse', userEvent);
  panel = await openTab('Authorization', userEvent);
  expect(within(panel).getByRole('textbox', { name: 'Tax ID (TIN)' })).toHaveValue('123.456.789');

  ({ panel } = await leaveAndReturn(unmount, 'Authorization'));
  expect(within(panel).getByRole('combobox', { name: 'Canton' })).toHaveValue('ZH');
  expect(within(panel).getByRole('textbox', { name: 'Tax ID (TIN)' })).toHaveValue('123.456.789');
  expect(within(panel).getByText(UNSAVED)).toBeInTheDocument();

  await userEvent.click(within(panel).getByRole('switch', { name: 'Power of Attorney' }));
  await userEvent.click(within(panel).getByRole('checkbox', { name: /I accept the Power of Attorney/ }));
  await userEvent.click(within(panel).getByRole('button', { name: 'Save Authorization Settings' }));
  expect(await within(toastRegion()).findByText('Settings Saved')).toBeInTheDocument();
  expect(server.calls('PUT', '/api/advanced-tax-info/authorization').map((call) => call.body)).toEqual([
    { taxYear: YEAR, taxAddressEnabled: false, powerOfAttorneyEnabled: true, canton: 'ZH', tinNumber: '123.456.789', powerOfAttorneyAccepted: true, version: 0 },
  ]);
  expect(within(panel).queryByText(UNSAVED)).not.toBeInTheDocument();
  expect(keptKeys()).toEqual([]);
});

it('keeps the spouse typed when the save fails, also a half-typed AHV number, and after a return to the page', async () => {
  advancedServer({}, { 'PUT /api/advanced-tax-info/spouse': apiError(500, 'INTERNAL_ERROR', 'Database unavailable') });
  const { unmount } = await renderLoaded();
  let panel = await openTab('Spouse', userEvent);
  await userEvent.type(within(panel).getByRole('textbox', { name: 'First name' }), 'Marco');
  await userEvent.type(within(panel).getByRole('textbox', { name: 'Age' }), '41');
  await userEvent.click(within(panel).getByRole('button', { name: 'Save Spouse Information' }));
  expect(await within(toastRegion()).findByText('Failed to save spouse information. Please try again.')).toBeInTheDocument();
  await userEvent.type(within(panel).getByRole('textbox', { name: 'AHV number' }), '756123');

  ({ panel } = await leaveAndReturn(unmount, 'Spouse'));
  expect(within(panel).getByRole('textbox', { name: 'First name' })).toHaveValue('Marco');
  expect(within(panel).getByRole('textbox', { name: 'Age' })).toHaveValue('41');
  expect(within(panel).getByRole('textbox', { name: 'AHV number' })).toHaveValue('756.123');
  expect(within(panel).getByText(UNSAVED)).toBeInTheDocument();
});

it("keeps a child's entries until taken back, which shows the stored children again", async () => {
  const stored = { firstName: 'Lea', lastName: 'Muster', birthDate: '2015-04-02', schoolingInfo: '', disability: '', alimony: '' };
  advancedServer({ info: anInfo({ children: [stored] }) });
  const { unmount } = await renderLoaded();
  let panel = await openTab('Children', userEvent);
  await userEvent.click(within(panel).getByRole('button', { name: 'Add child' }));
  const second = within(panel).getByRole('group', { name: 'Child 2' });
  await userEvent.type(within(second).getByRole('textbox', { name: 'First name' }), 'Noah');

  ({ panel } = await leaveAndReturn(unmount, 'Children'));
  expect(within(within(panel).getByRole('group', { name: 'Child 1' })).getByRole('textbox', { name: 'First name' })).toHaveValue('Lea');
  expect(within(within(panel).getByRole('group', { name: 'Child 2' })).getByRole('textbox', { name: 'First name' })).toHaveValue('Noah');
  // A third entry gets its own key beside the kept ones (React would warn of a repeated key).
  await userEvent.click(within(panel).getByRole('button', { name: 'Add child' }));
  expect(within(panel).getAllByRole('group')).toHaveLength(3);

  await userEvent.click(within(panel).getByRole('button', { name: 'Undo changes' }));
  expect(within(panel).getAllByRole('group')).toHaveLength(1);
  expect(within(panel).queryByText(UNSAVED)).not.toBeInTheDocument();
  expect(keptKeys()).toEqual([]);
});

it('counts an empty entry of the tax profile as nothing typed', async () => {
  advancedServer({ numberOfChildren: 1 });
  await renderLoaded();
  const panel = await openTab('Children', userEvent);
  expect(within(panel).getByRole('group', { name: 'Child 1' })).toBeInTheDocument();
  await userEvent.click(within(panel).getByRole('button', { name: 'Add child' }));
  expect(within(panel).queryByText(UNSAVED)).not.toBeInTheDocument();
});

it('forgets what was typed at sign-out, and shows the stored form for a kept value it cannot read', async () => {
  advancedServer({ info: anInfo({ spouse: { firstName: 'Marco', lastName: '', age: null, occupation: '', ahvNumber: '', ahvNumberMasked: '', taxId: '' } }) });
  let { unmount } = await renderLoaded();
  let panel = await openTab('Spouse', userEvent);
  await userEvent.type(within(panel).getByRole('textbox', { name: 'Last name' }), 'Rossi');
  expect(keptKeys().sort()).toEqual([`taxli.draft.advanced:spouse:7:${YEAR}`, `taxli.draft.advanced:spouse:7:${YEAR}:from`]);
  forgetKeptTexts();
  ({ panel, unmount } = await leaveAndReturn(unmount, 'Spouse'));
  expect(within(panel).getByRole('textbox', { name: 'Last name' })).toHaveValue('');

  window.sessionStorage.setItem(`taxli.draft.advanced:spouse:7:${YEAR}`, '{"firstName": 3}');
  ({ panel } = await leaveAndReturn(unmount, 'Spouse'));
  expect(within(panel).getByRole('textbox', { name: 'First name' })).toHaveValue('Marco');
  expect(within(panel).queryByText(UNSAVED)).not.toBeInTheDocument();
});

it('shows a transmitted year as the experts see it, not what was kept of it, and drops what was kept', async () => {
  const key = `taxli.draft.advanced:spouse:7:${YEAR}`;
  window.sessionStorage.setItem(key, JSON.stringify({ firstName: 'Typed', lastName: '', age: '', occupation: '', ahvNumber: '', taxId: '' }));
  advancedServer({
    info: anInfo({ transmitted: true, spouse: { firstName: 'Marco', lastName: '', age: null, occupation: '', ahvNumber: '', ahvNumberMasked: '', taxId: '' } }),
  });
  await renderLoaded();
  const panel = await openTab('Spouse', userEvent);
  expect(within(panel).getByRole('textbox', { name: 'First name' })).toHaveValue('Marco');
  expect(within(panel).queryByText(UNSAVED)).not.toBeInTheDocument();
  expect(window.sessionStorage.getItem(key)).toBeNull();
});
