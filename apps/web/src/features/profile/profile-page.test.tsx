import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserResponse } from '@taxli/domain';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
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
  type Route,
} from '../../test/harness';
import { ProfilePage } from './profile-page';

function renderProfile(path: string, user: UserResponse, routes: Record<string, Route> = {}) {
  const server = stubServer(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user(), user);
  const result = renderRoutes(
    [
      { path: '/profile', Component: ProfilePage },
      { path: '/', Component: () => <LocationProbe name="Home page" /> },
      { path: '*', Component: () => <LocationProbe name="Other page" /> },
    ],
    { path, queryClient },
  );
  return { ...result, server };
}

const firstTimeUser = (overrides: Partial<UserResponse> = {}) =>
  aUser({ firstName: '', lastName: '', phone: '', countryCode: '', isProfileComplete: false, hasAcceptedTerms: false, ...overrides });

describe('profile, edit mode', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the stored profile, the read-only e-mail, the plans and the policy links', async () => {
    renderProfile('/profile', aUser());

    expect(await screen.findByRole('heading', { level: 1, name: 'Your Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Last name')).toHaveValue('Muster');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0791234567');
    expect(screen.getByLabelText('E-mail')).toHaveValue('anna.muster@example.ch');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');

    const basic = screen.getByRole('radio', { name: /Basic/ });
    const premium = screen.getByRole('radio', { name: /Premium/ });
    expect(basic).toBeDisabled();
    expect(premium).toBeDisabled();
    // D14: the stored plan (a new account's basic) is the active one.
    expect(basic).toBeChecked();
    expect(premium).not.toBeChecked();
    expect(within(basic.closest('label') as HTMLElement).getByText(/^(Active|Inactive)$/)).toHaveTextContent(/^Active$/);
    expect(within(premium.closest('label') as HTMLElement).getByText(/^(Active|Inactive)$/)).toHaveTextContent(/^Inactive$/);
    expect(premium.closest('label')).toHaveTextContent('priority support and formal checking');

    expect(screen.getByRole('link', { name: 'Data protection policy' })).toHaveAttribute(
      'href',
      '/data-protection-policy?returnTo=/profile',
    );
    expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookie-policy?returnTo=/profile');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers the country codes by country name, with +41 as the default', async () => {
    renderProfile('/profile', aUser({ countryCode: '' }));
    const select = await screen.findByRole('combobox', { name: 'Country code' });
    expect(select).toHaveValue('+41');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Switzerland +41',
      'Germany +49',
      'France +33',
      'Italy +39',
      'Austria +43',
      'Liechtenstein +423',
      'Belgium +32',
      'Luxembourg +352',
      'Spain +34',
    ]);
    await userEvent.selectOptions(select, 'Germany +49');
    expect(select).toHaveValue('+49');
  });

  it('names the countries in the interface language', async () => {
    await setLanguage('fr');
    renderProfile('/profile', aUser({ countryCode: '+39' }));
    const select = await screen.findByRole('combobox', { name: 'Indicatif du pays' });
    expect(select).toHaveValue('+39');
    expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('Italie +39');
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Suisse +41');
  });

  it.each([
    ['basic', 'Basic'],
    ['premium', 'Premium'],
  ] as const)('marks the stored %s plan Active and the other Inactive (D14)', async (plan, name) => {
    renderProfile('/profile', aUser({ subscriptionPlan: plan }));
    const fieldset = await screen.findByRole('group', { name: 'Subscription plan' });
    const radios = within(fieldset).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    const chosen = within(fieldset).getByRole('radio', { name: new RegExp(name) });
    expect(chosen).toBeChecked();
    expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([chosen]);
    const badges = within(fieldset)
      .getAllByText(/^(Active|Inactive)$/)
      .map((badge) => [badge.closest('label')?.querySelector('input')?.value, badge.textContent]);
    expect(badges).toEqual([
      ['basic', plan === 'basic' ? 'Active' : 'Inactive'],
      ['premium', plan === 'premium' ? 'Active' : 'Inactive'],
    ]);
  });

  it('shows both plans Inactive to a user without a stored plan, and says none is stored', async () => {
    renderProfile('/profile', aUser({ subscriptionPlan: null }));
    const fieldset = await screen.findByRole('group', { name: 'Subscription plan' });
    expect(within(fieldset).getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    expect(within(fieldset).getAllByText(/^(Active|Inactive)$/).map((badge) => badge.textContent)).toEqual(['Inactive', 'Inactive']);
    expect(within(fieldset).getByText('No plan is stored for your account yet.')).toBeInTheDocument();
  });

  it("says Taxli's experts set plans, and links to the dashboard's Send Message box to ask them (D14)", async () => {
    const { router } = renderProfile('/profile', aUser());
    const fieldset = await screen.findByRole('group', { name: 'Subscription plan' });
    expect(within(fieldset).getByText(/Plans are set by Taxli's experts\. To change yours, send them a message from the dashboard\./)).toBeInTheDocument();
    expect(within(fieldset).queryByText('No plan is stored for your account yet.')).not.toBeInTheDocument();
    const ask = within(fieldset).getByRole('link', { name: 'Send a message' });
    expect(ask).toHaveAttribute('href', '/#send-message');
    await userEvent.click(ask);
    expect(await screen.findByText('Home page at /')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#send-message');
  });

  it("opened as /profile#plan (the 'no subscription plan' notice), brings the plan section into view and focus", async () => {
    renderProfile('/profile#plan', aUser({ subscriptionPlan: null }));
    const fieldset = await screen.findByRole('group', { name: 'Subscription plan' });
    await waitFor(() => expect(fieldset).toHaveFocus());
  });

  it('keeps digits only in the phone number as the user types', async () => {
    renderProfile('/profile', aUser({ phone: '' }));
    const phone = await screen.findByLabelText('Phone number');
    await userEvent.type(phone, '+41 (079) 123-45 67');
    expect(phone).toHaveValue('41079123456' + '7');
  });

  it('shows a message under each missing field and sends nothing', async () => {
    const { server } = renderProfile('/profile', aUser(), { 'PUT /api/user/profile': json(200, aUser()) });
    await userEvent.clear(await screen.findByLabelText('First name'));
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('PUT', '/api/user/profile')).toHaveLength(0);
  });

  it('shows the validation messages in the interface language', async () => {
    await setLanguage('de');
    renderProfile('/profile', aUser());
    await userEvent.clear(await screen.findByLabelText('Vorname'));
    await userEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    expect(await screen.findByText('Vorname ist erforderlich')).toBeInTheDocument();
  });

  it('saves the profile with the interface language and replaces the cached user', async () => {
    const saved = aUser({ firstName: 'Annina', phone: '0781112233', countryCode: '+423' });
    const { server, queryClient } = renderProfile('/profile', aUser(), { 'PUT /api/user/profile': json(200, saved) });
    queryClient.setQueryData(queryKeys.notifications, []);
    const firstName = await screen.findByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Annina');
    await userEvent.selectOptions(screen.getByLabelText('Country code'), '+423');
    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '078 111 22 33');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/user/profile')[0]?.body).toEqual({
      firstName: 'Annina',
      lastName: 'Muster',
      phone: '0781112233',
      countryCode: '+423',
      language: 'en',
      // The profile the form showed: the server refuses the save if another tab saved since.
      editedFrom: { firstName: 'Anna', lastName: 'Muster', phone: '0791234567', countryCode: '+41' },
    });
    expect(queryClient.getQueryData(queryKeys.user())).toEqual(saved);
    // The bell's notices are read again at once: the saved profile may have cleared one.
    expect(queryClient.getQueryState(queryKeys.notifications)?.isInvalidated).toBe(true);
  });

  it.each([
    ['en', 'Phone number', 'Update'],
    ['fr', 'Numéro de téléphone', 'Mettre à jour'],
  ])('shows and sends a Swiss number in its one stored form once the field is left (%s)', async (language, label, update) => {
    await setLanguage(language);
    const { server } = renderProfile('/profile', aUser({ phone: '' }), { 'PUT /api/user/profile': json(200, aUser({ phone: '791234567' })) });
    const phone = await screen.findByLabelText(label);
    await userEvent.type(phone, '079 123 45 67');
    expect(phone).toHaveValue('0791234567');
    await userEvent.tab();
    expect(phone).toHaveValue('791234567');
    await userEvent.click(screen.getByRole('button', { name: update }));
    await waitFor(() => expect(server.calls('PUT', '/api/user/profile')[0]?.body).toMatchObject({ phone: '791234567', countryCode: '+41' }));
  });

  it('keeps what was typed and says why once, at the field the server named', async () => {
    renderProfile('/profile', aUser(), {
      'PUT /api/user/profile': apiError(400, 'VALIDATION_ERROR', 'phone: Phone number is too long', 'phone', { fieldCode: 'TOO_LONG', params: { max: 15 } }),
    });
    const firstName = await screen.findByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Annina');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const message = 'At most 15 characters.';
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(message));
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    expect(screen.queryByText('Update failed')).not.toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByLabelText('First name')).toHaveValue('Annina');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0791234567');
  });

  it("tells the server's refusal of a field in German by its code, with its parameters, never in the server's English", async () => {
    await setLanguage('de');
    renderProfile('/profile', aUser(), {
      'PUT /api/user/profile': apiError(400, 'VALIDATION_ERROR', 'firstName: Too long', 'firstName', { fieldCode: 'TOO_LONG', params: { max: 100 } }),
    });
    await userEvent.type(await screen.findByLabelText('Vorname'), 'na');
    await userEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));

    await waitFor(() => expect(screen.getByLabelText('Vorname')).toHaveAccessibleDescription('Höchstens 100 Zeichen.'));
    expect(screen.queryByText(/Too long/)).not.toBeInTheDocument();
  });

  it('says a generic text in the interface language for a field code it does not know, or none', async () => {
    await setLanguage('fr');
    const answers = [
      apiError(400, 'VALIDATION_ERROR', 'lastName: Not a name we like', 'lastName', { fieldCode: 'SOMETHING_NEWER' }),
      // An older server's refusal, without a code
      apiError(400, 'VALIDATION_ERROR', 'firstName: Not a name we like', 'firstName'),
    ];
    renderProfile('/profile', aUser(), { 'PUT /api/user/profile': () => answers.shift()! });
    const generic = "Cette valeur n'est pas acceptée. Veuillez la vérifier.";
    const lastName = await screen.findByLabelText('Nom');
    await userEvent.type(lastName, 'i');
    await userEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    await waitFor(() => expect(lastName).toHaveAccessibleDescription(generic));

    await userEvent.type(lastName, 'n');
    await userEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    await waitFor(() => expect(screen.getByLabelText('Prénom')).toHaveAccessibleDescription(generic));
    expect(screen.queryByText(/Not a name we like/)).not.toBeInTheDocument();
  });

  it("says 'Update failed' in a toast when the refusal names no field, and keeps what was typed", async () => {
    renderProfile('/profile', aUser(), { 'PUT /api/user/profile': apiError(503, 'INTERNAL_ERROR', 'down') });
    const firstName = await screen.findByLabelText('First name');
    await userEvent.type(firstName, 'na');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const title = await within(toastRegion()).findByText('Update failed');
    expect(title.parentElement).toHaveTextContent(/Update failed.+/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(firstName).toHaveValue('Annana');
  });

  it('takes over a profile saved in another tab while nothing is typed', async () => {
    const { queryClient } = renderProfile('/profile', aUser());
    expect(await screen.findByLabelText('First name')).toHaveValue('Anna');
    act(() => queryClient.setQueryData(queryKeys.user(), aUser({ firstName: 'Annina', phone: '0781112233' })));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Annina'));
    expect(screen.getByLabelText('Phone number')).toHaveValue('0781112233');
    expect(screen.queryByRole('status', { name: /another tab/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Saved in another tab/)).not.toBeInTheDocument();
  });

  it('keeps what was typed over a profile saved in another tab, says so before saving, and the Save replaces it', async () => {
    const { server, queryClient } = renderProfile('/profile', aUser(), { 'PUT /api/user/profile': json(200, aUser({ lastName: 'Keller' })) });
    const lastName = await screen.findByLabelText('Last name');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Keller');
    act(() => queryClient.setQueryData(queryKeys.user(), aUser({ firstName: 'Annina', phone: '0781112233' })));
    expect(await screen.findByText('Saved in another tab or on another device in the meantime: Annina Muster, +41 0781112233. Saving replaces it with what is in this form.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
    expect(lastName).toHaveValue('Keller');
    // A reload of the tab says it too: the profile the typing began from is kept with it.
    expect(JSON.parse(window.sessionStorage.getItem('taxli.draft.profile:7') ?? 'null')).toMatchObject({ from: { firstName: 'Anna', phone: '0791234567' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/user/profile')[0]?.body).toMatchObject({
      firstName: 'Anna',
      lastName: 'Keller',
      editedFrom: { firstName: 'Annina', lastName: 'Muster', phone: '0781112233', countryCode: '+41' },
    });
    expect(screen.queryByText(/Saved in another tab/)).not.toBeInTheDocument();
  });

  it('says why a save edited from an older profile was refused (409), reads the stored one and keeps what was typed', async () => {
    const newer = aUser({ firstName: 'Annina', phone: '0781112233' });
    const { server } = renderProfile('/profile', aUser(), {
      'PUT /api/user/profile': apiError(409, 'PROFILE_OUTDATED', 'Your name or phone number was changed in another tab'),
      'GET /api/user': json(200, newer),
    });
    const lastName = await screen.findByLabelText('Last name');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Keller');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await within(toastRegion()).findByText(
        'Your name or phone number was changed in another tab or on another device since this form was opened; check the form and save again.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/Saved in another tab or on another device in the meantime: Annina Muster/)).toBeInTheDocument();
    expect(server.calls('GET', '/api/user')).toHaveLength(1);
    expect(lastName).toHaveValue('Keller');
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
  });

  it('Main Menu goes back to the home page', async () => {
    const { router } = renderProfile('/profile', aUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Main Menu' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('opens the tax-profile wizard for ?setup=tax instead of the form', async () => {
    renderProfile('/profile?setup=tax&taxYear=2025', aUser(), {
      'GET /api/tax-profile?taxYear=2025': json(200, {
        taxYear: 2025,
        step: 0,
        personal: { salutation: null, firstName: 'Anna', lastName: 'Muster', dateOfBirth: null, phone: '0791234567', countryCode: '+41', jobName: '' },
        answers: {},
        isComplete: false,
        completedAt: null,
        updatedAt: null,
        previousCompleteYear: null,
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax profile 2025' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });
});

describe('profile, first-time mode', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the liability statement and the terms, no cancel button, and submit stays disabled until accepted', async () => {
    renderProfile('/profile?firstTime=true', firstTimeUser());

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Liability' })).toBeInTheDocument();
    expect(screen.getByText(/formal check of your complete tax return .* only in the Premium package/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions?returnTo=/profile%3FfirstTime%3Dtrue',
    );
    expect(screen.queryByRole('button', { name: 'Main Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeDisabled();
  });

  it('refuses to tick the terms without a name and a phone number', async () => {
    const { server } = renderProfile('/profile?firstTime=true', firstTimeUser(), {
      'POST /api/gtc/accept': json(200, { success: true, acceptedAt: '2026-11-22T10:00:00.000Z' }),
    });
    await userEvent.type(await screen.findByLabelText('First name'), 'Anna');
    const checkbox = screen.getByRole('checkbox', { name: 'I have read and accept the terms and conditions.' });
    await userEvent.click(checkbox);

    expect(await screen.findByText('Incomplete Profile')).toBeInTheDocument();
    expect(checkbox).not.toBeChecked();
    expect(server.calls('POST', '/api/gtc/accept')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeDisabled();
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
  });

  it('records the acceptance when ticked, saves, and goes home after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server, router, queryClient } = renderProfile('/profile?firstTime=true', firstTimeUser(), {
      'POST /api/gtc/accept': json(200, { success: true, acceptedAt: '2026-11-22T10:00:00.000Z' }),
      'PUT /api/user/profile': json(200, aUser({ isProfileComplete: true })),
    });
    await user.type(await screen.findByLabelText('First name'), 'Anna');
    await user.type(screen.getByLabelText('Last name'), 'Muster');
    await user.type(screen.getByLabelText('Phone number'), '079 123 45 67');
    await user.click(screen.getByRole('checkbox'));

    expect(screen.getByRole('checkbox')).toBeChecked();
    await waitFor(() => expect(server.calls('POST', '/api/gtc/accept')).toHaveLength(1));
    expect(server.calls('POST', '/api/gtc/accept')[0]?.body).toMatchObject({ accepted: true, ipAddress: 'client' });
    const submit = screen.getByRole('button', { name: 'Save and continue' });
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(await screen.findByText('Profile completed')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/user/profile')[0]?.body).toMatchObject({ phone: '791234567', countryCode: '+41' });
    expect(server.calls('POST', '/api/gtc/accept')).toHaveLength(1);
    expect(queryClient.getQueryData(queryKeys.user())).toMatchObject({ isProfileComplete: true });

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(currentPath(router)).toBe('/profile?firstTime=true');
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('only logs a failed acceptance, tries again on save, and stays when the server did not complete the profile', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { server, router } = renderProfile('/profile?firstTime=true', firstTimeUser(), {
      'POST /api/gtc/accept': apiError(500, 'INTERNAL_ERROR', 'boom'),
      'PUT /api/user/profile': json(200, aUser({ isProfileComplete: false, hasAcceptedTerms: false })),
    });
    await userEvent.type(await screen.findByLabelText('First name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Last name'), 'Muster');
    await userEvent.type(screen.getByLabelText('Phone number'), '0791234567');
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(screen.queryByText('Update failed')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Your acceptance of the terms could not be recorded. Please try again.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/gtc/accept')).toHaveLength(2);
    expect(currentPath(router)).toBe('/profile?firstTime=true');
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
  });

  it('keeps what was typed over a reload, for its own account only, until it is saved', async () => {
    const first = renderProfile('/profile?firstTime=true', firstTimeUser());
    await userEvent.type(await screen.findByLabelText('First name'), 'Anna');
    await userEvent.type(screen.getByLabelText('Phone number'), '0791234567');
    // A reload unmounts nothing: what is typed is in the browser tab's storage as it is typed.
    expect(JSON.parse(window.sessionStorage.getItem('taxli.draft.profile:7') ?? 'null')).toMatchObject({ values: { firstName: 'Anna', phone: '0791234567' } });
    first.unmount(); // the page starts again on the same browser tab

    const other = renderProfile('/profile?firstTime=true', firstTimeUser({ id: 8 }));
    expect(await screen.findByLabelText('First name')).toHaveValue('');
    other.unmount();
    const again = renderProfile('/profile?firstTime=true', firstTimeUser(), {
      'POST /api/gtc/accept': json(200, { success: true, acceptedAt: '2026-11-22T10:00:00.000Z' }),
      'PUT /api/user/profile': json(200, aUser({ firstName: 'Anna', lastName: 'Muster', isProfileComplete: true })),
    });
    expect(await screen.findByLabelText('First name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Phone number')).toHaveValue('0791234567');
    await userEvent.type(screen.getByLabelText('Last name'), 'Muster');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the terms and conditions.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await within(toastRegion()).findByText('Profile completed')).toBeInTheDocument();
    again.unmount();
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith('taxli.draft.profile:'))).toEqual([]);
  });

  it('keeps what was typed while the user reads the terms', async () => {
    const { router } = renderProfile('/profile?firstTime=true', firstTimeUser());
    await userEvent.type(await screen.findByLabelText('First name'), 'Anna');
    await userEvent.click(screen.getByRole('link', { name: 'terms and conditions' }));
    await screen.findByText(/Other page/);

    await act(() => router.navigate('/profile?firstTime=true'));
    expect(await screen.findByLabelText('First name')).toHaveValue('Anna');
  });
});
