import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonalAnswers, TaxProfileAnswers, TaxProfileResponse } from '@taxli/domain';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import {
  aUser,
  apiError,
  clearToasts,
  currentPath,
  json,
  LocationProbe,
  renderRoutes,
  setLanguage,
  stubServer,
  toastRegion,
  unmountAndSettle,
  type FakeRequest,
  type Route,
} from '../../../test/harness';
import { ProfilePage } from '../profile-page';

/** 23 November 2026: the year in preparation is 2025 (D2). */
const today = () => new Date(2026, 10, 23, 10, 0, 0);
const PROFILE_URL = '/api/tax-profile?taxYear=2025';
const DRAFT_URL = '/api/tax-profile/draft?taxYear=2025';
const REOPEN_URL = '/api/tax-profile/reopen?taxYear=2025';

const completePersonal: TaxProfileResponse['personal'] = {
  salutation: 'mrs',
  firstName: 'Anna',
  lastName: 'Muster',
  dateOfBirth: '1990-05-01',
  phone: '0791234567',
  countryCode: '+41',
  jobName: 'Engineer',
};

const completeAnswers: TaxProfileAnswers = {
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
  hasChildren: false,
  numberOfChildren: 0,
  childrenAges: [],
  hasInvestments: false,
  hasForeignIncome: false,
  hasPillar3a: true,
  employmentType: 'employed',
};

function aTaxProfile(overrides: Partial<TaxProfileResponse> = {}): TaxProfileResponse {
  return {
    taxYear: 2025,
    step: 0,
    personal: { ...completePersonal },
    answers: { ...completeAnswers },
    isComplete: false,
    completedAt: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 3,
    previousCompleteYear: null,
    ...overrides,
  };
}

/** A profile at `step` with everything answered except what `answers`/`personal` override. */
const atStep = (step: number, answers: Partial<TaxProfileAnswers> = {}, personal: Partial<PersonalAnswers> = {}) =>
  aTaxProfile({ step, answers: { ...completeAnswers, ...answers }, personal: { ...completePersonal, ...personal } as TaxProfileResponse['personal'] });

