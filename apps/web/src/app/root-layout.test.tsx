import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@taxli/domain';
import { callApi } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import {
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
} from '../test/harness';
import { RootLayout } from './root-layout';

function renderApp(path: string) {
  return renderRoutes(
    [
      {
        Component: RootLayout,
        children: [
          { path: '/', Component: () => <LocationProbe name="Home page" /> },
          { path: '/profile', Component: () => <LocationProbe name="Profile page" /> },
          { path: '/login', Component: () => <LocationProbe name="Login page" /> },
          { path: '/terms-and-conditions', Component: () => <LocationProbe name="Terms page" /> },
          { path: '/cookie-policy', Component: () => <LocationProbe name="Cookie page" /> },
        ],
      },
    ],
    { path },
  );
}

/** A protected API call answering 401, as the real client sees it (it raises the event). */
async function callThatHitsAnExpiredSession() {
  await act(async () => {
    await callApi(routes.listFiles).catch(() => undefined);
  });
}

describe('session watcher', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    clearToasts();
    await setLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens Session Expired on a 401 and goes to /login after 1.5 s', async () => {
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/files': apiError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again'),
    });
    const { router, queryClient } = renderApp('/profile');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.auth)).toEqual(signedInCheck()));
    queryClient.setQueryData(['files'], ['a file of the old session']);

    await callThatHitsAnExpiredSession();

    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    expect(
      within(dialog).getByText(
        'Your session has expired or you need to log in to continue. Please log in to access this feature.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByText('Please Wait')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(currentPath(router)).toBe('/profile');

    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() => expect(currentPath(router)).toBe('/login?returnTo=%2Fprofile'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Please Wait')).not.toBeInTheDocument();
    // The old account's data is gone; the session is now known as signed out.
    expect(queryClient.getQueryData(['files'])).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.auth)).toEqual(signedOutCheck);
  });

  it('goes to /login at once on Log In', async () => {
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/files': apiError(401, 'SESSION_EXPIRED', 'expired'),
    });
    const { router, queryClient } = renderApp('/');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.auth)).toBeDefined());
    await callThatHitsAnExpiredSession();

    fireEvent.click(await screen.findByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it('Cancel closes the dialog, keeps the page blocked and still redirects', async () => {
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/files': apiError(401, 'SESSION_EXPIRED', 'expired'),
    });
    const { router, queryClient } = renderApp('/');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.auth)).toBeDefined());
    await callThatHitsAnExpiredSession();

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Please Wait')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1600));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it.each(['/terms-and-conditions', '/cookie-policy'])('does not interrupt the public page %s', async (path) => {
    stubServer({
      'GET /api/debug/check-auth': json(200, signedInCheck()),
      'GET /api/files': apiError(401, 'SESSION_EXPIRED', 'expired'),
    });
    const { router, queryClient } = renderApp(path);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.auth)).toBeDefined());
    await callThatHitsAnExpiredSession();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Please Wait')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe(path);
  });

  it('shows no dialog to a visitor who never had a session', async () => {
    stubServer({
      'GET /api/debug/check-auth': json(200, signedOutCheck),
      'GET /api/files': apiError(401, 'UNAUTHENTICATED', 'Please log in'),
    });
    const { queryClient } = renderApp('/');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.auth)).toEqual(signedOutCheck));
    await callThatHitsAnExpiredSession();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('polls the session every 60 s as a background request and notices when it has ended', async () => {
    let alive = true;
    const server = stubServer({
      'GET /api/debug/check-auth': () => json(200, alive ? signedInCheck() : signedOutCheck),
    });
    const { queryClient } = renderApp('/');
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.auth)).toEqual(signedInCheck()));
    const first = server.calls('GET', '/api/debug/check-auth');
    expect(first).toHaveLength(1);
    expect(first[0]?.headers['X-Taxli-Background']).toBeUndefined();

    alive = false;
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(server.calls('GET', '/api/debug/check-auth')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(await screen.findByRole('dialog', { name: 'Session Expired' })).toBeInTheDocument();
    const polls = server.calls('GET', '/api/debug/check-auth');
    expect(polls).toHaveLength(2);
    expect(polls[1]?.headers['X-Taxli-Background']).toBe('1');
  });
});
