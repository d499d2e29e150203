import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { storageKeys } from '../lib/storage-keys';
import {
  aUser,
  apiError,
  clearToasts,
  currentPath,
  json,
  LocationProbe,
  renderRoutes,
  setLanguage,
  signedInCheck,
  signedOutCheck,
  stubServer,
  type Route,
} from '../test/harness';
import { RootLayout } from './root-layout';
import { SignedInLayout } from './signed-in-layout';

function renderApp(path: string, queryClient = createQueryClient()) {
  return renderRoutes(
    [
      {
        Component: RootLayout,
        children: [
          { path: '/login', Component: () => <LocationProbe name="Login page" /> },
          { path: '/terms-and-conditions', Component: () => <LocationProbe name="Terms page" /> },
          {
            Component: SignedInLayout,
            children: [
              { index: true, Component: () => <LocationProbe name="Home page" /> },
              { path: '/profile', Component: () => <LocationProbe name="Profile page" /> },
              { path: '/cantons', Component: () => <LocationProbe name="Cantons page" /> },
            ],
          },
        ],
      },
    ],
    { path, queryClient },
  );
}

function signedIn(routes: Record<string, Route> = {}, user = aUser()) {
  return stubServer({
    'GET /api/debug/check-auth': json(200, signedInCheck()),
    'GET /api/user': json(200, user),
    ...routes,
  });
}

