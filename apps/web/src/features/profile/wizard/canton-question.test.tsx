import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressSuggestion, TaxProfileAnswers, TaxProfileResponse } from '@taxli/domain';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { aUser, clearToasts, json, LocationProbe, renderRoutes, setLanguage, stubServer, unmountAndSettle, type FakeRequest } from '../../../test/harness';
import { ProfilePage } from '../profile-page';

/** 23 November 2026: the year in preparation is 2025 (D2). */
const today = () => new Date(2026, 10, 23, 10, 0, 0);
const PROFILE_URL = '/api/tax-profile?taxYear=2025';
const DRAFT_URL = '/api/tax-profile/draft?taxYear=2025';

const answers: TaxProfileAnswers = {
  religion: 'reformed',
  cantonOfResidence: 'zurich',
  street: '',
  houseNumber: '',
  zipCode: '',
  city: '',
  gemeinde: '',
  housingSituation: 'renter',
};

/** The address step (4) of a profile whose canton of residence is Zürich. */
const atAddressStep: TaxProfileResponse = {
  taxYear: 2025,
  step: 3,
  personal: { salutation: 'mrs', firstName: 'Anna', lastName: 'Muster', dateOfBirth: '1990-05-01', phone: '791234567', countryCode: '+41', jobName: 'Engineer' },
  answers,
  isComplete: false,
  completedAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 3,
  previousCompleteYear: null,
};

const bern: AddressSuggestion = {
  displayName: '12a, Bahnhofplatz, Bern, Verwaltungskreis Bern-Mittelland, Bern/Berne, 3011, Schweiz/Suisse/Svizzera/Svizra',
  street: 'Bahnhofplatz',
  houseNumber: '12a',
  postalCode: '3011',
  city: 'Bern',
  gemeinde: 'Bern',
  state: 'Bern/Berne',
  country: 'Schweiz/Suisse/Svizzera/Svizra',
};
const thalwil: AddressSuggestion = { ...bern, displayName: 'x', street: 'Seestrasse', houseNumber: '120', postalCode: '8800', city: 'Thalwil', gemeinde: 'Thalwil', state: 'Zürich' };

function renderAddressStep() {
  const server = stubServer({
    [`GET ${PROFILE_URL}`]: json(200, atAddressStep),
    [`PUT ${DRAFT_URL}`]: (request: FakeRequest) => json(200, { ...atAddressStep, ...(request.body as object) }),
    'GET /api/address/search?q=Bahnhofplatz': json(200, [bern]),
    'GET /api/address/search?q=Seestrasse': json(200, [thalwil]),
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user(), aUser());
  renderRoutes(
    [
      { path: '/profile', Component: ProfilePage },
      { path: '/', Component: () => <LocationProbe name="Home page" /> },
    ],
    { path: '/profile?setup=tax', queryClient, now: today },
  );
  return server;
}

async function chooseAddress(text: string) {
  // The wizard loads its step first (lazily, under a busy machine slowly).
  await userEvent.type(await screen.findByRole('combobox', {}, { timeout: 5000 }), text);
  await userEvent.click(await screen.findByRole('option', {}, { timeout: 5000 }));
}

describe('wizard: an address in another canton than the one chosen (issue 28)', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(async () => {
    // Leaving the wizard saves what was typed: that save must not reach the next test's server.
    await unmountAndSettle();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks before going on; "Change the canton" goes back to step 2 with nothing saved', async () => {
    const server = renderAddressStep();
    await chooseAddress('Bahnhofplatz');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const dialog = await screen.findByRole('dialog', { name: 'Is your tax canton right?' });
    expect(dialog).toHaveAccessibleDescription('Your address is in Bern but you chose Zurich as your tax canton — is that right?');
    expect(screen.getByText('Address and housing')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change the canton' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Canton of residence' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('PUT', DRAFT_URL)).toHaveLength(0);
  });

  it('goes on once the person says the chosen canton is right, and does not ask again', async () => {
    const server = renderAddressStep();
    await chooseAddress('Bahnhofplatz');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Zurich is right' }));

    expect(await screen.findByRole('heading', { level: 2, name: /Moving/ })).toBeInTheDocument();
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(1));
    expect((server.calls('PUT', DRAFT_URL)[0]?.body as { answers: TaxProfileAnswers }).answers).toMatchObject({ cantonOfResidence: 'zurich', zipCode: '3011', city: 'Bern' });

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 2, name: 'Address and housing' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Moving/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask when the address is in the chosen canton', async () => {
    renderAddressStep();
    await chooseAddress('Seestrasse');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Moving/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask once the place was typed by hand after choosing a suggestion (its canton is then unknown)', async () => {
    renderAddressStep();
    await chooseAddress('Bahnhofplatz');
    const zip = screen.getByLabelText('Zip code');
    await userEvent.clear(zip);
    await userEvent.type(zip, '8800');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: /Moving/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks in German, with the German canton names', async () => {
    await setLanguage('de');
    renderAddressStep();
    await chooseAddress('Bahnhofplatz');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stimmt Ihr Steuerkanton?' });
    expect(dialog).toHaveAccessibleDescription('Ihre Adresse liegt im Kanton Bern, als Steuerkanton haben Sie aber Zürich gewählt – stimmt das?');
    expect(within(dialog).getByRole('button', { name: 'Ja, Zürich stimmt' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Kanton ändern' })).toBeInTheDocument();
  });
});