function renderWizard(profile: TaxProfileResponse, routes: Record<string, Route> = {}, path = '/profile?setup=tax') {
  const server = stubServer({
    [`GET ${PROFILE_URL}`]: json(200, profile),
    [`PUT ${DRAFT_URL}`]: (request: FakeRequest) => json(200, { ...profile, ...(request.body as object) }),
    ...routes,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user(), aUser());
  const result = renderRoutes(
    [
      { path: '/profile', Component: ProfilePage },
      { path: '/', Component: () => <LocationProbe name="Home page" /> },
    ],
    { path, queryClient, now: today },
  );
  return { ...result, server };
}

/**
 * Another tab or device saved `newer` while this tab was open: this tab's saves from before
 * `saved` (the newer profile, or what a reopen of it answers) are refused as outdated, and the
 * profile reads as `newer` from the first refusal on; later saves go on from their version.
 */
function anotherTabSaved(start: TaxProfileResponse, newer: TaxProfileResponse, saved = newer): Record<string, Route> {
  let newerSaved = false;
  return {
    [`GET ${PROFILE_URL}`]: () => json(200, newerSaved ? newer : start),
    [`PUT ${DRAFT_URL}`]: (request: FakeRequest) => {
      const body = request.body as { version: number };
      if (body.version < saved.version) {
        newerSaved = true;
        return apiError(409, 'DRAFT_OUTDATED', 'Newer answers were saved since', 'version');
      }
      return json(200, { ...saved, ...(request.body as object), version: body.version + 1 });
    },
  };
}

const stepHeading = () => screen.findByRole('heading', { level: 2 });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

/** Issue 28: the last step leads to the summary of every answer, whose button completes. */
async function reviewAndComplete(user: { click: (element: Element) => Promise<void> } = userEvent, review = 'Review answers', complete = 'Complete') {
  await user.click(screen.getByRole('button', { name: review }));
  await user.click(await screen.findByRole('button', { name: complete }));
}

describe('tax-profile wizard', () => {
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

  it('shows the year, the step counter and the step title, with Back disabled on step 1', async () => {
    renderWizard(atStep(0));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax profile 2025' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 12')).toBeInTheDocument();
    expect(await stepHeading()).toHaveTextContent('Personal information');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
    expect(screen.getByRole('radio', { name: 'Mrs' })).toBeChecked();
  });

  it('takes the year from ?taxYear= and writes it into the texts', async () => {
    const profile = aTaxProfile({ taxYear: 2024, step: 5 });
    renderWizard(profile, { 'GET /api/tax-profile?taxYear=2024': json(200, profile) }, '/profile?setup=tax&taxYear=2024');
    expect(await screen.findByRole('heading', { level: 2, name: 'Firefighter duty 2024' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'I served in a fire brigade in 2024' })).toBeInTheDocument();
  });

  it('starts the date of birth at today minus 24 years', async () => {
    renderWizard(atStep(0, {}, { dateOfBirth: null }));
    expect(await screen.findByLabelText('Date of birth')).toHaveValue('2002-11-23');
  });

  /** The summary beside Next after a refused Next (issue 28). */
  const refusalSummary = () => screen.queryByText(/^Before you go on, please complete:$|^Bevor es weitergeht, bitte ergänzen:$/)?.parentElement ?? null;

  it('keeps Next disabled on an incomplete step and names every missing field at its field and beside Next; an edit clears them', async () => {
    renderWizard(atStep(0, {}, { salutation: null, jobName: '' }));
    await stepHeading();
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
    expect(refusalSummary()).toBeNull();
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Personal information');
    await waitFor(() => expect(screen.getByLabelText('Job title')).toHaveAccessibleDescription('Job title is required'));
    expect(screen.getByLabelText('Job title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Salutation' })).toHaveAccessibleDescription('Salutation is required');
    const summary = refusalSummary();
    expect(within(summary!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Salutation is required', 'Job title is required']);
    expect(nextButton()).toHaveAccessibleDescription(/Salutation is required.*Job title is required/);

    // A name in the summary takes the focus to its field.
    await userEvent.click(within(summary!).getByRole('button', { name: 'Job title is required' }));
    await waitFor(() => expect(screen.getByLabelText('Job title')).toHaveFocus());

    await userEvent.click(screen.getByRole('radio', { name: 'Mr' }));
    expect(screen.queryByText('Salutation is required')).not.toBeInTheDocument();
    expect(refusalSummary()).toBeNull();
    await userEvent.click(nextButton());
    expect(within(refusalSummary()!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Job title is required']);
    await userEvent.type(screen.getByLabelText('Job title'), 'Baker');
    expect(screen.queryByText('Job title is required')).not.toBeInTheDocument();
    expect(nextButton()).toHaveAttribute('aria-disabled', 'false');
  });

  it('names the missing address fields and a wrong zip code beside Next in German', async () => {
    await setLanguage('de');
    renderWizard(atStep(3, { street: '', city: '', zipCode: '98' }));
    await stepHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    const summary = await waitFor(() => {
      const found = refusalSummary();
      expect(found).not.toBeNull();
      return found!;
    });
    expect(within(summary).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Strasse ist erforderlich',
      'Ort ist erforderlich',
      'Bitte geben Sie eine Schweizer PLZ ein (1000–9699)',
    ]);
    expect(screen.getByLabelText('Strasse')).toHaveAccessibleDescription('Strasse ist erforderlich');
  });

  it('on step 1 asks for first name, last name and phone with the Incomplete Step toast', async () => {
    const { server } = renderWizard(atStep(0, {}, { firstName: '' }));
    await stepHeading();
    await userEvent.click(nextButton());
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required'));
    expect(within(toastRegion()).getByText('Incomplete Step')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Please fill in all required fields: first name, last name, and phone number.')).toBeInTheDocument();
    expect(server.calls('PUT', DRAFT_URL)).toHaveLength(0);
  });

  it('shows a zip code that is not Swiss on its field and holds Next', async () => {
    renderWizard(atStep(3, { zipCode: '' }));
    const zip = await screen.findByLabelText('Zip code');
    await userEvent.type(zip, '9800');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a Swiss postcode (1000–9699)')).toBeInTheDocument();
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('saves the draft in the background: the next step shows before the save answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { server } = renderWizard(atStep(0), {
      [`PUT ${DRAFT_URL}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await stepHeading();
    await userEvent.click(nextButton());

    expect(await stepHeading()).toHaveTextContent('Canton of residence');
    expect(screen.getByText('Step 2 of 12')).toBeInTheDocument();
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    const [save] = server.calls('PUT', DRAFT_URL);
    expect(save?.body).toEqual({ step: 1, personal: { ...completePersonal }, answers: { ...completeAnswers }, version: 3 });

    act(() => answer(json(200, aTaxProfile({ step: 1 }))));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('resumes at the saved step after leaving for the dashboard mid-save and coming back', async () => {
    // The server's own draft: each save raises its version, as the real one does.
    let stored = atStep(0);
    const answers: ((response: Response) => void)[] = [];
    const { server, router } = renderWizard(stored, {
      [`GET ${PROFILE_URL}`]: () => json(200, stored),
      [`PUT ${DRAFT_URL}`]: (request) =>
        new Promise<Response>((resolve) => {
          answers.push(() => {
            const body = request.body as Partial<TaxProfileResponse>;
            stored = { ...stored, ...body, version: stored.version + 1 };
            resolve(json(200, stored));
          });
        }),
    });
    await stepHeading();
    await userEvent.click(nextButton());
    expect(await screen.findByText('Step 2 of 12')).toBeInTheDocument();
    act(() => answers.shift()?.(new Response()));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await userEvent.click(nextButton());
    expect(await screen.findByText('Step 3 of 12')).toBeInTheDocument();

    // Off to the dashboard while the second save is still on its way, and straight back.
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/profile?setup=tax'));
    expect(screen.getByText('Loading your tax profile…')).toBeInTheDocument();
    act(() => answers.shift()?.(new Response()));
    expect(await screen.findByText('Step 3 of 12')).toBeInTheDocument();
    expect(await stepHeading()).toHaveTextContent('Tax address');

    // The next save goes on from the version the last one gave.
    await userEvent.click(nextButton());
    const saves = server.calls('PUT', DRAFT_URL);
    expect(saves.map((save) => (save.body as { version: number; step: number }).version)).toEqual([3, 4, 5]);
    expect((saves[2]?.body as { step: number }).step).toBe(3);
  });

  it('loads the newer draft another tab saved, says so, and goes on from its version (this tab changed nothing)', async () => {
    // The other tab went past the tax address step as well (where this tab's Next sets its default).
    const newer = { ...atStep(5, { city: 'Thun', taxMailTo: 'residence' }), version: 7 };
    const { server } = renderWizard(atStep(2), anotherTabSaved(atStep(2), newer));
    await stepHeading();
    await userEvent.click(nextButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Newer answers were saved in another tab or on another device');
    expect(screen.getByText('Step 6 of 12')).toBeInTheDocument();
    expect(screen.queryByText('Not saved')).not.toBeInTheDocument();

    await userEvent.click(nextButton());
    expect(await screen.findByText('Step 7 of 12')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(2));
    expect(server.calls('PUT', DRAFT_URL)[1]?.body).toMatchObject({ step: 6, version: 7, answers: { city: 'Thun' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("keeps what this tab changed over the newer answers another tab saved, takes the other answers, saves both at once, and says so", async () => {
    const newer = { ...atStep(6, { gemeinde: 'Zürich Kreis 1' }, { jobName: 'Architect' }), version: 7 };
    const { server } = renderWizard(atStep(3), anotherTabSaved(atStep(3), newer));
    expect(await stepHeading()).toHaveTextContent('Address and housing');
    const city = screen.getByLabelText('City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Thun');
    await userEvent.click(nextButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('What you changed here is kept and saved with them');
    // The person stays where the Next took them, and the answers go to the server with both.
    expect(screen.getByText('Step 5 of 12')).toBeInTheDocument();
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(2));
    expect(server.calls('PUT', DRAFT_URL)[1]?.body).toMatchObject({
      step: 4,
      version: 7,
      answers: { city: 'Thun', gemeinde: 'Zürich Kreis 1' },
      personal: { jobName: 'Architect' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('City')).toHaveValue('Thun');

    // The next save goes on from the version the kept answers were saved as.
    await userEvent.click(nextButton());
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(3));
    expect(server.calls('PUT', DRAFT_URL)[2]?.body).toMatchObject({ version: 8, answers: { city: 'Thun' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps what this tab changed when another tab completed the year meanwhile, and adds it when the year is reopened', async () => {
    const completed = { ...atStep(11, { gemeinde: 'Zürich Kreis 1' }), isComplete: true, completedAt: '2026-11-20T11:00:00.000Z', version: 7 };
    const reopened = { ...completed, isComplete: false, completedAt: null, version: 8 };
    const { server } = renderWizard(atStep(3), { ...anotherTabSaved(atStep(3), completed, reopened), [`POST ${REOPEN_URL}`]: json(200, reopened) });
    expect(await stepHeading()).toHaveTextContent('Address and housing');
    const city = screen.getByLabelText('City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Thun');
    await userEvent.click(nextButton());

    // The completed year is shown as it was completed, and the person is told their change waits.
    expect(await screen.findByRole('alert')).toHaveTextContent('What you changed here is not in it yet: choose Edit answers to add it');
    expect(await stepHeading()).toHaveTextContent('Your tax profile 2025 is complete');
    expect(server.calls('PUT', DRAFT_URL)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Edit answers' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Edit answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('What you changed here is kept and saved with them');
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(2));
    expect(server.calls('PUT', DRAFT_URL)[1]?.body).toMatchObject({ version: 8, answers: { city: 'Thun', gemeinde: 'Zürich Kreis 1' } });
  });

  describe('answers the server may not have, kept for the browser tab (a reload during a save)', () => {
    const BACKUP_KEY = 'taxli.draft.wizard:7:2025';

    /** Typed on the address step after a Next whose save is still under way, then the page goes. */
    async function typeWhileSaving() {
      const first = renderWizard(atStep(3), { [`PUT ${DRAFT_URL}`]: () => new Promise<Response>(() => undefined) });
      expect(await stepHeading()).toHaveTextContent('Address and housing');
      await userEvent.click(nextButton());
      await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
      const city = await screen.findByLabelText('City');
      await userEvent.clear(city);
      await userEvent.type(city, 'Thun');
      first.unmount(); // the leaving save waits behind the first one, and goes with the page
    }

    it('goes on from them when the save under way landed and nothing else was saved, and saves them', async () => {
      await typeWhileSaving();
      // The save under way landed: the server's version moved by one, without "Thun".
      const landed = aTaxProfile({ ...atStep(4), version: 4 });
      const { server } = renderWizard(landed);
      expect(await stepHeading()).toHaveTextContent('Address and housing');
      expect(screen.getByLabelText('City')).toHaveValue('Thun');
      await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(1));
      expect(server.calls('PUT', DRAFT_URL)[0]?.body).toMatchObject({ step: 3, version: 4, answers: { city: 'Thun', zipCode: '8001' } });
      await waitFor(() => expect(window.sessionStorage.getItem(BACKUP_KEY)).toBeNull());
    });

    it('keeps what was typed over the newer answers another tab or device saved since, takes their others, saves both and says so', async () => {
      await typeWhileSaving();
      expect(window.sessionStorage.getItem(BACKUP_KEY)).toContain('Thun');
      const newer = aTaxProfile({ ...atStep(5, { city: 'Bern', gemeinde: 'Bern' }), version: 9 });
      const { server } = renderWizard(newer);
      expect(await stepHeading()).toHaveTextContent('Address and housing');
      expect(screen.getByRole('alert')).toHaveTextContent('What you changed here is kept and saved with them');
      expect(screen.getByLabelText('City')).toHaveValue('Thun');
      await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(1));
      expect(server.calls('PUT', DRAFT_URL)[0]?.body).toMatchObject({ step: 3, version: 9, answers: { city: 'Thun', gemeinde: 'Bern' } });
      await waitFor(() => expect(window.sessionStorage.getItem(BACKUP_KEY)).toBeNull());
    });

    it('shows the stored answers when another tab or device saved since what was typed too, and forgets the kept ones', async () => {
      await typeWhileSaving();
      const newer = aTaxProfile({ ...atStep(5, { city: 'Thun', taxMailTo: 'residence' }), version: 9 });
      const { server } = renderWizard(newer);
      expect(await stepHeading()).not.toHaveTextContent('Address and housing');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Back' }));
      await userEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByLabelText('City')).toHaveValue('Thun');
      expect(window.sessionStorage.getItem(BACKUP_KEY)).toBeNull();
      expect(server.calls('PUT', DRAFT_URL)).toHaveLength(0);
    });
  });

  it('retries a failed draft save and says so until it is saved', async () => {
    let attempts = 0;
    const { server } = renderWizard(atStep(0), {
      [`PUT ${DRAFT_URL}`]: () => (++attempts === 1 ? apiError(503, 'UNAVAILABLE', 'Try later') : json(200, aTaxProfile({ step: 1 }))),
    });
    await stepHeading();
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Canton of residence');
    expect(await screen.findByText('Not saved — retrying')).toBeInTheDocument();
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(server.calls('PUT', DRAFT_URL)).toHaveLength(2);
  });

  it('moves focus to the new step heading', async () => {
    renderWizard(atStep(0));
    await stepHeading();
    await userEvent.click(nextButton());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Canton of residence' })).toHaveFocus());
  });

  it('resumes at the stored step with the stored answers', async () => {
    renderWizard(atStep(6, { maritalStatus: 'divorced' }));
    expect(await stepHeading()).toHaveTextContent('Marital status as of 31 Dec 2025');
    expect(screen.getByText('Step 7 of 12')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Divorced' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading()).toHaveTextContent('Firefighter duty 2025');
  });

  it('lists the 26 cantons sorted by name and chooses one with the keyboard', async () => {
    const { server } = renderWizard(atStep(1, { cantonOfResidence: null }));
    await stepHeading();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(26);
    expect(radios[0]).toHaveAccessibleName('Aargau AG');
    expect(radios[25]).toHaveAccessibleName('Zurich ZH');
    expect(nextButton()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(nextButton());
    await waitFor(() => expect(screen.getAllByText('Canton of residence is required')).toHaveLength(2));

    radios[0]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(radios[0]).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(radios[1]).toBeChecked();
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Tax address');
    expect((server.calls('PUT', DRAFT_URL)[0]?.body as { answers: TaxProfileAnswers }).answers.cantonOfResidence).toBe('appenzell-ausserrhoden');
  });

  it('leaving the moved, real-estate and children steps unanswered saves no / false', async () => {
    const { server } = renderWizard(atStep(4, { movedDuringYear: null, propertyOwner: null, hasChildren: null }));
    expect(await stepHeading()).toHaveTextContent('Moving');
    expect(nextButton()).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Firefighter duty 2025');
    await userEvent.click(nextButton());
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Real estate ownership');
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Children');
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Advanced tax information');

    const bodies = server.calls('PUT', DRAFT_URL).map((call) => (call.body as { answers: TaxProfileAnswers }).answers);
    expect(bodies[0]?.movedDuringYear).toBe('no');
    expect(bodies[3]?.propertyOwner).toBe(false);
    expect(bodies[4]?.hasChildren).toBe(false);
  });

  it('children: the toggle starts one child aged 7, plus and minus change the count, ages are clamped to 0–18', async () => {
    const { server } = renderWizard(atStep(8, { hasChildren: null, numberOfChildren: null, childrenAges: null }));
    expect(await stepHeading()).toHaveTextContent('Children');
    await userEvent.click(screen.getByRole('switch', { name: 'I had children in my care in 2025' }));
    expect(screen.getByLabelText('Age of child 1')).toHaveValue(7);
    expect(screen.getByRole('button', { name: 'Remove the last child' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add a child' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a child' }));
    expect(screen.getByLabelText('Age of child 3')).toHaveValue(7);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the last child' }));
    expect(screen.queryByLabelText('Age of child 3')).not.toBeInTheDocument();

    const age = screen.getByLabelText('Age of child 2');
    await userEvent.clear(age);
    await userEvent.type(age, '25');
    expect(age).toHaveValue(18);

    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Advanced tax information');
    const { answers } = server.calls('PUT', DRAFT_URL)[0]!.body as { answers: TaxProfileAnswers };
    expect(answers).toMatchObject({ hasChildren: true, numberOfChildren: 2, childrenAges: [7, 18] });
  });

  it('children off clears the count and the ages', async () => {
    const { server } = renderWizard(atStep(8, { hasChildren: true, numberOfChildren: 2, childrenAges: [3, 9] }));
    await stepHeading();
    expect(screen.getByLabelText('Age of child 2')).toHaveValue(9);
    await userEvent.click(screen.getByRole('switch', { name: 'I had children in my care in 2025' }));
    expect(screen.queryByLabelText('Age of child 1')).not.toBeInTheDocument();
    await userEvent.click(nextButton());
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(1));
    const { answers } = server.calls('PUT', DRAFT_URL)[0]!.body as { answers: TaxProfileAnswers };
    expect(answers).toMatchObject({ hasChildren: false, numberOfChildren: 0, childrenAges: [] });
  });

  it('asks about alimony only of divorced or separated people with children', async () => {
    renderWizard(atStep(9, { maritalStatus: 'married', hasChildren: true, numberOfChildren: 1, childrenAges: [4] }));
    expect(await stepHeading()).toHaveTextContent('Advanced tax information');
    expect(screen.getByRole('switch', { name: 'I owned shares or other securities in 2025' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'I paid alimony in 2025' })).not.toBeInTheDocument();
  });

  it('alimony off clears the amount and the duration', async () => {
    const { server } = renderWizard(atStep(9, { maritalStatus: 'divorced', hasChildren: true, numberOfChildren: 1, childrenAges: [4] }));
    await stepHeading();
    const alimony = screen.getByRole('switch', { name: 'I paid alimony in 2025' });
    await userEvent.click(alimony);
    await userEvent.type(screen.getByLabelText('Amount per month (whole CHF)'), '1200.50');
    expect(screen.getByLabelText('Amount per month (whole CHF)')).toHaveValue('120050');
    await userEvent.clear(screen.getByLabelText('Amount per month (whole CHF)'));
    await userEvent.type(screen.getByLabelText('Amount per month (whole CHF)'), '800');
    await userEvent.type(screen.getByLabelText('Duration (months)'), '24');
    await userEvent.click(alimony);
    expect(screen.queryByLabelText('Amount per month (whole CHF)')).not.toBeInTheDocument();
    await userEvent.click(alimony);
    expect(screen.getByLabelText('Amount per month (whole CHF)')).toHaveValue('');
    await userEvent.click(alimony);

    await userEvent.click(nextButton());
    await waitFor(() => expect(server.calls('PUT', DRAFT_URL)).toHaveLength(1));
    const { answers } = server.calls('PUT', DRAFT_URL)[0]!.body as { answers: TaxProfileAnswers };
    expect(answers).toMatchObject({ paysAlimony: false, alimonyAmount: null, alimonyDuration: null });
  });

  it('asks for the employment type on the last step', async () => {
    renderWizard(atStep(11, { employmentType: null }));
    expect(await stepHeading()).toHaveTextContent('Employment and retirement');
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    const complete = screen.getByRole('button', { name: 'Review answers' });
    expect(complete).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(complete);
    // At the question and beside Complete.
    await waitFor(() => expect(screen.getAllByText('Please select your employment type')).toHaveLength(2));
    await userEvent.click(screen.getByRole('radio', { name: 'Retired' }));
    expect(complete).toHaveAttribute('aria-disabled', 'false');
  });

  it('offers to start from last year and loads its answers for review', async () => {
    const lastYear = aTaxProfile({ taxYear: 2024, isComplete: true, step: 11, answers: { ...completeAnswers, cantonOfResidence: 'bern' } });
    const { server } = renderWizard(aTaxProfile({ step: 0, answers: {}, updatedAt: null, previousCompleteYear: 2024 }), {
      'GET /api/tax-profile?taxYear=2024': json(200, lastYear),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start from last year (2024)' }));
    expect(await within(toastRegion()).findByText('Answers from 2024 loaded')).toBeInTheDocument();
    expect(server.calls('GET', '/api/tax-profile?taxYear=2024')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Start from last year (2024)' })).not.toBeInTheDocument();
    // Still step 1: each answer is reviewed step by step.
    expect(await stepHeading()).toHaveTextContent('Personal information');
    expect(screen.getByLabelText('Religion')).toHaveValue('reformed');
    await userEvent.click(nextButton());
    expect(await stepHeading()).toHaveTextContent('Canton of residence');
    expect(screen.getByRole('radio', { name: 'Bern BE' })).toBeChecked();
  });

  it('does not offer last year once the year has a draft', async () => {
    renderWizard(aTaxProfile({ step: 0, previousCompleteYear: 2024 }));
    await stepHeading();
    expect(screen.queryByRole('button', { name: /Start from last year/ })).not.toBeInTheDocument();
  });

  it('Complete sends the profile, the declaration and the status in order, then shows / after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: today() });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, router } = renderWizard(atStep(11), {
      'PUT /api/user/profile?taxYear=2025': json(200, aUser({ isTaxProfileComplete: true, taxStatus: 'documents_pending' })),
      'POST /api/tax/save-declaration': json(200, { success: true }),
      'POST /api/status/set': json(200, { success: true }),
    });
    await stepHeading();
    await reviewAndComplete(user);
    expect(await within(toastRegion()).findByText('Tax profile complete')).toBeInTheDocument();

    const writes = server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
    expect(writes).toEqual([`PUT ${DRAFT_URL}`, 'PUT /api/user/profile?taxYear=2025', 'POST /api/tax/save-declaration', 'POST /api/status/set']);
    const [profileCall, declarationCall, statusCall] = server.requests.filter((r) => r.method !== 'GET' && r.url !== DRAFT_URL);
    expect(profileCall?.body).toMatchObject({
      ...completePersonal,
      ...completeAnswers,
      name: 'Anna Muster',
      isTaxProfileComplete: true,
      taxYear: 2025,
      hasDonations: false,
      hasDeductions: false,
    });
    expect(declarationCall?.body).toMatchObject({
      filename: 'tax_declaration_7_2026-11-23.json',
      taxData: { metadata: { userId: 7, taxYear: 2025 }, location: { cantonOfResidence: 'zurich', zipCode: '8001' } },
    });
    expect(statusCall?.body).toEqual({ statusId: 2, taxYear: 2025 });

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(currentPath(router)).toBe('/profile?setup=tax');
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it("refreshes the bell's notifications at once when the tax profile is complete (its notice goes)", async () => {
    const { queryClient } = renderWizard(atStep(11), {
      'PUT /api/user/profile?taxYear=2025': json(200, aUser({ isTaxProfileComplete: true, taxStatus: 'documents_pending' })),
      'POST /api/tax/save-declaration': json(200, { success: true }),
      'POST /api/status/set': json(200, { success: true }),
    });
    queryClient.setQueryData(queryKeys.notifications, [{ id: 'incomplete-tax-profile' }]);
    await stepHeading();
    await reviewAndComplete();
    expect(await within(toastRegion()).findByText('Tax profile complete')).toBeInTheDocument();
    expect(queryClient.getQueryState(queryKeys.notifications)?.isInvalidated).toBe(true);
  });

  it('completes even when the declaration and status calls fail (only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWizard(atStep(11), {
      'PUT /api/user/profile?taxYear=2025': json(200, aUser({ isTaxProfileComplete: true })),
      'POST /api/tax/save-declaration': apiError(500, 'INTERNAL', 'Boom'),
      'POST /api/status/set': apiError(409, 'TAX_PROFILE_INCOMPLETE', 'Complete first'),
    });
    await stepHeading();
    await reviewAndComplete();
    expect(await within(toastRegion()).findByText('Tax profile complete')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledTimes(2);
  });

  const postcodeRefusal = () =>
    apiError(400, 'VALIDATION_ERROR', 'zipCode: This postcode does not exist', 'zipCode', { fieldCode: 'NOT_SWISS_POSTCODE', params: { min: 1000, max: 9699 } });

  it('a 400 from the server shows its reason once, on the step that owns the field, keeping every answer', async () => {
    const { server } = renderWizard(atStep(11), { 'PUT /api/user/profile?taxYear=2025': postcodeRefusal() });
    await stepHeading();
    await reviewAndComplete();
    expect(await stepHeading()).toHaveTextContent('Address and housing');
    const reason = 'Please enter a Swiss postcode (1000–9699).';
    expect(screen.getByLabelText('Zip code')).toHaveAccessibleDescription(reason);
    expect(screen.getByLabelText('Zip code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Street')).toHaveValue('Bahnhofstrasse');
    await waitFor(() => expect(screen.getByLabelText('Zip code')).toHaveFocus());
    expect(within(toastRegion()).queryByText('Update failed')).not.toBeInTheDocument();
    expect(screen.getAllByText(reason)).toHaveLength(1);
    expect(screen.queryByText(/This postcode does not exist/)).not.toBeInTheDocument();
    expect(server.calls('POST', '/api/tax/save-declaration')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Zip code'), '{Backspace}2');
    expect(screen.getByLabelText('Zip code')).not.toHaveAttribute('aria-invalid');
  });

  it("tells the server's refusal in German by its code and parameters, not in the server's English", async () => {
    await setLanguage('de');
    renderWizard(atStep(11), { 'PUT /api/user/profile?taxYear=2025': postcodeRefusal() });
    await stepHeading();
    await reviewAndComplete(userEvent, 'Antworten prüfen', 'Abschliessen');
    const zipCode = await screen.findByLabelText('PLZ');
    await waitFor(() => expect(zipCode).toHaveAccessibleDescription('Bitte geben Sie eine Schweizer PLZ ein (1000–9699).'));
    expect(screen.queryByText(/This postcode does not exist/)).not.toBeInTheDocument();
  });

  it('interpolates the count of a refusal in French, on the step of the field', async () => {
    await setLanguage('fr');
    renderWizard(atStep(11, { hasChildren: true, numberOfChildren: 2, childrenAges: [7, 9] }), {
      'PUT /api/user/profile?taxYear=2025': apiError(400, 'VALIDATION_ERROR', 'childrenAges: One age per child is required (2)', 'childrenAges', {
        fieldCode: 'CHILDREN_AGES_COUNT',
        params: { count: 2 },
      }),
    });
    await stepHeading();
    await reviewAndComplete(userEvent, 'Vérifier les réponses', 'Terminer');
    expect(await screen.findByText('Veuillez indiquer un âge pour chacun de vos 2 enfants.')).toBeInTheDocument();
    expect(screen.queryByText(/One age per child/)).not.toBeInTheDocument();
  });

  it('says a refusal that names no field of the wizard in the interface language, not the server English', async () => {
    await setLanguage('de');
    renderWizard(atStep(11), {
      'PUT /api/user/profile?taxYear=2025': apiError(409, 'TAX_PROFILE_INCOMPLETE', 'Complete every step of the tax profile first'),
    });
    await stepHeading();
    await reviewAndComplete(userEvent, 'Antworten prüfen', 'Abschliessen');
    const title = await within(toastRegion()).findByText('Aktualisierung fehlgeschlagen');
    expect(title.parentElement).toHaveTextContent('Bitte zuerst alle Schritte des Steuerprofils für dieses Jahr ausfüllen.');
    expect(within(toastRegion()).queryByText(/Complete every step/)).not.toBeInTheDocument();
  });

  it('a final submit refused as outdated (the name changed on the profile, another tab) shows the newer answers, says so, and completes from their version', async () => {
    let newerSaved = false;
    const newer = { ...atStep(11, {}, { lastName: 'Keller' }), version: 5 };
    const stored = () => (newerSaved ? newer : atStep(11));
    const { server } = renderWizard(atStep(11), {
      [`GET ${PROFILE_URL}`]: () => json(200, stored()),
      // Each save answers the next version, as the server does.
      [`PUT ${DRAFT_URL}`]: (request) => {
        const body = request.body as { version: number };
        return json(200, { ...stored(), ...body, version: body.version + 1 });
      },
      'PUT /api/user/profile?taxYear=2025': (request) => {
        if ((request.body as { draftVersion: number }).draftVersion < 5) {
          newerSaved = true;
          return apiError(409, 'DRAFT_OUTDATED', 'Newer answers were saved since', 'draftVersion');
        }
        return json(200, aUser({ isTaxProfileComplete: true, taxStatus: 'documents_pending' }));
      },
      'POST /api/tax/save-declaration': json(200, { success: true }),
      'POST /api/status/set': json(200, { success: true }),
    });
    await stepHeading();
    await reviewAndComplete();
    // The submit went after the summary's draft save, from the version that save answered.
    expect(server.calls('PUT', '/api/user/profile?taxYear=2025')[0]?.body).toMatchObject({ lastName: 'Muster', draftVersion: 4 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Newer answers were saved in another tab or on another device');
    expect(within(toastRegion()).queryByText('Tax profile complete')).not.toBeInTheDocument();

    await reviewAndComplete();
    expect(await within(toastRegion()).findByText('Tax profile complete')).toBeInTheDocument();
    const calls = server.calls('PUT', '/api/user/profile?taxYear=2025');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toMatchObject({ lastName: 'Keller', draftVersion: 6 });
  });

  it('says Update failed when the final submit fails otherwise, and stays', async () => {
    renderWizard(atStep(11), { 'PUT /api/user/profile?taxYear=2025': apiError(500, 'INTERNAL', 'Boom') });
    await stepHeading();
    await reviewAndComplete();
    expect(await within(toastRegion()).findByText('Update failed')).toBeInTheDocument();
    expect(await stepHeading()).toHaveTextContent('Check your answers');
  });

  it('shows the steps in German', async () => {
    await setLanguage('de');
    renderWizard(atStep(6));
    expect(await stepHeading()).toHaveTextContent('Zivilstand per 31. Dez. 2025');
    expect(screen.getByText('Schritt 7 von 12')).toBeInTheDocument();
  });
});
