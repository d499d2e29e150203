import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxProfileAnswers, TaxProfileResponse, UserResponse } from '@taxli/domain';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { apiError, aUser, clearToasts, json, LocationProbe, renderRoutes, setLanguage, stubServer, toastRegion, unmountAndSettle, type FakeRequest, type Route } from '../../../test/harness';
import { ProfilePage } from '../profile-page';

/** Issue 28 and D19: step 3, the summary with its Change links, reopening a completed profile, read only once transmitted. */

const today = () => new Date(2026, 10, 23, 10, 0, 0);
const PROFILE_URL = '/api/tax-profile?taxYear=2025';
const DRAFT_URL = '/api/tax-profile/draft?taxYear=2025';
const REOPEN_URL = '/api/tax-profile/reopen?taxYear=2025';

const answers: TaxProfileAnswers = {
  religion: 'reformed',
  cantonOfResidence: 'zurich',
  street: 'Bahnhofstrasse',
  houseNumber: '12a',
  zipCode: '8001',
  city: 'Zürich',
  gemeinde: 'Zürich',
  housingSituation: 'renter',
  movedDuringYear: 'no',
  isFirefighter: false,
  maritalStatus: 'individual',
  propertyOwner: false,
  hasChildren: true,
  numberOfChildren: 2,
  childrenAges: [4, 9],
  hasInvestments: false,
  hasForeignIncome: false,
  hasPillar3a: true,
  employmentType: 'employed',
};

function aProfile(overrides: Partial<TaxProfileResponse> = {}): TaxProfileResponse {
  return {
    taxYear: 2025,
    step: 0,
    personal: { salutation: 'mrs', firstName: 'Anna', lastName: 'Muster', dateOfBirth: '1990-05-01', phone: '0791234567', countryCode: '+41', jobName: 'Engineer' },
    answers: { ...answers },
    isComplete: false,
    completedAt: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 3,
    previousCompleteYear: null,
    ...overrides,
  };
}

const completedProfile = () => aProfile({ step: 11, isComplete: true, completedAt: '2026-11-21T10:00:00.000Z' });

