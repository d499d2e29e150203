/**
 * A save of Advanced Tax Information's forms sends the version of the answers it has; when another
 * tab or device saved since, the server refuses it (409 ANSWERS_OUTDATED). The form then keeps what
 * was typed, loads the newer answers and says so (as it does whenever the answers stored are newer
 * than the ones typed over), and the next save is the person's choice.
 */
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import type { AdvancedTaxInfoResponse, SpouseInfo } from '@taxli/domain';
import { apiError, clearToasts, json, setLanguage, toastRegion, type FakeRequest } from '../../test/harness';
import { advancedServer, anInfo, openTab, renderLoaded, YEAR } from './test-fixtures';

const NEWER =
  'Newer answers were saved in another tab or on another device. What you typed is still here: save again to replace them with it, or undo your changes to see the newer answers.';
const UNSAVED = 'Not saved yet. What you entered is kept in this browser tab until you save it.';

const spouse = (firstName: string): SpouseInfo => ({ firstName, lastName: 'Muster', age: 41, occupation: '', ahvNumber: '', ahvNumberMasked: '', taxId: '' });

beforeEach(async () => {
  await setLanguage('en');
  clearToasts();
});

/** The year as the server holds it: the first read, then, once another device saved, the newer one. */
function changingYear(first: AdvancedTaxInfoResponse, newer: AdvancedTaxInfoResponse) {
  const year = { current: first };
  return { year, read: () => json(200, year.current), saveNewer: () => (year.current = newer) };
}

it('keeps the spouse typed when newer answers were saved elsewhere, says so, and saves it from the newer version once asked again', async () => {
  const { read, saveNewer } = changingYear(
    anInfo({ spouse: spouse('Marco'), versions: { spouse: 1, children: 0, authorization: 0 } }),
    anInfo({ spouse: spouse('Marcel'), versions: { spouse: 2, children: 0, authorization: 0 } }),
  );
  const answers = [apiError(409, 'ANSWERS_OUTDATED', 'Newer spouse for 2025 were saved since version 1; load them and save again.'), json(200, { ...spouse('Mario'), version: 3 })];
  const server = advancedServer({}, {
    [`GET /api/advanced-tax-info?taxYear=${YEAR}`]: read,
    'PUT /api/advanced-tax-info/spouse': () => answers.shift()!,
  });
  await renderLoaded();
  let panel = await openTab('Spouse', userEvent);
  const firstName = within(panel).getByRole('textbox', { name: 'First name' });
  await userEvent.clear(firstName);
  await userEvent.type(firstName, 'Mario');
  // Meanwhile another device saves "Marcel".
  saveNewer();

  await userEvent.click(within(panel).getByRole('button', { name: 'Save Spouse Information' }));
  expect(await within(toastRegion()).findByText(NEWER)).toBeInTheDocument();
  expect(await within(panel).findByText(NEWER)).toBeInTheDocument();
  expect(firstName).toHaveValue('Mario');

  // Another tab of the screen and back: what was typed and what was said are both still there.
  await openTab('Children', userEvent);
  panel = await openTab('Spouse', userEvent);
  expect(within(panel).getByRole('textbox', { name: 'First name' })).toHaveValue('Mario');
  expect(within(panel).getByText(NEWER)).toBeInTheDocument();

  await userEvent.click(within(panel).getByRole('button', { name: 'Save Spouse Information' }));
  expect(await within(toastRegion()).findByText('Spouse Information Saved')).toBeInTheDocument();
  const sent = server.calls('PUT', '/api/advanced-tax-info/spouse').map((call: FakeRequest) => (call.body as { firstName: string; version: number }));
  expect(sent.map(({ firstName: name, version }) => [name, version])).toEqual([
    ['Mario', 1],
    ['Mario', 2],
  ]);
  expect(within(panel).queryByText(NEWER)).not.toBeInTheDocument();
  expect(within(panel).queryByText(UNSAVED)).not.toBeInTheDocument();
});

it('shows the newer children once the person undoes their changes after the refusal', async () => {
  const lea = { firstName: 'Lea', lastName: 'Muster', birthDate: '2015-04-02', schoolingInfo: '', disability: '', alimony: '' };
  const { read, saveNewer } = changingYear(
    anInfo({ children: [lea], versions: { spouse: 0, children: 4, authorization: 0 } }),
    anInfo({ children: [{ ...lea, schoolingInfo: 'Gymnasium' }], versions: { spouse: 0, children: 5, authorization: 0 } }),
  );
  const server = advancedServer({}, {
    [`GET /api/advanced-tax-info?taxYear=${YEAR}`]: read,
    'PUT /api/advanced-tax-info/children': apiError(409, 'ANSWERS_OUTDATED', 'Newer children for 2025 were saved since version 4; load them and save again.'),
  });
  await renderLoaded();
  const panel = await openTab('Children', userEvent);
  await userEvent.type(within(panel).getByRole('textbox', { name: 'Disability' }), 'None');
  saveNewer();
  await userEvent.click(within(panel).getByRole('button', { name: 'Save Children Information' }));
  expect(await within(panel).findByText(NEWER)).toBeInTheDocument();
  expect(server.calls('PUT', '/api/advanced-tax-info/children').map((call) => (call.body as { version: number }).version)).toEqual([4]);

  await userEvent.click(within(panel).getByRole('button', { name: 'Undo changes' }));
  expect(within(panel).getByRole('textbox', { name: 'School or education' })).toHaveValue('Gymnasium');
  expect(within(panel).getByRole('textbox', { name: 'Disability' })).toHaveValue('');
  expect(within(panel).queryByText(NEWER)).not.toBeInTheDocument();
});

it('says on a return to the page that newer settings were saved meanwhile, before the typed ones replace them', async () => {
  const stored = { taxAddressEnabled: false, powerOfAttorneyEnabled: false, canton: 'ZH' as const, tinNumber: '123.456.789', powerOfAttorneyAccepted: true, lastUpdated: '2026-11-01T10:00:00.000Z', taxYear: YEAR };
  const { read, saveNewer } = changingYear(
    anInfo({ authorization: stored, versions: { spouse: 0, children: 0, authorization: 7 } }),
    anInfo({ authorization: { ...stored, tinNumber: '999.888.777' }, versions: { spouse: 0, children: 0, authorization: 8 } }),
  );
  const server = advancedServer({}, {
    [`GET /api/advanced-tax-info?taxYear=${YEAR}`]: read,
    'PUT /api/advanced-tax-info/authorization': json(200, { ...stored, tinNumber: '111.222.333', version: 9 }),
  });
  const { unmount } = await renderLoaded();
  let panel = await openTab('Authorization', userEvent);
  const tin = () => within(panel).getByRole('textbox', { name: 'Tax ID (TIN)' });
  await userEvent.clear(tin());
  await userEvent.type(tin(), '111222333');
  unmount();

  // Another device saves while this tab is away; back on the page, what was typed is still there.
  saveNewer();
  await renderLoaded();
  panel = await openTab('Authorization', userEvent);
  expect(tin()).toHaveValue('111.222.333');
  // The version the typing was made over (7) was kept with it: the stored one (8) is newer.
  expect(within(panel).getByText(NEWER)).toBeInTheDocument();
  await userEvent.click(within(panel).getByRole('button', { name: 'Save Authorization Settings' }));
  await within(toastRegion()).findByText('Settings Saved');
  expect(server.calls('PUT', '/api/advanced-tax-info/authorization').map((call) => (call.body as { version: number }).version)).toEqual([8]);
  expect(within(panel).queryByText(NEWER)).not.toBeInTheDocument();
});