describe('signed-in layout', () => {
  beforeEach(async () => {
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows Loading… while the session is checked, then sends a visitor without a session to /login', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubServer({ 'GET /api/debug/check-auth': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp('/profile');

    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText(/Profile page/)).not.toBeInTheDocument();

    answer(json(200, signedOutCheck));
    await waitFor(() => expect(currentPath(router)).toBe('/login?returnTo=%2Fprofile'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch user data' when the server refuses the user, and loads it again on request", async () => {
    let refuse = true;
    signedIn({ 'GET /api/user': () => (refuse ? apiError(403, 'FORBIDDEN', 'Not allowed') : json(200, aUser())) });
    renderApp('/');
    expect(await screen.findByText('Failed to fetch user data')).toBeInTheDocument();
    // Its own heading: the server was reached, so this is no connection problem.
    expect(screen.getByRole('heading', { name: 'Your account could not be loaded' })).toBeInTheDocument();
    expect(screen.queryByText('Connection problem')).not.toBeInTheDocument();
    expect(screen.queryByText(/Home page/)).not.toBeInTheDocument();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Home page/)).toBeInTheDocument();
  });

  it('draws the header, the skip link and the main landmark for a signed-in user', async () => {
    signedIn();
    renderApp('/');

    const main = await screen.findByRole('main');
    expect(within(main).getByText('Home page at /')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('img', { name: 'Taxli' })).toHaveAttribute('src', '/logo.svg');
    // A logo image that cannot load: the crossed-eye icon, under the same name (part 1 §8).
    fireEvent.error(screen.getByRole('img', { name: 'Taxli' }));
    expect(screen.getByRole('img', { name: 'Taxli' }).tagName.toLowerCase()).toBe('svg');
    // The first: the inline pages; the second holds the narrow-screen menu (CSS shows one at a time).
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
  });

  it('holds a user with an incomplete profile on the first-time profile and refuses to let them leave', async () => {
    signedIn({}, aUser({ isProfileComplete: false, hasAcceptedTerms: false, firstName: '' }));
    const { router } = renderApp('/');
    await screen.findByText('Profile page at /profile?firstTime=true');

    fireEvent.click(screen.getByRole('link', { name: 'Taxli' }));
    expect(await screen.findByText('Cannot Leave')).toBeInTheDocument();
    expect(screen.getByText('Please complete your profile before continuing')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/profile?firstTime=true');

    // The linked legal pages stay reachable.
    await act(() => router.navigate('/terms-and-conditions?returnTo=%2Fprofile'));
    expect(currentPath(router)).toBe('/terms-and-conditions?returnTo=%2Fprofile');
  });

  it('lets the user go once the first-time profile is saved', async () => {
    signedIn({}, aUser({ isProfileComplete: false }));
    const { router, queryClient } = renderApp('/profile?firstTime=true');
    await screen.findByText('Profile page at /profile?firstTime=true');

    await act(async () => {
      queryClient.setQueryData(queryKeys.user(), aUser({ isProfileComplete: true }));
      await new Promise((resolve) => setTimeout(resolve, 10)); // React Query notifies on the next tick
    });
    await act(() => router.navigate('/'));
    await screen.findByText('Home page at /');
    expect(screen.queryByText('Cannot Leave')).not.toBeInTheDocument();
  });

  it('offers the pages, the language and Logout in the narrow-screen menu, by keyboard', async () => {
    const server = signedIn({ 'POST /api/auth/logout': json(200, { success: true }) });
    const { router } = renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.keyDown(trigger, { key: 'Enter' });

    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Home', 'Profile', 'File History', 'Logout']);
    expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Italiano',
      'Schwiizerdütsch',
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(server.calls('POST', '/api/auth/logout')).toHaveLength(1);
  });

  it("leaves the focus on the new page's heading after a page is chosen in the narrow-screen menu", async () => {
    signedIn();
    renderRoutes(
      [
        {
          Component: RootLayout,
          children: [
            {
              Component: SignedInLayout,
              children: [
                { index: true, Component: () => <h1>Welcome</h1> },
                { path: '/profile', Component: () => <h1>Your Profile</h1> },
              ],
            },
          ],
        },
      ],
      { path: '/' },
    );
    const trigger = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile' }));
    const heading = await screen.findByRole('heading', { name: 'Your Profile' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // The focus moves once the page-change module has loaded (imported at the first page change:
    // slow on a busy machine), and the menu closing after the page changed must not hand it back
    // to its button.
    await waitFor(() => expect(heading).toHaveFocus(), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heading).toHaveFocus();
  });

  it('offers Cantons, Address Lookup, the expert workspace and Admin to an admin, inline and in the narrow-screen menu', async () => {
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck({ isAdmin: true })),
      'GET /api/user': json(200, aUser({ isAdmin: true, role: 'admin' })),
    });
    const { router } = renderApp('/');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Cantons', '/cantons'],
      ['Profile', '/profile'],
      ['Address Lookup', '/address-demo'],
      ['File History', '/file-history'],
      ['Expert workspace', '/expert'],
      ['Admin', '/admin'],
    ]);

    fireEvent.keyDown(screen.getByRole('button', { name: 'Menu' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Home',
      'Cantons',
      'Profile',
      'Address Lookup',
      'File History',
      'Expert workspace',
      'Admin',
      'Logout',
    ]);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Cantons' }));
    expect(await screen.findByText('Cantons page at /cantons')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/cantons');
  });

  it('offers an expert the expert workspace (D18), inline and in the narrow-screen menu, and nothing of the admin', async () => {
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/user': json(200, aUser({ role: 'expert' })),
    });
    renderApp('/');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Profile', '/profile'],
      ['File History', '/file-history'],
      ['Expert workspace', '/expert'],
    ]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Menu' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Home', 'Profile', 'File History', 'Expert workspace', 'Logout']);
  });

  it('offers neither Cantons, Address Lookup nor the expert workspace to someone who is neither admin nor expert', async () => {
    // The user record decides (D4), even if the session check were to say otherwise.
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck({ isAdmin: true })),
      'GET /api/user': json(200, aUser({ isAdmin: false })),
    });
    renderApp('/');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Profile', 'File History']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Menu' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Home', 'Profile', 'File History', 'Logout']);
  });

  it("does not ask the session again when the page's start has just asked it", async () => {
    const server = signedIn();
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.auth, signedInCheck());
    renderApp('/', queryClient);
    await screen.findByText('Home page at /');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls('GET', '/api/debug/check-auth')).toHaveLength(0);
  });

  it('asks the session again when the answer it holds says signed out (it may predate a sign-in)', async () => {
    const server = signedIn();
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.auth, signedOutCheck);
    const { router } = renderApp('/', queryClient);
    await screen.findByText('Home page at /');
    expect(currentPath(router)).toBe('/');
    expect(server.calls('GET', '/api/debug/check-auth')).toHaveLength(1);
  });

  it('opens the narrow-screen menu on the first press, the moment the page is there', async () => {
    signedIn();
    renderApp('/');
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Menu' }), { button: 0 });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Home', 'Profile', 'File History', 'Logout']);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it.each([
    ['en', 'Menu', 'Main navigation', 'Home'],
    ['de', 'Menü', 'Hauptnavigation', 'Startseite'],
  ])('(%s) a tap on the narrow-screen menu button opens the menu without moving the focus, inside the main navigation', async (language, menuName, navName, home) => {
    await setLanguage(language);
    signedIn();
    renderApp('/');
    const standIn = await screen.findByRole('button', { name: menuName });
    // A press whose default is not prevented moves the focus to the button under the finger, and on a
    // touch screen that comes after the menu opened: a focus outside the menu, which closes it.
    expect(fireEvent.pointerDown(standIn, { button: 0, pointerType: 'touch' })).toBe(false);
    const menu = await screen.findByRole('menu');
    const navs = screen.getAllByRole('navigation', { name: navName });
    expect(navs.some((nav) => nav.contains(menu))).toBe(true);
    expect(within(menu).getByRole('menuitem', { name: home })).toBeInTheDocument();
  });

  it('hands the focus of the narrow-screen menu button to the menu, whose keys then work as usual', async () => {
    signedIn();
    renderApp('/');
    const standIn = await screen.findByRole('button', { name: 'Menu' });
    act(() => standIn.focus());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Menu' }), { key: 'ArrowDown' });
    // As Radix's own trigger does when opened by a key: the first entry takes the focus.
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Home' })).toHaveFocus());
  });

  it('lets a user with a complete profile go anywhere', async () => {
    signedIn();
    const { router } = renderApp('/profile');
    await screen.findByText('Profile page at /profile');
    fireEvent.click(screen.getByRole('link', { name: 'Taxli' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(screen.queryByText('Cannot Leave')).not.toBeInTheDocument();
  });

  it('logs out: tells the server, blocks the automatic restore, forgets the account, shows /login', async () => {
    const server = signedIn({ 'POST /api/auth/logout': json(200, { success: true }) });
    const { router, queryClient } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(server.calls('POST', '/api/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(storageKeys.loggedOut)).toBe('1');
    expect(queryClient.getQueryData(queryKeys.user())).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.auth)).toEqual(signedOutCheck);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when logout fails, and stays', async () => {
    signedIn({ 'POST /api/auth/logout': apiError(500, 'INTERNAL_ERROR', 'boom') });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(window.localStorage.getItem(storageKeys.loggedOut)).toBeNull();
  });

  it('refreshes the user every 30 s with background requests', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let firstName = 'Anna';
    const server = stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/user': () => json(200, aUser({ firstName })),
    });
    const { queryClient } = renderApp('/');
    await screen.findByText('Home page at /');
    expect(server.calls('GET', '/api/user')[0]?.headers['X-Taxli-Background']).toBeUndefined();

    firstName = 'Annina';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.user())).toMatchObject({ firstName: 'Annina' }));
    const polls = server.calls('GET', '/api/user');
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.at(-1)?.headers['X-Taxli-Background']).toBe('1');
  });
});