function renderWizard(profile: TaxProfileResponse, { routes = {}, user = aUser(), path = '/profile?setup=tax' }: { routes?: Record<string, Route>; user?: UserResponse; path?: string } = {}) {
  const server = stubServer({
    [`GET ${PROFILE_URL}`]: json(200, profile),
    [`PUT ${DRAFT_URL}`]: (request: FakeRequest) => json(200, { ...profile, ...(request.body as object), isComplete: false, version: 9 }),
    [`POST ${REOPEN_URL}`]: json(200, { ...profile, isComplete: false, completedAt: null, version: 4 }),
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user(), user);
  const result = renderRoutes(
    [
      { path: '/profile', Component: ProfilePage },
      { path: '/', Component: () => <LocationProbe name="Home page" /> },
    ],
    { path, queryClient, now: today },
  );
  return { ...result, server };
}

const heading = () => screen.findByRole('heading', { level: 2 });
const lastDraft = (server: ReturnType<typeof stubServer>) => server.calls('PUT', DRAFT_URL).at(-1)?.body as { step: number; answers: TaxProfileAnswers };

describe('revisiting the tax profile', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(async () => {
    vi.useRealTimers();
    // Leaving the wizard saves what was typed: that save must not reach the next test's server.
    await unmountAndSettle();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('step 3 asks where tax mail goes: the residence by default, another address with its own checked fields', async () => {
    const { server } = renderWizard(aProfile({ step: 2 }));
    expect(await heading()).toHaveTextContent('Tax address');
    expect(screen.getByRole('radio', { name: /To my residence address/ })).toBeChecked();
    expect(screen.queryByLabelText('Street')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /To another address/ }));
    const group = screen.getByRole('group', { name: 'Address for tax mail' });
    await userEvent.type(within(group).getByLabelText('c/o (optional)'), 'Treuhand Muster AG');
    await userEvent.type(within(group).getByLabelText('Street'), 'Seestrasse');
    await userEvent.type(within(group).getByLabelText('House number'), '120');
    await userEvent.type(within(group).getByLabelText('Zip code'), '0800');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // At the field and in the summary beside the button.
    expect(await screen.findAllByText('Please enter a Swiss zip code (1000–9699)')).toHaveLength(2);
    expect(server.calls('PUT', DRAFT_URL)).toHaveLength(0);

    await userEvent.clear(within(group).getByLabelText('Zip code'));
    await userEvent.type(within(group).getByLabelText('Zip code'), '8800');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(/City is required/)).length).toBeGreaterThan(0);
    await userEvent.type(within(group).getByLabelText('City'), 'Thalwil');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading()).toHaveTextContent('Address and housing');
    expect(lastDraft(server)).toMatchObject({
      step: 3,
      answers: { taxMailTo: 'other', taxMailCareOf: 'Treuhand Muster AG', taxMailStreet: 'Seestrasse', taxMailHouseNumber: '120', taxMailZipCode: '8800', taxMailCity: 'Thalwil' },
    });
   }, 20_000); // types a whole address: slow on a busy machine

  it('step 3 in German; left unanswered, it is the residence address', async () => {
    await setLanguage('de');
    const { server } = renderWizard(aProfile({ step: 2 }));
    expect(await heading()).toHaveTextContent('Steueradresse');
    expect(screen.getByRole('group', { name: 'Wohin soll das Steueramt Ihre Post schicken?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await heading()).toHaveTextContent('Adresse und Wohnsituation');
    expect(lastDraft(server).answers.taxMailTo).toBe('residence');
  });

  it('shows every answer before Complete; Change opens the step and its button returns to the summary', async () => {
    const { server } = renderWizard(aProfile({ step: 11 }));
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    expect(await heading()).toHaveTextContent('Check your answers');
    expect(screen.getByText('Bahnhofstrasse 12a, 8001 Zürich')).toBeInTheDocument();
    expect(screen.getByText('4, 9')).toBeInTheDocument();
    expect(screen.getByText('Zurich')).toBeInTheDocument();
    expect(screen.getByText('May 1, 1990')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(lastDraft(server).step).toBe(11);

    await userEvent.click(screen.getByRole('button', { name: 'Change: Marital status as of 31 Dec 2025' }));
    expect(await heading()).toHaveTextContent('Marital status as of 31 Dec 2025');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
    await userEvent.click(screen.getByRole('radio', { name: 'Widowed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back to the summary' }));
    expect(await heading()).toHaveTextContent('Check your answers');
    expect(screen.getByText('Widowed')).toBeInTheDocument();
    expect(lastDraft(server)).toMatchObject({ step: 11, answers: { maritalStatus: 'widowed' } });
  });

  it('marks a step still missing an answer, and Complete opens it with its message', async () => {
    const { server } = renderWizard(aProfile({ step: 11, answers: { ...answers, maritalStatus: null } }), { path: '/profile?setup=tax&view=summary' });
    expect(await heading()).toHaveTextContent('Check your answers');
    expect(screen.getByText('Some answers are still missing. Complete the marked steps first.')).toBeInTheDocument();
    expect(screen.getAllByText('This step is not complete yet.')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await heading()).toHaveTextContent('Marital status');
    expect(await screen.findAllByText('Marital status is required')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Back to the summary' })).toBeInTheDocument();
    expect(server.calls('PUT', '/api/user/profile?taxYear=2025')).toHaveLength(0);
  });

  it.each([
    ['en', 'Age of child 2', 'Only children up to 18 count here, so the age was set to 18.'],
    ['de', 'Alter von Kind 2', 'Hier zählen nur Kinder bis 18 Jahre, darum steht das Alter auf 18.'],
  ])('says at the field (%s) that a child’s age over 18 was set to 18, until an age within the range is typed', async (language, label, said) => {
    await setLanguage(language);
    renderWizard(aProfile({ step: 4 }), { path: '/profile?setup=tax&taxYear=2025&step=9' });
    const age = await screen.findByRole('spinbutton', { name: label });
    await userEvent.clear(age);
    await userEvent.type(age, '25');
    expect(age).toHaveValue(18);
    expect(age).toHaveAccessibleDescription(expect.stringContaining(said));
    await userEvent.clear(age);
    await userEvent.type(age, '7');
    expect(age).toHaveValue(7);
    expect(age).not.toHaveAccessibleDescription(expect.stringContaining(said));
  });

  it('opens at the step the dashboard link names (?step=5)', async () => {
    renderWizard(aProfile({ step: 4 }), { path: '/profile?setup=tax&taxYear=2025&step=5' });
    expect(await heading()).toHaveTextContent('Moving');
    expect(screen.getByText('Step 5 of 12')).toBeInTheDocument();
  });

  it('a completed profile is shown to read; Edit answers says what changes and reopens only once confirmed', async () => {
    const { server, router } = renderWizard(completedProfile());
    expect(await heading()).toHaveTextContent('Your tax profile 2025 is complete');
    expect(screen.queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your completed tax profile?' });
    expect(dialog).toHaveTextContent('your tax profile 2025 counts as incomplete until you complete it again');
    expect(dialog).toHaveTextContent('the documents we ask you for may change with your answers');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('POST', REOPEN_URL)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Edit answers' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Edit answers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST', REOPEN_URL)).toHaveLength(1);
    expect(await heading()).toHaveTextContent('Check your answers');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());

    // Edited and left for another page: what was typed is saved as the draft, from the reopened version.
    await userEvent.click(screen.getByRole('button', { name: 'Change: Tax address' }));
    await userEvent.click(screen.getByRole('radio', { name: /To another address/ }));
    await userEvent.type(screen.getByLabelText('Street'), 'Seestrasse');
    expect(server.calls('PUT', DRAFT_URL)).toHaveLength(0);
    await act(() => router.navigate('/'));
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(1));
    expect(server.calls('PUT', DRAFT_URL)[0]?.body).toMatchObject({ step: 2, version: 4, answers: { taxMailTo: 'other', taxMailStreet: 'Seestrasse' } });
  });

  it('in French: the reopen dialog, and a refusal after transmission said in French', async () => {
    await setLanguage('fr');
    renderWizard(completedProfile(), { routes: { [`POST ${REOPEN_URL}`]: apiError(409, 'TAX_PROFILE_TRANSMITTED', 'transmitted') } });
    expect(await heading()).toHaveTextContent('Votre profil fiscal 2025 est complet');
    await userEvent.click(screen.getByRole('button', { name: 'Modifier les réponses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier votre profil fiscal complet ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Modifier les réponses' }));
    expect(await within(toastRegion()).findByText('Votre profil fiscal n’a pas pu être ouvert pour modification.')).toBeInTheDocument();
    expect(within(toastRegion()).getByText(/son profil fiscal ne peut plus être modifié/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('once transmitted, the answers are read only: no Change, no Edit, no Complete', async () => {
    renderWizard(completedProfile(), { user: aUser({ taxStatus: 'processing' }) });
    expect(await heading()).toHaveTextContent('Check your answers');
    expect(screen.getByText('Transmitted: your answers can no longer be changed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change|Edit answers|Complete|Back/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Bahnhofstrasse 12a, 8001 Zürich')).toBeInTheDocument();
  });

  it('says so when the year was transmitted elsewhere and the draft is refused', async () => {
    renderWizard(aProfile({ step: 4 }), { routes: { [`PUT ${DRAFT_URL}`]: apiError(409, 'TAX_PROFILE_TRANSMITTED', 'transmitted') } });
    expect(await heading()).toHaveTextContent('Moving');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('its tax profile can no longer be changed');
  });

  it('read only once transmitted, in German', async () => {
    await setLanguage('de');
    renderWizard(completedProfile(), { user: aUser({ taxStatus: 'review_required' }) });
    expect(await screen.findByText('Übermittelt: Ihre Antworten können nicht mehr geändert werden')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ändern|Antworten bearbeiten/ })).not.toBeInTheDocument();
  });
});
